//! 3D stencils of radius 1 with a compile-time tap pattern (the 7-point star, the 27-point
//! box; `policy/stencil_march.rs`), marching through `z` with a ring of staged planes.
//!
//! The general kernel (`stencil.rs`) stages 8 × 8 × 32 tiles with their halo and reads each
//! tap's offset and weight at run time: on the H100 it reached 41% of the copy roof on the
//! 512³ 7-point stencil, issue-bound at ~5 instructions per tap and point (an address add per
//! item, whose planes are a run-time pitch apart), ~11 per staged element and ~30 of tile
//! setup per point. Here a block owns a column of 64 × 8 points in `x, y` and walks it
//! through [`MARCH_PLANES`] planes:
//!
//! - each plane of the column (with a halo of one row and 4 columns) is staged once, by
//!   16-byte asynchronous copies into a ring of [`march_ring`] plane buffers (10 for `f32`),
//!   and serves the three output planes that read it; the copies of the next `ring - 3`
//!   planes are in flight while plane `z` is folded. Each thread resolves its chunk's source
//!   (row, columns, boundary) once per column, so a plane costs it one address and one copy;
//! - thread `t` computes the points `(x, y + 4j)` of its row group, `j < 2`, from three
//!   plane pointers: every tap of every item is one shared load at a compile-time offset, one
//!   multiply and one add, with the weight from the parameter block;
//! - setup (the column's coordinates, the boundary masks) is paid once per 64 planes.
//!
//! Each point folds `acc = add(acc, mul(w[k], x[..]))` over the pattern's taps in order from
//! the semiring's zero, skipping the terms `Boundary::Zero` drops (on planes whose footprint
//! leaves the grid): the reference's operations in its order, so results are bitwise those of
//! `parallaxis_core::reference::stencil` for every type.

use super::common::{inline_weights, resolve_axis};
use super::stage::TileAt;
use crate::params::stencil::{StencilParams, BOUNDARY_WRAP, BOUNDARY_ZERO};
use crate::policy::common::BLOCK_THREADS;
use crate::policy::stencil_march::{
    march_ring, MARCH_HALO_X as HALO_X, MARCH_ITEMS as ITEMS, MARCH_PATTERNS, MARCH_PITCH as PITCH,
    MARCH_PLANES, MARCH_PLANE_LEN, MARCH_ROW_GROUPS, MARCH_TILE_ROWS, MARCH_TILE_X as TILE_X,
};
use crate::thread::{block_index, dynamic_shared, grid_blocks, no_unroll, sync_threads};
use crate::thread::{opaque, thread_index};
use crate::tile::async_copy::{commit, copy_async, wait_all_but};
use crate::tile::Unit;
use core::mem::size_of;
use parallaxis_core::Semiring;

/// Taps of the largest pattern (the box).
const MAX_TAPS: usize = 27;

/// The march kernel for pattern `P` of [`MARCH_PATTERNS`].
///
/// PTX: `parallax_stencil_march3d_star7__<S>__<T>`, `parallax_stencil_march3d_box27__<S>__<T>`.
///
/// # Safety
/// `x` readable and `y` writable for the `[nz, ny, nx]` grid (all extents positive), not
/// aliasing; `p.inline` holds the pattern's taps (offsets as [`MARCH_PATTERNS`]`[P]`);
/// `p.lo == p.hi == [1, 1, MARCH_HALO_X]`; `p.tiles` the march tiles
/// `[ceil(nz / MARCH_PLANES), ceil(ny / MARCH_TILE_ROWS), ceil(nx / 64)]`; `x` 16-byte
/// aligned with rows of whole 16-byte chunks (`p.vector`: the kernel always copies chunks);
/// the launch provides `march_shared_bytes` of dynamic shared memory and at most one block
/// per work item.
#[inline(always)]
pub(crate) unsafe fn stencil_march<T: Copy, S: Semiring<T>, const P: usize>(
    p: StencilParams<T, S>,
) {
    // SAFETY: the launch provides the ring at offset 0.
    let ring = unsafe { dynamic_shared::<T>() };
    let w = inline_weights::<T, S, MAX_TAPS>(&p);
    let items = p.tiles[0] * p.tiles[1] * p.tiles[2];
    let mut b = block_index();
    while b < items {
        let origin = TileAt::new::<T, S, 3>(&p, b, [MARCH_PLANES, MARCH_TILE_ROWS, TILE_X]).origin;
        // SAFETY: the ring is this block's; every thread walks the same items.
        unsafe { march_column::<T, S, P>(&p, ring, &w, origin) };
        b += grid_blocks();
    }
}

