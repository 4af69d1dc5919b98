//! The block sort: each block sorts one tile of `BLOCK_THREADS * ITEMS` items stably (CUB's
//! `BlockMergeSort`). Loaded coalesced into shared memory, each thread sorts its `ITEMS`
//! consecutive items in registers (odd-even transposition: `ITEMS` rounds of neighbour
//! compare-swaps), then `log2(BLOCK_THREADS)` rounds merge runs of `ITEMS`, `2 ITEMS`, ...
//! in shared memory, each thread merging `ITEMS` outputs from its merge-path split. Values
//! stay where they were loaded: the keys carry their tile position (`from`), and values are
//! gathered by it on the way out. The last tile's missing items are never compared: its
//! runs end at `valid`. Every round checks each thread's seam (`super`'s module docs): the
//! register sort is a permutation whatever the comparator says, and a round is one too
//! unless the check fails.

use super::serial::serial_merge;
use super::{raise, seam_torn, share_split};
use crate::params::merge::BlockSortParams;
use crate::policy::common::BLOCK_THREADS;
use crate::policy::merge::{merge_splits_offset, merge_values_offset};
use crate::thread::{block_index, dynamic_shared, dynamic_shared_at, sync_threads, thread_index};
use core::mem::size_of;
use parallaxis_core::{merge_path, Compare};

