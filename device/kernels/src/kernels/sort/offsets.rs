//! The scan of the radix sort's histograms: per pass, each bin's first destination (the
//! exclusive scan of the counts over bins), by one block, a thread per bin.

use crate::block;
use crate::params::sort::RadixOffsetsParams;
use crate::policy::common::{BlockShared, Partial};
use crate::policy::sort::RADIX_BINS;
use crate::thread::{dynamic_shared, sync_threads, thread_index};
use parallaxis_core::Sum;

/// `starts[pass][bin]` = Σ `counts[pass][b]` over `b < bin`.
///
/// PTX: `parallax_radix_offsets__Bins__u64`.
///
/// # Safety
/// `counts` readable and `starts` writable for `passes · 256` `u64`s; one block of
/// `BLOCK_THREADS` threads with `size_of::<BlockShared<u64>>()` bytes of shared memory.
#[inline(always)]
pub(super) unsafe fn radix_offsets(p: RadixOffsetsParams) {
    let t = thread_index() as usize;
    // SAFETY: the launch provides a `BlockShared<u64>` (contract).
    let shared = unsafe { dynamic_shared::<BlockShared<u64>>() };
    for pass in 0..p.passes as usize {
        let at = pass * RADIX_BINS + t;
        // SAFETY: `at < passes · 256`.
        let c = unsafe { p.counts.add(at).read() };
        // SAFETY: every thread calls the block scan.
        let (before, _) = unsafe { block::exclusive_scan(Sum, Partial::some(c), shared) };
        let start = if before.valid != 0 { before.value } else { 0 };
        // SAFETY: as above.
        unsafe { p.starts.add(at).write(start) };
        // SAFETY: every thread; the next scan rewrites the warp totals.
        unsafe { sync_threads() };
    }
}
