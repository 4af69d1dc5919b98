//! Stencil map over a semiring, on a `[nz, ny, nx]` grid (1D and 2D grids are 3D grids with
//! leading extents of 1), with `K` taps known only at run time.
//!
//! The grid is cut into tiles of 2048 output points ([`stencil_tile`]: a row segment in 1D,
//! 32 × 64 in 2D, 8 × 8 × 32 in 3D); thread `t` computes tile points `t + 256 j`, `j < 8`, so
//! consecutive lanes own consecutive `x` (coalesced stores, conflict-free shared reads). The
//! launch has at most as many blocks as fit on the GPU at once, and block `b` walks tiles
//! `b, b + grid, ...`. A block
//!
//! 1. copies the taps to shared memory once, adding each tap's linear offset inside the
//!    staged tile;
//! 2. stages a tile plus halo (`lo`/`hi` per axis, from the offsets) in shared memory with
//!    coalesced asynchronous copies, each coordinate resolved as the boundary does (clamped
//!    for `Zero`; see `stage.rs`). With two stages (when they fit in 48 KiB) the next
//!    tile's copies are issued before the current tile is computed, so the block's loads are
//!    in flight while it folds instead of between its folds;
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
//!
//! Some layouts have kernels of their own, chosen by the launcher: the dense 9-tap window in
//! 1D (`row.rs`), the dense row-major 5 × 5 box in 2D (`dense_box.rs`) and, in 3D,
//! the 7-point star and the 27-point box in their constructors' tap order
//! (`march.rs`).

mod common;
mod dense_box;
mod march;
mod row;
mod stage;
mod star;

use crate::params::stencil::{
    StencilParams, StencilTap, BOUNDARY_WRAP, BOUNDARY_ZERO, STENCIL_INLINE_TAPS,
};
use crate::policy::common::BLOCK_THREADS;
use crate::policy::stencil::{
    stencil_halo_tile, stencil_stage_bytes, stencil_tile, stencil_tile_offset,
};
use crate::thread::{dynamic_shared, dynamic_shared_at, no_unroll, opaque, thread_index};
use crate::tile::pipeline::for_each_staged_tile;
use common::resolve_axis;
use core::mem::size_of;
use parallaxis_core::Semiring;
use stage::{StageWalk, TileAt};
const THREADS: u32 = BLOCK_THREADS;

/// Tile point `e` (row-major in the tile `[tz, ty, tx]`) as `[z, y, x]`.
#[inline(always)]
fn tile_point<const D: usize>(e: u32) -> [u32; 3] {
    let [_, ty, tx] = stencil_tile(D);
    [e / (tx * ty), (e / tx) % ty, e % tx]
}

