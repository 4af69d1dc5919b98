//! Merge-based CSR SpMV with block tiles (Merrill & Garland 2016; CUB's `AgentSpmv` has the
//! same shape): the merge path of `nrows` row ends and `nnz` nonzeros is cut into tiles of
//! `CSR_MERGE_TILE` (2048) items, one per block, so an empty row costs one item and a
//! 20000-entry row is spread over ten blocks.
//!
//! [`merge_coords`] first finds where every tile starts (a 9-way search over the row
//! pointers per tile, 8 lanes each). A block then stages its tile in shared memory: the
//! products `val[j] · x[col[j]]` of its nonzeros and the ends of its rows, each thread
//! loading every 256th one (coalesced, 8-9 independent loads per thread). Each thread finds
//! its own 8 items by a binary search in the staged row ends and walks them, folding
//! products into the open row and keeping the fold of every row it finishes in a register.
//! A segmented scan over the block (keyed by row) gives each thread the fold of the earlier
//! pieces of the row it started in; the finished rows' folds go to shared memory and from
//! there to `y` with coalesced stores. The row the tile starts in, if it began in an earlier
//! tile, and the row still open at its end leave pieces in the tile's head and tail slots for
//! the fix-up (`spmv_merge::fixup`).
//!
//! Per 2048 items the previous kernel (a warp tile of 256 items, each warp searching both of
//! its ends in global memory and storing rows from inside its walk) ran ~13 000 warp
//! instructions; this one runs one search per tile and 32-bit tile-relative arithmetic.

use super::common::{product, store, warp_row_scan};
use crate::params::spmv::{SpmvCarry, SpmvCoordsParams, SpmvMergeParams};
use crate::policy::common::{BLOCK_THREADS, WARP_THREADS};
use crate::policy::spmv::{
    csr_merge_ends_at, csr_merge_warps_at, RowFold, COORDS_LANES, CSR_MERGE_ITEMS, CSR_MERGE_TILE,
};
use crate::thread::{block_index, dynamic_shared_at, lane, sync_threads, thread_index, warp_index};
use crate::warp::{ballot, shuffle_idx, shuffle_up};
use parallaxis_core::{Semiring, SparseIndex};

/// `row_ptr[i]` as `u64`.
///
/// # Safety
/// `i <= nrows`.
#[inline(always)]
unsafe fn ptr_at<I: SparseIndex>(row_ptr: *const I, i: u64) -> u64 {
    // SAFETY: caller contract.
    unsafe { row_ptr.add(i as usize).read() }.to_usize() as u64
}

/// The merge path's rule: row `i`, whose last nonzero is before `end`, has its row-end item
/// before diagonal `d` (that is, among the first `d` items) iff `end < d - i`. In global
/// (`u64`) or tile-relative (`u32`, `end` capped above any `d` of the tile) coordinates.
#[inline(always)]
fn ends_before<N: Copy + PartialOrd + core::ops::Sub<Output = N>>(end: N, d: N, i: N) -> bool {
    end < d - i
}