/// The block sort (see [`BlockSortParams`]).
///
/// PTX: `parallax_merge_block_sort__<C>__<K>` (keys alone), `_v4` / `_v8` (4- or 8-byte
/// values).
///
/// # Safety
/// `keys_in` readable and `keys_out` writable for `n > 0` items, the values too unless `V`
/// is `()`; `fault` writable; launched with `ceil(n / (BLOCK_THREADS * ITEMS))` blocks of
/// `BLOCK_THREADS` threads and `merge_shared_bytes(size_of::<K>(), size_of::<V>())` bytes of
/// shared memory; `ITEMS == merge_items(size_of::<K>())`.
#[inline(always)]
pub unsafe fn block_sort<K: Copy, V: Copy, C: Compare<K>, const ITEMS: usize>(
    p: BlockSortParams<K, V, C>,
) {
    const { assert!(ITEMS <= 16, "unroll! lists 16 items") };
    let has_values = size_of::<V>() != 0;
    let tile = BLOCK_THREADS as usize * ITEMS;
    let t = thread_index() as usize;
    let first = block_index() * tile as u64;
    let valid = (p.n - first).min(tile as u64) as usize;
    // SAFETY: the launch provides the keys, then (past `merge_values_offset`) the positions
    // and values of one tile (contract).
    let sk = unsafe { dynamic_shared::<K>() };
    let values_at = merge_values_offset(size_of::<K>());
    // SAFETY: as above; only touched when `has_values`.
    let sfrom = unsafe { dynamic_shared_at::<u32>(values_at) };
    // SAFETY: as above: the values follow the tile's positions.
    let sv = unsafe { dynamic_shared_at::<V>(values_at + 4 * tile) };
    // SAFETY: as above: a split word per thread follows the tile.
    let splits =
        unsafe { dynamic_shared_at::<u16>(merge_splits_offset(size_of::<K>(), size_of::<V>())) };
    unroll!(k in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        let idx = k * BLOCK_THREADS as usize + t;
        if idx < valid {
            let g = (first + idx as u64) as usize;
            // SAFETY: `g < n`; `idx` inside the tile's shared memory.
            unsafe { sk.add(idx).write(p.keys_in.add(g).read()) };
            if has_values {
                // SAFETY: as above.
                unsafe { sv.add(idx).write(p.values_in.add(g).read()) };
            }
        }
    });
    // SAFETY: every thread of the block reaches each barrier (no thread returns early).
    unsafe { sync_threads() };
    let mine = t * ITEMS;
    // SAFETY: inside the tile (slots past `valid` hold any bits of `K`, never compared).
    let mut keys = [unsafe { sk.add(mine).read() }; ITEMS];
    let mut from = [0_u32; ITEMS];
    unroll!(k in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        // SAFETY: as above.
        keys[k] = unsafe { sk.add(mine + k).read() };
        from[k] = (mine + k) as u32;
    });
    // Odd-even transposition: round `r` compares (k, k + 1) for k of r's parity; swaps only
    // a strictly smaller right neighbour (stable), and only inside `valid`.
    unroll!(r in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        unroll!(k in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
            if k + 1 < ITEMS && k % 2 == r % 2 && mine + k + 1 < valid
                && p.cmp.less(keys[k + 1], keys[k])
            {
                keys.swap(k, k + 1);
                from.swap(k, k + 1);
            }
        });
    });
    // SAFETY: every thread reaches the barrier; reads above are done before the writes.
    unsafe { sync_threads() };
    store_run(sk, sfrom, has_values, mine, valid, &keys, &from);
    let mut run = ITEMS;
    let mut torn = false;
    while run < tile {
        // SAFETY: as above (the loop's trip count is the same for every thread).
        unsafe { sync_threads() };
        let group = mine / (2 * run) * (2 * run);
        let a_start = group.min(valid);
        let a_end = (group + run).min(valid);
        let b_end = (group + 2 * run).min(valid);
        let diag = (mine - group).min(b_end - a_start);
        let (a_len, b_len) = ((a_end - a_start) as u64, (b_end - a_end) as u64);
        let i = merge_path(diag as u64, a_len, b_len, |j, i| {
            // SAFETY: `i < a_len`, `j < b_len`: inside the tile.
            let (kb, ka) = unsafe {
                (
                    sk.add(a_end + j as usize).read(),
                    sk.add(a_start + i as usize).read(),
                )
            };
            p.cmp.less(kb, ka)
        }) as usize;
        // SAFETY: the split words are read after the barrier below and written again only
        // after the next round's first; `a_start + i < tile`.
        unsafe { share_split(a_start + i, splits) };
        let mut merged = keys;
        let mut at = [0_u32; ITEMS];
        // SAFETY: the runs lie inside the tile; reads clamp to its last slot.
        let a_stop = unsafe {
            serial_merge::<K, C, ITEMS>(
                p.cmp,
                sk,
                a_start + i,
                a_end,
                a_end + diag - i,
                b_end,
                tile - 1,
                &mut merged,
                &mut at,
            )
        };
        if has_values {
            unroll!(k in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
                // SAFETY: clamped to the tile (steps past a thread's valid outputs may run
                // past it; their positions are never stored).
                from[k] = unsafe { sfrom.add((at[k] as usize).min(tile - 1)).read() };
            });
        }
        keys = merged;
        // The seam: a thread whose items end before its group's must have stopped in list A
        // where the next thread (same group, items from `mine + ITEMS`) starts.
        let meets = mine + ITEMS < b_end;
        // SAFETY: every thread has read its inputs before any overwrites them.
        unsafe { sync_threads() };
        // SAFETY: after the barrier that orders the splits' writes.
        torn |= unsafe { seam_torn(meets, a_stop, splits) };
        store_run(sk, sfrom, has_values, mine, valid, &keys, &from);
        run *= 2;
    }
    // SAFETY: `fault` writable (contract); every lane is here.
    unsafe { raise(torn, p.fault) };
    // SAFETY: the last round's writes are visible to every thread.
    unsafe { sync_threads() };
    unroll!(k in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        let idx = k * BLOCK_THREADS as usize + t;
        if idx < valid {
            let g = (first + idx as u64) as usize;
            // SAFETY: `idx < valid`: a tile slot; `g < n`.
            unsafe { p.keys_out.add(g).write(sk.add(idx).read()) };
            if has_values {
                // SAFETY: as above; `sfrom[idx]` is the tile slot its value was loaded to.
                unsafe {
                    let src = sfrom.add(idx).read() as usize;
                    p.values_out.add(g).write(sv.add(src).read());
                }
            }
        }
    });
}

/// Writes a thread's sorted run (keys, and positions when `has_values`) back to its slots
/// `mine..mine + ITEMS` below `valid`.
#[inline(always)]
fn store_run<K: Copy, const ITEMS: usize>(
    sk: *mut K,
    sfrom: *mut u32,
    has_values: bool,
    mine: usize,
    valid: usize,
    keys: &[K; ITEMS],
    from: &[u32; ITEMS],
) {
    unroll!(k in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        if mine + k < valid {
            // SAFETY: a slot of the tile (`mine + k < valid <= tile`).
            unsafe { sk.add(mine + k).write(keys[k]) };
            if has_values {
                // SAFETY: as above.
                unsafe { sfrom.add(mine + k).write(from[k]) };
            }
        }
    });
}