/// Marches the column at `origin = [z0, y0, x0]` through its planes `z0 ..
/// min(z0 + MARCH_PLANES, nz)`: staged plane `l` (grid plane `z0 + l - 1`, resolved as the
/// boundary does) lives in ring slot `l mod ring`. Planes move as 16-byte chunks whose
/// sources each thread resolves once per column.
///
/// # Safety
/// As [`stencil_march`]; called by the whole block, which leaves the ring unread at return.
#[inline(always)]
unsafe fn march_column<T: Copy, S: Semiring<T>, const P: usize>(
    p: &StencilParams<T, S>,
    ring: *mut T,
    w: &[T; MAX_TAPS],
    origin: [u64; 3],
) {
    let [nz, ny, nx] = p.shape;
    let [z0, oy, ox] = origin;
    let zc = (nz - z0).min(u64::from(MARCH_PLANES)) as u32;
    let planes = zc + 2;
    // Every output point of the column lies inside the grid.
    let all_in = oy + u64::from(MARCH_TILE_ROWS) <= ny && ox + u64::from(TILE_X) <= nx;
    let wrap = p.boundary == BOUNDARY_WRAP;
    let plane_elems = ny * nx;
    let ring_len = march_ring(size_of::<T>());
    // SAFETY (every use): slot `s < ring_len` of the ring.
    let slot = |s: u32| unsafe { ring.add(s as usize * MARCH_PLANE_LEN) };
    let next = |s: u32| if s + 1 == ring_len { 0 } else { s + 1 };
    // Two named chunks, not an array: iterating an array by value put it in local memory.
    let (first, second) = (
        PlaneChunk::new::<T, S>(p, 0, oy, ox),
        PlaneChunk::new::<T, S>(p, 1, oy, ox),
    );
    // Stages plane `l` (grid plane `z0 + l - 1`; only a column's first and last can lie
    // outside the grid) into slot `s` when the column has it, and commits a group either
    // way, so every thread counts the same groups.
    let issue = |l: u32, s: u32| {
        if l < planes {
            let above = z0 + u64::from(l);
            let plane = if above >= 1 && above <= nz {
                above - 1
            } else {
                resolve_axis(above as i64 - 1, nz, wrap)
            };
            let base = p.x.wrapping_add((plane * plane_elems) as usize);
            // SAFETY: `base` is a plane of the grid; slot `s` is not read until this group
            // is waited for and a barrier passes (see the loop below).
            unsafe {
                first.copy(base, slot(s), nx, wrap);
                second.copy(base, slot(s), nx, wrap);
            }
        }
        // SAFETY: uniform control flow; the groups order only this thread's copies.
        unsafe { commit() };
    };
    for l in 0..ring_len - 1 {
        no_unroll();
        issue(l, l);
    }
    let t = opaque(thread_index());
    let (tx, ty) = (t % TILE_X, t / TILE_X);
    let here = ((ty + 1) * PITCH + tx + HALO_X) as usize;
    let (gx, gy) = (ox + u64::from(tx), oy + u64::from(ty));
    let mask = TapMask::new(gy, gx, ny, nx);
    // `Boundary::Zero` drops terms only for this thread's points whose `x, y` footprint
    // leaves the grid, or on the grid's first and last planes (outputs `o_lo .. o_hi` of
    // the column are interior in `z`).
    let checked_edges = p.boundary == BOUNDARY_ZERO;
    let xy_inside = mask.all();
    let o_lo = u32::from(z0 == 0);
    let o_hi = if z0 + u64::from(zc) == nz { zc - 1 } else { zc };
    // Items 4 rows apart, planes `ny · nx` apart; stores only of points inside the grid.
    let item_step = MARCH_ROW_GROUPS as usize * nx as usize;
    let mut out = p.y.wrapping_add(((z0 * ny + gy) * nx + gx) as usize);
    let stored: [bool; ITEMS] = core::array::from_fn(|j| {
        all_in || (gy + (j as u64) * u64::from(MARCH_ROW_GROUPS) < ny && gx < nx)
    });
    let (mut lo, mut fill) = (0, ring_len - 1);
    for o in 0..zc {
        no_unroll();
        // Planes o, o + 1, o + 2 have landed (the `ring - 4` groups after them may still be
        // in flight); after the barrier every thread's copies are visible, and slot `fill`
        // (plane o - 1) was last read by the previous fold.
        // SAFETY: uniform loop; every thread reaches the barrier.
        unsafe {
            wait_all_but(ring_len - 4);
            sync_threads();
        }
        issue(o + ring_len - 1, fill);
        fill = next(fill);
        let mid = next(lo);
        let planes =
            [slot(lo), slot(mid), slot(next(mid))].map(|s| s.wrapping_add(here).cast_const());
        lo = mid;
        let z_inside = o >= o_lo && o < o_hi;
        // SAFETY: the three planes are staged; every item's footprint lies in them.
        let acc = unsafe {
            if checked_edges && !(xy_inside && z_inside) {
                let z_in = [o >= o_lo, true, o < o_hi];
                fold_plane::<T, S, P, true>(p, w, planes, mask, z_in)
            } else {
                fold_plane::<T, S, P, false>(p, w, planes, mask, [true; 3])
            }
        };
        for j in 0..ITEMS {
            if stored[j] {
                // SAFETY: inside the grid; one writer per point.
                unsafe { out.add(j * item_step).write(acc[j]) };
            }
        }
        out = out.wrapping_add(plane_elems as usize);
    }
    // SAFETY: uniform; the next column's first copies refill slots this one's folds read.
    unsafe { sync_threads() };
}