/// The start of every CSR block tile (see [`SpmvCoordsParams`]): the merge-path coordinate
/// (rows finished) at diagonal `d = min(b · CSR_MERGE_TILE, nrows + nnz)`, the smallest row
/// `i` whose end `row_ptr[i + 1]` is at least `d - i`.
///
/// `COORDS_LANES` lanes search one coordinate together: each step they probe 8 rows spread
/// evenly over the range and keep the ninth between the last probe below the answer and the
/// first above it, so 2^22 rows take 7 dependent loads instead of a binary search's 22.
/// (H100, the power-law matrix of `peers.cu`, 14 536 coordinates: 13.6 µs with one thread
/// per coordinate, under `ncu`.)
///
/// PTX: `parallax_spmv_merge_coords__Index__<I>`.
///
/// # Safety
/// A validated CSR matrix; `coords` writable for `tiles + 1` entries; at least
/// `(tiles + 1) · COORDS_LANES` threads in blocks of `BLOCK_THREADS`.
#[inline(always)]
pub(crate) unsafe fn merge_coords<I: SparseIndex>(p: SpmvCoordsParams<I>) {
    let lanes = u64::from(COORDS_LANES);
    let thread = block_index() * u64::from(BLOCK_THREADS) + u64::from(thread_index());
    let b = thread / lanes;
    let k = thread % lanes;
    let group = (lane() / COORDS_LANES) * COORDS_LANES;
    let group_mask = ((1_u64 << COORDS_LANES) - 1) as u32;
    let active = b <= p.tiles;
    let d = (b * CSR_MERGE_TILE).min(p.nrows + p.nnz);
    let (mut lo, mut hi) = if active {
        (d.saturating_sub(p.nnz), d.min(p.nrows))
    } else {
        (0, 0)
    };
    // The loop runs until no lane of the warp searches, so every ballot sees all 32.
    while ballot(lo < hi) != 0 {
        let searching = lo < hi;
        let len = hi - lo;
        // Probes are non-decreasing in `k`, all in `lo .. hi`.
        let probe = lo + len * (k + 1) / (lanes + 1);
        // SAFETY: `probe < hi <= nrows`, so `probe + 1 <= nrows`.
        let below = searching && ends_before(unsafe { ptr_at(p.row_ptr, probe + 1) }, d, probe);
        let c = u64::from(((ballot(below) >> group) & group_mask).count_ones());
        if searching {
            if c < lanes {
                hi = lo + len * (c + 1) / (lanes + 1);
            }
            if c > 0 {
                lo += len * c / (lanes + 1) + 1;
            }
        }
    }
    if active && k == 0 {
        // SAFETY: `b <= tiles`.
        unsafe { p.coords.add(b as usize).write(lo) };
    }
}

/// The block's staging areas (see `policy::spmv::csr_merge_ends_at`): products (later the
/// finished rows' folds), row ends, one [`RowFold`] per warp.
///
/// # Safety
/// The launch provides `spmv_csr_merge_shared_bytes::<T>()` bytes of dynamic shared memory.
#[inline(always)]
unsafe fn block_stage<T>() -> (*mut T, *mut u32, *mut RowFold<T>) {
    // SAFETY: the three regions lie inside the launch's dynamic shared memory at offsets that
    // are multiples of 16 (caller contract, `policy::spmv`).
    unsafe {
        (
            dynamic_shared_at::<T>(0),
            dynamic_shared_at::<u32>(csr_merge_ends_at::<T>()),
            dynamic_shared_at::<RowFold<T>>(csr_merge_warps_at::<T>()),
        )
    }
}

/// Segmented scan of `(row, v)` over the block in thread order (rows are non-decreasing):
/// returns the thread's inclusive fold (its own and the lower threads' pieces of `row`) and
/// the exclusive one (the lower threads' pieces of the row this thread started in, which the
/// thread below ended in; `None` for thread 0). One barrier, after which no thread reads
/// what it staged before the call.
///
/// # Safety
/// Every thread of the block calls it; `warps` holds `BLOCK_WARPS` slots not in use.
#[inline(always)]
unsafe fn block_row_scan<T: Copy, S: Semiring<T>>(
    s: S,
    row: u32,
    v: T,
    warps: *mut RowFold<T>,
) -> (T, Option<T>) {
    let w = warp_index();
    let mut v = warp_row_scan(s, row, v);
    if lane() == WARP_THREADS - 1 {
        // SAFETY: `w < BLOCK_WARPS`, each warp writes its own slot.
        unsafe { warps.add(w).write(RowFold { row, value: v }) };
    }
    // SAFETY: all threads (caller contract).
    unsafe { sync_threads() };
    // The lower warps' pieces of the row warp w - 1 ended in (this warp's lane 0 started in
    // it): a run of slots ending at w - 1, since a warp that holds the row at its end and at
    // its lane 0 holds nothing else.
    let prior = if w > 0 {
        // SAFETY: the barrier ordered the slots' writes before these reads.
        let mut prior = unsafe { warps.add(w - 1).read() };
        let mut k = w - 1;
        while k > 0 {
            k -= 1;
            // SAFETY: as above.
            let lower = unsafe { warps.add(k).read() };
            if lower.row != prior.row {
                break;
            }
            prior.value = s.add(lower.value, prior.value);
        }
        Some(prior)
    } else {
        None
    };
    // A lane whose run reaches lane 0 and whose row lane 0 started in adds the lower warps.
    let lane0_row = shuffle_idx(row, 0);
    if let Some(pr) = prior {
        if lane0_row == row && pr.row == row {
            v = s.add(pr.value, v);
        }
    }
    let below = shuffle_up(v, 1);
    let exclusive = if lane() > 0 {
        Some(below)
    } else {
        prior.map(|pr| pr.value)
    };
    (v, exclusive)
}

