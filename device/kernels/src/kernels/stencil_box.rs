//! 2D stencils whose taps are a dense `(2R + 1) × (2R + 1)` box in row-major order (the
//! layout of `mask_2d` and `convolve_2d`), `R` known at compile time: register tiling with
//! the mask in the constant bank.
//!
//! The general kernel (`stencil.rs`) reads one shared-memory value per tap and point and
//! loads each tap's offset and weight at run time: 3.4-5 instructions per tap and point,
//! issue-bound for a 5 × 5 mask (ncu, H100: 31% of the copy roof). Here thread `t` owns a
//! column of [`STENCIL_BOX_ROWS`] rows of a 4-wide quad of outputs. It walks the
//! `4 + 2R` staged rows its outputs read, loads each row's `4 + 2R` values once with 16-byte
//! shared loads, and folds them into every output row that uses that row: per tap and point
//! one multiply and one add, whose weight operand is read from the kernel's parameter block
//! (the constant bank) at a compile-time offset. With loops unrolled at compile time, every
//! window value and accumulator stays in a register.
//!
//! Each output folds its taps in the reference's order: input rows ascending (so `dy`
//! ascending), and within a row `dx` ascending, from the semiring's zero; for
//! `Boundary::Zero` tiles that touch an edge, out-of-grid terms are skipped as the
//! reference skips them. Results are bitwise those of `parallax_core::reference::stencil`.
//!
//! Tiles (64 × 64 outputs) are staged and walked as in the general kernel
//! (`tile::pipeline`): asynchronous copies, two stages where they fit. The staged tile is
//! `64 + 2R` rows of 72 columns (`STENCIL_BOX_HALO_X` = 4 on each side, whole 16-byte chunks
//! for any `R <= 2`), so every quad's 12-column window starts 16-byte aligned.

use super::stencil::TileAt;
use super::stencil_stage::StageWalk;
use crate::params_stencil::{
    stencil_box_pitch, stencil_box_stage_bytes, stencil_box_weights_bytes, StencilParams,
    BOUNDARY_ZERO, STENCIL_BOX_HALO_X as HALO_X, STENCIL_BOX_RADIUS, STENCIL_BOX_ROWS,
    STENCIL_BOX_TILE, STENCIL_BOX_WEIGHT_ROW as WEIGHT_ROW, STENCIL_BOX_WINDOW as WINDOW,
    STENCIL_INLINE_TAPS,
};
use crate::simt::{dynamic_shared, dynamic_shared_at, opaque, thread_index};
use crate::tile::load_full;
use crate::tile::pipeline::for_each_staged_tile;
use core::mem::size_of;
use parallax_core::Semiring;

/// Quads (4 output columns each) across a tile.
const QUADS: u32 = STENCIL_BOX_TILE[1] / 4;

/// The dense-box kernel of radius `R <= 2` (instantiated for `STENCIL_BOX_RADIUS`).
///
/// # Safety
/// `x` readable and `y` writable for the `[1, ny, nx]` grid, not aliasing; `p.inline` holds
/// the `(2R + 1)²` taps of a dense row-major box; `p.lo == p.hi == [0, R, STENCIL_BOX_HALO_X]`;
/// `p.tiles` the 64 × 64 tiles of the grid; `p.stages` 1 or 2 and the launch provides that
/// many `stencil_box_stage_bytes` stages; `p.vector` only as `stage_tile` allows; at most one
/// block per tile.
#[inline(always)]
pub(crate) unsafe fn stencil_box<T: Copy, S: Semiring<T>, const R: usize>(p: StencilParams<T, S>) {
    let size = size_of::<T>();
    let pitch = stencil_box_pitch(size);
    let stage_len = stencil_box_stage_bytes(size, R) / size;
    let rows = STENCIL_BOX_TILE[0] as u64 + 2 * R as u64;
    let halo = [1, rows, pitch as u64];
    // SAFETY: the launch provides the weight rows at offset 0 and `p.stages` stages after.
    let (weights, stages) = unsafe {
        (
            dynamic_shared::<T>(),
            dynamic_shared_at::<T>(stencil_box_weights_bytes(size)),
        )
    };
    // SAFETY: the weight area holds `(2R + 1)` rows of `WEIGHT_ROW`; the walk's first barrier
    // publishes them.
    unsafe { stage_weights::<T, S, R>(&p, weights) };
    let shape = [1, STENCIL_BOX_TILE[0], STENCIL_BOX_TILE[1]];
    let walk = StageWalk::new(&p, halo, pitch as u32);
    let edges_checked = p.boundary == BOUNDARY_ZERO;
    // SAFETY: the stages lie inside the launch's shared memory and only the walk's `issue`
    // and `fold` touch them; both are uniform across the block.
    unsafe {
        for_each_staged_tile(
            p.tiles[1] * p.tiles[2],
            p.stages,
            |s| stages.add(s as usize * stage_len),
            |b| TileAt::new::<T, S, 2>(&p, b, shape),
            |at, into| at.stage(&p, into, walk),
            |at, from| {
                if edges_checked && !at.inner {
                    fold_box::<T, S, R, true>(&p, weights, from, at, pitch);
                } else {
                    fold_box::<T, S, R, false>(&p, weights, from, at, pitch);
                }
            },
        );
    }
}

