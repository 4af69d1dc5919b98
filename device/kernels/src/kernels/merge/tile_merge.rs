//! The merge kernel: one block per output tile. Its two input ranges (from the partition's
//! splits at the tile's two ends) are loaded coalesced into shared memory side by side; each
//! thread finds its own merge-path split there and merges `ITEMS` outputs serially into
//! registers; the merged keys (and the positions their values were loaded to) go back to
//! shared memory and out coalesced. The tile's splits and every thread's seam are checked
//! (`super`'s module docs).

use super::serial::serial_merge;
use super::{pair_of, raise, seam_torn, share_split, virtual_item};
use crate::params::merge::MergeParams;
use crate::policy::common::BLOCK_THREADS;
use crate::policy::merge::{merge_splits_offset, merge_values_offset};
use crate::thread::{block_index, dynamic_shared, dynamic_shared_at, sync_threads, thread_index};
use core::mem::size_of;
use parallaxis_core::{merge_path, Compare};

/// The merge kernel (see [`MergeParams`]).
///
/// PTX: `parallax_merge_tiles__<C>__<K>` (keys alone), `_v4` / `_v8` (4- or 8-byte values).
///
/// # Safety
/// The partition kernel has filled `splits` for these parameters; the virtual input (keys,
/// and values unless `V` is `()`) readable for `n > 0` items; the outputs writable for `n`;
/// `fault` writable; launched with `ceil(n / (BLOCK_THREADS * ITEMS))` blocks of
/// `BLOCK_THREADS` threads and `merge_shared_bytes(size_of::<K>(), size_of::<V>())` bytes of
/// shared memory; `ITEMS == merge_items(size_of::<K>())`; `span` a multiple of the tile.
#[inline(always)]
pub unsafe fn merge_tiles<K: Copy, V: Copy, C: Compare<K>, const ITEMS: usize>(
    p: MergeParams<K, V, C>,
) {
    const { assert!(ITEMS <= 16, "unroll! lists 16 items") };
    let has_values = size_of::<V>() != 0;
    let tile = BLOCK_THREADS as usize * ITEMS;
    let t = thread_index() as usize;
    let b = block_index();
    let at = b * tile as u64;
    let pair = pair_of(&p, at);
    let end = (at + tile as u64).min(pair.b_end);
    // SAFETY: the partition wrote a split for every tile; the next tile's exists when this
    // one ends inside its pair (tiles never straddle pairs: `span` is a multiple of `tile`).
    let (i0, i1) = unsafe {
        let i0 = p.splits.add(b as usize).read();
        let i1 = if end == pair.b_end {
            pair.a_end - pair.a_start
        } else {
            p.splits.add(b as usize + 1).read()
        };
        (i0, i1)
    };
    let (d0, d1) = (at - pair.a_start, end - pair.a_start);
    let total = (d1 - d0) as usize;
    // The tile takes `i1 - i0` items of list A and `(d1 - i1) - (d0 - i0)` of list B: both
    // counts must be non-negative (`i0 <= d0` and `i1 <= d1`, so nothing below wraps). A
    // tile that fails is skipped whole (every thread returns: no barrier is left waiting),
    // its outputs unwritten. Copying its positions through instead cost the kernel registers.
    if i1 < i0 || i1 - i0 > d1 - d0 {
        if t == 0 {
            // SAFETY: `fault` writable (contract).
            unsafe { p.fault.write_volatile(1) };
        }
        return;
    }
    let a_first = pair.a_start + i0;
    let count_a = (i1 - i0) as usize;
    let b_first = pair.a_end + (d0 - i0);
    // SAFETY: the launch provides a tile of keys, then of positions and values (contract).
    let sk = unsafe { dynamic_shared::<K>() };
    let values_at = merge_values_offset(size_of::<K>());
    // SAFETY: as above; only touched when `has_values`.
    let sfrom = unsafe { dynamic_shared_at::<u32>(values_at) };
    // SAFETY: as above.
    let sv = unsafe { dynamic_shared_at::<V>(values_at + 4 * tile) };
    // SAFETY: as above: a split word per thread follows the tile.
    let splits =
        unsafe { dynamic_shared_at::<u16>(merge_splits_offset(size_of::<K>(), size_of::<V>())) };
    unroll!(k in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        let idx = k * BLOCK_THREADS as usize + t;
        if idx < total {
            let g = if idx < count_a {
                a_first + idx as u64
            } else {
                b_first + (idx - count_a) as u64
            };
            // SAFETY: `g` lies in the pair's list A or B range of this tile, below `n`.
            unsafe { sk.add(idx).write(virtual_item(p.a_keys, p.b_keys, p.split, g)) };
            if has_values {
                // SAFETY: as above, the values beside the keys.
                unsafe { sv.add(idx).write(virtual_item(p.a_values, p.b_values, p.split, g)) };
            }
        }
    });
    // SAFETY: every thread of the block reaches each barrier.
    unsafe { sync_threads() };
    let mine = (t * ITEMS).min(total);
    let b_len = (total - count_a) as u64;
    let i = merge_path(mine as u64, count_a as u64, b_len, |j, i| {
        // SAFETY: `i < count_a`, `j < b_len`: loaded slots.
        let (kb, ka) = unsafe {
            (
                sk.add(count_a + j as usize).read(),
                sk.add(i as usize).read(),
            )
        };
        p.cmp.less(kb, ka)
    }) as usize;
    // SAFETY: read only after the barrier below; `i <= count_a <= tile`.
    unsafe { share_split(i, splits) };
    // SAFETY: a slot of the tile (slot 0 exists: `total > 0` for every launched tile).
    let mut keys = [unsafe { sk.read() }; ITEMS];
    let mut from = [0_u32; ITEMS];
    // SAFETY: the runs lie inside the loaded slots; reads clamp to the tile's last slot.
    let a_stop = unsafe {
        serial_merge::<K, C, ITEMS>(
            p.cmp,
            sk,
            i,
            count_a,
            count_a + mine - i,
            total,
            tile - 1,
            &mut keys,
            &mut from,
        )
    };
    // The seam: a thread whose items end before the tile's must have stopped in list A where
    // the next thread starts. The last thread with items takes exactly what is left.
    let meets = mine + ITEMS < total;
    // SAFETY: every thread has merged from the loaded slots before any is overwritten.
    unsafe { sync_threads() };
    // SAFETY: after the barrier that orders the splits' writes; every lane is here.
    unsafe { raise(seam_torn(meets, a_stop, splits), p.fault) };
    unroll!(k in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        let o = t * ITEMS + k;
        if o < total {
            // SAFETY: `o < total <= tile`.
            unsafe { sk.add(o).write(keys[k]) };
            if has_values {
                // SAFETY: as above.
                unsafe { sfrom.add(o).write(from[k]) };
            }
        }
    });
    // SAFETY: as above.
    unsafe { sync_threads() };
    unroll!(k in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        let idx = k * BLOCK_THREADS as usize + t;
        if idx < total {
            let g = (at + idx as u64) as usize;
            // SAFETY: `g < end <= n`; `idx` a merged slot.
            unsafe { p.keys_out.add(g).write(sk.add(idx).read()) };
            if has_values {
                // SAFETY: as above; `sfrom[idx]` the slot its value was loaded to.
                unsafe {
                    let src = sfrom.add(idx).read() as usize;
                    p.values_out.add(g).write(sv.add(src).read());
                }
            }
        }
    });
}
