//! Staging of a stencil tile with its halo in shared memory (see `stencil.rs`), with
//! asynchronous copies (`cp.async`): the block issues the next tile's copies before it
//! computes the current one, so its loads are in flight while it folds, and no register
//! holds a value on its way to shared memory (the register-batched staging this replaced
//! kept 16 loads per thread in flight and cost the 1D kernel 60 registers, 4 blocks per SM).
//!
//! The staged tile `[hz, hy, hx]` is stored with rows `pitch` elements apart (`(z * hy + y)
//! * pitch + x`). Each element's grid coordinates are resolved as the boundary does
//! (wrapped, or clamped for `Clamp` and `Zero`: the kernels drop `Zero`'s out-of-grid terms
//! themselves), so every tap of every point reads the reference's value from the tile. When
//! the whole halo tile lies inside the grid (`INSIDE`, uniform per block) nothing is
//! resolved.
//!
//! Rows move as 16-byte chunks when the launcher allows it (`p.vector`: 16-byte elements
//! divide 16, the grid is 16-byte aligned, rows of 2D and 3D grids are whole chunks, and the
//! halo along `x` is widened to whole chunks so that every staged row starts on a chunk):
//! one copy per 4 `f32` instead of one per element, whose address arithmetic cost ~28
//! instructions per element (ncu, H100, 3D 7-point: 45% of the kernel's instructions were
//! staging). A chunk that crosses the grid's `x` edge is copied element by element.

use super::common::resolve_axis;
use crate::params::stencil::{StencilParams, BOUNDARY_WRAP};
use crate::policy::common::BLOCK_THREADS;
use crate::thread::{no_unroll, thread_index};
use crate::tile::async_copy::copy_async;
use crate::tile::Unit;
use core::mem::size_of;

/// A thread's walk over the chunks of a staged tile (`halo` extents, rows `pitch` elements
/// apart): chunk `m = t + 256 i` of row-major `(row, c)`, `row = z * hy + y`. The same for
/// every tile, so a block sets it up once: its four run-time divisions cost ~80 instructions,
/// which per tile were a fifth of the 3D kernel's staging.
#[derive(Clone, Copy)]
pub(super) struct StageWalk {
    /// Elements per chunk (16 bytes of them, or 1).
    vec: u32,
    /// Chunks per staged row, rows per plane, chunks in all.
    chunks: u32,
    hy: u32,
    total: u32,
    /// 256 chunks are `qz` planes, `qy` rows and `r` chunks (`qy * pitch + r * vec` apart
    /// in the tile).
    qz: u32,
    qy: u32,
    r: u32,
    /// This thread's first chunk: plane, row in the plane, chunk in the row.
    z0: u32,
    y0: u32,
    c0: u32,
    pitch: u32,
}

impl StageWalk {
    /// The walk of the calling thread over a tile of `halo` extents with rows `pitch` apart.
    #[inline(always)]
    pub(super) fn new<T, S>(p: &StencilParams<T, S>, halo: [u64; 3], pitch: u32) -> Self {
        let vec = if p.vector != 0 {
            (16 / size_of::<T>()) as u32
        } else {
            1
        };
        let (hy, chunks) = (halo[1] as u32, halo[2] as u32 / vec);
        let t = thread_index();
        Self {
            vec,
            chunks,
            hy,
            total: halo[0] as u32 * hy * chunks,
            qz: BLOCK_THREADS / chunks / hy,
            qy: (BLOCK_THREADS / chunks) % hy,
            r: BLOCK_THREADS % chunks,
            z0: t / chunks / hy,
            y0: (t / chunks) % hy,
            c0: t % chunks,
            pitch,
        }
    }
}

