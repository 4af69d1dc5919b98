//! The stock monoids over primitive numbers. Integer `Sum` and `Product` wrap. `Sum`,
//! `Product` and the bitwise monoids commute; `Min` and `Max` are not declared commutative,
//! because with a NaN operand the float forms return whichever operand their comparison
//! keeps.

use crate::{Bits, Monoid, Number};

macro_rules! stock_monoid {
    ($(#[$doc:meta])* $name:ident, $bound:ident, $commutative:expr, $identity:expr, $combine:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl<T: $bound> Monoid<T> for $name {
            const COMMUTATIVE: bool = $commutative;
            #[inline]
            fn identity(&self) -> T {
                $identity
            }
            #[inline]
            fn combine(&self, a: T, b: T) -> T {
                $combine(a, b)
            }
        }
    };
}

stock_monoid!(
    /// `a + b` (wrapping for integers); identity `0`.
    ///
    /// ```
    /// use parallaxis_core::{Monoid, Sum};
    /// assert_eq!(Sum.combine(u8::MAX, 2), 1);
    /// ```
    Sum, Number, true, T::ZERO, |a: T, b: T| a.plus(b)
);
stock_monoid!(
    /// `a * b` (wrapping for integers); identity `1`.
    ///
    /// ```
    /// use parallaxis_core::{Monoid, Product};
    /// assert_eq!(Product.combine(3.0_f64, 4.0), 12.0);
    /// ```
    Product, Number, true, T::ONE, |a: T, b: T| a.times(b)
);
stock_monoid!(
    /// The smaller value; identity `T::HIGHEST` (`+inf` for floats).
    ///
    /// ```
    /// use parallaxis_core::{Monoid, Min};
    /// assert_eq!(Min.combine(3_i32, -4), -4);
    /// ```
    Min, Number, false, T::HIGHEST, |a: T, b: T| a.minimum(b)
);
stock_monoid!(
    /// The larger value; identity `T::LOWEST` (`-inf` for floats).
    ///
    /// ```
    /// use parallaxis_core::{Monoid, Max};
    /// assert_eq!(Max.combine(3_i32, -4), 3);
    /// ```
    Max, Number, false, T::LOWEST, |a: T, b: T| a.maximum(b)
);
stock_monoid!(
    /// Bitwise and; identity all ones.
    ///
    /// ```
    /// use parallaxis_core::{BitAnd, Monoid};
    /// assert_eq!(BitAnd.combine(0b1100_u8, 0b1010), 0b1000);
    /// ```
    BitAnd, Bits, true, T::ALL_ONES, |a: T, b: T| a.and(b)
);
stock_monoid!(
    /// Bitwise or; identity `0`.
    ///
    /// ```
    /// use parallaxis_core::{BitOr, Monoid};
    /// assert_eq!(BitOr.combine(0b1100_u8, 0b1010), 0b1110);
    /// ```
    BitOr, Bits, true, T::ZERO, |a: T, b: T| a.or(b)
);
stock_monoid!(
    /// Bitwise exclusive or; identity `0`.
    ///
    /// ```
    /// use parallaxis_core::{BitXor, Monoid};
    /// assert_eq!(BitXor.combine(0b1100_u8, 0b1010), 0b0110);
    /// ```
    BitXor, Bits, true, T::ZERO, |a: T, b: T| a.xor(b)
);
