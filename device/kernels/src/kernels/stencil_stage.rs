//! Staging of a stencil block's tile with halo in shared memory (see `stencil.rs`).
//!
//! The staged tile `[hz, hy, hx]` is stored row-major (`m = (z * hy + y) * hx + x`). Each
//! element's grid coordinates are resolved as the boundary does (wrapped, or clamped for
//! `Clamp` and `Zero`: the kernel drops `Zero`'s out-of-grid terms itself), so every tap of
//! every point reads the reference's value from the tile. When the whole halo tile lies
//! inside the grid (`INSIDE`, uniform per block) nothing is resolved.
//!
//! A single row (1D) is staged flat: thread `t` stages `t + 256 i`, so its loads are one
//! pointer plus constant offsets (ncu, H100, 1D 9 taps: the general walk below spent 503
//! instructions per warp on ~8 elements per thread, 49% of the kernel's instructions).
//! 2D and 3D tiles take the general walk: element `m = t + 256 i`, its coordinates advanced
//! incrementally. (A warp-per-row walk measured slower there: its short rows, 34 elements
//! in 3D, left most lanes idle and took 2-4 load round trips per tile instead of one.)
//!
//! Either way a batch of loads is issued before their stores: the loads are generic-address
//! loads, which ptxas does not move past a shared store that could alias them.

use super::stencil::resolve_axis;
use crate::params_stencil::{StencilParams, BOUNDARY_WRAP};
use crate::simt::thread_index;
use crate::tuning::BLOCK_THREADS;

/// Loads each thread has in flight before it stores them, staging one row: 16 covers a
/// 2048-point 1D tile with a halo of up to 2048 elements in one round trip (with 8, the
/// ninth element of a 9-tap tile took a second round trip, and conv1d ran 11% slower).
const ROW_BATCH: usize = 16;
/// As [`ROW_BATCH`], for 2D and 3D tiles whose halo tile lies inside the grid.
const INSIDE_BATCH: usize = 16;
/// As [`ROW_BATCH`], for 2D and 3D edge tiles (whose clamped loads cost more registers).
const EDGE_BATCH: usize = 4;
// The batches are spelled out for 16 loads.
const _: () = assert!(ROW_BATCH <= 16 && INSIDE_BATCH <= 16 && EDGE_BATCH <= 16);

/// Stages the block's tile with halo: origin `origin - lo`, extents `halo` (see the module
/// docs). `D == 1` grids have one row.
///
/// # Safety
/// `tile` holds `halo` elements; `p.x` readable for the whole grid; `INSIDE` only when the
/// halo tile lies inside the grid. Called by the whole block (no barrier inside).
#[inline(always)]
pub(super) unsafe fn stage_tile<T: Copy, S, const D: usize, const INSIDE: bool>(
    p: &StencilParams<T, S>,
    tile: *mut T,
    filler: T,
    origin: [u64; 3],
    halo: [u64; 3],
) {
    let base = |axis: usize| origin[axis] as i64 - i64::from(p.lo[axis]);
    let corner = [base(0), base(1), base(2)];
    // SAFETY: forwarded contract.
    unsafe {
        if D == 1 {
            stage_row::<T, S, INSIDE>(p, tile, filler, corner, halo[2] as u32);
        } else if INSIDE {
            stage_flat::<T, S, INSIDE_BATCH, true>(p, tile, filler, origin, halo);
        } else {
            stage_flat::<T, S, EDGE_BATCH, false>(p, tile, filler, origin, halo);
        }
    }
}

/// The one row of a 1D tile: thread `t` stages elements `t + 256 i` of `hx`.
///
/// # Safety
/// As [`stage_tile`], with a halo tile of one row of `hx` elements at `corner`.
#[inline(always)]
unsafe fn stage_row<T: Copy, S, const INSIDE: bool>(
    p: &StencilParams<T, S>,
    tile: *mut T,
    filler: T,
    corner: [i64; 3],
    hx: u32,
) {
    let [nz, ny, nx] = p.shape;
    let wrap = p.boundary == BOUNDARY_WRAP;
    let gz = resolve_axis(corner[0], nz, wrap);
    let gy = resolve_axis(corner[1], ny, wrap);
    let row = (gz * ny + gy) * nx;
    let t = thread_index();
    let mut m = t;
    while m < hx {
        let mut vals = [filler; ROW_BATCH];
        // Spelled out (constant indices, so `vals` stays in registers): LLVM does not unroll
        // the loop of 16, and its dynamic index put `vals` in local memory.
        macro_rules! load {
            ($($i:literal)*) => { $(
                let e = m + BLOCK_THREADS * $i;
                if $i < ROW_BATCH && e < hx {
                    let gx = if INSIDE {
                        (corner[2] + i64::from(e)) as u64
                    } else {
                        resolve_axis(corner[2] + i64::from(e), nx, wrap)
                    };
                    // SAFETY: inside the grid (resolved, or the whole halo tile is inside).
                    vals[$i] = unsafe { p.x.add((row + gx) as usize).read() };
                }
            )* };
        }
        load!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        // SAFETY: `tile` holds the row's `hx` elements.
        unsafe { store_batch(tile, vals, m, hx) };
        m += BLOCK_THREADS * ROW_BATCH as u32;
    }
}