/// Merge-based CSR, one block tile per block (see the module docs and [`SpmvMergeParams`]).
///
/// PTX: `parallax_spmv_csr_merge_u32__<S>__<T>`, `parallax_spmv_csr_merge_u64__<S>__<T>`.
///
/// # Safety
/// A validated CSR matrix; `coords` from [`merge_coords`] for `tiles` tiles; `heads`/`tails`
/// of `tiles` slots; a grid of `tiles` blocks of `BLOCK_THREADS` with
/// `spmv_csr_merge_shared_bytes::<T>()` bytes of dynamic shared memory.
#[inline(always)]
pub(crate) unsafe fn csr_merge<T: Copy, I: SparseIndex, S: Semiring<T>>(
    p: SpmvMergeParams<T, I, S>,
) {
    let s = p.s;
    let b = block_index();
    let t = thread_index();
    let total = p.nrows + p.nnz;
    let d0 = b * CSR_MERGE_TILE;
    let d1 = (d0 + CSR_MERGE_TILE).min(total);
    // SAFETY: `b + 1 <= tiles` entries written by `merge_coords`.
    let (i0, i1) = unsafe {
        (
            p.coords.add(b as usize).read(),
            p.coords.add(b as usize + 1).read(),
        )
    };
    let (j0, j1) = (d0 - i0, d1 - i1);
    // SAFETY: `i0`, `i1` index row pointers only when below `nrows`.
    let (started_before, continues) = unsafe {
        (
            i0 < p.nrows && j0 > ptr_at(p.rows, i0),
            i1 < p.nrows && j1 > ptr_at(p.rows, i1),
        )
    };
    // SAFETY: this block's dynamic shared memory (caller contract).
    let (prods, ends, warps) = unsafe { block_stage::<T>() };
    // Tile-relative from here: at most CSR_MERGE_TILE items, nonzeros and rows.
    let span = (d1 - d0) as u32;
    let nnz_here = (j1 - j0) as u32;
    let rows_done = (i1 - i0) as u32;
    for k in 0..CSR_MERGE_ITEMS as u32 {
        let jl = t + k * BLOCK_THREADS;
        if jl < nnz_here {
            // SAFETY: `j0 + jl < j1 <= nnz`; slot `jl < CSR_MERGE_TILE`.
            unsafe {
                prods.add(jl as usize).write(product::<T, I, S, true>(
                    s,
                    p.col,
                    p.val,
                    p.x,
                    (j0 + u64::from(jl)) as usize,
                ))
            };
        }
    }
    // The end of each of rows i0 ..= i1, relative to j0 and capped at CSR_MERGE_TILE + 1 (a
    // thread compares them with tile-relative positions <= CSR_MERGE_TILE only); rows past
    // the last get the cap, so every row a walk can reach has an entry.
    for k in 0..=CSR_MERGE_ITEMS as u32 {
        let il = t + k * BLOCK_THREADS;
        if il <= rows_done {
            let i = i0 + u64::from(il);
            let end = if i < p.nrows {
                // SAFETY: `i + 1 <= nrows`.
                (unsafe { ptr_at(p.rows, i + 1) } - j0).min(CSR_MERGE_TILE + 1) as u32
            } else {
                CSR_MERGE_TILE as u32 + 1
            };
            // SAFETY: slot `il <= rows_done <= CSR_MERGE_TILE`.
            unsafe { ends.add(il as usize).write(end) };
        }
    }
    // SAFETY: every thread of the block is here (the grid has exactly `tiles` blocks).
    unsafe { sync_threads() };
    // SAFETY (every `end_at`): slots 0 ..= rows_done were staged before the barrier, and a
    // walk only reaches rows up to `rows_done`.
    let end_at = |il: u32| unsafe { ends.add(il as usize).read() };
    // This thread's start: the rows finished before its diagonal (the rule of
    // `merge_coords`, over the staged ends).
    let dl = (t * CSR_MERGE_ITEMS as u32).min(span);
    let (mut lo, mut hi) = (0, rows_done.min(dl));
    while lo < hi {
        let mid = (lo + hi) / 2;
        if ends_before(end_at(mid), dl, mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    let start = lo;
    let count = (span - dl).min(CSR_MERGE_ITEMS as u32);
    let (mut il, mut jl) = (start, dl - start);
    let mut row_end = end_at(il);
    let mut acc = s.zero();
    // Sized for the unroll lists; only the first CSR_MERGE_ITEMS are used (registers).
    let mut fin = [s.zero(); 16];
    let mut finished = 0_u32;
    unroll!(n in CSR_MERGE_ITEMS as usize; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        if (n as u32) < count {
            if jl < row_end {
                // SAFETY: a nonzero of this tile, `jl < nnz_here`, staged.
                acc = s.add(acc, unsafe { prods.add(jl as usize).read() });
                jl += 1;
            } else {
                fin[n] = acc;
                finished |= 1 << n;
                acc = s.zero();
                il += 1;
                row_end = end_at(il);
            }
        }
    });
    // The block scan's first barrier also ends every walk: the products are dead after it.
    // SAFETY: every thread calls it; the warp slots are free.
    let (v, carry) = unsafe { block_row_scan(s, il, acc, warps) };
    // The finished rows are consecutive from `start`: the n-th step's is `start` plus the
    // finishes before it.
    let ys = prods;
    unroll!(n in CSR_MERGE_ITEMS as usize; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        if finished & (1 << n) != 0 {
            let r = start + (finished & ((1 << n) - 1)).count_ones();
            let value = match carry {
                Some(c) if r == start => s.add(c, fin[n]),
                _ => fin[n],
            };
            // SAFETY: `r < rows_done <= CSR_MERGE_TILE`: a finished row of this tile.
            unsafe { ys.add(r as usize).write(value) };
        }
    });
    // SAFETY: every thread of the block.
    unsafe { sync_threads() };
    let mut r = t;
    while r < rows_done {
        // SAFETY: staged above, before the barrier.
        let value = unsafe { ys.add(r as usize).read() };
        if r == 0 && started_before {
            // SAFETY: slot `b < tiles`.
            unsafe {
                p.heads.add(b as usize).write(SpmvCarry {
                    row: i0,
                    value,
                    valid: 1,
                    began: 0,
                })
            };
        } else {
            // SAFETY: `i0 + r < i1 <= nrows`.
            unsafe {
                store(
                    s,
                    p.y.add((i0 + u64::from(r)) as usize),
                    value,
                    p.accumulate,
                )
            };
        }
        r += BLOCK_THREADS;
    }
    if t == 0 && !(started_before && rows_done > 0) {
        let none = SpmvCarry::none(s.zero());
        // SAFETY: slot `b < tiles`.
        unsafe { p.heads.add(b as usize).write(none) };
    }
    if t == BLOCK_THREADS - 1 {
        // The last thread ends in row i1: `v` folds the block's pieces of it.
        let tail = SpmvCarry {
            row: i1,
            value: v,
            valid: u32::from(continues),
            began: u32::from(rows_done > 0 || !started_before),
        };
        // SAFETY: slot `b < tiles`.
        unsafe { p.tails.add(b as usize).write(tail) };
    }
}