/// One 16-byte chunk of a staged plane that this thread copies (`t + 256 i` of the plane's
/// chunks, row-major), with its source resolved once per column: the grid row (same on
/// every plane) and the first column.
#[derive(Clone, Copy)]
struct PlaneChunk {
    /// The chunk exists (a plane has fewer than 512 chunks).
    live: bool,
    /// Its first element in the staged plane.
    at: u32,
    /// `resolved row · nx`, relative to the plane.
    row: u64,
    /// Its first grid column (`x0 - 4 + 4c` for `f32`; may lie outside the grid).
    x: i64,
    /// `row + x`: where a whole chunk starts in the plane.
    start: u64,
    /// All its elements lie inside the row: one 16-byte copy.
    whole: bool,
}

impl PlaneChunk {
    /// Chunk `thread + 256 i` of the column at `(oy, ox)`.
    #[inline(always)]
    fn new<T, S>(p: &StencilParams<T, S>, i: u32, oy: u64, ox: u64) -> Self {
        let [_, ny, nx] = p.shape;
        let vec = (16 / size_of::<T>()) as u32;
        let per_row = PITCH / vec;
        let rows = MARCH_TILE_ROWS + 2;
        let m = thread_index() + i * BLOCK_THREADS;
        let (r, c) = (m / per_row, m % per_row);
        let x = (ox as i64) - i64::from(HALO_X) + i64::from(c * vec);
        let gy = resolve_axis(
            oy as i64 - 1 + i64::from(r),
            ny,
            p.boundary == BOUNDARY_WRAP,
        );
        Self {
            live: m < rows * per_row,
            at: r * PITCH + c * vec,
            row: gy * nx,
            x,
            start: (gy * nx).wrapping_add(x as u64),
            whole: x >= 0 && x + i64::from(vec) <= nx as i64,
        }
    }

