//! Stencil map over a semiring, on a `[nz, ny, nx]` grid (1D and 2D grids are 3D grids with
//! leading extents of 1), with `K` taps known only at run time.
//!
//! Each block owns one tile of 2048 output points ([`stencil_tile`]: a row segment in 1D,
//! 32 × 64 in 2D, 8 × 8 × 32 in 3D); thread `t` computes tile points `t + 256 j`, `j < 8`, so
//! consecutive lanes own consecutive `x` (coalesced stores, conflict-free shared reads). The
//! block
//!
//! 1. copies the taps to shared memory, adding each tap's linear offset inside the staged tile;
//! 2. stages its tile plus halo (`lo`/`hi` per axis, from the offsets) in shared memory with
//!    coalesced loads, each coordinate resolved as the boundary does (clamped for `Zero`;
//!    see `stencil_stage.rs`);
//! 3. computes every point from the staged tile with no boundary logic, except, for
//!    `Boundary::Zero` in tiles that touch an edge, a per-tap range check that drops the
//!    terms the reference drops.
//!
//! Either way a point folds `acc = add(acc, mul(w[k], x[..]))` over the taps in their listed
//! order from the semiring's zero, skipping the terms `Boundary::Zero` drops: the reference's
//! operations in the reference's order, so results are bitwise equal to it for every type.
//! A tile that does not fit in 48 KiB (a huge radius) or more than `STENCIL_SHARED_TAPS` taps
//! reads the grid directly through `Boundary::resolve` for every point instead (correct but
//! slow: each tap is a dependent global load).

use super::stencil_stage::stage_tile;
use crate::params_stencil::{
    stencil_halo_tile, stencil_items, stencil_tile, stencil_tile_offset, StencilParams, StencilTap,
    BOUNDARY_CLAMP, BOUNDARY_ZERO, STENCIL_INLINE_TAPS,
};
use crate::simt::{block_index, dynamic_shared, dynamic_shared_at, sync_threads, thread_index};
use crate::tuning::BLOCK_THREADS;
use parallax_core::{Boundary, Semiring};

const THREADS: u32 = BLOCK_THREADS;
/// The boundary policy from its kernel encoding.
#[inline(always)]
fn boundary_of(b: u32) -> Boundary {
    match b {
        BOUNDARY_ZERO => Boundary::Zero,
        BOUNDARY_CLAMP => Boundary::Clamp,
        _ => Boundary::Wrap,
    }
}

/// Coordinate `v` mapped into `0..n` (`n > 0`) as `Boundary::Wrap` does when `wrap`, else
/// clamped (`Boundary::Clamp`; for `Boundary::Zero` the value is never used).
#[inline(always)]
pub(super) fn resolve_axis(v: i64, n: u64, wrap: bool) -> u64 {
    if v >= 0 && (v as u64) < n {
        v as u64
    } else if wrap {
        v.rem_euclid(n as i64) as u64
    } else if v < 0 {
        0
    } else {
        n - 1
    }
}

/// Tile point `e` (row-major in the tile `[tz, ty, tx]`) as `[z, y, x]`.
#[inline(always)]
fn tile_point<const D: usize>(e: u32) -> [u32; 3] {
    let [_, ty, tx] = stencil_tile(D);
    [e / (tx * ty), (e / tx) % ty, e % tx]
}

/// The stencil at grid point `g = [z, y, x]` through `Boundary::resolve`, reading the grid
/// and the taps (shared or global) directly: the reference's loop.
///
/// # Safety
/// `taps` readable for `p.k` taps; `p.x` readable for the whole grid.
#[inline(always)]
unsafe fn resolved<T: Copy, S: Semiring<T>>(
    p: &StencilParams<T, S>,
    taps: *const StencilTap<T>,
    g: [u64; 3],
) -> T {
    let b = boundary_of(p.boundary);
    let [_, ny, nx] = p.shape;
    let mut acc = p.s.zero();
    for k in 0..p.k as usize {
        // SAFETY: `k < p.k` taps are readable (caller contract).
        let tap = unsafe { taps.add(k).read() };
        let at = |axis: usize| {
            b.resolve(
                g[axis] as i64 + i64::from(tap.off[axis]),
                p.shape[axis] as usize,
            )
        };
        let (Some(cz), Some(cy), Some(cx)) = (at(0), at(1), at(2)) else {
            continue;
        };
        let i = (cz as u64 * ny + cy as u64) * nx + cx as u64;
        // SAFETY: resolved coordinates lie inside the grid.
        let v = unsafe { p.x.add(i as usize).read() };
        acc = p.s.add(acc, p.s.mul(tap.w, v));
    }
    acc
}

