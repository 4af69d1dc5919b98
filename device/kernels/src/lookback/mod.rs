//! Decoupled look-back (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
//! Look-back", 2016). Each tile publishes its aggregate as soon as it has one, then warp 0 of
//! its block walks back over its predecessors 32 tiles at a time, folding aggregates until it
//! meets a tile whose inclusive prefix is published. The scan is then one pass over memory:
//! 2n element moves instead of the 3n of reduce-then-scan.
//!
//! The state comes in two layouts ([`TileStatus`]): 4- and 8-byte values travel with their
//! flag in one or two 8-byte words (a single relaxed load per predecessor, no fence to
//! publish; `codec.rs`, `packed.rs`); other values sit beside a flag that is released after
//! and acquired before them (the split walk, at the end of this file).

mod bins;
mod codec;
mod packed;

pub(crate) use bins::{look_back_bin, publish_bin_count};
pub(crate) use codec::{FlaggedPair, Plain, RunPair};

use crate::params::common::{TileStatus, TILE_AGGREGATE, TILE_EMPTY, TILE_PREFIX};
use crate::policy::common::{BlockShared, Partial, WARP_THREADS};
use crate::policy::lookback::{FIRST_POLL_DELAY_MIN_TILES, POLL_BACKOFF_NS};
use crate::thread::atomics::{
    fetch_add_relaxed, load_acquire, nanosleep, store_relaxed_u64, store_relaxed_u64x2,
    store_release,
};
use crate::thread::{block_index, grid_blocks, lane, sync_threads, thread_index, warp_index};
use crate::warp::{ballot, reduce, shuffle_idx};
use codec::{epoch_tag, Codec};
use packed::look_back_packed;
use parallaxis_core::Monoid;

/// The tile this block scans: its block index, or (when `status.counter` is set) the next
/// ticket, drawn by thread 0 and shared through `shared.tile`.
///
/// # Safety
/// Called by every thread of the block (the ticket path has a barrier), before any other
/// use of `shared.tile`; `status.counter` is null or a valid zeroed global word.
#[inline(always)]
pub(crate) unsafe fn draw_tile<T, V>(status: TileStatus<T>, shared: *mut BlockShared<V>) -> u64 {
    if status.counter.is_null() {
        return block_index();
    }
    if thread_index() == 0 {
        // SAFETY: the counter is a valid global word; thread 0 alone writes `tile`.
        unsafe { (*shared).tile = fetch_add_relaxed(status.counter, 1) };
    }
    // SAFETY: `counter` is a launch parameter, so every thread takes this path.
    unsafe { sync_threads() };
    // SAFETY: written before the barrier.
    u64::from(unsafe { (*shared).tile })
}

/// Publishes `value` for `tile` under `flag` (`TILE_AGGREGATE`: its own fold, `TILE_PREFIX`:
/// the fold through it).
///
/// # Safety
/// `tile` must be below the number of slots in `status`; one thread per tile calls this, at
/// most once per flag value.
#[inline(always)]
unsafe fn publish<T: Copy, C: Codec<T>>(status: TileStatus<T>, tile: u64, value: T, flag: u32) {
    if C::WORDS > 0 {
        let w = C::encode(value);
        let f = u64::from(flag) | epoch_tag(status);
        // SAFETY: `tile` is in range (caller contract) and this thread is its only writer;
        // the slot is `C::WORDS` words at a multiple of them (8 or 16-byte aligned).
        unsafe {
            let at = status.words.add(tile as usize * C::WORDS);
            if C::WORDS == 1 {
                store_relaxed_u64(at, w[0] | f);
            } else {
                store_relaxed_u64x2(at, [w[0] | f, w[1] | f]);
            }
        }
        return;
    }
    let slot = if flag == TILE_PREFIX {
        status.inclusives
    } else {
        status.aggregates
    };
    // A plain store, not a volatile one: a volatile store of a 24-byte
    // `Flagged<AffineMap<i64>>` went through a local-memory copy. The release store after it
    // is inline assembly with a memory clobber, so the compiler keeps the value store before
    // it, and `st.release.gpu` makes it visible to every reader that acquires the flag.
    // SAFETY: `tile` is in range (caller contract) and this thread is the slot's only writer.
    unsafe {
        slot.add(tile as usize).write(value);
        store_release(status.flags.add(tile as usize), flag);
    }
}

/// The fold of tiles `0..tile` in order, in every lane of the calling warp.
///
/// # Safety
/// Called by all 32 lanes of one warp, with `0 < tile < slots`; every tile below `tile`
/// belongs to a block that has started (see [`draw_tile`]), and tile 0 publishes only
/// `TILE_PREFIX`.
#[inline(always)]
unsafe fn look_back<T: Copy, M: Monoid<T>, C: Codec<T>>(
    m: M,
    status: TileStatus<T>,
    tile: u64,
) -> Partial<T> {
    // Two walks rather than one generic over the layout: the generic one cost the segmented
    // kernels 4-7 registers more under ptxas 13 (seg_inclusive_scan f32 48 -> 53, reduce_runs
    // f32 48 -> 55: one resident block per SM fewer).
    if C::WORDS > 0 {
        // SAFETY: as the caller guarantees.
        unsafe { look_back_packed::<T, M, C>(m, status, tile) }
    } else {
        // SAFETY: as the caller guarantees.
        unsafe { look_back_split(m, status, tile) }
    }
}

