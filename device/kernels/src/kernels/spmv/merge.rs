//! Nonzero-balanced SpMV over COO, the warp-level combine it uses, and the fix-up that
//! finishes rows crossing tiles (for COO's warp tiles and the CSR merge kernel's block
//! tiles, `csr_merge.rs`).
//!
//! COO: each warp owns `MERGE_TILE` consecutive nonzeros, each lane `MERGE_ITEMS` of them,
//! folding products into the open row and finishing a row where the row index changes. Rows
//! a lane finishes after its first are complete inside the lane and go straight to `y`. The
//! lane's first finished row may have begun in lower lanes: a segmented inclusive scan
//! (keyed by row) over the lanes' open-row carries gives each lane the fold of that row's
//! earlier pieces, combined on the left. Rows crossing the warp's edges leave a head piece
//! (the row it finishes that began in an earlier tile) and a tail piece (the row open at its
//! end) for [`fixup`], which folds them in tile order.

use super::common::{product, store, warp_row_scan};
use crate::params::spmv::{SpmvCarry, SpmvFixupParams, SpmvMergeParams};
use crate::policy::common::{Partial, BLOCK_WARPS, WARP_THREADS};
use crate::policy::spmv::{MERGE_ITEMS, MERGE_TILE};
use crate::thread::{block_index, grid_blocks, lane, warp_index};
use crate::warp::{ballot, inclusive_scan, shuffle_idx, shuffle_up};
use parallaxis_core::{Semiring, SemiringAdd, SparseIndex};
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

/// COO with sorted rows, one warp tile of nonzeros per warp (see [`SpmvMergeParams`]). The
/// launcher has already set `y` to zero (or kept it, to accumulate) and passes
/// `accumulate = 1`, so rows without entries are right and finished rows combine into `y`.
///
/// PTX: `parallax_spmv_coo_u32__<S>__<T>`, `parallax_spmv_coo_u64__<S>__<T>`.
///
/// # Safety
/// A validated COO matrix; `heads`/`tails` of `tiles` slots; a grid of `ceil(tiles / 8)`
/// blocks of `BLOCK_THREADS`.
#[inline(always)]
pub(crate) unsafe fn coo<T: Copy, I: SparseIndex, S: Semiring<T>>(p: SpmvMergeParams<T, I, S>) {
    let w = block_index() * BLOCK_WARPS as u64 + warp_index() as u64;
    if w >= p.tiles {
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
        acc = s.add(acc, unsafe {
            product::<T, I, S, false>(s, p.col, p.val, p.x, k as usize)
        });
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

/// The warp-level combine of the COO kernel: a segmented scan of the lanes' open-row
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
    let row = walk.end_row;
    let v = warp_row_scan(s, row, walk.end_val);
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
        let none = SpmvCarry::none(s.zero());
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

/// Finishes the rows that cross tiles (see [`SpmvFixupParams`]). Each thread reads one
/// tile's tail slot; a row that began there and ends in the next tile (the common case: on
/// the power-law matrix of `peers.cu` all but the longest rows) is that tail folded with the
/// next tile's head, done by the thread. A longer row is folded by the whole warp, 32 tiles
/// at a time (a whole-tile middle contributes its tail, the tile finishing the row its
/// head), in tile order.
///
/// PTX: `parallax_spmv_fixup__<S>__<T>`.
///
/// # Safety
/// `heads`/`tails` written by the merge or COO kernel for `tiles` tiles; `BLOCK_THREADS`
/// threads.
#[inline(always)]
pub(crate) unsafe fn fixup<T: Copy, S: Semiring<T>>(p: SpmvFixupParams<T, S>) {
    let s = p.s;
    let me = lane();
    let warp_tiles = u64::from(WARP_THREADS);
    let stride = grid_blocks() * BLOCK_WARPS as u64 * warp_tiles;
    let mut base = (block_index() * BLOCK_WARPS as u64 + warp_index() as u64) * warp_tiles;
    while base < p.tiles {
        let w = base + u64::from(me);
        let none = SpmvCarry::none(s.zero());
        // SAFETY: `w < tiles`.
        let tail = if w < p.tiles {
            unsafe { p.tails.add(w as usize).read() }
        } else {
            none
        };
        let begins = tail.valid != 0 && tail.began != 0;
        // SAFETY: `w + 1 < tiles`.
        let head = if begins && w + 1 < p.tiles {
            unsafe { p.heads.add(w as usize + 1).read() }
        } else {
            none
        };
        let next_head = head.valid != 0;
        if next_head {
            let row = s.add(tail.value, head.value);
            // SAFETY: a validated row index, below `nrows`.
            unsafe { store(s, p.y.add(tail.row as usize), row, p.accumulate) };
        }
        let mut long = ballot(begins && !next_head);
        while long != 0 {
            let first = long.trailing_zeros();
            long &= long - 1;
            let row = shuffle_idx(tail.row, first);
            let acc = shuffle_idx(tail.value, first);
            // SAFETY: tile `base + first` began a row that continues (`tiles` slots).
            let acc = unsafe { fold_following(&p, base + u64::from(first) + 1, acc) };
            if me == 0 {
                // SAFETY: a validated row index, below `nrows`.
                unsafe { store(s, p.y.add(row as usize), acc, p.accumulate) };
            }
        }
        base += stride;
    }
}

/// `acc` followed by the pieces of its row in tiles `from, from + 1, ...`: whole-tile middles
/// (their tails) up to the tile whose head finishes the row; 32 tiles per step, by the warp.
///
/// # Safety
/// All 32 lanes call it; `heads`/`tails` hold `tiles` slots.
#[inline(always)]
unsafe fn fold_following<T: Copy, S: Semiring<T>>(
    p: &SpmvFixupParams<T, S>,
    from: u64,
    acc: T,
) -> T {
    let s = p.s;
    let m = SemiringAdd(s);
    let me = lane();
    let mut acc = acc;
    let mut base = from;
    loop {
        let at = base + u64::from(me);
        let (piece, stop) = if at < p.tiles {
            // SAFETY: `at < tiles`.
            let head = unsafe { p.heads.add(at as usize).read() };
            if head.valid != 0 {
                (head.value, true)
            } else {
                // SAFETY: `at < tiles`.
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
            return acc;
        }
        base += u64::from(WARP_THREADS);
    }
}
