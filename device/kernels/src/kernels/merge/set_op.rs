//! The set operations on sorted lists (`parallaxis_core::SetOp`, Thrust's `set_union` and
//! kin), in the merge's tile shape: a [`set_partition`] kernel finds every tile boundary's
//! balanced-path split (`parallaxis_core::balanced_path`: equal items of the two lists are
//! paired in order, and no split parts a pair), then [`set_tiles`] runs one block per tile
//! twice. Each block loads its two input ranges into shared memory side by side, each thread
//! finds its own balanced-path split there and walks its items serially (at most
//! `set_steps` steps: its positions and a partner its last split takes along), noting the
//! tile slots of the items it emits. The counting pass stores the block's total; the host
//! scans the totals into each tile's output position; the writing pass places every
//! thread's items at its exclusive count in the block and copies them out coalesced, values
//! beside their keys.
//!
//! Checks: on lists that are not sorted, the independent searches need not chain. A tile
//! whose two splits are not monotone, or that holds more than a tile and a partner, is
//! skipped (no output); a thread whose split does not chain with the next thread's walks
//! nothing; a thread whose walk does not end where the next one starts stops after its
//! steps. Each raises `fault` (when given), and every access stays inside the tile's ranges
//! and shared memory. Both passes decide alike, so the writing pass writes exactly what the
//! counting pass counted.

use super::raise;
use crate::block::exclusive_count;
use crate::params::merge::SetOpParams;
use crate::policy::common::{BLOCK_THREADS, BLOCK_WARPS};
use crate::policy::merge::{set_op_layout, set_tile_items};
use crate::thread::{block_index, dynamic_shared, dynamic_shared_at, sync_threads, thread_index};
use core::mem::size_of;
use parallaxis_core::{balanced_path, set_step, Compare, SetOp, SetStep};

/// The most steps any thread walks (`set_steps` of the narrowest key), the size of the
/// per-thread slot list.
const MAX_STEPS: usize = 9;

/// The partition kernel (see [`SetOpParams`]): the balanced-path split of every tile
/// boundary `t` in `0..=tiles`, at `splits[2t]` and `splits[2t + 1]`.
///
/// PTX: `parallax_set_partition__<C>__<K>`.
///
/// # Safety
/// `a_keys` readable for `a_len` keys, `b_keys` for `b_len`; `splits` writable for
/// `2 * (tiles + 1)` words, `tiles = ceil((a_len + b_len) / set_tile_items(size_of::<K>()))`.
#[inline(always)]
pub unsafe fn set_partition<K: Copy, V, C: Compare<K>>(p: SetOpParams<K, V, C>) {
    let t = block_index() * u64::from(BLOCK_THREADS) + u64::from(thread_index());
    let n = p.a_len + p.b_len;
    let tile = set_tile_items(size_of::<K>()) as u64;
    if t > n.div_ceil(tile) {
        return;
    }
    let d = (t * tile).min(n);
    // SAFETY: `balanced_path` asks for positions below each list's length.
    let (i, j) = balanced_path(
        &p.cmp,
        d,
        p.a_len,
        p.b_len,
        |i| unsafe { p.a_keys.add(i as usize).read() },
        |j| unsafe { p.b_keys.add(j as usize).read() },
    );
    // SAFETY: `t <= tiles` (checked above): words `2t` and `2t + 1` exist.
    unsafe {
        p.splits.add(2 * t as usize).write(i);
        p.splits.add(2 * t as usize + 1).write(j);
    }
}

