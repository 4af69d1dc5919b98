//! Block reduce: the ordered fold of one value per warp.

use crate::policy::common::{BlockShared, Partial, BLOCK_WARPS, WARP_THREADS};
use crate::thread::{lane, sync_threads, thread_index, warp_index};
use parallaxis_core::Monoid;

/// Folds the warps' values in warp order; `per_warp` must be each warp's value in its last
/// lane (where [`crate::warp::reduce`] leaves it). The result is valid in thread 0.
///
/// # Safety
/// `shared` must be this block's dynamic shared memory holding a `BlockShared<T>`; every
/// thread of the block calls this (it contains a barrier), and no thread reads
/// `shared.warps` concurrently from an earlier phase.
#[inline(always)]
pub unsafe fn fold_warps<T: Copy, M: Monoid<T>>(
    m: M,
    per_warp: Partial<T>,
    shared: *mut BlockShared<T>,
) -> Partial<T> {
    let w = warp_index();
    if lane() == WARP_THREADS - 1 {
        // SAFETY: `w < BLOCK_WARPS`; each warp writes only its own slot.
        unsafe { (*shared).warps[w] = per_warp };
    }
    // SAFETY: reached by every thread of the block (caller contract).
    unsafe { sync_threads() };
    let mut total = Partial::none(m.identity());
    if thread_index() == 0 {
        for w in 0..BLOCK_WARPS {
            // SAFETY: the barrier above ordered every slot's write before these reads.
            let p = unsafe { (*shared).warps[w] };
            total = total.join(m, p);
        }
    }
    total
}
