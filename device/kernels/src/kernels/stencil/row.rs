//! 1D stencils whose taps are the dense 9-point window `-4 ..= 4` in ascending order
//! (`mask_1d` and `convolve_1d` with 9 taps) over 4-byte elements: register tiling with the
//! halo from neighbouring lanes, no shared memory and no barrier.
//!
//! A block covers 2048 points ([`STENCIL_ROW_TILE`]), each warp 256 of them as two runs of 128:
//! lane `l` computes the 4 consecutive outputs at `128 g + 4 l` of its warp's points, `g <
//! 2`. It loads the 4 inputs at those points with one 16-byte load (a warp's loads of one run
//! are 512 contiguous bytes, as the transform's), takes the 4 inputs on each side from the
//! lanes before and after it by shuffles (lane 0 and lane 31 load the 16 bytes beyond the
//! warp's edge themselves: L1 and L2 hits, the neighbouring warps load them too), and folds
//! the 12-value window with compile-time indices, so a tap costs one multiply and one add per
//! point; the run is stored with one 16-byte store. Both runs' loads are issued before the
//! first fold.
//!
//! The warps whose window leaves the grid (the first, and those at the end: at most three)
//! read each window value at its resolved index instead (`Clamp`, `Wrap`) and, under
//! `Boundary::Zero`, skip the out-of-grid terms as the reference does.
//!
//! Each output folds its taps in the reference's order (offsets ascending) from the
//! semiring's zero: results are bitwise those of `parallaxis_core::reference::stencil`.
//!
//! H100, `conv1d_k9_f32` at 2^28 `Zero`, one call, three passes each: 0.7255, 0.7264,
//! 0.7233 ms (99.0% of the copy roof) at 40 registers. The kernel this replaced staged each
//! 2048-point tile with its halo in shared memory by `cp.async` (two stages, persistent
//! blocks, 68 registers, 3 blocks a SM) and read its windows back with three 16-byte shared
//! loads: 0.8007, 0.8119, 0.8014 ms (89.5%; a ring of 3 or 4 stages, another call: 0.824 /
//! 0.816). Four runs a lane (4096-point blocks, 64 registers): 0.7372, 0.7352, 0.7359.
//! Folded whole, the edge warps' path put the kernel at 78 registers, so it goes value by
//! value (`benches/RESULTS.md#h100-2026-11-25-settled-lookback`).

use super::common::{inline_weights, resolve_axis, run_neighbours, window_of};
use crate::params::stencil::{StencilParams, BOUNDARY_WRAP, BOUNDARY_ZERO};
use crate::policy::common::WARP_THREADS;
use crate::policy::stencil::{STENCIL_ROW_RADIUS as R, STENCIL_ROW_RUNS as RUNS, STENCIL_ROW_TILE};
use crate::thread::{block_index, grid_blocks, lane, no_unroll, warp_index};
use crate::tile::{load_full, store_full};
use parallaxis_core::Semiring;

/// Taps of the window (9).
const TAPS: usize = 2 * R + 1;
/// Consecutive outputs of one lane's run.
const RUN: usize = 4;
/// Inputs a run reads (12: its own 4 and 4 on each side).
const WINDOW: usize = RUN + 2 * R;
/// Points one run of a warp covers (128).
const WARP_RUN: u64 = (WARP_THREADS as usize * RUN) as u64;
/// Points one warp covers (256).
const WARP_POINTS: u64 = WARP_RUN * RUNS as u64;

const _: () = assert!(R == RUN, "the lanes beside a run hold exactly its halo");
const _: () = assert!(
    STENCIL_ROW_TILE[2] as u64 == WARP_POINTS * crate::policy::common::BLOCK_WARPS as u64,
    "a block's warps cover its tile"
);

/// The dense-window kernel.
///
/// PTX: `parallax_stencil_row1d_r4__<S>__<T>`.
///
/// # Safety
/// `x` readable and `y` writable for the `[1, 1, n]` grid (`n > 0`), not aliasing, both
/// 16-byte aligned; `p.inline` holds the 9 taps `-4 ..= 4` in order; `p.tiles[2]` is
/// `ceil(n / 2048)`; at most one block per tile.
#[inline(always)]
pub(crate) unsafe fn stencil_row<T: Copy, S: Semiring<T>>(p: StencilParams<T, S>) {
    let w = inline_weights::<T, S, TAPS>(&p);
    let n = p.shape[2];
    let tile = u64::from(STENCIL_ROW_TILE[2]);
    let mut b = block_index();
    while b < p.tiles[2] {
        let start = b * tile + warp_index() as u64 * WARP_POINTS;
        // Warp-uniform: the shuffles of `inner_warp` need every lane.
        if start >= R as u64 && start + WARP_POINTS + R as u64 <= n {
            // SAFETY: the warp's points and `R` on each side lie inside the grid.
            unsafe { inner_warp(&p, &w, start) };
        } else if start < n {
            // SAFETY: `start < n`; the warp reads only resolved indices.
            unsafe { edge_warp(&p, &w, start) };
        }
        b += grid_blocks();
    }
}