/// The lane of the nearest published prefix in a window (`prefixes` is the ballot of lanes
/// that saw one, nonzero), which ends the walk: lanes below it contribute nothing.
#[inline(always)]
fn nearest_prefix(prefixes: u32) -> u32 {
    WARP_THREADS - 1 - prefixes.leading_zeros()
}

/// What a tile's own items settle before any look-back. Plain scans and reduce by key know
/// nothing ([`Settled::NOTHING`]); a segmented scan's tile that holds a head does.
#[derive(Clone, Copy)]
pub(crate) struct Settled {
    /// The tile's total is already its inclusive prefix: joined after anything it stays
    /// itself (a `Segmented` total with a head). Block-uniform.
    pub(crate) total: bool,
    /// Read in thread 0 only: the tile's first item starts a segment, so no item of the tile
    /// folds anything before it and the block needs no prefix.
    pub(crate) start: bool,
}

impl Settled {
    /// Nothing settled: publish the aggregate, look back, publish the prefix.
    pub(crate) const NOTHING: Self = Self {
        total: false,
        start: false,
    };
}

/// The prefix of everything before `tile`, the same in every thread: `seed` for tile 0
/// (absent for an inclusive scan, `init` for an exclusive one), else the fold of all earlier
/// tiles (which starts with tile 0's seed). Publishes the tile: tile 0 its prefix
/// `seed ⊕ total` at once; any other its aggregate `total`, then after the look-back its
/// prefix.
///
/// A tile whose total is `settled.total` publishes it as its prefix at once, so successors
/// stop their look-back at it instead of waiting for its own look-back: a segmented scan's
/// look-back is then one hop whenever the tile before holds a head. When the tile's first
/// item starts a segment as well (`settled.start`) the block skips its look-back (it returns
/// an absent prefix, which the caller's items never fold: each has a head at or before it).
/// The H100, one call, two passes each (ms at 2^28, f32; before / the total published at
/// once / and the look-back skipped at a head on the tile's first item): `scan_by_keys` runs
/// of 32 1.206, 1.207 / 1.089, 1.093 / 1.078, 1.080, runs of 1000 1.209, 1.205 / 1.091,
/// 1.091 / 1.101, 1.095; `scan_by_flags` runs of 32 1.042, 1.039 / 0.876, 0.881 / 0.827,
/// 0.823, runs of 1000 1.044, 1.041 / 0.878, 0.881 / 0.882, 0.880 (the flag form from 77.6%
/// to 92-98% of the copy roof; `benches/RESULTS.md#h100-2026-11-25-settled-lookback`).
///
/// A tile that already knows everything before it (`known`: a flags or offsets scan that
/// folded its carry itself, `kernels::segmented::carry_window`) passes it as `seed` and is
/// treated as tile 0: it publishes `seed ⊕ total` at once and looks back at nothing.
///
/// A tile that looks back over packed words first sleeps `first_poll_delay_ns` (0: not at
/// all) when the launch has at least [`FIRST_POLL_DELAY_MIN_TILES`] tiles: by then its
/// predecessors have mostly published, so the walk polls less (the measurements are at the
/// callers' constants, `policy::lookback::SCAN_FIRST_POLL_DELAY_NS` and
/// `RUNS_FIRST_POLL_DELAY_NS`).
///
/// # Safety
/// Called by every thread of the block after the block scan's barrier; `total` is the
/// tile's fold (present: a launched tile has at least one item); `status` has a slot for
/// `tile`, which this block drew with [`draw_tile`]; `settled` true only as its fields say;
/// `known` block-uniform and, when set, `seed` the fold of every item before the tile (as
/// the look-back would find it, up to reassociation).
#[inline(always)]
#[allow(clippy::too_many_arguments)] // the protocol's inputs and the caller's sleep
pub(crate) unsafe fn tile_prefix<V: Copy, S: Monoid<V>, C: Codec<V>>(
    s: S,
    status: TileStatus<V>,
    tile: u64,
    seed: impl FnOnce() -> Partial<V>,
    total: Partial<V>,
    settled: Settled,
    known: bool,
    first_poll_delay_ns: u32,
    shared: *mut BlockShared<V>,
) -> Partial<V> {
    if tile == 0 || known {
        let seed = seed();
        if thread_index() == 0 {
            // SAFETY: the block's own slot; thread 0 is its only writer.
            unsafe { publish::<V, C>(status, tile, seed.join(s, total).value, TILE_PREFIX) };
        }
        return seed;
    }
    if warp_index() == 0 {
        let first = if settled.total {
            TILE_PREFIX
        } else {
            TILE_AGGREGATE
        };
        if lane() == 0 {
            // SAFETY: `tile` is this block's own slot; thread 0 is its only writer.
            unsafe { publish::<V, C>(status, tile, total.value, first) };
        }
        // Warp-uniform: lane 0 is thread 0.
        let unneeded = settled.total && shuffle_idx(u32::from(settled.start), 0) != 0;
        let before = if unneeded {
            Partial::none(s.identity())
        } else {
            // Only the packed layouts sleep: the split one was not measured with a sleep,
            // and the check cost the 16-byte `reduce_runs` entries a resident block (64 ->
            // 66 registers).
            if C::WORDS > 0
                && first_poll_delay_ns > 0
                && grid_blocks() >= FIRST_POLL_DELAY_MIN_TILES
            {
                nanosleep(first_poll_delay_ns);
            }
            // SAFETY: all of warp 0; `0 < tile`; earlier tiles belong to started blocks.
            unsafe { look_back::<V, S, C>(s, status, tile) }
        };
        if lane() == 0 {
            // SAFETY: as above; the block's other threads read the prefix after the barrier.
            unsafe {
                if !settled.total {
                    publish::<V, C>(status, tile, before.join(s, total).value, TILE_PREFIX);
                }
                (*shared).prefix = before;
            }
        }
    }
    // SAFETY: `tile` is uniform in the block, so every thread reaches this barrier.
    unsafe { sync_threads() };
    // SAFETY: written by thread 0 before the barrier.
    unsafe { (*shared).prefix }
}

