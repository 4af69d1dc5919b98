//! 1D stencils whose taps are the dense 9-point window `-4 ..= 4` in ascending order
//! (`mask_1d` and `convolve_1d` with 9 taps) over 4-byte elements: register tiling.
//!
//! The general 1D kernel (`stencil.rs`) reads one shared value per tap and point, with the
//! tap's offset and weight loaded at run time: about 3 instructions per tap and point, and
//! 84-85% of the copy roof on the H100 at 2^28 `f32`. Here tiles are staged exactly as there
//! (2048 outputs plus 4 on each side, `cp.async`, two stages), but thread `t` computes two
//! runs of 4 consecutive outputs (`4t` and `1024 + 4t` of the tile): it loads the 12 staged
//! values a run reads with three 16-byte shared loads (consecutive lanes 16 bytes apart: no
//! bank conflicts) and folds them with compile-time window indices, so a tap costs one
//! multiply and one add per point, and a run is stored with one 16-byte store.
//!
//! Each output folds its taps in the reference's order (offsets ascending) from the
//! semiring's zero; `Boundary::Zero` tiles that touch an edge skip out-of-grid terms, as the
//! reference does. Results are bitwise those of `parallax_core::reference::stencil`.

use super::stencil::{inline_weights, TileAt};
use super::stencil_stage::StageWalk;
use crate::params_stencil::{
    stencil_halo_tile, stencil_stage_bytes, stencil_tile, StencilParams, BOUNDARY_ZERO,
    STENCIL_ROW_RADIUS as R,
};
use crate::simt::{dynamic_shared, opaque, thread_index};
use crate::tile::pipeline::for_each_staged_tile;
use crate::tile::{load_full, store_full};
use core::mem::size_of;
use parallax_core::Semiring;

/// Taps of the window (9).
const TAPS: usize = 2 * R + 1;
/// Consecutive outputs of one run.
const RUN: usize = 4;
/// Staged values a run reads (12: three 16-byte vectors of `f32`).
const WINDOW: usize = RUN + 2 * R;
/// Runs per thread: a 2048-point tile is 256 threads × 2 runs of 4.
const RUNS: usize = 2;

/// The dense-window kernel.
///
/// # Safety
/// `x` readable and `y` writable for the `[1, 1, n]` grid, not aliasing, both 16-byte
/// aligned; `p.inline` holds the 9 taps `-4 ..= 4` in order; `p.lo == p.hi == [0, 0, 4]`;
/// `p.tiles` the 1D tiles; `p.stages` 1 or 2 and the launch provides that many stages of
/// `stencil_stage_bytes` (no taps area); `p.vector` only as `stage_tile` allows; at most one
/// block per tile.
#[inline(always)]
pub(crate) unsafe fn stencil_row<T: Copy, S: Semiring<T>>(p: StencilParams<T, S>) {
    let halo = stencil_halo_tile(1, p.lo, p.hi);
    let stage_len = stencil_stage_bytes::<T>(1, p.lo, p.hi) / size_of::<T>();
    // SAFETY: the launch provides the stages at offset 0.
    let stages = unsafe { dynamic_shared::<T>() };
    let w = inline_weights::<T, S, TAPS>(&p);
    let walk = StageWalk::new(&p, halo, halo[2] as u32);
    let edges_checked = p.boundary == BOUNDARY_ZERO;
    // SAFETY: the stages lie inside the launch's shared memory and only the walk's `issue`
    // and `fold` touch them; both are uniform across the block.
    unsafe {
        for_each_staged_tile(
            p.tiles[2],
            p.stages,
            |s| stages.add(s as usize * stage_len),
            |b| TileAt::new::<T, S, 1>(&p, b, stencil_tile(1)),
            |at, into| at.stage(&p, into, walk),
            |at, from| {
                if edges_checked && !at.inner {
                    fold_runs::<T, S, true>(&p, &w, from, at);
                } else {
                    fold_runs::<T, S, false>(&p, &w, from, at);
                }
            },
        );
    }
}

/// Computes and stores this thread's two runs of tile `at` from the staged `tile` (staged
/// element 0 is grid point `origin - 4`). `CHECKED`: `Boundary::Zero` in a tile that touches
/// an edge, where out-of-grid terms are skipped.
///
/// # Safety
/// `tile` holds the staged halo tile of `at`; `p` as for [`stencil_row`].
#[inline(always)]
unsafe fn fold_runs<T: Copy, S: Semiring<T>, const CHECKED: bool>(
    p: &StencilParams<T, S>,
    w: &[T; TAPS],
    tile: *const T,
    at: TileAt,
) {
    let n = p.shape[2];
    let origin = at.origin[2];
    let t = opaque(thread_index()) as usize;
    let tile_len = stencil_tile(1)[2] as usize;
    unroll!(g in RUNS; 0 1; {
        let first = RUN * t + g * (tile_len / RUNS);
        // SAFETY: staged values `first .. first + 12` lie in the tile (`first + 12 <= 2056`),
        // 16-byte aligned (`first` is a multiple of 4).
        let win: [T; WINDOW] = unsafe { load_full(tile.add(first)) };
        // Grid point of output `j` of the run.
        let x0 = origin + first as u64;
        let mut acc = [p.s.zero(); RUN];
        unroll!(k in TAPS; 0 1 2 3 4 5 6 7 8; {
            unroll!(j in RUN; 0 1 2 3; {
                // Tap `k` of output `j` reads grid point `x0 + j + k - 4`.
                let inside = || {
                    let gx = (x0 + (j + k) as u64) as i64 - R as i64;
                    gx >= 0 && (gx as u64) < n
                };
                if !CHECKED || inside() {
                    acc[j] = p.s.add(acc[j], p.s.mul(w[k], win[j + k]));
                }
            });
        });
        if at.inner {
            // SAFETY: the whole tile lies inside the grid; `x0` is a multiple of 4 and `y`
            // 16-byte aligned; one writer per point.
            unsafe { store_full(p.y.add(x0 as usize), acc) };
        } else {
            unroll!(j in RUN; 0 1 2 3; {
                if x0 + (j as u64) < n {
                    // SAFETY: inside the grid; one writer per point.
                    unsafe { p.y.add(x0 as usize + j).write(acc[j]) };
                }
            });
        }
    });
}

/// `stencil_row1d_r4` (the dense 9-point window) for each pair of
/// `for_each_stencil_box_instance!` (the 4-byte ones).
macro_rules! stencil_row_entry_points {
    ($( ($st:ident: $s:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        stencil_entry!(stencil_row1d_r4, $st: $s, $tt: $t, stencil_row::<$t, $s>);
    )* };
}
crate::for_each_stencil_box_instance!(stencil_row_entry_points);
