//! The look-back walk over the packed layout: one relaxed 8- or 16-byte load per tile gives
//! its flag and value together, no fence.

use super::codec::{epoch_tag, Codec, Words, EPOCH_MASK, FLAG_MASK};
use super::nearest_prefix;
use crate::params::common::{TileStatus, TILE_EMPTY, TILE_PREFIX};
use crate::policy::common::{Partial, WARP_THREADS};
use crate::policy::lookback::POLL_BACKOFF_NS;
use crate::thread::atomics::{load_relaxed_u64, load_relaxed_u64x2, nanosleep};
use crate::thread::lane;
use crate::warp::{ballot, reduce, shuffle_idx};
use parallaxis_core::Monoid;

/// [`look_back`] over packed words: one relaxed 8- or 16-byte load per tile gives flag and
/// value; a word of another launch (its epoch is not this launch's) and a pair of words
/// whose flags disagree (read between two publications) are polled again like an empty
/// tile. Lane `l` holds tile `end - 32 + l` of the window
/// `[end - 32, end)`; the warp folds the lanes from the latest one that saw a published
/// prefix. While a tile above that one is still empty, the lanes of empty tiles (and only
/// those: a published word never changes back) poll again.
///
/// # Safety
/// As [`look_back`], with `C::WORDS > 0`.
#[inline(always)]
pub(super) unsafe fn look_back_packed<T: Copy, M: Monoid<T>, C: Codec<T>>(
    m: M,
    status: TileStatus<T>,
    tile: u64,
) -> Partial<T> {
    let me = u64::from(lane());
    let width = u64::from(WARP_THREADS);
    let mut running = Partial::none(m.identity());
    let tag = epoch_tag(status);
    // Tiles before tile 0 ("virtual") count as published prefixes holding nothing.
    let mut end = tile;
    loop {
        let real = end + me >= width;
        let t = (end + me).wrapping_sub(width) as usize;
        let mut flag = TILE_EMPTY;
        let mut words: Words = [u64::from(TILE_PREFIX); 2];
        let (stop, prefixes) = loop {
            if !real {
                flag = TILE_PREFIX;
            } else if flag == TILE_EMPTY {
                words = if C::WORDS == 1 {
                    // SAFETY: `t < tile`, a valid slot.
                    [unsafe { load_relaxed_u64(status.words.add(t)) }; 2]
                } else {
                    // SAFETY: `t < tile`, a valid 16-byte aligned slot.
                    unsafe { load_relaxed_u64x2(status.words.add(2 * t)) }
                };
                let f = (words[0] & FLAG_MASK) as u32;
                let torn = (words[1] & FLAG_MASK) as u32 != f;
                let stale = words[0] & EPOCH_MASK != tag || words[1] & EPOCH_MASK != tag;
                flag = if torn || stale { TILE_EMPTY } else { f };
            }
            let prefixes = ballot(flag == TILE_PREFIX);
            let stop = if prefixes == 0 {
                0
            } else {
                nearest_prefix(prefixes)
            };
            // Empty lanes below the latest prefix do not matter.
            if ballot(flag == TILE_EMPTY) >> stop == 0 {
                break (stop, prefixes);
            }
            nanosleep(POLL_BACKOFF_NS);
        };
        let mine = if !real || lane() < stop {
            Partial::none(m.identity())
        } else {
            Partial::some(C::decode(words))
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
