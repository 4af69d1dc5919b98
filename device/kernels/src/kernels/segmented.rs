//! Single-pass segmented scan by head flags with decoupled look-back: the plain scan's tile,
//! block and look-back machinery run over `Flagged<T>` pairs with the `Segmented<M>` lift
//! (Blelloch's construction; a head restarts the fold). Each thread owns `ITEMS` consecutive
//! items: their values (staged like the plain scan) and their head bytes (one 16-byte vector
//! for 4-byte values) or their keys (see [`super::heads`]).
//!
//! Exclusive scans reuse the inclusive machinery: a head's value is replaced by
//! `init ⊕ x[head]` before the scan, and item `i` then outputs `init` at a head, else the
//! inclusive result of item `i - 1`. By associativity this equals the reference's left fold
//! `((init ⊕ x[h]) ⊕ x[h+1]) ⊕ ...` bit for bit on exact types.

use super::heads::head_mask;
use super::scan::TileIo;
use crate::atomics::fetch_add_relaxed;
use crate::atomics::store_release;
use crate::block;
use crate::params::TileStatus;
use crate::params_segmented::{seg_staging_offset, SegScanParams};
use crate::simt::{
    dynamic_shared, dynamic_shared_at, lane, sync_threads, thread_index, warp_index,
};
use crate::tile::{look_back, Unit};
use crate::tuning::{
    scan_stages, BlockShared, Partial, BLOCK_THREADS, TILE_AGGREGATE, TILE_PREFIX,
};
use parallax_core::{Flagged, Monoid, Segmented};

/// `true` when a head lies at or before item `j` of the thread.
#[inline(always)]
pub(super) fn seen(mask: u32, j: usize) -> bool {
    mask & (u32::MAX >> (31 - j)) != 0
}

/// Publishes `value` for `tile` under `flag`, like [`crate::tile`]'s `publish`, but with a
/// plain (not volatile) store of the value: a volatile store of a 24-byte
/// `Flagged<AffineMap<i64>>` went through a local-memory copy. The release store that
/// follows is inline assembly with a memory clobber, so the compiler keeps the value store
/// before it, and `st.release.gpu` makes it visible to every reader that acquires the flag.
///
/// # Safety
/// `tile` is below the number of slots in `status`; one thread per tile calls this, at most
/// once per flag value.
#[inline(always)]
unsafe fn publish<T: Copy>(status: TileStatus<T>, tile: u64, value: T, flag: u32) {
    let slot = if flag == TILE_PREFIX {
        status.inclusives
    } else {
        status.aggregates
    };
    // SAFETY: `tile` is in range (caller contract) and this thread is the slot's only writer.
    unsafe {
        slot.add(tile as usize).write(value);
        store_release(status.flags.add(tile as usize), flag);
    }
}

/// The prefix of everything before `tile` (absent for tile 0), the same in every thread.
/// Publishes the tile's aggregate and then its inclusive prefix.
///
/// # Safety
/// Called by every thread of the block after the block scan's barrier; `total` is the
/// tile's fold (present: a launched tile has at least one item); `status` has a slot for
/// `tile`.
#[inline(always)]
pub(super) unsafe fn tile_prefix<V: Copy, S: Monoid<V>>(
    sm: S,
    status: TileStatus<V>,
    tile: u64,
    total: Partial<V>,
    shared: *mut BlockShared<V>,
) -> Partial<V> {
    if tile == 0 {
        if thread_index() == 0 {
            // SAFETY: slot 0 exists; thread 0 is its only writer.
            unsafe { publish(status, 0, total.value, TILE_PREFIX) };
        }
        return Partial::none(sm.identity());
    }
    if warp_index() == 0 {
        if lane() == 0 {
            // SAFETY: `tile` is this block's own slot; thread 0 is its only writer.
            unsafe { publish(status, tile, total.value, TILE_AGGREGATE) };
        }
        // SAFETY: all of warp 0; `0 < tile`; earlier tiles were drawn by started blocks.
        let before = unsafe { look_back(sm, status, tile) };
        if lane() == 0 {
            // SAFETY: as above; the block's other threads read the prefix after the barrier.
            unsafe {
                publish(status, tile, before.join(sm, total).value, TILE_PREFIX);
                (*shared).prefix = before;
            }
        }
    }
    // SAFETY: `tile` is uniform in the block, so every thread reaches this barrier.
    unsafe { sync_threads() };
    // SAFETY: written by thread 0 before the barrier.
    unsafe { (*shared).prefix }
}

