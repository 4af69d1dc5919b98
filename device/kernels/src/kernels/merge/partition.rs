//! The merge-path partition: one thread per output tile finds how many of its pair's list-A
//! items precede the tile's first output (a binary search on that diagonal), so that each
//! block of the merge kernel knows its two input ranges without searching.

use super::{pair_of, virtual_item};
use crate::params::merge::MergeParams;
use crate::policy::common::BLOCK_THREADS;
use crate::thread::{block_index, thread_index};
use parallaxis_core::{merge_path, Compare};

/// The partition kernel (see [`MergeParams`]): `splits[t]` for every tile `t`.
///
/// PTX: `parallax_merge_partition__<C>__<K>`.
///
/// # Safety
/// The virtual input readable for `n > 0` keys; `splits` writable for `ceil(n / tile)`
/// words, `tile = merge_tile_items(size_of::<K>())`; `span` a multiple of `tile`.
#[inline(always)]
pub unsafe fn partition<K: Copy, V, C: Compare<K>>(p: MergeParams<K, V, C>, tile: u64) {
    let t = block_index() * u64::from(BLOCK_THREADS) + u64::from(thread_index());
    if t >= p.n.div_ceil(tile) {
        return;
    }
    let at = t * tile;
    let pair = pair_of(&p, at);
    let a_len = pair.a_end - pair.a_start;
    let b_len = pair.b_end - pair.a_end;
    let i = merge_path(at - pair.a_start, a_len, b_len, |j, i| {
        // SAFETY: `i < a_len` and `j < b_len`: positions of the pair, below `n`.
        let (kb, ka) = unsafe {
            (
                virtual_item(p.a_keys, p.b_keys, p.split, pair.a_end + j),
                virtual_item(p.a_keys, p.b_keys, p.split, pair.a_start + i),
            )
        };
        p.cmp.less(kb, ka)
    });
    // SAFETY: `t` is a tile (checked above).
    unsafe { p.splits.add(t as usize).write(i) };
}
