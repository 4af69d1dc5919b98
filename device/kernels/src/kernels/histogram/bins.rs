//! A block's private bins in shared memory, and the output counters they merge into.

use crate::policy::common::BLOCK_THREADS;
use crate::thread::atomic_add::{red_add_global_u32, red_add_global_u64, red_add_shared_u32};
use crate::thread::{sync_threads, thread_index, warp_index};

/// An output counter type: `u32` or `u64`, added to with a global `red`.
pub(crate) trait Counter: Copy {
    /// `*p += v` device-wide.
    ///
    /// # Safety
    /// `p` points to a live, aligned counter in global memory.
    unsafe fn add(p: *mut Self, v: u32);
}

impl Counter for u32 {
    #[inline(always)]
    unsafe fn add(p: *mut Self, v: u32) {
        // SAFETY: as the caller guarantees.
        unsafe { red_add_global_u32(p, v) }
    }
}

impl Counter for u64 {
    #[inline(always)]
    unsafe fn add(p: *mut Self, v: u32) {
        // SAFETY: as the caller guarantees.
        unsafe { red_add_global_u64(p, u64::from(v)) }
    }
}

/// `bins` `u32` counters in shared memory at `base`, `copies` sets per block (one per warp,
/// or one): each thread counts into its warp's set, the merge adds them up.
#[derive(Clone, Copy)]
pub(super) struct SharedBins {
    base: *mut u32,
    bins: u32,
    copies: u32,
    /// This thread's set.
    mine: *mut u32,
}

impl SharedBins {
    /// Zeroes the block's bins; every thread of the block calls it (a barrier follows).
    ///
    /// # Safety
    /// `base` points to `bins * copies` `u32` of this block's shared memory; `copies` is 1 or
    /// the block's warp count.
    #[inline(always)]
    pub(super) unsafe fn zeroed(base: *mut u32, bins: u32, copies: u32) -> Self {
        let all = bins * copies;
        let set = if copies == 1 { 0 } else { warp_index() };
        let mut b = thread_index();
        while b < all {
            // SAFETY: `b < bins`, inside the block's bins.
            unsafe { base.add(b as usize).write(0) };
            b += BLOCK_THREADS;
        }
        // SAFETY: every thread of the block reaches this barrier.
        unsafe { sync_threads() };
        Self {
            base,
            bins,
            copies,
            // SAFETY: `set < copies`: the set is inside the bins.
            mine: unsafe { base.add(set * bins as usize) },
        }
    }

    /// Counts one sample in bin `b < bins`.
    #[inline(always)]
    pub(super) fn count(self, b: u32) {
        // SAFETY: `b < bins` (the caller's bin functions never give more): inside this
        // thread's set, in shared memory.
        unsafe { red_add_shared_u32(self.mine.add(b as usize), 1) }
    }

    /// Adds the block's non-zero bins to `counts`; every thread of the block calls it.
    ///
    /// # Safety
    /// `counts` holds `bins` live counters in global memory.
    #[inline(always)]
    pub(super) unsafe fn merge_into<C: Counter>(self, counts: *mut C) {
        // SAFETY: every thread of the block reaches this barrier, after its last count.
        unsafe { sync_threads() };
        let mut b = thread_index();
        while b < self.bins {
            let mut c = 0u32;
            for s in 0..self.copies {
                // SAFETY: `b < bins`, `s < copies`: inside the shared bins.
                c += unsafe { self.base.add((s * self.bins + b) as usize).read() };
            }
            if c != 0 {
                // SAFETY: `b < bins`: inside the counters.
                unsafe { C::add(counts.add(b as usize), c) };
            }
            b += BLOCK_THREADS;
        }
    }
}