/// The tile kernel, counting (`write == 0`) or writing (see [`SetOpParams`]).
///
/// PTX: `parallax_set_tiles__<C>__<K>` (keys alone), `_v4` / `_v8` (4- or 8-byte values).
///
/// # Safety
/// The partition kernel has filled `splits` for these lists; the lists (keys, and values
/// unless `V` is `()`) readable for their lengths; `counts` writable (counting) or holding
/// each tile's output position (writing), one word per tile; writing: the outputs writable
/// up to the total the counting pass counted; `fault` null or writable; launched with
/// `tiles` blocks of `BLOCK_THREADS` threads and `set_op_shared_bytes(size_of::<K>(),
/// size_of::<V>())` bytes of shared memory; `STEPS == set_steps(size_of::<K>())`.
#[inline(always)]
pub unsafe fn set_tiles<K: Copy, V: Copy, C: Compare<K>, const STEPS: usize>(
    p: SetOpParams<K, V, C>,
) {
    const { assert!(STEPS <= MAX_STEPS, "a thread's slot list holds MAX_STEPS") };
    let has_values = size_of::<V>() != 0;
    let op = SetOp::from_word(p.op);
    let t = thread_index() as usize;
    let b = block_index() as usize;
    let cap = set_tile_items(size_of::<K>()) + 1;
    let layout = set_op_layout(size_of::<K>(), size_of::<V>());
    let fault = |bad: bool| {
        if !p.fault.is_null() {
            // SAFETY: `fault` writable (contract); every lane of the warp is here.
            unsafe { raise(bad, p.fault) };
        }
    };
    // SAFETY: the partition wrote boundaries `b` and `b + 1` (a block per tile).
    let (i0, j0, i1, j1) = unsafe {
        (
            p.splits.add(2 * b).read(),
            p.splits.add(2 * b + 1).read(),
            p.splits.add(2 * b + 2).read(),
            p.splits.add(2 * b + 3).read(),
        )
    };
    if i1 < i0 || j1 < j0 || (i1 - i0) + (j1 - j0) > cap as u64 {
        fault(true);
        if p.write == 0 && t == 0 {
            // SAFETY: a word per tile (contract).
            unsafe { p.counts.add(b).write(0) };
        }
        return;
    }
    let la = (i1 - i0) as usize;
    let total = la + (j1 - j0) as usize;
    // SAFETY: the launch provides the layout's bytes (contract); regions are aligned (keys
    // at 0, the rest at multiples of 16, the split pairs and warp totals at multiples of 4).
    let (sk, sv, slots, splits, warps) = unsafe {
        (
            dynamic_shared::<K>(),
            dynamic_shared_at::<V>(layout[0]),
            dynamic_shared_at::<u16>(layout[1]),
            dynamic_shared_at::<[u16; 2]>(layout[2]),
            dynamic_shared_at::<[u32; BLOCK_WARPS]>(layout[3]),
        )
    };
    let mut idx = t;
    while idx < total {
        let (keys, values, at) = if idx < la {
            (p.a_keys, p.a_values, i0 as usize + idx)
        } else {
            (p.b_keys, p.b_values, j0 as usize + idx - la)
        };
        // SAFETY: `at` lies in this tile's range of its list; `idx < total <= cap` slots.
        unsafe { sk.add(idx).write(keys.add(at).read()) };
        if has_values {
            // SAFETY: as above, the values beside the keys.
            unsafe { sv.add(idx).write(values.add(at).read()) };
        }
        idx += BLOCK_THREADS as usize;
    }
    // SAFETY: every thread of the block reaches each barrier.
    unsafe { sync_threads() };
    let lb = total - la;
    let items = STEPS - 1;
    let d = (t * items).min(total) as u64;
    // SAFETY: `balanced_path` asks for positions below each range's length: loaded slots.
    let (si, sj) = balanced_path(
        &p.cmp,
        d,
        la as u64,
        lb as u64,
        |i| unsafe { sk.add(i as usize).read() },
        |j| unsafe { sk.add(la + j as usize).read() },
    );
    // SAFETY: one pair per thread, read only after the next barrier; a tile's slots fit
    // `u16` (`cap <= 16 * BLOCK_THREADS + 1`).
    unsafe { splits.add(t).write([si as u16, sj as u16]) };
    // SAFETY: as above.
    unsafe { sync_threads() };
    let (mut i, mut j) = (si as usize, sj as usize);
    let (a_end, b_end) = if t + 1 < BLOCK_THREADS as usize {
        // SAFETY: the next thread's pair, written before the barrier.
        let [ni, nj] = unsafe { splits.add(t + 1).read() };
        (ni as usize, nj as usize)
    } else {
        (la, lb)
    };
    let chained = a_end >= i && b_end >= j;
    let (a_end, b_end) = if chained { (a_end, b_end) } else { (i, j) };
    let mut slot = [0_u16; MAX_STEPS];
    let mut emit = 0_u32;
    unroll!(s in STEPS; 0 1 2 3 4 5 6 7 8; {
        if i < a_end || j < b_end {
            // SAFETY: `i < a_end <= la` and `j < b_end <= lb`: loaded slots.
            let ka = (i < a_end).then(|| unsafe { sk.add(i).read() });
            let kb = (j < b_end).then(|| unsafe { sk.add(la + j).read() });
            let (keep, from) = match set_step(&p.cmp, ka, kb) {
                SetStep::A => {
                    i += 1;
                    (op.keeps_a(), i - 1)
                }
                SetStep::B => {
                    j += 1;
                    (op.keeps_b(), la + j - 1)
                }
                SetStep::Pair => {
                    i += 1;
                    j += 1;
                    (op.keeps_pair(), i - 1)
                }
            };
            slot[s] = from as u16;
            emit |= u32::from(keep) << s;
        }
    });
    fault(!chained || i != a_end || j != b_end);
    // SAFETY: every thread of the block calls it; `warps` is not read by an earlier phase.
    let (before, block_total) = unsafe { exclusive_count(emit.count_ones(), warps) };
    if p.write == 0 {
        if t == 0 {
            // SAFETY: a word per tile (contract).
            unsafe { p.counts.add(b).write(u64::from(block_total)) };
        }
        return;
    }
    let mut at = before as usize;
    unroll!(s in STEPS; 0 1 2 3 4 5 6 7 8; {
        if emit & (1 << s) != 0 {
            // SAFETY: the block emits at most `BLOCK_THREADS * STEPS` items, the slots'
            // room.
            unsafe { slots.add(at).write(slot[s]) };
            at += 1;
        }
    });
    // SAFETY: as above.
    unsafe { sync_threads() };
    // SAFETY: the host's scan of the counting pass's totals (contract).
    let first = unsafe { p.counts.add(b).read() } as usize;
    let mut o = t;
    while o < block_total as usize {
        // SAFETY: `o` below the block's total: a slot written before the barrier, naming a
        // loaded slot; the output holds the counted total, of which this tile's lie at
        // `first..first + block_total`.
        unsafe {
            let from = slots.add(o).read() as usize;
            p.keys_out.add(first + o).write(sk.add(from).read());
            if has_values {
                p.values_out.add(first + o).write(sv.add(from).read());
            }
        }
        o += BLOCK_THREADS as usize;
    }
}
