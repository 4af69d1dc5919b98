//! The upsweep of the radix sort: the histograms of every digit of the keys in one read
//! (Onesweep's first kernel). Blocks loop over the input grid-stride, count into shared
//! counters (`red.shared.add`), and add their counts to the global `[pass][bin]` totals once.

use crate::params::sort::RadixHistParams;
use crate::policy::common::BLOCK_THREADS;
use crate::policy::sort::{RADIX_BINS, RADIX_HIST_ITEMS};
use crate::thread::atomic_add::{red_add_global_u64, red_add_shared_u32};
use crate::thread::{block_index, dynamic_shared, grid_blocks, sync_threads, thread_index};
use core::mem::size_of;
use parallaxis_core::{Order, RadixBits, SortKey};

/// The order of a kernel's `descending` flag.
#[inline(always)]
pub(super) fn order(descending: u32) -> Order {
    if descending != 0 {
        Order::Descending
    } else {
        Order::Ascending
    }
}

/// Adds the counts of every digit of `p.keys` to `p.counts`.
///
/// PTX: `parallax_radix_histogram__Key__<K>`.
///
/// # Safety
/// `keys` readable for `n > 0` keys; `counts` holds `size_of::<K>() · 256` `u64`s; launched
/// with `BLOCK_THREADS` threads and `radix_hist_shared_bytes(size_of::<K>())` bytes of
/// dynamic shared memory.
#[inline(always)]
pub(super) unsafe fn radix_histogram<K: SortKey>(p: RadixHistParams<K>) {
    let passes = size_of::<K>();
    let t = thread_index() as usize;
    // SAFETY: the launch provides `passes · RADIX_BINS` counters (contract).
    let counts = unsafe { dynamic_shared::<u32>() };
    for pass in 0..passes {
        // SAFETY: `pass · 256 + t` is below `passes · 256`.
        unsafe { counts.add(pass * RADIX_BINS + t).write(0) };
    }
    // SAFETY: every thread of the block reaches it.
    unsafe { sync_threads() };
    let (flip, keep): (K::Bits, _) = (order(p.descending).mask(), K::Bits::from_low(p.keep));
    let count = |key: K| {
        let bits = key.order_bits().xor(flip).and(keep);
        for pass in 0..passes {
            let d = bits.digit(8 * pass as u32);
            // SAFETY: `d < 256`, a counter of the launch's shared memory.
            unsafe { red_add_shared_u32(counts.add(pass * RADIX_BINS + d), 1) };
        }
    };
    let tile = (BLOCK_THREADS as usize * RADIX_HIST_ITEMS) as u64;
    let mut base = block_index() * tile;
    // SAFETY: `n > 0`, so key 0 exists.
    let mut keys = [unsafe { p.keys.read() }; RADIX_HIST_ITEMS];
    while base < p.n {
        let at = |j: usize| base as usize + j * BLOCK_THREADS as usize + t;
        if base + tile <= p.n {
            // A whole tile: every read is issued before the first count (a bound check per
            // key kept them one at a time).
            unroll!(j in RADIX_HIST_ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
                // SAFETY: `at(j) < base + tile <= n`.
                keys[j] = unsafe { p.keys.add(at(j)).read() };
            });
            unroll!(j in RADIX_HIST_ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
                count(keys[j]);
            });
        } else {
            for j in 0..RADIX_HIST_ITEMS {
                if (at(j) as u64) < p.n {
                    // SAFETY: `at(j) < n`.
                    count(unsafe { p.keys.add(at(j)).read() });
                }
            }
        }
        base += grid_blocks() * tile;
    }
    // SAFETY: every thread of the block reaches it (the loop bound is block-uniform).
    unsafe { sync_threads() };
    for pass in 0..passes {
        // SAFETY: in the launch's shared memory; written before the barrier.
        let c = unsafe { counts.add(pass * RADIX_BINS + t).read() };
        if c != 0 {
            // SAFETY: `counts` holds `passes · 256` totals (contract).
            unsafe { red_add_global_u64(p.counts.add(pass * RADIX_BINS + t), u64::from(c)) };
        }
    }
}
