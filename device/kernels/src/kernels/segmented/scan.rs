//! Single-pass segmented scan by head flags with decoupled look-back: the plain scan's tile,
//! block and look-back machinery run over `Flagged<T>` pairs with the `Segmented<M>` lift
//! (Blelloch's construction; a head restarts the fold). Each thread owns `SCAN_DEPTH` runs
//! of `ITEMS` consecutive items: their values (a deep tile, like the plain scan) and their
//! head bytes (one 16-byte vector a run for 4-byte values) or their keys (see
//! [`super::heads`]).
//!
//! Exclusive scans reuse the inclusive machinery: a head's value is replaced by
//! `init ⊕ x[head]` before the scan, and item `i` then outputs `init` at a head, else the
//! inclusive result of item `i - 1`. By associativity this equals the reference's left fold
//! `((init ⊕ x[h]) ⊕ x[h+1]) ⊕ ...` bit for bit on exact types.

use super::carry_window::{
    carry_known, flags_window_head, fold_carry_window, joined_carry, offsets_window_head,
};
use super::heads::deep_head_bits;
use super::offset_heads::offset_head_bits;
use crate::block;
use crate::lookback::{draw_tile, tile_prefix, FlaggedPair, Settled};
use crate::params::segmented::{SegScanParams, HEADS_FROM_OFFSETS};
use crate::policy::common::{BlockShared, Partial};
use crate::policy::lookback::SEGMENTED_FIRST_POLL_DELAY_NS;
use crate::policy::scan::{scan_stages, SCAN_DEPTH};
use crate::policy::segmented::{seg_head_map_offset, seg_staging_offset};
use crate::thread::{dynamic_shared, dynamic_shared_at};
use crate::tile::{DeepTile, Unit};

const _: () = assert!(
    SCAN_DEPTH * crate::policy::common::items_per_thread(1) <= 32,
    "a thread's head bits fit one word of the offsets bit map"
);
use parallaxis_core::{Flagged, Monoid, Segmented};

/// `true` when a head lies at or before item `j` of the thread.
#[inline(always)]
pub(super) fn seen(mask: u32, j: usize) -> bool {
    mask & (u32::MAX >> (31 - j)) != 0
}

/// In-place segmented scan of one run of a thread (`mask`: its heads; `seeded`: a head's
/// value is first replaced by `init ⊕ x`, for an exclusive scan): `vals[j]` becomes the fold
/// from the last head at or before `j`, continuing from `prev` (the thread's previous item
/// after this scan) unless `first`. Branch-free over all ITEMS (items past `n` are identity
/// fillers with no head and are never stored), so the loops unroll and the array stays in
/// registers. Returns the new `prev`.
#[inline(always)]
pub(super) fn run_scan<T: Copy, M: Monoid<T>, const ITEMS: usize>(
    m: M,
    seeded: Option<T>,
    vals: &mut [T; ITEMS],
    mask: u32,
    prev: T,
    first: bool,
) -> T {
    let mut prev = prev;
    #[allow(clippy::needless_range_loop)] // constant trip count: unrolls, stays in registers
    for j in 0..ITEMS {
        let head = mask & (1 << j) != 0;
        let x = vals[j];
        let v = match seeded {
            Some(init) if head => m.combine(init, x),
            _ => x,
        };
        vals[j] = if (j > 0 || !first) && !head {
            m.combine(prev, v)
        } else {
            v
        };
        prev = vals[j];
    }
    prev
}