/// Copies the mask's weights to shared memory, row `dy` at `dy * WEIGHT_ROW`: the fold reads a
/// row of 5 weights with two 16-byte loads. (Read from the parameter block, each multiply
/// took its weight through a uniform-register load of its own: 400 extra instructions per
/// tile and warp, 22% of the 5 × 5 kernel's.)
///
/// # Safety
/// `weights` holds `(2R + 1) * WEIGHT_ROW` elements. Called by the whole block.
#[inline(always)]
unsafe fn stage_weights<T: Copy, S, const R: usize>(p: &StencilParams<T, S>, weights: *mut T) {
    let side = 2 * R + 1;
    if thread_index() == 0 {
        // Constant indices into the parameter block (a run-time index copies it to local
        // memory).
        unroll!(dy in side; 0 1 2 3 4; {
            unroll!(dx in side; 0 1 2 3 4; {
                let k = (dy * side + dx).min(STENCIL_INLINE_TAPS - 1);
                // SAFETY: row `dy < 5`, column `dx < 5 <= WEIGHT_ROW`.
                unsafe { weights.add(dy * WEIGHT_ROW + dx).write(p.inline[k].w) };
            });
        });
    }
}

/// Computes and stores this thread's `STENCIL_BOX_ROWS × 4` outputs of tile `at` from the
/// staged `tile` (rows `pitch` apart; staged column 0 is grid column `x - HALO_X`).
/// `CHECKED`: `Boundary::Zero` in a tile that touches an edge, where out-of-grid terms are
/// skipped.
///
/// # Safety
/// `tile` holds the staged halo tile of `at`; `p` as for [`stencil_box`].
#[inline(always)]
unsafe fn fold_box<T: Copy, S: Semiring<T>, const R: usize, const CHECKED: bool>(
    p: &StencilParams<T, S>,
    weights: *const T,
    tile: *const T,
    at: TileAt,
    pitch: usize,
) {
    const ROWS: usize = STENCIL_BOX_ROWS;
    let side = 2 * R + 1;
    // Window column of tap column `dx = 0` for output column 0: the window starts on the
    // quad's own (16-byte aligned) staged column, `HALO_X - R` before its first neighbour.
    let shift = HALO_X - R;
    // Recomputed per tile (not hoisted out of the tile loop, where it would stay live).
    let t = opaque(thread_index());
    let (x0, y0) = (4 * (t % QUADS) as usize, ROWS * (t / QUADS) as usize);
    let [_, ny, nx] = p.shape;
    let (oy, ox) = (at.origin[1], at.origin[2]);
    // Grid coordinates of staged row `r` and window column `c` of this thread.
    let grid_row = |r: usize| (oy + (y0 + r) as u64) as i64 - R as i64;
    let grid_col = |c: usize| (ox + (x0 + c) as u64) as i64 - HALO_X as i64;
    let row_ok = |r: usize| (0..ny as i64).contains(&grid_row(r));
    let col_ok = |c: usize| (0..nx as i64).contains(&grid_col(c));
    // SAFETY: row `y0` column `x0` of the staged tile.
    let first = unsafe { tile.add(y0 * pitch + x0) };
    let mut acc = [[p.s.zero(); 4]; ROWS];
    // Staged rows `0 .. ROWS + 2R` (at most 8), output rows `i < 4`, tap columns `dx < 2R + 1`
    // (at most 5) and output columns `j < 4`: window columns `shift + j + dx < 12`.
    unroll!(r in ROWS + 2 * R; 0 1 2 3 4 5 6 7; {
        // SAFETY: staged row `y0 + r`, columns `x0 .. x0 + WINDOW <= pitch`, 16-byte aligned
        // (the stage, the pitch and `x0` are multiples of 16 bytes).
        let win: [T; WINDOW] = unsafe { load_full(first.add(r * pitch)) };
        let row_in = !CHECKED || row_ok(r);
        unroll!(i in ROWS; 0 1 2 3; {
            // Output row `i` reads staged rows `i ..= i + 2R` (dy = r - i - R).
            if r >= i && r <= i + 2 * R {
                // SAFETY: weight row `dy = r - i <= 2R`, 16-byte aligned.
                let wrow: [T; WEIGHT_ROW] =
                    unsafe { load_full(weights.add(r.saturating_sub(i) * WEIGHT_ROW)) };
                unroll!(dx in side; 0 1 2 3 4; {
                    let w = wrow[dx];
                    unroll!(j in 4; 0 1 2 3; {
                        let c = (shift + j + dx).min(WINDOW - 1);
                        if !CHECKED || (row_in && col_ok(c)) {
                            acc[i][j] = p.s.add(acc[i][j], p.s.mul(w, win[c]));
                        }
                    });
                });
            }
        });
    });
    unroll!(i in ROWS; 0 1 2 3; {
        let gy = oy + (y0 + i) as u64;
        unroll!(j in 4; 0 1 2 3; {
            let gx = ox + (x0 + j) as u64;
            if at.inner || (gy < ny && gx < nx) {
                // SAFETY: inside the grid; one writer per point.
                unsafe { p.y.add((gy * nx + gx) as usize).write(acc[i][j]) };
            }
        });
    });
}

/// `stencil_box2d_r2` (the 5 × 5 box) for each pair of `for_each_stencil_box_instance!`. A 3 × 3 kernel
/// (`R = 1`) was slower than the general 2D kernel (H100, 8192² f32 with `Clamp`: 0.388 ms
/// against 0.287) and is not instantiated.
macro_rules! stencil_box_entry_points {
    ($( ($st:ident: $s:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        stencil_entry!(stencil_box2d_r2, $st: $s, $tt: $t, stencil_box::<$t, $s, { STENCIL_BOX_RADIUS }>);
    )* };
}
crate::for_each_stencil_box_instance!(stencil_box_entry_points);
