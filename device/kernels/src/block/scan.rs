//! Block exclusive scan of one value per thread, in thread order.

use crate::policy::common::{BlockShared, Partial, BLOCK_WARPS, WARP_THREADS};
use crate::thread::{lane, sync_threads, warp_index};
use crate::warp;
use parallaxis_core::Monoid;

/// Returns `(exclusive, total)` for every thread: `exclusive` folds the values of all lower
/// threads (absent for thread 0 and whenever they are all absent), `total` folds the whole
/// block. One warp scan, one barrier, then each thread folds the 8 warp totals itself (7
/// combines, cheaper than a second shuffle round and barrier).
///
/// # Safety
/// `shared` must be this block's dynamic shared memory holding a `BlockShared<T>`; every
/// thread of the block calls this, and `shared.warps` is not read concurrently from an
/// earlier phase.
#[inline(always)]
pub unsafe fn exclusive_scan<T: Copy, M: Monoid<T>>(
    m: M,
    x: Partial<T>,
    shared: *mut BlockShared<T>,
) -> (Partial<T>, Partial<T>) {
    let me = lane();
    let w = warp_index();
    let inclusive = warp::inclusive_scan(m, x);
    let below = warp::shuffle_up(inclusive, 1);
    let lane_exclusive = if me == 0 {
        Partial::none(m.identity())
    } else {
        below
    };
    if me == WARP_THREADS - 1 {
        // SAFETY: `w < BLOCK_WARPS`; each warp writes only its own slot.
        unsafe { (*shared).warps[w] = inclusive };
    }
    // SAFETY: reached by every thread of the block (caller contract).
    unsafe { sync_threads() };
    let mut before = Partial::none(m.identity());
    let mut total = Partial::none(m.identity());
    for i in 0..BLOCK_WARPS {
        // SAFETY: the barrier ordered every slot's write before this read.
        let p = unsafe { (*shared).warps[i] };
        if i < w {
            before = before.join(m, p);
        }
        total = total.join(m, p);
    }
    (before.join(m, lane_exclusive), total)
}

/// Returns `(exclusive, total)` of one 32-bit count per thread, in thread order: the plain
/// sum of the counts of all lower threads and of the whole block. The counts' own scan, for
/// kernels whose per-thread counts are never absent and whose block total fits 32 bits (a
/// selection's tile): one shuffle per warp step instead of [`exclusive_scan`]'s word pairs
/// and validity flags.
///
/// # Safety
/// `warp_totals` points to this block's shared memory, one `u32` per warp; every thread of
/// the block calls this, and no earlier phase still reads `warp_totals`.
#[inline(always)]
pub unsafe fn exclusive_count(x: u32, warp_totals: *mut [u32; BLOCK_WARPS]) -> (u32, u32) {
    let me = lane();
    let w = warp_index();
    let mut inclusive = x;
    let mut delta = 1;
    while delta < WARP_THREADS {
        let lower = warp::shuffle_up(inclusive, delta);
        if me >= delta {
            inclusive += lower;
        }
        delta *= 2;
    }
    if me == WARP_THREADS - 1 {
        // SAFETY: `w < BLOCK_WARPS`; each warp writes only its own slot.
        unsafe { (*warp_totals)[w] = inclusive };
    }
    // SAFETY: reached by every thread of the block (caller contract).
    unsafe { sync_threads() };
    let mut before = 0;
    let mut total = 0;
    for i in 0..BLOCK_WARPS {
        // SAFETY: the barrier ordered every slot's write before this read.
        let t = unsafe { (*warp_totals)[i] };
        if i < w {
            before += t;
        }
        total += t;
    }
    (before + inclusive - x, total)
}
