//! [`SearchKey`]: the total order the vectorized searches (`lower_bound`, `upper_bound`,
//! `binary_search`) compare in.
//!
//! Integers compare as they are. Floats compare by IEEE `<`, made total: `-0.0` before
//! `+0.0`, and every NaN (of either sign, any payload) after `+inf`, all NaNs equal. That is
//! the order of a float sort with NaNs last, so a sorted vector with NaNs at its end is
//! sorted in it.

use crate::Number;

/// A number with a total order for searching: `a` before `b` exactly when
/// `a.search_key() < b.search_key()`.
///
/// ```
/// use parallaxis_core::SearchKey;
/// assert!((-0.0_f32).search_key() < 0.0_f32.search_key());
/// assert!(f32::INFINITY.search_key() < f32::NAN.search_key());
/// assert_eq!(f64::NAN.search_key(), (-f64::NAN).search_key());
/// assert!((-3_i32).search_key() < 2_i32.search_key());
/// ```
pub trait SearchKey: Number {
    /// An ordered integer image of the value.
    type Key: Copy + Ord + core::fmt::Debug;
    /// The value's key.
    fn search_key(self) -> Self::Key;
}

macro_rules! int_key {
    ($($t:ty),*) => {$(
        impl SearchKey for $t {
            type Key = $t;
            #[inline(always)]
            fn search_key(self) -> $t {
                self
            }
        }
    )*};
}
int_key!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

macro_rules! float_key {
    ($($t:ty => $bits:ty),*) => {$(
        impl SearchKey for $t {
            type Key = $bits;
            /// Non-negative values get the sign bit set, negative ones all bits flipped (so
            /// both halves increase with the value); NaN is the largest key.
            #[inline(always)]
            fn search_key(self) -> $bits {
                const SIGN: $bits = 1 << (<$bits>::BITS - 1);
                let bits = self.to_bits();
                if self.is_nan() {
                    <$bits>::MAX
                } else if bits & SIGN != 0 {
                    !bits
                } else {
                    bits | SIGN
                }
            }
        }
    )*};
}
float_key!(f32 => u32, f64 => u64);
