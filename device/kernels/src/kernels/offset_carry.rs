//! The carry into a segmented-scan tile whose heads come from offsets, folded from the input
//! instead of looked back. A tile that starts inside a segment needs only the fold of that
//! segment's items before the tile, and with offsets the block knows where that segment
//! starts (`offsets[first - 1]`, `first` being the first offset at or after the tile). When
//! it starts at most one window (`tuning::offset_carry_window`, 4 KiB of values) before the
//! tile, the block folds those items while its own tile is in flight (every thread one piece
//! of at most 4 items, each warp its eighth into a slot), every thread joins the 8 slots
//! after the block scan, and the tile publishes its prefix at once instead of waiting for the
//! tile before it. A tile that starts on a head folds nothing: it skips the look-back already
//! (`Settled::start`). A head further back leaves the flag clear and the tile looks back.
//!
//! Why: at runs of 1000 a tile waited one hop for the tile before it and the offsets form ran
//! at 89% of the copy roof, against 98.5% at runs of 32 (every 8192-item tile starts on a
//! head). With the carry folded, the H100, one call, two passes each, `f32`, main / this (ms):
//! 2^28 0.807, 0.808 / 0.756, 0.761 (1.065x, 95.0% of the roof), 2^30 1.064x, 2^26 1.055x,
//! 2^24 1.021x; runs of 32 and the flag and key forms 0.985-1.002x
//! (`benches/results/h100-2026-11-25-offset-carry/`).

use crate::params_segmented::{seg_carry_offset, OFFSET_HEAD_WORDS};
use crate::simt::{dynamic_shared_at, lane, thread_index, warp_index};
use crate::tuning::{offset_carry_window, Partial, BLOCK_THREADS, BLOCK_WARPS, WARP_THREADS};
use crate::warp::reduce;
use parallax_core::Monoid;

/// Items of the window a thread folds at most: the window ([`offset_carry_window`]) is 4 KiB
/// of values over 256 threads.
const MAX_PIECE: usize = 4;

/// Every thread folds its piece of the window before the tile at `start` (the
/// [`offset_carry_window`] items before it, from the head `offsets[first - 1]` on; the
/// head's value first replaced by `init ⊕ x` when `seeded`, as `run_scan` does); each warp
/// leaves its fold in its slot, and thread 0 sets the flag when the window holds that head.
///
/// # Safety
/// Called by every thread of the block with block-uniform arguments, after
/// `offset_head_bits` (which left `first` in the last two words of `map`) and before a
/// barrier that precedes [`joined_carry`]; `start > 0` a multiple of the tile size; `x`
/// readable below `start`; `offsets` as for `offset_head_bits`; the launch provides
/// `seg_scan_shared_bytes::<T>()` bytes of dynamic shared memory.
#[inline(always)]
pub(super) unsafe fn fold_carry_window<T: Copy, M: Monoid<T>>(
    m: M,
    seeded: Option<T>,
    x: *const T,
    offsets: *const u64,
    map: *const u32,
    start: u64,
) {
    const {
        assert!(
            offset_carry_window(size_of::<T>()) <= MAX_PIECE as u64 * BLOCK_THREADS as u64
                && offset_carry_window(size_of::<T>()) % BLOCK_THREADS as u64 == 0
        )
    };
    let slots = carry_slots::<T>();
    let flag = slots.wrapping_add(BLOCK_WARPS).cast::<u32>();
    // SAFETY: the map's first word, final since `offset_head_bits` returned (contract): bit 0
    // is the tile's first item.
    if unsafe { map.read() } & 1 != 0 {
        // A tile that starts on a head needs no carry and skips its look-back already; the
        // fold would only add a dependent load to its life (0.93-0.95x at runs of 32).
        if thread_index() == 0 {
            // SAFETY: the flag after the slots; read after the barrier that follows.
            unsafe { flag.write(0) };
        }
        return;
    }
    let window = offset_carry_window(size_of::<T>());
    let piece = window / u64::from(BLOCK_THREADS);
    // SAFETY: `first` sits in the map's last two words (contract); `first > 0` because
    // `offsets[0] = 0 < start`.
    let head = unsafe {
        let first = map.add(OFFSET_HEAD_WORDS - 2).cast::<u64>().read();
        offsets.add(first as usize - 1).read()
    };
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
    if thread_index() == 0 {
        // SAFETY: the flag after the slots; read after that barrier.
        unsafe { flag.write(u32::from(start - head <= window)) };
    }
}

/// The carry [`fold_carry_window`] left, the same in every thread: the inclusive scan value
/// of item `start - 1` when the window held its segment's head (block-uniform).
///
/// # Safety
/// After [`fold_carry_window`] and a barrier of the whole block, before anything reuses the
/// slots.
#[inline(always)]
pub(super) unsafe fn joined_carry<T: Copy, M: Monoid<T>>(m: M) -> Option<T> {
    // SAFETY: as the caller guarantees.
    if !unsafe { carry_known::<T>() } {
        return None;
    }
    let slots = carry_slots::<T>();
    let mut carry = Partial::none(m.identity());
    for w in 0..BLOCK_WARPS {
        // SAFETY: as above.
        carry = carry.join(m, unsafe { slots.add(w).read() });
    }
    // The head lies in the window, so some slot holds an item.
    Some(carry.value)
}

/// Whether [`fold_carry_window`] found the segment's head in the window (block-uniform).
///
/// # Safety
/// As [`joined_carry`].
#[inline(always)]
pub(super) unsafe fn carry_known<T>() -> bool {
    // SAFETY: the flag after the slots, written before the barrier (contract).
    unsafe { carry_slots::<T>().add(BLOCK_WARPS).cast::<u32>().read() != 0 }
}

/// The `BLOCK_WARPS` carry slots (then the flag) in dynamic shared memory.
#[inline(always)]
fn carry_slots<T>() -> *mut Partial<T> {
    // SAFETY: the launch provides `seg_scan_shared_bytes::<T>()` bytes, which end with the
    // slots and the flag (callers' contracts).
    unsafe { dynamic_shared_at::<Partial<T>>(seg_carry_offset::<T>()) }
}
