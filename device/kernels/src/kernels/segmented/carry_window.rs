//! The carry into a segmented-scan tile, folded from the input instead of looked back. A
//! tile that starts inside a segment needs only the fold of that segment's items before the
//! tile. With offsets the block knows where that segment starts (`offsets[first - 1]`,
//! `first` being the first offset at or after the tile); with flags each warp finds the
//! last head among the window's flag bytes. When the head lies at most one window
//! (`policy::segmented::carry_window_items`, 4 KiB of 4-byte values) before the tile, the
//! block folds the items from it while its own tile is in flight (every thread one piece of
//! at most 4 items, each warp its eighth into a slot), every thread joins the 8 slots after
//! the block scan, and the tile publishes its prefix at once instead of waiting for the
//! tile before it. A tile that starts on a head folds nothing: it skips the look-back
//! already (`Settled::start`). A head further back leaves the flag clear, loads no values,
//! and the tile looks back.
//!
//! Why: at runs of 1000 a tile waited one hop for the tile before it and the offsets form ran
//! at 89% of the copy roof, against 98.5% at runs of 32 (every 8192-item tile starts on a
//! head). With the carry folded, the H100, one call, two passes each, `f32`, main / this (ms):
//! 2^28 0.807, 0.808 / 0.756, 0.761 (1.065x, 95.0% of the roof), 2^30 1.064x, 2^26 1.055x,
//! 2^24 1.021x; runs of 32 and the flag and key forms 0.985-1.002x
//! (`benches/RESULTS.md#h100-2026-11-25-offset-carry`). The flag form at runs of 1000 waited the
//! same way (92% of the roof at 2^28); with the carry 1.057 / 1.064 / 1.070x at 2^26 / 2^28 /
//! 2^30 (2^28 0.876 -> 0.823 ms, 99% of the roof;
//! `benches/RESULTS.md#h100-2026-11-25-flags-carry`).

use crate::policy::common::{Partial, BLOCK_THREADS, BLOCK_WARPS, WARP_THREADS};
use crate::policy::segmented::carry_window_items;
use crate::policy::segmented::{seg_carry_offset, OFFSET_HEAD_WORDS};
use crate::thread::{dynamic_shared_at, lane, thread_index, warp_index};
use crate::warp::{ballot, reduce, shuffle_idx};
use parallaxis_core::Monoid;

/// Items of the window a thread folds at most: the window ([`carry_window_items`]) is 256 to
/// 1024 items over 256 threads.
const MAX_PIECE: usize = 4;

/// The head of the segment spanning an offsets tile's start when it lies at most one window
/// ([`carry_window_items`]) before the start: `offsets[first - 1]`, `first` being the first
/// offset at or after the start. `None` when the tile starts on a head (it needs no carry and
/// skips its look-back already; folding would only add a dependent load to its life:
/// 0.93-0.95x at runs of 32) or the head is further back (the fold would be wasted).
///
/// # Safety
/// After `offset_head_bits` returned (which left its bit map in `map`, `first` in its last two
/// words); `start > 0`; `offsets` as for `offset_head_bits`.
#[inline(always)]
pub(super) unsafe fn offsets_window_head<T>(
    offsets: *const u64,
    map: *const u32,
    start: u64,
) -> Option<u64> {
    // SAFETY: the map's first word, final since `offset_head_bits` returned (contract): bit 0
    // is the tile's first item.
    if unsafe { map.read() } & 1 != 0 {
        return None;
    }
    // SAFETY: `first` sits in the map's last two words (contract).
    let first = unsafe { map.add(OFFSET_HEAD_WORDS - 2).cast::<u64>().read() };
    if first == 0 {
        // Only for offsets that do not start at 0 (validated ones do: `offsets[0] < start`).
        return None;
    }
    // SAFETY: `0 < first <= segments`, inside the offsets.
    let head = unsafe { offsets.add(first as usize - 1).read() };
    if head >= start {
        // Unsorted offsets only (validated ones have `offsets[first - 1] < start`).
        return None;
    }
    (start - head <= carry_window_items(size_of::<T>())).then_some(head)
}

/// The last head among a flags tile's window ([`carry_window_items`] flag bytes before
/// `start`), the same in every warp: each warp reads the whole window (lane `l` its `l`-th
/// eighth-of-a-warp share, one to four 8-byte words; 1 KiB a warp for 4-byte values, mostly
/// L2 hits: the tile before just read them), finds its lane's last nonzero byte and takes the
/// last lane that has one. `None` when the tile starts on a head (see
/// [`offsets_window_head`]) or no head lies in the window.
///
/// # Safety
/// Called by every lane of the warp; `flags` readable for `start + 1` bytes, 8-byte aligned;
/// `start` at least one window, a multiple of it.
#[inline(always)]
pub(super) unsafe fn flags_window_head<T>(flags: *const u8, start: u64) -> Option<u64> {
    let window = carry_window_items(size_of::<T>());
    // SAFETY: `start` is readable (contract).
    if unsafe { flags.add(start as usize).read() } != 0 {
        return None;
    }
    let share = window / u64::from(WARP_THREADS);
    const { assert!(carry_window_items(size_of::<T>()) % (8 * WARP_THREADS as u64) == 0) };
    let base = start - window + u64::from(lane()) * share;
    // The lane's last nonzero byte, as its index in the share plus one (0: none).
    let mut last = 0_u32;
    for w in 0..(share / 8) as usize {
        // SAFETY: inside the window, below `start`; 8-byte aligned (`base` is a multiple of
        // `share`, a multiple of 8, and `flags` 8-byte aligned).
        let word = unsafe { flags.add(base as usize).cast::<u64>().add(w).read() };
        // High bit of every nonzero byte (bytes of 0x80 and up keep theirs through `| word`).
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let nonzero = (((word & LOW7) + LOW7) | word) & !LOW7;
        if nonzero != 0 {
            last = w as u32 * 8 + (63 - nonzero.leading_zeros()) / 8 + 1;
        }
    }
    let lanes = ballot(last != 0);
    if lanes == 0 {
        return None;
    }
    let from = 31 - lanes.leading_zeros();
    let at = shuffle_idx(last, from);
    Some(start - window + u64::from(from) * share + u64::from(at) - 1)
}