/// Copies the taps to shared memory, with each tap's linear offset in a staged tile of
/// `[hz, hy, hx]` in `off[3]`.
///
/// # Safety
/// Shared memory holds `p.k` taps at offset 0; `p.taps` readable for `p.k` taps when
/// `p.k > STENCIL_INLINE_TAPS`. Called by the whole block (no barrier inside).
#[inline(always)]
unsafe fn stage_taps<T: Copy, S: Semiring<T>>(
    p: &StencilParams<T, S>,
    taps: *mut StencilTap<T>,
    halo: [u64; 3],
) {
    let (hy, hx) = (halo[1] as i32, halo[2] as i32);
    let with_offset = |mut tap: StencilTap<T>| {
        tap.off[3] = (tap.off[0] * hy + tap.off[1]) * hx + tap.off[2];
        tap
    };
    let k = p.k as usize;
    let t = thread_index() as usize;
    if k <= STENCIL_INLINE_TAPS {
        // Thread 0 reads the parameter array at constant indices only (a dynamic index
        // would copy the whole parameter struct to local memory in every thread).
        // The statements are spelled out: LLVM does not unroll a loop of 32 copies, and the
        // loop's dynamic index cost 800 bytes of local memory per thread.
        if t == 0 {
            macro_rules! copy_taps {
                ($($i:literal)*) => { $(
                    if $i < k {
                        // SAFETY: `$i < k` taps fit in the shared area.
                        unsafe { taps.add($i).write(with_offset(p.inline[$i])) };
                    }
                )* };
            }
            copy_taps!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
                       16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31);
        }
    } else {
        let mut i = t;
        while i < k {
            // SAFETY: `i < k`: readable in `p.taps`, inside the shared area.
            unsafe { taps.add(i).write(with_offset(p.taps.add(i).read())) };
            i += THREADS as usize;
        }
    }
}

