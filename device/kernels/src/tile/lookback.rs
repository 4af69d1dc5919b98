//! Decoupled look-back (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
//! Look-back", 2016). Each tile publishes its aggregate as soon as it has one, then warp 0 of
//! its block walks back over its predecessors 32 tiles at a time, folding aggregates until it
//! meets a tile whose inclusive prefix is published. The scan is then one pass over memory:
//! 2n element moves instead of the 3n of reduce-then-scan.

use crate::atomics::{load_acquire, nanosleep, store_release};
use crate::params::TileStatus;
use crate::simt::lane;
use crate::tuning::{Partial, TILE_EMPTY, TILE_PREFIX, WARP_THREADS};
use crate::warp::{ballot, reduce, shuffle_idx};
use parallax_core::Monoid;

/// Backoff between polls of a window that still has an empty tile, in nanoseconds.
const POLL_BACKOFF_NS: u32 = 32;

/// Publishes `value` for `tile` under `flag` (`TILE_AGGREGATE`: its own fold, `TILE_PREFIX`:
/// the fold through it): writes the value, then releases the flag, so a reader that acquires
/// the flag reads the value.
///
/// # Safety
/// `tile` must be below the number of slots in `status`; one thread per tile calls this, at
/// most once per flag value.
#[inline(always)]
pub(crate) unsafe fn publish<T: Copy>(status: TileStatus<T>, tile: u64, value: T, flag: u32) {
    let slot = if flag == TILE_PREFIX {
        status.inclusives
    } else {
        status.aggregates
    };
    // SAFETY: `tile` is in range (caller contract) and this thread is the slot's only writer.
    unsafe {
        slot.add(tile as usize).write_volatile(value);
        store_release(status.flags.add(tile as usize), flag);
    }
}

/// The fold of tiles `0..tile` in order, in every lane of the calling warp.
///
/// # Safety
/// Called by all 32 lanes of one warp, with `0 < tile < slots`; every tile below `tile`
/// belongs to a block that has started (tile indices are drawn from `status.counter` in start
/// order), and tile 0 publishes only `TILE_PREFIX`.
#[inline(always)]
pub(crate) unsafe fn look_back<T: Copy, M: Monoid<T>>(
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
        // The nearest published prefix ends the walk; lanes below it contribute nothing.
        let stop = if prefixes == 0 {
            0
        } else {
            WARP_THREADS - 1 - prefixes.leading_zeros()
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