/// [`tile_prefix`] for a tile with no shortcut: nothing settled, nothing known before it
/// (the plain scans and the reduce of runs).
///
/// # Safety
/// As [`tile_prefix`].
#[inline(always)]
pub(crate) unsafe fn looked_back_prefix<V: Copy, S: Monoid<V>, C: Codec<V>>(
    s: S,
    status: TileStatus<V>,
    tile: u64,
    seed: Partial<V>,
    total: Partial<V>,
    first_poll_delay_ns: u32,
    shared: *mut BlockShared<V>,
) -> Partial<V> {
    // SAFETY: as the caller guarantees; `Settled::NOTHING` and `known = false` claim nothing.
    unsafe {
        tile_prefix::<V, S, C>(
            s,
            status,
            tile,
            || seed,
            total,
            Settled::NOTHING,
            false,
            first_poll_delay_ns,
            shared,
        )
    }
}

// The split-layout walk stays in this file: in a module of its own (as the packed walk
// is) it changed the PTX of the segmented scans over `AffineMap<i64>`, presumably because
// rustc's MIR inliner orders some caller/callee pairs by def-path hash, which follows the
// module path.
/// [`look_back`] over the split layout: the flag acquired, then the value it guards.
///
/// # Safety
/// As [`look_back`], with `C::WORDS == 0`.
#[inline(always)]
unsafe fn look_back_split<T: Copy, M: Monoid<T>>(
    m: M,
    status: TileStatus<T>,
    tile: u64,
) -> Partial<T> {
    let me = u64::from(lane());
    let width = u64::from(WARP_THREADS);
    let mut running = Partial::none(m.identity());
    // The window is tiles [end - 32, end): lane l looks at tile end - 32 + l. Lanes before
    // tile 0 ("virtual") count as published prefixes holding nothing.
    let mut end = tile;
    loop {
        let real = end + me >= width;
        let t = (end + me).wrapping_sub(width) as usize;
        let flag = loop {
            let f = if real {
                // SAFETY: `t < tile`, a valid slot.
                unsafe { load_acquire(status.flags.add(t)) }
            } else {
                TILE_PREFIX
            };
            if ballot(f == TILE_EMPTY) == 0 {
                break f;
            }
            nanosleep(POLL_BACKOFF_NS);
        };
        let prefixes = ballot(flag == TILE_PREFIX);
        let stop = if prefixes == 0 {
            0
        } else {
            nearest_prefix(prefixes)
        };
        let mine = if !real || (lane() < stop) {
            Partial::none(m.identity())
        } else if flag == TILE_PREFIX {
            // SAFETY: acquired TILE_PREFIX for slot `t`, so its inclusive value is written.
            Partial::some(unsafe { status.inclusives.add(t).read_volatile() })
        } else {
            // SAFETY: acquired TILE_AGGREGATE (or later) for slot `t`.
            Partial::some(unsafe { status.aggregates.add(t).read_volatile() })
        };
        let window = shuffle_idx(reduce(m, mine), WARP_THREADS - 1);
        running = window.join(m, running);
        if prefixes != 0 {
            return running;
        }
        // No prefix in the window means tile 0 (always a prefix) is not in it: end > 32.
        end -= width;
    }
}