/// The stencil kernel for a `D`-dimensional grid (see the module docs).
///
/// # Safety
/// `x` readable and `y` writable for `nz * ny * nx > 0` elements, not aliasing; the launch
/// provides `stencil_plan`'s shared bytes and `tiles[0] * tiles[1] * tiles[2]` blocks.
#[inline(always)]
pub(crate) unsafe fn stencil<T: Copy, S: Semiring<T>, const D: usize, const ITEMS: usize>(
    p: StencilParams<T, S>,
) {
    let [tz, ty, tx] = stencil_tile(D);
    let [nz, ny, nx] = p.shape;
    // 32-bit division (the grid has fewer than 2^31 blocks, so every tile count fits):
    // 64-bit divisions are software loops that cost hundreds of instructions per thread.
    let b = block_index() as u32;
    let (tiles_y, tiles_x) = (p.tiles[1] as u32, p.tiles[2] as u32);
    let (row, bx) = (b / tiles_x, b % tiles_x);
    let origin = [
        u64::from(row / tiles_y) * u64::from(tz),
        u64::from(row % tiles_y) * u64::from(ty),
        u64::from(bx) * u64::from(tx),
    ];
    let t = thread_index();
    let halo = stencil_halo_tile(D, p.lo, p.hi);
    // SAFETY: the launch provides the taps area (when `shared_taps`) at offset 0 and the tile
    // after it (when `tiled`).
    let (taps, tile) = unsafe {
        (
            dynamic_shared::<StencilTap<T>>(),
            dynamic_shared_at::<T>(stencil_tile_offset::<T>(p.k as usize)),
        )
    };
    let (lo, hi) = (p.lo, p.hi);
    let inner = |axis: usize, first: u64, last: u64| {
        first >= u64::from(lo[axis]) && last + u64::from(hi[axis]) < p.shape[axis]
    };
    // The whole tile with its halo lies inside the grid: no boundary logic at all.
    let all_inner = p.tiled != 0
        && inner(0, origin[0], origin[0] + u64::from(tz) - 1)
        && inner(1, origin[1], origin[1] + u64::from(ty) - 1)
        && inner(2, origin[2], origin[2] + u64::from(tx) - 1);
    if p.shared_taps != 0 {
        // SAFETY: shared taps area of `k` taps; the barrier below is reached by all threads.
        unsafe { stage_taps(&p, taps, halo) };
    }
    if p.tiled != 0 {
        // SAFETY: the tile area holds the halo tile.
        unsafe {
            if all_inner {
                stage_tile::<T, S, D, true>(&p, tile, p.s.zero(), origin, halo);
            } else {
                stage_tile::<T, S, D, false>(&p, tile, p.s.zero(), origin, halo);
            }
        }
    }
    // SAFETY: uniform branch conditions above; every thread reaches this barrier.
    unsafe { sync_threads() };
    let tap_source = if p.shared_taps != 0 {
        taps.cast_const()
    } else {
        p.taps
    };
    let point = |j: usize| {
        let l = tile_point::<D>(t + THREADS * j as u32);
        let g = [
            origin[0] + u64::from(l[0]),
            origin[1] + u64::from(l[1]),
            origin[2] + u64::from(l[2]),
        ];
        (l, g)
    };
    let tile_index = |l: [u32; 3]| {
        (((l[0] + lo[0]) as u64 * halo[1] + (l[1] + lo[1]) as u64) * halo[2]
            + (l[2] + lo[2]) as u64) as i32
    };
    let out = |g: [u64; 3]| ((g[0] * ny + g[1]) * nx + g[2]) as usize;
    let in_grid = |g: [u64; 3]| g[0] < nz && g[1] < ny && g[2] < nx;
    if p.tiled != 0 && (all_inner || p.boundary != BOUNDARY_ZERO) {
        // Every tap of every point reads its (boundary-resolved) value from the staged tile:
        // no boundary logic. Taps outermost, so each tap's offset and weight are read once
        // per thread; item pointers are computed once, so a tap costs one add and one load
        // per item (in 1D the items are 256 elements apart and share one register).
        // SAFETY: inside the staged tile.
        let item = |j: usize| unsafe { tile.add(tile_index(point(j).0) as usize).cast_const() };
        let at: [*const T; ITEMS] = if D == 1 {
            [item(0); ITEMS]
        } else {
            core::array::from_fn(item)
        };
        let mut acc = [p.s.zero(); ITEMS];
        for k in 0..p.k as usize {
            // SAFETY: `k < p.k` taps staged in shared memory.
            let tap = unsafe { taps.add(k).read() };
            let o = tap.off[3] as isize;
            for j in 0..ITEMS {
                // SAFETY: a tile point's footprint lies inside the staged tile with halo. In
                // 1D item `j` is 256 elements after item 0: a constant offset from one
                // register.
                let v = unsafe {
                    if D == 1 {
                        at[0].offset(o).add(THREADS as usize * j).read()
                    } else {
                        at[j].offset(o).read()
                    }
                };
                acc[j] = p.s.add(acc[j], p.s.mul(tap.w, v));
            }
        }
        if all_inner {
            // Items are a constant number of grid rows (planes, elements) apart.
            let first = out(point(0).1);
            let step = match D {
                1 => THREADS as usize,
                2 => (THREADS / tx) as usize * nx as usize,
                _ => (ny * nx) as usize,
            };
            #[allow(clippy::needless_range_loop)]
            for j in 0..ITEMS {
                // SAFETY: the whole tile is inside the grid; one writer per point.
                unsafe { p.y.add(first + step * j).write(acc[j]) };
            }
        } else {
            #[allow(clippy::needless_range_loop)]
            for j in 0..ITEMS {
                let g = point(j).1;
                if in_grid(g) {
                    // SAFETY: inside the grid; one writer per point.
                    unsafe { p.y.add(out(g)).write(acc[j]) };
                }
            }
        }
        return;
    }
    for j in 0..ITEMS {
        let (l, g) = point(j);
        if !in_grid(g) {
            continue;
        }
        let v = if p.tiled != 0 {
            // `Boundary::Zero` near an edge: the staged tile, dropping out-of-grid terms.
            let base = tile_index(l);
            let mut acc = p.s.zero();
            for k in 0..p.k as usize {
                // SAFETY: `k < p.k` taps staged in shared memory.
                let tap = unsafe { taps.add(k).read() };
                let inside = |axis: usize| {
                    let c = g[axis] as i64 + i64::from(tap.off[axis]);
                    c >= 0 && (c as u64) < p.shape[axis]
                };
                if inside(0) && inside(1) && inside(2) {
                    // SAFETY: inside the staged tile with halo.
                    let v = unsafe { tile.offset((base + tap.off[3]) as isize).read() };
                    acc = p.s.add(acc, p.s.mul(tap.w, v));
                }
            }
            acc
        } else {
            // SAFETY: `tap_source` holds `k` taps; the grid is readable.
            unsafe { resolved(&p, tap_source, g) }
        };
        // SAFETY: `g` is inside the grid; one writer per point.
        unsafe { p.y.add(out(g)).write(v) };
    }
}

/// `stencil_1d`, `stencil_2d` and `stencil_3d` for each (semiring, type) pair.
macro_rules! stencil_entry_points {
    ($( ($st:ident: $s:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(stencil_1d, $st, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: StencilParams<$t, $s>) {
                // SAFETY: launched by parallax-device's stencil launcher, which upholds the
                // contract.
                unsafe { stencil::<$t, $s, 1, { stencil_items(1) }>(p) }
            }
        };
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(stencil_2d, $st, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: StencilParams<$t, $s>) {
                // SAFETY: as for stencil_1d.
                unsafe { stencil::<$t, $s, 2, { stencil_items(2) }>(p) }
            }
        };
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(stencil_3d, $st, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: StencilParams<$t, $s>) {
                // SAFETY: as for stencil_1d.
                unsafe { stencil::<$t, $s, 3, { stencil_items(3) }>(p) }
            }
        };
    )* };
}
crate::for_each_stencil_instance!(stencil_entry_points);
