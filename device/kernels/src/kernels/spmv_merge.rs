//! Nonzero-balanced SpMV: merge-based CSR (Merrill & Garland 2016) and COO, plus the fix-up
//! that finishes rows crossing warp tiles.
//!
//! Each warp owns `MERGE_TILE` consecutive items (CSR: of the merge path of `nrows` row ends
//! and `nnz` nonzeros, so an empty row costs one item and a 20000-entry row is spread over
//! many warps; COO: of the nonzeros). Each lane walks `MERGE_ITEMS` consecutive items,
//! folding products into the open row and finishing a row at its row-end item (CSR) or where
//! the row index changes (COO). Rows a lane finishes after its first are complete inside
//! the lane and go straight to `y`. The lane's first finished row may have begun in lower
//! lanes: a segmented inclusive scan (keyed by row) over the lanes' open-row carries gives
//! each lane the fold of that row's earlier pieces, combined on the left. Rows crossing the
//! warp's edges leave a head piece (the row it finishes that began in an earlier tile) and a
//! tail piece (the row open at its end) for [`fixup`], which folds them in tile order.

use super::spmv::{product, store};
use crate::params_spmv::{
    spmv_merge_warp_bytes, SpmvCarry, SpmvFixupParams, SpmvMergeParams, MERGE_ITEMS, MERGE_TILE,
};
use crate::simt::{block_index, dynamic_shared_at, grid_blocks, lane, sync_warp, warp_index};
use crate::tuning::{Partial, BLOCK_WARPS, WARP_THREADS};
use crate::warp::{ballot, inclusive_scan, shuffle_idx, shuffle_up};
use parallax_core::{Semiring, SemiringAdd, SparseIndex};

/// What a lane's walk leaves for the warp-level combine.
#[derive(Clone, Copy)]
struct LaneWalk<T> {
    /// The row open when the lane started.
    start_row: u64,
    /// 1 when the lane finished at least one row; its first (`start_row`) is deferred.
    first_done: bool,
    /// The lane's own fold of its first finished row.
    first_val: T,
    /// The row open when the lane stopped (`u64::MAX` or `nrows` past the end).
    end_row: u64,
    /// The lane's fold of the open row.
    end_val: T,
}

/// Where the warp's tile begins and ends, relative to rows.
#[derive(Clone, Copy)]
struct TileEdges {
    /// The row open at the tile's start.
    first_row: u64,
    /// `first_row` has items before this tile.
    started_before: bool,
    /// The row open at the tile's end.
    last_row: u64,
    /// `last_row` has items in this or earlier tiles and more after it.
    continues: bool,
}

/// Finishes row `row` with this lane's fold `t`: the lane's first finished row is deferred
/// until the warp scan; later ones are complete inside the lane and stored.
///
/// # Safety
/// `row < nrows`.
#[inline(always)]
unsafe fn finish_row<T: Copy, I, S: Semiring<T>>(
    p: &SpmvMergeParams<T, I, S>,
    walk: &mut LaneWalk<T>,
    row: u64,
    t: T,
) {
    if walk.first_done {
        // SAFETY: `row < nrows` (caller).
        unsafe { store(p.s, p.y.add(row as usize), t, p.accumulate) };
    } else {
        walk.first_done = true;
        walk.first_val = t;
    }
}