/// Inclusive (`EXCLUSIVE = false`) or exclusive segmented scan (see [`SegScanParams`]) over
/// deep tiles (`tile::deep`, as the plain scan): the heads of each of the thread's
/// `SCAN_DEPTH` runs become masks first, a first pass folds the runs, the block scan and
/// look-back give the thread's prefix, and a second pass scans the runs again with it.
///
/// Heads come from offsets when `key_bytes == HEADS_FROM_OFFSETS`. The `CARRY` instances
/// (the `_carry` entries, for flags and offsets) also fold the carry into a tile that
/// starts mid-segment themselves when the segment's head is at most one window back,
/// instead of looking back (`super::carry_window`); the others look back, which the
/// launcher prefers for keys and for offsets with long segments
/// (`policy::segmented::OFFSET_CARRY_MAX_MEAN_WINDOWS`). The carry has its own instances
/// because in the shared kernel its known-prefix branch took the 4-byte integer flag and
/// key entries from 48 to 52-54 registers (ptxas 13.0; 4 blocks per SM instead of 5); as
/// instances of their own the look-back entries keep main's registers (48 for 4-byte
/// values, 53-56 for 8-byte).
///
/// PTX: `parallax_seg_inclusive_scan__<M>__<T>`, `parallax_seg_exclusive_scan__<M>__<T>`,
/// `parallax_seg_inclusive_scan_carry__<M>__<T>`, `parallax_seg_exclusive_scan_carry__<M>__<T>`.
///
/// # Safety
/// `heads`, `x` readable and `y` writable for `n > 0` elements, 16-byte aligned, `y` not
/// overlapping `x` (a `CARRY` tile reads the items before it, which the tile before may have
/// written); `key_bytes` 0 or `HEADS_FROM_OFFSETS` for `CARRY`; `status`
/// has `ceil(n / deep_scan_tile_items)` zeroed slots and a null or zeroed counter; launched
/// with exactly that many blocks of `BLOCK_THREADS` threads and `seg_scan_shared_bytes::<T>()`
/// bytes of dynamic shared memory.
#[inline(always)]
pub unsafe fn seg_scan<
    T: Copy,
    M: Monoid<T>,
    const ITEMS: usize,
    const EXCLUSIVE: bool,
    const CARRY: bool,