/// The first point of this lane's run `g` in the warp starting at `start`.
#[inline(always)]
fn run_start(start: u64, g: usize) -> u64 {
    start + g as u64 * WARP_RUN + u64::from(lane()) * RUN as u64
}

/// A warp whose window lies inside the grid.
///
/// # Safety
/// `start - R .. start + WARP_POINTS + R` inside the grid; `p` as for [`stencil_row`];
/// called by every lane of the warp.
#[inline(always)]
unsafe fn inner_warp<T: Copy, S: Semiring<T>>(p: &StencilParams<T, S>, w: &[T; TAPS], start: u64) {
    let l = lane();
    let zero = p.s.zero();
    let mut runs = [[zero; RUN]; RUNS];
    let mut beyond = [[zero; RUN]; RUNS];
    // Every load before the first store: the compiler cannot move a load of `x` past a
    // store to `y`.
    unroll!(g in RUNS; 0 1 2 3; {
        let at = run_start(start, g) as usize;
        // SAFETY: inside the grid (contract); `at` a multiple of 4, `x` 16-byte aligned.
        runs[g] = unsafe { load_full(p.x.add(at)) };
        if l == 0 || l == WARP_THREADS - 1 {
            let edge = if l == 0 { at - R } else { at + RUN };
            // SAFETY: the `R` points before or after the warp's run, inside the grid
            // (contract); a multiple of 4.
            beyond[g] = unsafe { load_full(p.x.add(edge)) };
        }
    });
    unroll!(g in RUNS; 0 1 2 3; {
        let own = (beyond[g], beyond[g]);
        let (west, east) =
            run_neighbours::<T, RUN, R>(&runs[g], own, (l == 0, l == WARP_THREADS - 1));
        let win: [T; WINDOW] = window_of(&west, &runs[g], &east);
        let out = fold_run(p.s, w, &win);
        // SAFETY: inside the grid; a multiple of 4, `y` 16-byte aligned; one writer a point.
        unsafe { store_full(p.y.add(run_start(start, g) as usize), out) };
    });
}

/// A warp whose window leaves the grid: each lane computes its runs' outputs inside the grid
/// one by one, reading every tap's value at its resolved index. At most three warps of a
/// grid take this path, so it is kept small: folding whole windows here put the kernel at 78
/// registers (3 blocks a SM) against 40.
///
/// # Safety
/// `start < n`; `p` as for [`stencil_row`].
#[inline(always)]
unsafe fn edge_warp<T: Copy, S: Semiring<T>>(p: &StencilParams<T, S>, w: &[T; TAPS], start: u64) {
    let n = p.shape[2];
    let wrap = p.boundary == BOUNDARY_WRAP;
    let zero = p.boundary == BOUNDARY_ZERO;
    for g in 0..RUNS {
        no_unroll();
        let first = run_start(start, g);
        for at in first..(first + RUN as u64).min(n) {
            no_unroll();
            let mut acc = p.s.zero();
            unroll!(k in TAPS; 0 1 2 3 4 5 6 7 8; {
                let gx = at as i64 + k as i64 - R as i64;
                // `Boundary::Zero` drops the terms outside the grid, as the reference does.
                if !zero || (gx >= 0 && (gx as u64) < n) {
                    // SAFETY: resolved inside the grid.
                    let v = unsafe { p.x.add(resolve_axis(gx, n, wrap) as usize).read() };
                    acc = p.s.add(acc, p.s.mul(w[k], v));
                }
            });
            // SAFETY: `at < n`, inside the grid; one writer a point.
            unsafe { p.y.add(at as usize).write(acc) };
        }
    }
}

/// The run's 4 outputs from its window (value `i` at grid point `first - R + i`), each the
/// fold of its taps in order from the semiring's zero.
#[inline(always)]
fn fold_run<T: Copy, S: Semiring<T>>(s: S, w: &[T; TAPS], win: &[T; WINDOW]) -> [T; RUN] {
    let mut acc = [s.zero(); RUN];
    unroll!(k in TAPS; 0 1 2 3 4 5 6 7 8; {
        unroll!(j in RUN; 0 1 2 3; {
            // Tap `k` of output `j` reads the window's value `j + k`.
            acc[j] = s.add(acc[j], s.mul(w[k], win[j + k]));
        });
    });
    acc
}