/// The merge-path coordinate (rows finished, nonzeros consumed) at `diagonal`: the row end
/// of row `i` (`row_ptr[i + 1]`) precedes nonzero `j` iff `row_ptr[i + 1] <= j`.
///
/// # Safety
/// `row_ptr` readable for `nrows + 1`; `diagonal <= nrows + nnz`.
#[inline(always)]
unsafe fn merge_search<I: SparseIndex>(row_ptr: *const I, nrows: u64, nnz: u64, d: u64) -> u64 {
    let mut lo = d.saturating_sub(nnz);
    let mut hi = d.min(nrows);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        // SAFETY: `mid < hi <= nrows`, so `mid + 1 <= nrows`.
        let end = unsafe { row_ptr.add(mid as usize + 1).read() }.to_usize() as u64;
        if end < d - mid {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// `row_ptr[i]` as `u64`.
///
/// # Safety
/// `i <= nrows`.
#[inline(always)]
unsafe fn ptr_at<I: SparseIndex>(row_ptr: *const I, i: u64) -> u64 {
    // SAFETY: caller contract.
    unsafe { row_ptr.add(i as usize).read() }.to_usize() as u64
}

/// Merge-based CSR, one warp tile per warp (see [`SpmvMergeParams`]).
///
/// The warp first stages its tile in shared memory (CUB's `AgentSpmv` does the same per
/// block): two merge-path searches in global memory (the tile's two ends, lanes 0 and 1)
/// instead of one per lane, then the tile's products `val[j] · x[col[j]]` and row ends, each
/// lane loading every 32nd one so the loads are coalesced and independent. Each lane then
/// finds its own start in the staged row ends and walks its items out of shared memory. The
/// per-lane version (a global binary search per lane, then a walk of dependent loads) had
/// 77% of its warp stalls on `long_scoreboard` (ncu, H100, power-law matrix).
///
/// # Safety
/// A validated CSR matrix; `heads`/`tails` of `warps` slots; grid of `ceil(warps / 8)` blocks
/// of `BLOCK_THREADS` with `spmv_merge_shared_bytes::<T>()` bytes of dynamic shared memory.
#[inline(always)]
pub(crate) unsafe fn csr_merge<T: Copy, I: SparseIndex, S: Semiring<T>>(
    p: SpmvMergeParams<T, I, S>,
) {
    let w = block_index() * BLOCK_WARPS as u64 + warp_index() as u64;
    if w >= p.warps {
        return; // the whole warp
    }
    let s = p.s;
    let me = u64::from(lane());
    let total = p.nrows + p.nnz;
    let d0 = (w * MERGE_TILE).min(total);
    let d1 = (d0 + MERGE_TILE).min(total);
    let edge = if me == 0 { d0 } else { d1 };
    let found = if me < 2 {
        // SAFETY: `edge <= total`.
        unsafe { merge_search(p.rows, p.nrows, p.nnz, edge) }
    } else {
        0
    };
    let (i0, i1) = (shuffle_idx(found, 0), shuffle_idx(found, 1));
    let (j0, j1) = (d0 - i0, d1 - i1);
    // SAFETY: this warp's own region of the launch's dynamic shared memory.
    let (prods, ends) = unsafe { warp_stage::<T>() };
    for k in 0..MERGE_ITEMS {
        let j = j0 + me + k * u64::from(WARP_THREADS);
        if j < j1 {
            // SAFETY: `j < j1 <= nnz`; slot `j - j0 < MERGE_TILE`.
            unsafe {
                prods
                    .add((j - j0) as usize)
                    .write(product(s, p.col, p.val, p.x, j as usize))
            };
        }
    }
    // Row ends of rows i0 ..= i1 (those below `nrows`), relative to j0 and capped at
    // MERGE_TILE + 1: inside the tile a lane compares them with j - j0 <= MERGE_TILE only.
    let last_row = i1.min(p.nrows.saturating_sub(1));
    for k in 0..=MERGE_ITEMS {
        let i = i0 + me + k * u64::from(WARP_THREADS);
        if i <= last_row && i < p.nrows {
            // SAFETY: `i + 1 <= nrows`; slot `i - i0 <= MERGE_TILE` (a tile holds at most
            // MERGE_TILE row ends).
            unsafe {
                let end = ptr_at(p.rows, i + 1);
                ends.add((i - i0) as usize)
                    .write((end - j0).min(MERGE_TILE + 1) as u32);
            }
        }
    }
    // SAFETY: the whole warp is here (`w` is uniform in the warp).
    unsafe { sync_warp() };
    // The row end of row `i` (i0 <= i < nrows, i <= i1), relative to j0.
    // SAFETY (both closures): staged above, before the warp barrier.
    let end_at = |i: u64| u64::from(unsafe { ends.add((i - i0) as usize).read() });
    let d = (d0 + me * MERGE_ITEMS).min(d1);
    let count = d1 - d;
    // This lane's start: rows i0 ..= i1 whose end lies before diagonal d (as `merge_search`,
    // over the staged ends: `end(i) < d - i`, with end(i) = j0 + end_at(i)).
    let (mut lo, mut hi) = (i0, i1.min(d - j0));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if j0 + end_at(mid) < d - mid {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    let mut i = lo;
    let mut j = d - i;
    let mut walk = LaneWalk {
        start_row: i,
        first_done: false,
        first_val: s.zero(),
        end_row: i,
        end_val: s.zero(),
    };
    let mut acc = s.zero();
    let mut row_end = if i < p.nrows { j0 + end_at(i) } else { p.nnz };
    let mut n = 0;
    while n < count.min(MERGE_ITEMS) {
        if j < row_end {
            // SAFETY: `j0 <= j < j1`, staged.
            acc = s.add(acc, unsafe { prods.add((j - j0) as usize).read() });
            j += 1;
        } else {
            // SAFETY: a row-end item exists only for `i < nrows`.
            unsafe { finish_row(&p, &mut walk, i, acc) };
            acc = s.zero();
            i += 1;
            if i < p.nrows {
                row_end = j0 + end_at(i);
            }
        }
        n += 1;
    }
    walk.end_row = i;
    walk.end_val = acc;
    // SAFETY: `i0`, `i1` index row pointers only when below `nrows`.
    let edges = unsafe {
        TileEdges {
            first_row: i0,
            started_before: i0 < p.nrows && j0 > ptr_at(p.rows, i0),
            last_row: i1,
            continues: i1 < p.nrows && j1 > ptr_at(p.rows, i1),
        }
    };
    // SAFETY: slots `w` exist; finished rows are below `nrows`.
    unsafe { combine_warp(&p, w, walk, edges) };
}

/// This warp's staging area of the CSR merge kernel: `MERGE_TILE` products, then
/// `MERGE_TILE + 1` row ends (see `params_spmv::spmv_merge_shared_bytes`).
///
/// # Safety
/// The launch provides `spmv_merge_shared_bytes::<T>()` bytes of dynamic shared memory.
#[inline(always)]
unsafe fn warp_stage<T>() -> (*mut T, *mut u32) {
    let base = warp_index() * spmv_merge_warp_bytes::<T>();
    // SAFETY: inside the launch's dynamic shared memory (caller contract); the products
    // start at a multiple of 16 bytes and the ends after `MERGE_TILE` products.
    unsafe {
        let prods = dynamic_shared_at::<T>(base);
        let ends = prods.add(MERGE_TILE as usize).cast::<u32>();
        (prods, ends)
    }
}

/// COO with sorted rows, one warp tile of nonzeros per warp (see [`SpmvMergeParams`]). The
/// launcher has already set `y` to zero (or kept it, to accumulate) and passes
/// `accumulate = 1`, so rows without entries are right and finished rows combine into `y`.
///
/// # Safety
/// A validated COO matrix; as [`csr_merge`].
#[inline(always)]
pub(crate) unsafe fn coo<T: Copy, I: SparseIndex, S: Semiring<T>>(p: SpmvMergeParams<T, I, S>) {
    let w = block_index() * BLOCK_WARPS as u64 + warp_index() as u64;
    if w >= p.warps {
        return; // the whole warp
    }
    let s = p.s;
    // SAFETY (for every `row_at` below): the argument is below `nnz`.
    let row_at = |k: u64| unsafe { p.rows.add(k as usize).read() }.to_usize() as u64;
    let k0 = (w * MERGE_TILE + u64::from(lane()) * MERGE_ITEMS).min(p.nnz);
    let k1 = (k0 + MERGE_ITEMS).min(p.nnz);
    let start_row = if k0 < p.nnz { row_at(k0) } else { u64::MAX };
    let mut walk = LaneWalk {
        start_row,
        first_done: false,
        first_val: s.zero(),
        end_row: start_row,
        end_val: s.zero(),
    };
    let mut acc = s.zero();
    let mut row = start_row;
    let mut k = k0;
    while k < k1 {
        // SAFETY: `k < nnz`.
        acc = s.add(acc, unsafe { product(s, p.col, p.val, p.x, k as usize) });
        let next = if k + 1 < p.nnz {
            row_at(k + 1)
        } else {
            u64::MAX
        };
        if next != row {
            // SAFETY: `row` is a validated row index, below `nrows`.
            unsafe { finish_row(&p, &mut walk, row, acc) };
            acc = s.zero();
            row = next;
        }
        k += 1;
    }
    walk.end_row = row;
    walk.end_val = acc;
    let t0 = (w * MERGE_TILE).min(p.nnz);
    let t1 = (t0 + MERGE_TILE).min(p.nnz);
    let edges = TileEdges {
        first_row: if t0 < p.nnz { row_at(t0) } else { u64::MAX },
        started_before: t0 > 0 && t0 < p.nnz && row_at(t0 - 1) == row_at(t0),
        last_row: if t1 < p.nnz { row_at(t1) } else { u64::MAX },
        continues: t1 > 0 && t1 < p.nnz && row_at(t1 - 1) == row_at(t1),
    };
    // SAFETY: slots `w` exist; finished rows are below `nrows`.
    unsafe { combine_warp(&p, w, walk, edges) };
}

/// The warp-level combine shared by CSR and COO: a segmented scan of the lanes' open-row
/// carries, the deferred first rows, and the tile's head and tail slots.
///
/// # Safety
/// All 32 lanes call it; slot `w` of `heads`/`tails` exists; every finished row < `nrows`.
#[inline(always)]
unsafe fn combine_warp<T: Copy, I, S: Semiring<T>>(
    p: &SpmvMergeParams<T, I, S>,
    w: u64,
    walk: LaneWalk<T>,
    edges: TileEdges,
) {
    let s = p.s;
    let me = lane();
    // Inclusive segmented scan of (end_row, end_val): lower lanes' pieces of the same row
    // combine on the left (rows are non-decreasing across lanes).
    let row = walk.end_row;
    let mut v = walk.end_val;
    let mut delta = 1;
    while delta < WARP_THREADS {
        let (lower_row, lower_v) = (shuffle_up(row, delta), shuffle_up(v, delta));
        if me >= delta && lower_row == row {
            v = s.add(lower_v, v);
        }
        delta *= 2;
    }
    // The lower lane's scanned carry is the earlier part of this lane's start row.
    let (carry_row, carry_v) = (shuffle_up(row, 1), shuffle_up(v, 1));
    let done = ballot(walk.first_done);
    let first_lane = done.trailing_zeros(); // 32 when no lane finished a row
    if walk.first_done {
        let t = if me > 0 && carry_row == walk.start_row {
            s.add(carry_v, walk.first_val)
        } else {
            walk.first_val
        };
        if me == first_lane && edges.started_before {
            let head = SpmvCarry {
                row: edges.first_row,
                value: t,
                valid: 1,
                began: 0,
            };
            // SAFETY: slot `w` exists (caller).
            unsafe { p.heads.add(w as usize).write(head) };
        } else {
            // SAFETY: a finished row, below `nrows`.
            unsafe { store(s, p.y.add(walk.start_row as usize), t, p.accumulate) };
        }
    }
    if me == 0 && !(done != 0 && edges.started_before) {
        let none = SpmvCarry {
            row: 0,
            value: s.zero(),
            valid: 0,
            began: 0,
        };
        // SAFETY: slot `w` exists (caller).
        unsafe { p.heads.add(w as usize).write(none) };
    }
    if me == WARP_THREADS - 1 {
        let tail = SpmvCarry {
            row: edges.last_row,
            value: v,
            valid: u32::from(edges.continues),
            began: u32::from(done != 0 || !edges.started_before),
        };
        // SAFETY: slot `w` exists (caller).
        unsafe { p.tails.add(w as usize).write(tail) };
    }
}

/// Finishes the rows that cross warp tiles (see [`SpmvFixupParams`]): for a tile whose tail
/// began a row, fold that tail, then 32 tiles at a time the following pieces (a whole-tile
/// middle contributes its tail, the tile finishing the row its head), in tile order.
///
/// # Safety
/// `heads`/`tails` written by the merge or COO kernel for `warps` tiles; `BLOCK_THREADS`
/// threads.
#[inline(always)]
pub(crate) unsafe fn fixup<T: Copy, S: Semiring<T>>(p: SpmvFixupParams<T, S>) {
    let s = p.s;
    let m = SemiringAdd(s);
    let me = lane();
    let stride = grid_blocks() * BLOCK_WARPS as u64;
    let mut w = block_index() * BLOCK_WARPS as u64 + warp_index() as u64;
    while w < p.warps {
        // SAFETY: `w < warps`.
        let tail = unsafe { p.tails.add(w as usize).read() };
        if tail.valid != 0 && tail.began != 0 {
            let mut acc = tail.value;
            let mut base = w + 1;
            loop {
                let at = base + u64::from(me);
                let (piece, stop) = if at < p.warps {
                    // SAFETY: `at < warps`.
                    let head = unsafe { p.heads.add(at as usize).read() };
                    if head.valid != 0 {
                        (head.value, true)
                    } else {
                        // SAFETY: `at < warps`.
                        (unsafe { p.tails.add(at as usize).read() }.value, false)
                    }
                } else {
                    (s.zero(), true)
                };
                let stops = ballot(stop);
                let last = if stops != 0 {
                    stops.trailing_zeros()
                } else {
                    WARP_THREADS - 1
                };
                let mine = if me <= last {
                    Partial::some(piece)
                } else {
                    Partial::none(piece)
                };
                let folded = shuffle_idx(inclusive_scan(m, mine), last);
                acc = s.add(acc, folded.value);
                if stops != 0 {
                    break;
                }
                base += u64::from(WARP_THREADS);
            }
            if me == 0 {
                // SAFETY: a validated row index, below `nrows`.
                unsafe { store(s, p.y.add(tail.row as usize), acc, p.accumulate) };
            }
        }
        w += stride;
    }
}