/// Inclusive (`EXCLUSIVE = false`) or exclusive segmented scan (see [`SegScanParams`]).
///
/// # Safety
/// `heads`, `x` readable and `y` writable for `n > 0` elements, 16-byte aligned; `status`
/// has `ceil(n / tile)` zeroed slots and a zeroed counter; launched with exactly that many
/// blocks of `BLOCK_THREADS` threads and `seg_scan_shared_bytes::<T>()` bytes of dynamic
/// shared memory.
#[inline(always)]
pub unsafe fn seg_scan<T: Copy, M: Monoid<T>, const ITEMS: usize, const EXCLUSIVE: bool>(
    p: SegScanParams<T, M>,
) {
    let m = p.m;
    let sm = Segmented(m);
    // SAFETY: the launch provides `seg_scan_shared_bytes::<T>()` bytes (contract).
    let (shared, staging) = unsafe {
        (
            dynamic_shared::<BlockShared<Flagged<T>>>(),
            dynamic_shared_at::<Unit>(seg_staging_offset::<Flagged<T>>()),
        )
    };
    if thread_index() == 0 {
        // SAFETY: the counter is a valid global word; thread 0 alone writes `tile`.
        unsafe { (*shared).tile = fetch_add_relaxed(p.status.counter, 1) };
    }
    // SAFETY: reached by every thread.
    unsafe { sync_threads() };
    // SAFETY: written before the barrier.
    let tile = u64::from(unsafe { (*shared).tile });
    let tile_items = u64::from(BLOCK_THREADS) * ITEMS as u64;
    let full = (tile + 1) * tile_items <= p.n;
    let io = TileIo {
        start: tile * tile_items,
        base: tile * tile_items + u64::from(thread_index()) * ITEMS as u64,
        full,
        staged: full && p.staged != 0 && scan_stages::<T>(),
        staging,
    };
    // Heads first: the keys (up to 16 words) are reduced to a mask before the values are
    // loaded, so they are never live together.
    // SAFETY: `heads` as the contract says; `full` means this thread's run is below `n`.
    let heads = unsafe { head_mask::<ITEMS>(p.heads, p.key_bytes, io.base, p.n, full) };
    // SAFETY: every thread is here; `x` as the contract says.
    let (mut vals, count) = unsafe { io.load::<T, ITEMS>(p.x, p.n, m.identity()) };
    let head = |j: usize| heads & (1 << j) != 0;
    // Thread scan in place: `vals[j]` becomes the fold from the last head at or before `j`
    // within the thread (or from the thread's first item); at a head of an exclusive scan the
    // item is seeded with `init` first. Branch-free over all ITEMS (items past `n` are
    // identity fillers with no head and are never stored), so the loops unroll and the
    // arrays stay in registers.
    let mut last = vals[0];
    #[allow(clippy::needless_range_loop)] // constant trip count: unrolls, stays in registers
    for j in 0..ITEMS {
        let x = vals[j];
        let v = if EXCLUSIVE && head(j) {
            m.combine(p.init, x)
        } else {
            x
        };
        if j > 0 && !head(j) {
            vals[j] = m.combine(vals[j - 1], v);
        } else {
            vals[j] = v;
        }
        if j < count {
            last = vals[j];
        }
    }
    let run = if count > 0 {
        let real = if count >= 32 {
            u32::MAX
        } else {
            (1_u32 << count) - 1
        };
        Partial::some(Flagged::new(last, heads & real != 0))
    } else {
        Partial::none(sm.identity())
    };
    // SAFETY: every thread calls the block scan, then `tile_prefix` after its barrier.
    let (before, total) = unsafe { block::exclusive_scan(sm, run, shared) };
    // SAFETY: as above; one slot per launched tile.
    let prefix = unsafe { tile_prefix(sm, p.status, tile, total, shared) }.join(sm, before);
    // Each item joined with everything before the thread (absent only before global index
    // 0, which is a head).
    let carry = prefix.valid != 0;
    let pv = prefix.value.value;
    let mut out = [pv; ITEMS];
    #[allow(clippy::needless_range_loop)] // constant trip count: unrolls, stays in registers
    for j in 0..ITEMS {
        let inc = if carry && !seen(heads, j) {
            m.combine(pv, vals[j])
        } else {
            vals[j]
        };
        if EXCLUSIVE {
            if j + 1 < ITEMS {
                out[j + 1] = inc;
            }
        } else {
            out[j] = inc;
        }
    }
    if EXCLUSIVE {
        // `out[0]` is `pv`: item 0 of a thread that is not a head is not global index 0, so
        // everything before it is present.
        #[allow(clippy::needless_range_loop)]
        for j in 0..ITEMS {
            if head(j) {
                out[j] = p.init;
            }
        }
    }
    // SAFETY: every thread is here; the block scan's barriers separate `load`'s staging
    // reads from `store`'s writes; `y` as the contract says.
    unsafe { io.store(p.y, p.n, out) };
}