/// The stencil at grid point `g = [z, y, x]`, reading the grid and the taps (shared or
/// global) directly: the reference's loop, with coordinates resolved as `Boundary::resolve`
/// does (through [`resolve_axis`]; `Zero` drops out-of-grid terms).
///
/// # Safety
/// `taps` readable for `p.k` taps; `p.x` readable for the whole grid.
#[inline(always)]
unsafe fn resolved<T: Copy, S: Semiring<T>>(
    p: &StencilParams<T, S>,
    taps: *const StencilTap<T>,
    g: [u64; 3],
) -> T {
    let [_, ny, nx] = p.shape;
    let wrap = p.boundary == BOUNDARY_WRAP;
    let mut acc = p.s.zero();
    for k in 0..p.k as usize {
        no_unroll();
        // SAFETY: `k < p.k` taps are readable (caller contract).
        let tap = unsafe { taps.add(k).read() };
        let c = |axis: usize| g[axis] as i64 + i64::from(tap.off[axis]);
        let inside = |axis: usize| c(axis) >= 0 && (c(axis) as u64) < p.shape[axis];
        if p.boundary == BOUNDARY_ZERO && !(inside(0) && inside(1) && inside(2)) {
            continue;
        }
        let at = |axis: usize| resolve_axis(c(axis), p.shape[axis], wrap);
        let i = (at(0) * ny + at(1)) * nx + at(2);
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

/// The stencil kernel for a `D`-dimensional grid (see the module docs). Each block walks the
/// tiles `block, block + grid, ...`; with two stages it issues the next tile's copies before
/// it folds the current one.
///
/// PTX: `parallax_stencil_1d__<S>__<T>`, `parallax_stencil_2d__<S>__<T>`,
/// `parallax_stencil_3d__<S>__<T>`.
///
/// # Safety
/// `x` readable and `y` writable for `nz * ny * nx > 0` elements, not aliasing; the launch
/// provides `stencil_plan`'s shared bytes and at most `tiles[0] * tiles[1] * tiles[2]` blocks;
/// `p.vector` only as [`stage::stage_tile`] allows.
#[inline(always)]
pub(crate) unsafe fn stencil<T: Copy, S: Semiring<T>, const D: usize, const ITEMS: usize>(
    p: StencilParams<T, S>,
) {
    let halo = stencil_halo_tile(D, p.lo, p.hi);
    let stage_len = stencil_stage_bytes::<T>(D, p.lo, p.hi) / size_of::<T>();
    // SAFETY: the launch provides the taps area (when `shared_taps`) at offset 0 and the
    // stages after it.
    let (taps, stages) = unsafe {
        (
            dynamic_shared::<StencilTap<T>>(),
            dynamic_shared_at::<T>(stencil_tile_offset::<T>(p.k as usize)),
        )
    };
    if p.shared_taps != 0 {
        // SAFETY: shared taps area of `k` taps; the walk's first barrier publishes them.
        unsafe { stage_taps(&p, taps, halo) };
    }
    let shape = stencil_tile(D);
    let walk = StageWalk::new(&p, halo, halo[2] as u32);
    // SAFETY: the stages lie inside the launch's shared memory and only the walk's `issue`
    // and `fold` touch them; both are uniform across the block.
    unsafe {
        for_each_staged_tile(
            p.tiles[0] * p.tiles[1] * p.tiles[2],
            p.stages,
            |s| stages.add(s as usize * stage_len),
            |b| TileAt::new::<T, S, D>(&p, b, shape),
            |at, into| at.stage(&p, into, walk),
            |at, from| fold_tile::<T, S, D, ITEMS>(&p, taps, from, at),
        );
    }
}

/// Computes and stores the outputs of one block tile `at` from the staged `tile` (or, when
/// the tile is not staged, from the grid).
///
/// # Safety
/// As [`stencil`]; `tile` holds the staged tile with halo of `at` when `p.stages != 0`, and
/// the taps are staged when `p.shared_taps != 0`.
#[inline(always)]
unsafe fn fold_tile<T: Copy, S: Semiring<T>, const D: usize, const ITEMS: usize>(
    p: &StencilParams<T, S>,
    taps: *const StencilTap<T>,
    tile: *const T,
    at: TileAt,
) {
    let [_, _, tx] = stencil_tile(D);
    let [nz, ny, nx] = p.shape;
    let (origin, all_inner) = (at.origin, at.inner);
    // Recomputed per tile: hoisted out of the tile loop, the per-item coordinates and
    // pointers derived from it stay live across the whole loop (3D: 96 registers, not 72).
    let t = opaque(thread_index());
    let halo = stencil_halo_tile(D, p.lo, p.hi);
    let (lo, tiled) = (p.lo, p.stages != 0);
    let tap_source = if p.shared_taps != 0 { taps } else { p.taps };
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
    if !tiled {
        for j in 0..ITEMS {
            let g = point(j).1;
            if in_grid(g) {
                // SAFETY: `tap_source` holds `k` taps; the grid is readable; `g` is inside
                // the grid, one writer per point.
                unsafe { p.y.add(out(g)).write(resolved(p, tap_source, g)) };
            }
        }
        return;
    }
    // Item pointers are computed once per tile, so a tap costs one add and one load per item
    // (in 1D the items are 256 elements apart and share one register).
    // SAFETY: inside the staged tile.
    let item = |j: usize| unsafe { tile.add(tile_index(point(j).0) as usize) };
    let at: [*const T; ITEMS] = if D == 1 {
        [item(0); ITEMS]
    } else {
        core::array::from_fn(item)
    };
    let g0 = point(0).1;
    // SAFETY: the taps and the tile are staged; every item's footprint lies in the tile.
    let acc = unsafe {
        if all_inner || p.boundary != BOUNDARY_ZERO {
            fold_taps::<T, S, D, ITEMS, false>(p, taps, at, g0)
        } else {
            fold_taps::<T, S, D, ITEMS, true>(p, taps, at, g0)
        }
    };
    if all_inner {
        // Items are a constant number of grid rows (planes, elements) apart.
        let first = out(g0);
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
}

/// One thread's `ITEMS` points folded over every tap from the staged tile: item `j` at
/// `at[j]` (in 1D, `at[0] + 256 j`), item 0 at grid point `g0`. Taps outermost, so each tap's
/// offset and weight are read once per thread. `CHECKED` (`Boundary::Zero` in a tile that
/// touches an edge): a term whose neighbour lies outside the grid is skipped, as the
/// reference skips it. The items differ along one axis only (`x` by 256 in 1D, `y` by 4 in
/// 2D, `z` by 1 in 3D), so a tap checks the other two axes once and each item one coordinate.
///
/// # Safety
/// `taps` holds `p.k` staged taps; every item's footprint lies inside the staged tile.
#[inline(always)]
unsafe fn fold_taps<
    T: Copy,
    S: Semiring<T>,
    const D: usize,
    const ITEMS: usize,
    const CHECKED: bool,
>(
    p: &StencilParams<T, S>,
    taps: *const StencilTap<T>,
    at: [*const T; ITEMS],
    g0: [u64; 3],
) -> [T; ITEMS] {
    let [_, _, tx] = stencil_tile(D);
    let axis = 3 - D;
    let step = match D {
        1 => i64::from(THREADS),
        2 => i64::from(THREADS / tx),
        _ => 1,
    };
    let within = |a: usize, c: i64| c >= 0 && (c as u64) < p.shape[a];
    let mut acc = [p.s.zero(); ITEMS];
    // One tap per iteration (`opaque`: LLVM would unroll 4 taps, 32 values in registers).
    let mut k = 0;
    while k < p.k {
        no_unroll();
        // SAFETY: `k < p.k` taps staged in shared memory.
        let tap = unsafe { taps.add(k as usize).read() };
        k = opaque(k + 1);
        let o = tap.off[3] as isize;
        let c = |a: usize| g0[a] as i64 + i64::from(tap.off[a]);
        let others_in = !CHECKED || (0..3).all(|a| a == axis || within(a, c(a)));
        for j in 0..ITEMS {
            // SAFETY: a tile point's footprint lies inside the staged tile with halo. In 1D
            // item `j` is 256 elements after item 0: a constant offset from one register.
            let v = unsafe {
                if D == 1 {
                    at[0].offset(o).add(THREADS as usize * j).read()
                } else {
                    at[j].offset(o).read()
                }
            };
            if !CHECKED || (others_in && within(axis, c(axis) + step * j as i64)) {
                acc[j] = p.s.add(acc[j], p.s.mul(tap.w, v));
            }
        }
    }
    acc
}

// Every stencil entry point of each (semiring, type) pair of the family's declaration
// (`entry/families/stencil.rs`), expanded here, where the bodies are.
crate::__stencil_family!(@stock @ptx);
