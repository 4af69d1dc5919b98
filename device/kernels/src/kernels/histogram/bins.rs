//! A block's private bins in shared memory, and the output counters they merge into.

use crate::policy::common::BLOCK_THREADS;
use crate::thread::atomic_add::{red_add_global_u32, red_add_global_u64, red_add_shared_u32};
use crate::thread::{sync_threads, thread_index};

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

/// `bins` `u32` counters in shared memory at `base`, one set per block.
#[derive(Clone, Copy)]
pub(super) struct SharedBins {
    base: *mut u32,
    bins: u32,
}

impl SharedBins {
    /// Zeroes the block's bins; every thread of the block calls it (a barrier follows).
    ///
    /// # Safety
    /// `base` points to `bins` `u32` of this block's shared memory.
    #[inline(always)]
    pub(super) unsafe fn zeroed(base: *mut u32, bins: u32) -> Self {
        let mut b = thread_index();
        while b < bins {
            // SAFETY: `b < bins`, inside the block's bins.
            unsafe { base.add(b as usize).write(0) };
            b += BLOCK_THREADS;
        }
        // SAFETY: every thread of the block reaches this barrier.
        unsafe { sync_threads() };
        Self { base, bins }
    }

    /// Counts one sample in bin `b < bins`.
    #[inline(always)]
    pub(super) fn count(self, b: u32) {
        // SAFETY: `b < bins` (the caller's bin functions never give more), in shared memory.
        unsafe { red_add_shared_u32(self.base.add(b as usize), 1) }
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
            // SAFETY: `b < bins`: inside the shared bins and the counters.
            unsafe {
                let c = self.base.add(b as usize).read();
                if c != 0 {
                    C::add(counts.add(b as usize), c);
                }
            }
            b += BLOCK_THREADS;
        }
    }
}