>(
    p: SegScanParams<T, M>,
) {
    let m = p.m;
    let sm = Segmented(m);
    let seeded = if EXCLUSIVE { Some(p.init) } else { None };
    // SAFETY: the launch provides `seg_scan_shared_bytes::<T>()` bytes (contract).
    let (shared, staging) = unsafe {
        (
            dynamic_shared::<BlockShared<Flagged<T>>>(),
            dynamic_shared_at::<Unit>(seg_staging_offset::<Flagged<T>>()),
        )
    };
    // SAFETY: every thread is here, before any other use of `shared`.
    let tile = unsafe { draw_tile(p.status, shared) };
    let io = DeepTile::new::<ITEMS>(tile, p.n, p.staged, scan_stages::<T>(), staging);
    // SAFETY: every thread is here; `x` as the contract says.
    unsafe { io.issue(p.x) };
    // The heads are read while the values are in flight, as one word (`deep_head_bits`).
    let heads = if p.key_bytes == HEADS_FROM_OFFSETS {
        // SAFETY: the map lies in the launch's shared memory (contract).
        let map = unsafe { dynamic_shared_at::<u32>(seg_head_map_offset::<T>()) };
        // SAFETY: every thread is here (`key_bytes` is a launch parameter); the offsets as
        // the contract says.
        let bits = unsafe {
            offset_head_bits(
                p.heads.cast(),
                p.segments,
                io.start(),
                p.n,
                ITEMS * SCAN_DEPTH,
                map,
            )
        };
        if CARRY && tile > 0 {
            // SAFETY: after `offset_head_bits` with this map; the offsets as the contract
            // says; `tile > 0`, so `start > 0`.
            let head = unsafe { offsets_window_head::<T>(p.heads.cast(), map, io.start()) };
            // SAFETY: every thread is here (`tile` and `head` are block-uniform); the block
            // scan's barrier comes before `joined_carry`; `x` as the contract says.
            unsafe { fold_carry_window::<T, M>(m, seeded, p.x, head, io.start()) };
        }
        u64::from(bits)
    } else if CARRY {
        // Flag bytes: the launcher sends no keys to the carry entries (contract), so the
        // key paths of `deep_head_bits` are not compiled in.
        // SAFETY: `heads` as the contract says.
        let bits = unsafe { deep_head_bits::<ITEMS>(p.heads, 0, io, p.n) };
        if tile > 0 {
            // SAFETY: every lane is here; `start` is a multiple of the tile, at least one,
            // and below `n`; `heads` is 16-byte aligned (contract).
            let head = unsafe { flags_window_head::<T>(p.heads, io.start()) };
            // SAFETY: as above (`head` is the same in every warp).
            unsafe { fold_carry_window::<T, M>(m, seeded, p.x, head, io.start()) };
        }
        bits
    } else {
        // SAFETY: `heads` as the contract says.
        unsafe { deep_head_bits::<ITEMS>(p.heads, p.key_bytes, io, p.n) }
    };
    // SAFETY: every thread is here, after `issue`.
    unsafe { io.land() };
    let run_mask = |r: usize| (heads >> (r * ITEMS)) as u32 & real_items(ITEMS);
    let mut prev = m.identity();
    let mut last = Partial::none(m.identity());
    let mut any_head = false;
    for r in 0..SCAN_DEPTH {
        let mask = run_mask(r);
        // SAFETY: after `land`; `x` as the contract says.
        let (mut vals, count) = unsafe { io.run::<T, ITEMS>(p.x, p.n, r, || m.identity()) };
        prev = run_scan(m, seeded, &mut vals, mask, prev, r == 0);
        if let Some(v) = last_of(&vals, count) {
            last = Partial::some(v);
        }
        any_head |= mask & real_items(count) != 0;
    }
    let run = if last.valid != 0 {
        Partial::some(Flagged::new(last.value, any_head))
    } else {
        Partial::none(sm.identity())
    };
    // SAFETY: every thread calls the block scan, then `tile_prefix` after its barrier.
    let (before, total) = unsafe { block::exclusive_scan(sm, run, shared) };
    // A total with a head is the tile's inclusive prefix whatever lies before it (the
    // `Segmented` lift keeps the right side's value past a head).
    let settled = Settled {
        total: total.valid != 0 && total.value.head,
        start: heads & 1 != 0,
    };
    // A tile whose block folded its carry (`CARRY`) takes it as everything before it and
    // publishes its prefix at once, as tile 0 does with its seed; any other looks back.
    // SAFETY: after `fold_carry_window` (`CARRY`, `tile > 0`) and the block scan's barrier.
    let known = CARRY && tile > 0 && unsafe { carry_known::<T>() };
    // SAFETY: as above; one slot per launched tile; `settled` as its fields say (thread 0's
    // bit 0 is the tile's first item); a known seed folds every item before the tile, and
    // `joined_carry` runs only when `known` (the window held the head).
    let prefix = unsafe {
        tile_prefix::<_, _, FlaggedPair>(
            sm,
            p.status,
            tile,
            || {
                if known {
                    Partial::some(Flagged::new(joined_carry(m), true))
                } else {
                    Partial::none(sm.identity())
                }
            },
            total,
            settled,
            known,
            SEGMENTED_FIRST_POLL_DELAY_NS,
            shared,
        )
    }
    .join(sm, before);
    // Each item joined with everything before the thread (absent only before global index
    // 0, which is a head) unless a head of the thread lies at or before it.
    let carry = prefix.valid != 0;
    let pv = prefix.value.value;
    let mut prev = m.identity();
    let mut head_before = false;
    // An exclusive scan's output for the run's first item: everything before the thread for
    // run 0 (item 0 of a thread that is not a head is not global index 0, so that is
    // present), the previous run's last inclusive result after it.
    let mut shifted = pv;
    for r in 0..SCAN_DEPTH {
        let mask = run_mask(r);
        // SAFETY: as in the first pass; run `r` is read before this thread overwrites it.
        let (mut vals, _) = unsafe { io.run::<T, ITEMS>(p.x, p.n, r, || m.identity()) };
        prev = run_scan(m, seeded, &mut vals, mask, prev, r == 0);
        let mut out = [pv; ITEMS];
        #[allow(clippy::needless_range_loop)] // constant trip count: unrolls
        for j in 0..ITEMS {
            let inc = if carry && !head_before && !seen(mask, j) {
                m.combine(pv, vals[j])
            } else {
                vals[j]
            };
            if EXCLUSIVE {
                if j + 1 < ITEMS {
                    out[j + 1] = inc;
                } else {
                    out[0] = shifted;
                    shifted = inc;
                }
            } else {
                out[j] = inc;
            }
        }
        if EXCLUSIVE {
            #[allow(clippy::needless_range_loop)]
            for j in 0..ITEMS {
                if mask & (1 << j) != 0 {
                    out[j] = p.init;
                }
            }
        }
        head_before |= mask != 0;
        // SAFETY: this thread's own run; `y` as the contract says.
        unsafe { io.put(p.y, p.n, r, out) };
    }
    // SAFETY: every thread is here after its `put`s; `y` as the contract says.
    unsafe { io.flush(p.y) };
}

/// Item `count - 1` of a run, if `count > 0`, by a constant-index select chain: `vals[count -
/// 1]` would put `vals` in local memory.
#[inline(always)]
pub(super) fn last_of<T: Copy, const ITEMS: usize>(vals: &[T; ITEMS], count: usize) -> Option<T> {
    let mut last = None;
    for (j, &v) in vals.iter().enumerate() {
        if j < count {
            last = Some(v);
        }
    }
    last
}

/// The mask of the first `count` items of a run.
#[inline(always)]
pub(super) fn real_items(count: usize) -> u32 {
    if count >= 32 {
        u32::MAX
    } else {
        (1_u32 << count) - 1
    }
}