/// Stages a 2D or 3D tile with halo (origin `origin - lo`, extents `halo`) in `tile`,
/// linear index `m = (z * hy + y) * hx + x`. When the halo tile lies inside the grid
/// (`INSIDE`, uniform per block) the global index advances incrementally; otherwise each
/// coordinate is resolved per axis as the boundary does (wrapped, or clamped for `Clamp`
/// and `Zero`), so a tap of any point of the tile reads the reference's value from the
/// staged tile (for `Zero`, the caller drops out-of-grid terms itself).
///
/// # Safety
/// `tile` holds `halo` elements; `p.x` readable for the whole grid; `INSIDE` only when the
/// halo tile lies inside the grid.
#[inline(always)]
unsafe fn stage_flat<T: Copy, S, const BATCH: usize, const INSIDE: bool>(
    p: &StencilParams<T, S>,
    tile: *mut T,
    filler: T,
    origin: [u64; 3],
    halo: [u64; 3],
) {
    let [nz, ny, nx] = p.shape;
    let (hy, hx) = (halo[1] as u32, halo[2] as u32);
    let total = (halo[0] * halo[1] * halo[2]) as u32;
    // Thread `t` stages m = t + 256 i; (z, y, x) advance by 256 = q rows + r columns.
    let t = thread_index();
    let wrap = p.boundary == BOUNDARY_WRAP;
    let (q, r) = (BLOCK_THREADS / hx, BLOCK_THREADS % hx);
    let (mut z, mut y, mut x) = (t / hx / hy, (t / hx) % hy, t % hx);
    let base = |axis: usize| origin[axis] as i64 - i64::from(p.lo[axis]);
    let (bz, by, bx) = (base(0), base(1), base(2));
    // The incremental index (used only when `INSIDE`, where every base is >= 0).
    let mut g = ((bz as u64 + u64::from(z)) * ny + by as u64 + u64::from(y)) * nx
        + bx as u64
        + u64::from(x);
    let step = u64::from(q) * nx + u64::from(r);
    let x_wrap = nx.wrapping_sub(u64::from(hx));
    let y_wrap = ny.wrapping_sub(u64::from(hy)).wrapping_mul(nx);
    let mut m = t;
    while m < total {
        // Every load of the batch is issued before the first store: inside the grid, for the
        // tile shapes here (<= 16 staged elements per thread for small halos), one round trip.
        let mut vals = [filler; BATCH];
        let first = m;
        // Spelled out (constant indices into `vals`, so it stays in registers): LLVM only
        // partially unrolls a loop of 16 loads and keeps `vals` in local memory.
        macro_rules! load {
            ($($i:literal)*) => { $(
                if $i < BATCH {
                    if m < total {
                        let i = if INSIDE {
                            g
                        } else {
                            let gz = resolve_axis(bz + i64::from(z), nz, wrap);
                            let gy = resolve_axis(by + i64::from(y), ny, wrap);
                            let gx = resolve_axis(bx + i64::from(x), nx, wrap);
                            (gz * ny + gy) * nx + gx
                        };
                        // SAFETY: inside the grid (clamped, or the whole halo tile is inside).
                        vals[$i] = unsafe { p.x.add(i as usize).read() };
                    }
                    m += BLOCK_THREADS;
                    x += r;
                    y += q;
                    g = g.wrapping_add(step);
                    if x >= hx {
                        x -= hx;
                        y += 1;
                        g = g.wrapping_add(x_wrap);
                    }
                    // One wrap is enough: `q + 1 <= hy` for every tile shape (`stencil_tile`).
                    if y >= hy {
                        y -= hy;
                        z += 1;
                        g = g.wrapping_add(y_wrap);
                    }
                }
            )* };
        }
        load!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        // SAFETY: `tile` holds the halo tile's `total` elements.
        unsafe { store_batch(tile, vals, first, total) };
    }
}

/// Stores `vals[i]` at tile index `first + 256 i` for each index below `total`: the stores of
/// one batch of a flat walk.
///
/// # Safety
/// `tile` holds `total` elements.
#[inline(always)]
unsafe fn store_batch<T: Copy, const BATCH: usize>(
    tile: *mut T,
    vals: [T; BATCH],
    first: u32,
    total: u32,
) {
    // An index loop: LLVM unrolls it, but not an array's `into_iter()` (which then lives in
    // local memory).
    #[allow(clippy::needless_range_loop)]
    for i in 0..BATCH {
        let at = first + BLOCK_THREADS * i as u32;
        if at < total {
            // SAFETY: `at < total`: inside the tile (caller contract).
            unsafe { tile.add(at as usize).write(vals[i]) };
        }
    }
}
