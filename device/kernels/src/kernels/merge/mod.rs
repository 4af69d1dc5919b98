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

mod block_sort;
mod partition;
mod serial;
mod tile_merge;

pub use block_sort::block_sort;
pub use partition::partition;
pub use tile_merge::merge_tiles;

use crate::params::merge::MergeParams;

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
