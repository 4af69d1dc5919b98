//! How a look-back value travels in the packed layout: one or two 8-byte words per tile,
//! the value's bytes in their high halves, the flag (and a segmented scan's head) in the low
//! bits, and the writer's epoch between them. [`Codec::WORDS`] 0 means the split layout.

use crate::params::common::{TileStatus, LOOKBACK_EPOCH_SHIFT};
use crate::params::segmented::RunAgg;
use crate::policy::lookback::{packed_run_words, packed_words};
use core::mem::transmute_copy;
use parallaxis_core::Flagged;

/// Bits of a packed word that hold the tile's flag; the codec's own bits lie above them.
pub(super) const FLAG_MASK: u64 = 0xff;

/// Bits of a packed word that hold its writer's epoch ([`TileStatus::epoch`]).
pub(super) const EPOCH_MASK: u64 = (u64::MAX >> 32) & !((1 << LOOKBACK_EPOCH_SHIFT) - 1);

/// The epoch bits a word written by this launch carries.
#[inline(always)]
pub(super) fn epoch_tag<T>(status: TileStatus<T>) -> u64 {
    u64::from(status.epoch) << LOOKBACK_EPOCH_SHIFT
}

/// Up to two packed words of one tile. Each word carries the flag in its low bits and is
/// single-copy atomic on its own; a reader accepts a pair only when both flags agree, and as
/// every flag value is published once per tile, agreeing flags mean one publication.
pub(crate) type Words = [u64; 2];

/// How a look-back value travels in packed words, if it does: `encode` leaves the low 8 bits
/// ([`FLAG_MASK`]) of each word zero for the flag, `decode` inverts it.
pub(crate) trait Codec<V>: Copy {
    /// Packed words per tile, 0 (the split layout), 1 or 2 (must agree with the host's plan:
    /// [`crate::policy::lookback::packed_words`]).
    const WORDS: usize;
    /// The words for `v`, flag bits zero (called only when `WORDS > 0`).
    fn encode(v: V) -> Words;
    /// The value words hold (called only when `WORDS > 0`).
    fn decode(words: Words) -> V;
}

/// The high halves of the words hold the value's bytes: a 4-byte value in word 0, an
/// 8-byte one split over words 0 and 1 ([`packed_words`]); any other type takes the split
/// layout (`encode` and `decode` are then never called).
#[derive(Clone, Copy)]
pub(crate) struct Plain;

impl<T: Copy> Codec<T> for Plain {
    const WORDS: usize = packed_words::<T>();

    #[inline(always)]
    fn encode(v: T) -> Words {
        if packed_words::<T>() == 1 {
            // SAFETY: `T` is 4 bytes of plain data (`packed_words`).
            [u64::from(unsafe { transmute_copy::<T, u32>(&v) }) << 32, 0]
        } else {
            // SAFETY: `T` is 8 bytes of plain data (`packed_words`; only called when packed).
            let bits = unsafe { transmute_copy::<T, u64>(&v) };
            [bits << 32, bits & !(u64::MAX >> 32)]
        }
    }

    #[inline(always)]
    fn decode(w: Words) -> T {
        if packed_words::<T>() == 1 {
            // SAFETY: 4 bytes that `encode` took from a `T`.
            unsafe { transmute_copy::<u32, T>(&((w[0] >> 32) as u32)) }
        } else {
            let bits = (w[0] >> 32) | (w[1] & !(u64::MAX >> 32));
            // SAFETY: 8 bytes that `encode` took from a `T`.
            unsafe { transmute_copy::<u64, T>(&bits) }
        }
    }
}

/// A segmented scan's `Flagged<T>`: `T` as [`Plain`] packs it, the head in bit 8 of word 0.
/// The pair has padding, so without this it would take the split path.
#[derive(Clone, Copy)]
pub(crate) struct FlaggedPair;

/// The bit of word 0 that holds a [`Flagged`] head.
const HEAD_BIT: u64 = 1 << 8;

const _: () = assert!(
    (FLAG_MASK | HEAD_BIT) & EPOCH_MASK == 0 && (FLAG_MASK | HEAD_BIT) >> LOOKBACK_EPOCH_SHIFT == 0,
    "flag and head bits lie below the epoch"
);

impl<T: Copy> Codec<Flagged<T>> for FlaggedPair {
    const WORDS: usize = packed_words::<T>();

    #[inline(always)]
    fn encode(v: Flagged<T>) -> Words {
        let mut w = <Plain as Codec<T>>::encode(v.value);
        if v.head {
            w[0] |= HEAD_BIT;
        }
        w
    }

    #[inline(always)]
    fn decode(w: Words) -> Flagged<T> {
        Flagged::new(<Plain as Codec<T>>::decode(w), w[0] & HEAD_BIT != 0)
    }
}

/// Reduce by key's `RunAgg<T>` of a 4-byte `T`: the value in word 0, the head count in
/// word 1 ([`packed_run_words`]); other `T` split.
#[derive(Clone, Copy)]
pub(crate) struct RunPair;

impl<T: Copy> Codec<RunAgg<T>> for RunPair {
    const WORDS: usize = packed_run_words::<T>();

    #[inline(always)]
    fn encode(v: RunAgg<T>) -> Words {
        let value = <Plain as Codec<T>>::encode(v.value)[0];
        [value, u64::from(v.heads) << 32]
    }

    #[inline(always)]
    fn decode(w: Words) -> RunAgg<T> {
        RunAgg {
            value: <Plain as Codec<T>>::decode([w[0], 0]),
            heads: (w[1] >> 32) as u32,
        }
    }
}