/// Starts copying the block's tile with halo (origin `origin - lo`, extents as `walk` was
/// set up with) into `tile`. The caller commits and waits.
///
/// # Safety
/// `tile` is shared memory for the walk's rows of `pitch` elements, 16-byte aligned, that
/// nothing accesses until the copies are waited for; `p.x` readable for the whole grid;
/// `INSIDE` only when the halo tile lies inside the grid; with `p.vector`, the halo's width,
/// `pitch` and the tile's `x` origin minus `lo[2]` are whole 16-byte chunks and so are the
/// grid's rows (or it has one row). Called by the whole block.
#[inline(always)]
pub(super) unsafe fn stage_tile<T: Copy, S, const INSIDE: bool>(
    p: &StencilParams<T, S>,
    tile: *mut T,
    origin: [u64; 3],
    walk: StageWalk,
) {
    let StageWalk {
        vec,
        chunks,
        hy,
        total,
        qz,
        qy,
        r,
        pitch,
        ..
    } = walk;
    let [nz, ny, nx] = p.shape;
    let wrap = p.boundary == BOUNDARY_WRAP;
    let base = |axis: usize| origin[axis] as i64 - i64::from(p.lo[axis]);
    let (bz, by, bx) = (base(0), base(1), base(2));
    let (mut z, mut y, mut c) = (walk.z0, walk.y0, walk.c0);
    // Shared and (inside the grid) global element indices of the current chunk, advanced
    // incrementally: 256 chunks on, and each carry from chunk to row, row to plane.
    let mut at = (z * hy + y) * pitch + c * vec;
    let at_step = (qz * hy + qy) * pitch + r * vec;
    let at_wrap = pitch - chunks * vec;
    let vec64 = u64::from(vec);
    let mut g = if INSIDE {
        ((bz as u64 + u64::from(z)) * ny + by as u64 + u64::from(y)) * nx
            + bx as u64
            + u64::from(c) * vec64
    } else {
        0
    };
    let g_step = (u64::from(qz) * ny + u64::from(qy)) * nx + u64::from(r) * vec64;
    let g_row_wrap = nx.wrapping_sub(u64::from(chunks) * vec64);
    let g_plane_wrap = ny.wrapping_sub(u64::from(hy)).wrapping_mul(nx);
    let mut m = thread_index();
    while m < total {
        no_unroll();
        if INSIDE {
            // SAFETY: `g` is a whole chunk inside the grid (or one element when `vec == 1`),
            // `at` a chunk of the staged tile, both aligned for it (caller contract).
            unsafe {
                if vec > 1 {
                    copy_async(
                        tile.add(at as usize).cast::<Unit>(),
                        p.x.add(g as usize).cast(),
                    );
                } else {
                    copy_async(tile.add(at as usize), p.x.add(g as usize));
                }
            }
        } else {
            let gz = resolve_axis(bz + i64::from(z), nz, wrap);
            let gy = resolve_axis(by + i64::from(y), ny, wrap);
            let row = (gz * ny + gy) * nx;
            let gx = bx + i64::from(c * vec);
            if vec > 1 && gx >= 0 && gx + i64::from(vec) <= nx as i64 {
                // SAFETY: a whole chunk of a grid row, into an aligned chunk of the tile.
                unsafe {
                    copy_async(
                        tile.add(at as usize).cast::<Unit>(),
                        p.x.add((row + gx as u64) as usize).cast::<Unit>(),
                    )
                };
            } else {
                for e in 0..vec {
                    let gxe = resolve_axis(gx + i64::from(e), nx, wrap);
                    // SAFETY: `gxe` resolved inside the grid; element `e < vec` of the chunk.
                    unsafe {
                        copy_async(tile.add((at + e) as usize), p.x.add((row + gxe) as usize))
                    };
                }
            }
        }
        m += BLOCK_THREADS;
        c += r;
        y += qy;
        z += qz;
        at += at_step;
        g = g.wrapping_add(g_step);
        if c >= chunks {
            c -= chunks;
            y += 1;
            at += at_wrap;
            g = g.wrapping_add(g_row_wrap);
        }
        // `y < hy + qy + 1 <= 2 hy`: one carry at most.
        if y >= hy {
            y -= hy;
            z += 1;
            g = g.wrapping_add(g_plane_wrap);
        }
    }
}

/// Where a block tile lies: its first output point `[z, y, x]`, and whether the tile with
/// its halo lies inside the grid (no boundary logic at all).
#[derive(Clone, Copy)]
pub(super) struct TileAt {
    pub(super) origin: [u64; 3],
    pub(super) inner: bool,
}

impl TileAt {
    /// Block tile `b` of `p`'s `D`-dimensional grid (row-major over `p.tiles`) for tiles of
    /// `shape` points.
    #[inline(always)]
    pub(super) fn new<T, S, const D: usize>(
        p: &StencilParams<T, S>,
        b: u64,
        shape: [u32; 3],
    ) -> Self {
        let [tz, ty, tx] = shape;
        // 32-bit division (the grid has fewer than 2^32 tiles, so every tile count fits), and
        // none for the axes a `D`-dimensional grid lacks: a division by a run-time value costs
        // ~20 instructions, and 64-bit ones are software loops.
        let b = b as u32;
        let (tiles_y, tiles_x) = (p.tiles[1] as u32, p.tiles[2] as u32);
        let (row, bx) = if D == 1 {
            (0, b)
        } else {
            let row = b / tiles_x;
            (row, b - row * tiles_x)
        };
        let (bz, by) = match D {
            1 | 2 => (0, row),
            _ => {
                let bz = row / tiles_y;
                (bz, row - bz * tiles_y)
            }
        };
        let origin = [
            u64::from(bz) * u64::from(tz),
            u64::from(by) * u64::from(ty),
            u64::from(bx) * u64::from(tx),
        ];
        let inside = |axis: usize, extent: u32| {
            origin[axis] >= u64::from(p.lo[axis])
                && origin[axis] + u64::from(extent) - 1 + u64::from(p.hi[axis]) < p.shape[axis]
        };
        let inner = p.stages != 0 && inside(0, tz) && inside(1, ty) && inside(2, tx);
        Self { origin, inner }
    }

    /// Starts the copies of this tile's halo tile into `into` along `walk`.
    ///
    /// # Safety
    /// As [`stage_tile`]; called by the whole block.
    #[inline(always)]
    pub(super) unsafe fn stage<T: Copy, S>(
        self,
        p: &StencilParams<T, S>,
        into: *mut T,
        walk: StageWalk,
    ) {
        // SAFETY: forwarded; `inner` is uniform per block.
        unsafe {
            if self.inner {
                stage_tile::<T, S, true>(p, into, self.origin, walk);
            } else {
                stage_tile::<T, S, false>(p, into, self.origin, walk);
            }
        }
    }
}
