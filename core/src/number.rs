//! `Number`: the arithmetic the stock operators need, identical on every backend.
//!
//! Integer arithmetic wraps (two's complement) in debug and release builds alike, so an
//! overflowing integer sum gives the same bits on the host, in tests and on the GPU.

use crate::DeviceCopy;

/// Primitive numbers: wrapping integer arithmetic, IEEE float arithmetic.
///
/// ```
/// use parallaxis_core::Number;
/// // Generic code over every primitive number, with the same wrapping on every backend.
/// fn total<T: Number>(x: &[T]) -> T {
///     x.iter().fold(T::ZERO, |s, &v| s.plus(v))
/// }
/// assert_eq!(total(&[1.5_f64, 2.5]), 4.0);
/// assert_eq!(u8::MAX.plus(1), 0);
/// assert_eq!(f32::LOWEST, f32::NEG_INFINITY); // the identity of Max
/// ```
pub trait Number: DeviceCopy + PartialOrd + PartialEq + core::fmt::Debug {
    /// Additive identity.
    const ZERO: Self;
    /// Multiplicative identity.
    const ONE: Self;
    /// The lowest value (`-inf` for floats): the identity of `Max`.
    const LOWEST: Self;
    /// The highest value (`+inf` for floats): the identity of `Min`.
    const HIGHEST: Self;
    /// `self + rhs`, wrapping for integers.
    fn plus(self, rhs: Self) -> Self;
    /// `self - rhs`, wrapping for integers.
    fn minus(self, rhs: Self) -> Self;
    /// `self * rhs`, wrapping for integers.
    fn times(self, rhs: Self) -> Self;
    /// `self + rhs`, saturating at `LOWEST`/`HIGHEST` for integers (so `HIGHEST` absorbs
    /// non-negative addends, as the min-plus semiring needs); plain addition for floats.
    fn saturating_plus(self, rhs: Self) -> Self;
    /// The smaller value; for floats IEEE `minNum` (a NaN operand is ignored).
    fn minimum(self, rhs: Self) -> Self;
    /// The larger value; for floats IEEE `maxNum` (a NaN operand is ignored).
    fn maximum(self, rhs: Self) -> Self;
    /// `v as Self` (wrapping for integers, rounding for floats).
    fn from_u64(v: u64) -> Self;
    /// `self as f64`, for error bounds in tests.
    fn to_f64(self) -> f64;
    /// `v as Self`, for building test data.
    fn from_f64(v: f64) -> Self;
    /// Machine epsilon for floats, `0` for integers (integer results are exact).
    const EPSILON: f64;
    /// `true` for the integer types, which hold no fraction, NaN or infinity: readers of
    /// text (the Matrix Market reader) refuse such values for them instead of rounding.
    const INTEGER: bool;
    /// Parses decimal text exactly: an integer type takes an optionally signed integer in
    /// its range (`"9007199254740993"` into `i64` is that number, not the nearest `f64`); a
    /// float type takes any decimal, `inf` or `nan`, rounded once to the nearest value of its
    /// own width. `None` for anything else, including an integer out of range and a finite
    /// decimal beyond the float's largest value (`"1e39"` into `f32`), which would round to
    /// an infinity.
    fn parse_exact(text: &str) -> Option<Self>;
    /// `-self`, or `None` where that does not exist in the type (`i64::MIN`, a non-zero
    /// unsigned value). Floats always negate.
    fn checked_negate(self) -> Option<Self>;
}

macro_rules! int_number {
    ($($t:ty),*) => {$(
        impl Number for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const LOWEST: Self = <$t>::MIN;
            const HIGHEST: Self = <$t>::MAX;
            const EPSILON: f64 = 0.0;
            const INTEGER: bool = true;
            fn parse_exact(text: &str) -> Option<Self> { text.parse().ok() }
            #[inline] fn checked_negate(self) -> Option<Self> { self.checked_neg() }
            #[inline] fn plus(self, rhs: Self) -> Self { self.wrapping_add(rhs) }
            #[inline] fn minus(self, rhs: Self) -> Self { self.wrapping_sub(rhs) }
            #[inline] fn times(self, rhs: Self) -> Self { self.wrapping_mul(rhs) }
            #[inline] fn saturating_plus(self, rhs: Self) -> Self { <$t>::saturating_add(self, rhs) }
            #[inline] fn minimum(self, rhs: Self) -> Self { if rhs < self { rhs } else { self } }
            #[inline] fn maximum(self, rhs: Self) -> Self { if rhs > self { rhs } else { self } }
            #[inline] fn from_u64(v: u64) -> Self { v as $t }
            #[inline] fn to_f64(self) -> f64 { self as f64 }
            #[inline] fn from_f64(v: f64) -> Self { v as $t }
        }
    )*};
}
int_number!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

macro_rules! float_number {
    ($($t:ident),*) => {$(
        impl Number for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const LOWEST: Self = $t::NEG_INFINITY;
            const HIGHEST: Self = $t::INFINITY;
            const EPSILON: f64 = $t::EPSILON as f64;
            const INTEGER: bool = false;
            fn parse_exact(text: &str) -> Option<Self> {
                let v: Self = text.parse().ok()?;
                // `parse` rounds a finite decimal past the type's range to an infinity;
                // only the words `inf` and `infinity` name one.
                let word = text.strip_prefix(['+', '-']).unwrap_or(text);
                let infinity = word.eq_ignore_ascii_case("inf") || word.eq_ignore_ascii_case("infinity");
                (!v.is_infinite() || infinity).then_some(v)
            }
            #[inline] fn checked_negate(self) -> Option<Self> { Some(-self) }
            #[inline] fn plus(self, rhs: Self) -> Self { self + rhs }
            #[inline] fn minus(self, rhs: Self) -> Self { self - rhs }
            #[inline] fn times(self, rhs: Self) -> Self { self * rhs }
            #[inline] fn saturating_plus(self, rhs: Self) -> Self { self + rhs }
            #[inline] fn minimum(self, rhs: Self) -> Self { $t::min(self, rhs) }
            #[inline] fn maximum(self, rhs: Self) -> Self { $t::max(self, rhs) }
            #[inline] fn from_u64(v: u64) -> Self { v as $t }
            #[inline] fn to_f64(self) -> f64 { self as f64 }
            #[inline] fn from_f64(v: f64) -> Self { v as $t }
        }
    )*};
}
float_number!(f32, f64);

/// Integers as bit vectors, for the `BitAnd`, `BitOr` and `BitXor` monoids.
///
/// ```
/// use parallaxis_core::{reference, BitOr, Bits};
/// assert_eq!(0b1100_u8.and(0b1010), 0b1000);
/// assert_eq!(reference::reduce(BitOr, &[1_u32, 4, 16]), 21);
/// assert_eq!(u16::ALL_ONES, 0xffff);
/// ```
pub trait Bits: Number {
    /// Every bit set: the identity of `BitAnd`.
    const ALL_ONES: Self;
    /// Bitwise and.
    fn and(self, rhs: Self) -> Self;
    /// Bitwise or.
    fn or(self, rhs: Self) -> Self;
    /// Bitwise exclusive or.
    fn xor(self, rhs: Self) -> Self;
}

macro_rules! bits {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            const ALL_ONES: Self = !0;
            #[inline] fn and(self, rhs: Self) -> Self { self & rhs }
            #[inline] fn or(self, rhs: Self) -> Self { self | rhs }
            #[inline] fn xor(self, rhs: Self) -> Self { self ^ rhs }
        }
    )*};
}
bits!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);