/// Every thread folds its piece of the window before the tile at `start` (the
/// [`carry_window_items`] items before it) from `head` on, the head's value first replaced by
/// `init ⊕ x` when `seeded` (as `run_scan` does); each warp leaves its fold in its slot, and
/// thread 0 sets the flag when there is a head (a tile without one looks back).
///
/// # Safety
/// Called by every thread of the block with block-uniform arguments, before a barrier that
/// precedes [`joined_carry`]; `start > 0` a multiple of the tile size; `head`, when present,
/// the last head before `start` and at most one window before it; `x` readable below
/// `start` and not written by this launch; the launch provides `seg_scan_shared_bytes::<T>()`
/// bytes of dynamic shared memory.
#[inline(always)]
pub(super) unsafe fn fold_carry_window<T: Copy, M: Monoid<T>>(
    m: M,
    seeded: Option<T>,
    x: *const T,
    head: Option<u64>,
    start: u64,
) {
    const {
        assert!(
            carry_window_items(size_of::<T>()) <= MAX_PIECE as u64 * BLOCK_THREADS as u64
                && carry_window_items(size_of::<T>()) % BLOCK_THREADS as u64 == 0
        )
    };
    if thread_index() == 0 {
        // SAFETY: read after the barrier that follows (contract).
        unsafe { carry_flag::<T>().write(u32::from(head.is_some())) };
    }
    let Some(head) = head else {
        return;
    };
    let slots = carry_slots::<T>();
    let window = carry_window_items(size_of::<T>());
    let piece = window / u64::from(BLOCK_THREADS);
    let base = start - window + u64::from(thread_index()) * piece;
    let mut acc = Partial::none(m.identity());
    for j in 0..MAX_PIECE as u64 {
        let i = base + j;
        if j < piece && i >= head {
            // SAFETY: `start - window <= i < start`: readable (contract).
            let xi = unsafe { x.add(i as usize).read() };
            let v = match seeded {
                Some(init) if i == head => m.combine(init, xi),
                _ => xi,
            };
            acc = acc.join(m, Partial::some(v));
        }
    }
    let folded = reduce(m, acc);
    if lane() == WARP_THREADS - 1 {
        // SAFETY: this warp's slot; read after the barrier that follows (contract).
        unsafe { slots.add(warp_index() as usize).write(folded) };
    }
}

/// The carry [`fold_carry_window`] left, the same in every thread: the inclusive scan value
/// of item `start - 1`.
///
/// # Safety
/// After [`fold_carry_window`] and a barrier of the whole block, before anything reuses the
/// slots, and only when [`carry_known`] says the window held the segment's head (the slots
/// are unwritten otherwise).
#[inline(always)]
pub(super) unsafe fn joined_carry<T: Copy, M: Monoid<T>>(m: M) -> T {
    let slots = carry_slots::<T>();
    let mut carry = Partial::none(m.identity());
    for w in 0..BLOCK_WARPS {
        // SAFETY: as above.
        carry = carry.join(m, unsafe { slots.add(w).read() });
    }
    // The head lies in the window, so some slot holds an item.
    carry.value
}

/// Whether [`fold_carry_window`] had a head (block-uniform).
///
/// # Safety
/// After [`fold_carry_window`] and a barrier of the whole block, before anything reuses the
/// slots and the flag.
#[inline(always)]
pub(super) unsafe fn carry_known<T>() -> bool {
    // SAFETY: written before the barrier (contract).
    unsafe { carry_flag::<T>().read() != 0 }
}

/// The `u32` flag after the carry slots: whether the window had a head.
#[inline(always)]
fn carry_flag<T>() -> *mut u32 {
    carry_slots::<T>().wrapping_add(BLOCK_WARPS).cast()
}

/// The `BLOCK_WARPS` carry slots (then the flag) in dynamic shared memory.
#[inline(always)]
fn carry_slots<T>() -> *mut Partial<T> {
    // SAFETY: the launch provides `seg_scan_shared_bytes::<T>()` bytes, which end with the
    // slots and the flag (callers' contracts).
    unsafe { dynamic_shared_at::<Partial<T>>(seg_carry_offset::<T>()) }
}
