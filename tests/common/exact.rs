//! [`Exact`]: a key compared by its bits, so that `-0.0 != 0.0`, NaN == NaN and NaN payloads
//! differ: what the sort, merge and set bodies compare results with.

use parallaxis::ops::SortKey;
use std::fmt::Debug;
use std::hash::Hash;

/// A sort key with its bit pattern.
pub(crate) trait Exact: SortKey + Debug {
    /// The bit pattern's type.
    type Word: Clone + PartialEq + Eq + Hash + Debug;
    /// Zero, as a key.
    const ZERO_KEY: Self;
    /// `self`'s bit pattern.
    fn word(self) -> Self::Word;
}

macro_rules! exact_int { ($($t:ty),*) => { $(impl Exact for $t {
    type Word = $t;
    const ZERO_KEY: Self = 0;
    fn word(self) -> $t { self }
})* } }
exact_int!(u8, i8, u16, i16, u32, i32, u64, i64, usize);

impl Exact for f32 {
    type Word = u32;
    const ZERO_KEY: Self = 0.0;
    fn word(self) -> u32 {
        self.to_bits()
    }
}

impl Exact for f64 {
    type Word = u64;
    const ZERO_KEY: Self = 0.0;
    fn word(self) -> u64 {
        self.to_bits()
    }
}

/// The bit patterns of `k`.
pub(crate) fn words<K: Exact>(k: &[K]) -> Vec<K::Word> {
    k.iter().map(|&x| x.word()).collect()
}
