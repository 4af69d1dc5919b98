//! The comparator merge sort and the merge (CUB's `DeviceMergeSort` and Thrust's `merge`
//! shape): [`block_sort`] sorts each tile stably in one block (in registers, then merge
//! rounds in shared memory), then merge passes double the sorted runs until one is left,
//! each pass a [`partition`] kernel (the merge-path split of every output tile's first
//! diagonal, by binary search) and a [`merge_tiles`] kernel (one block per output tile: both
//! input ranges into shared memory, each thread merging its items serially from its own
//! merge-path split). A standalone merge of two vectors is one such pass over the two inputs
//! in place (see `params::merge`). Every index into the input is 64-bit.
//!
//! Stability: within a thread, an odd-even transposition sort swaps neighbours only when
//! strictly out of order; every merge takes list B's item only when strictly less than list
//! A's, and list A always holds the earlier items.
//!
//! Checks: merge-path splits found by independent binary searches cut the lists into
//! consecutive pieces only when the lists are sorted by a strict weak order; on other input
//! they need not be monotone. So the tile merge checks its tile's two splits (both piece
//! lengths non-negative) and skips a tile that fails, and every merge (the tile merge and
//! each block sort round) checks each thread's *seam*: where its serial merge stopped in list
//! A must be where the next thread's split starts ([`share_split`] before the merge,
//! [`seam_torn`] after the barrier that follows it; list B's end then agrees too, since
//! every step takes one item). A thread whose items end where its lists end needs no check:
//! its merge takes exactly what is left. When every check passes, the pieces of all tiles
//! and threads are disjoint and cover both lists, so the output is an interleaving of them
//! (a permutation, values beside their keys). Whatever fails, every access stays inside the
//! tile's ranges and shared memory, and the kernel raises `fault` ([`raise`]); a skipped
//! tile's outputs are left unwritten. Sorted input passes every check and merges exactly as
//! without them.

mod block_sort;
mod partition;
mod serial;
mod set_op;
mod tile_merge;

pub use block_sort::block_sort;
pub use partition::partition;
pub use set_op::{set_partition, set_tiles};
pub use tile_merge::merge_tiles;

use crate::params::merge::MergeParams;
use crate::policy::common::BLOCK_THREADS;
use crate::thread::{lane, thread_index};
use crate::warp::ballot;

/// Item `i` of the virtual input: `a[i]` below `split`, else `b[i - split]`.
///
/// # Safety
/// `a` readable below `split`, `b` from `split` up to the item asked for.
#[inline(always)]
unsafe fn virtual_item<T: Copy>(a: *const T, b: *const T, split: u64, i: u64) -> T {
    if i < split {
        // SAFETY: `i < split` (contract).
        unsafe { a.add(i as usize).read() }
    } else {
        // SAFETY: past `split`, `b`'s item `i - split` (contract).
        unsafe { b.add((i - split) as usize).read() }
    }
}

/// The pair holding virtual position `at < n`: list A is `a_start..a_end`, list B
/// `a_end..b_end`.
#[derive(Clone, Copy)]
struct Pair {
    a_start: u64,
    a_end: u64,
    b_end: u64,
}

#[inline(always)]
fn pair_of<K, V, C>(p: &MergeParams<K, V, C>, at: u64) -> Pair {
    let a_start = at / p.span * p.span;
    Pair {
        a_start,
        a_end: a_start.saturating_add(p.width).min(p.n),
        b_end: a_start.saturating_add(p.span).min(p.n),
    }
}

/// Before the merge: leaves this thread's merge-path `split` (a tile position) in
/// `splits[thread]`, where the thread before it compares its merge's stop with it after the
/// next barrier ([`seam_torn`]).
///
/// # Safety
/// `splits` is `BLOCK_THREADS` `u16`s of shared memory that no thread reads between the
/// barrier before this call and the one after it; `split` below `u16::MAX` (a tile has at
/// most `16 * BLOCK_THREADS` items).
#[inline(always)]
unsafe fn share_split(split: usize, splits: *mut u16) {
    // SAFETY: `thread_index() < BLOCK_THREADS`; one writer a word.
    unsafe { splits.add(thread_index() as usize).write(split as u16) };
}

/// After the barrier that follows [`share_split`]: whether this thread's merge, which stopped
/// at `stop` in list A, fails to meet the next thread's split when it has a next thread to
/// meet (`meets`; never in the block's last thread).
///
/// # Safety
/// As [`share_split`], after the barrier.
#[inline(always)]
unsafe fn seam_torn(meets: bool, stop: usize, splits: *const u16) -> bool {
    let next = (thread_index() as usize + 1).min(BLOCK_THREADS as usize - 1);
    // SAFETY: inside `splits`, written before the barrier. `stop` is at most a tile plus
    // `ITEMS` steps, below `u16::MAX`: the narrowing loses nothing.
    meets && stop as u16 != unsafe { splits.add(next).read() }
}

/// Stores 1 to `word` (once per warp) where any lane's `fault` is true.
///
/// # Safety
/// `word` writable; every lane of the warp calls this.
#[inline(always)]
unsafe fn raise(fault: bool, word: *mut u32) {
    if ballot(fault) != 0 && lane() == 0 {
        // SAFETY: writable (contract); any number of warps may store the same value.
        unsafe { word.write_volatile(1) };
    }
}