    /// Starts copying this chunk of the plane at `base` into the staged plane `into`.
    ///
    /// # Safety
    /// `base` is a plane of the grid (rows of `nx`, every resolved row inside it); `into` a
    /// ring slot that nothing reads until the copies are waited for; rows of the grid are
    /// whole 16-byte chunks and `base` 16-byte aligned (`p.vector`).
    #[inline(always)]
    unsafe fn copy<T: Copy>(self, base: *const T, into: *mut T, nx: u64, wrap: bool) {
        if !self.live {
            return;
        }
        // SAFETY: `at` is a chunk of the slot; `row + x` a whole chunk inside the row when
        // `whole`, 16-byte aligned as the row and `x` are.
        unsafe {
            let dst = into.add(self.at as usize);
            if self.whole {
                let src = base.add(self.start as usize);
                copy_async(dst.cast::<Unit>(), src.cast::<Unit>());
            } else {
                for e in 0..16 / size_of::<T>() {
                    let xe = resolve_axis(self.x + e as i64, nx, wrap);
                    copy_async(dst.add(e), base.add((self.row + xe) as usize));
                }
            }
        }
    }
}

/// Which of a thread's terms `Boundary::Zero` keeps, in `x` and `y`: bit `9j + 3(dy + 1) +
/// (dx + 1)` is set when item `j`'s neighbour at `(dy, dx)` lies inside the grid. Set once
/// per column; a fold tests one bit per term.
#[derive(Clone, Copy)]
struct TapMask(u64);

impl TapMask {
    #[inline(always)]
    fn new(gy: u64, gx: u64, ny: u64, nx: u64) -> Self {
        let inside = |c: u64, d: i64, n: u64| {
            let v = c as i64 + d;
            v >= 0 && v < n as i64
        };
        let mut bits = 0_u64;
        #[allow(clippy::needless_range_loop)]
        for j in 0..ITEMS {
            let row = gy + (j as u64) * u64::from(MARCH_ROW_GROUPS);
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if inside(row, dy, ny) && inside(gx, dx, nx) {
                        bits |= 1 << (9 * j as i64 + 3 * (dy + 1) + dx + 1);
                    }
                }
            }
        }
        Self(bits)
    }

    /// Every term of every item is kept.
    #[inline(always)]
    fn all(self) -> bool {
        self.0 == (1 << (9 * ITEMS)) - 1
    }

    #[inline(always)]
    fn keeps(self, j: usize, dy: i32, dx: i32) -> bool {
        self.0 >> (9 * j as i32 + 3 * (dy + 1) + dx + 1) & 1 != 0
    }
}

/// The `ITEMS` outputs of this thread on one plane: `planes` point at the thread's item 0 in
/// the staged planes `z - 1, z, z + 1`. `CHECKED` (`Boundary::Zero` where the footprint
/// leaves the grid): terms whose neighbour lies outside the grid (`z_in` by `dz`, `mask` by
/// item, `dy` and `dx`) are skipped, as the reference skips them.
///
/// # Safety
/// The three planes are staged and published; `w` holds the pattern's weights.
#[inline(always)]
unsafe fn fold_plane<T: Copy, S: Semiring<T>, const P: usize, const CHECKED: bool>(
    p: &StencilParams<T, S>,
    w: &[T; MAX_TAPS],
    planes: [*const T; 3],
    mask: TapMask,
    z_in: [bool; 3],
) -> [T; ITEMS] {
    let pattern = MARCH_PATTERNS[P];
    let mut acc = [p.s.zero(); ITEMS];
    unroll!(k in pattern.len();
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26; {
        let [dz, dy, dx] = pattern[k];
        let plane = planes[(dz + 1) as usize];
        unroll!(j in ITEMS; 0 1 2 3; {
            let row = (j as u32 * MARCH_ROW_GROUPS) as isize + dy as isize;
            // SAFETY: rows -1 ..= rows and columns -4 .. 68 of the thread's item 0 lie in the
            // staged plane.
            let v = unsafe { plane.offset(row * PITCH as isize + dx as isize).read() };
            if !CHECKED || (z_in[(dz + 1) as usize] && mask.keeps(j, dy, dx)) {
                acc[j] = p.s.add(acc[j], p.s.mul(w[k], v));
            }
        });
    });
    acc
}
