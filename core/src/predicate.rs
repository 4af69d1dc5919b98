//! Predicates: the bool-returning functors that selection (`copy_if`, `remove_if`,
//! `partition`, `count_if`) tests each element with, and the stock ones.
//!
//! A predicate is a plain `Copy` value carried into kernels by value (its parameters
//! included), like [`crate::UnaryFunction`]; the stock ones are `#[repr(C)]` so their layout
//! is the same on the host and on the GPU.

use crate::{DeviceCopy, UnaryFunction};

/// A test `T -> bool`, carried by value (parameters included) into kernels.
///
/// ```
/// use parallaxis_core::Predicate;
/// #[derive(Clone, Copy)]
/// struct Even;
/// impl Predicate<u32> for Even {
///     fn test(&self, x: u32) -> bool { x % 2 == 0 }
/// }
/// assert!(Even.test(4) && !Even.test(7));
/// ```
pub trait Predicate<T>: Copy + Send + Sync + 'static {
    /// Whether `x` is selected.
    fn test(&self, x: T) -> bool;
}

/// `x == value`: with `count_if`, the predicate of `count`.
///
/// ```
/// use parallaxis_core::{EqualTo, Predicate};
/// assert!(EqualTo { value: 3 }.test(3) && !EqualTo { value: 3 }.test(4));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct EqualTo<T> {
    /// The value selected.
    pub value: T,
}

impl<T: DeviceCopy + PartialEq> Predicate<T> for EqualTo<T> {
    #[inline]
    fn test(&self, x: T) -> bool {
        x == self.value
    }
}

/// `x != value` (a float NaN is never equal, so it is selected).
///
/// ```
/// use parallaxis_core::{NotEqualTo, Predicate};
/// assert!(NotEqualTo { value: 0.0_f32 }.test(f32::NAN));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct NotEqualTo<T> {
    /// The value rejected.
    pub value: T,
}

impl<T: DeviceCopy + PartialEq> Predicate<T> for NotEqualTo<T> {
    #[inline]
    fn test(&self, x: T) -> bool {
        x != self.value
    }
}

/// `x < bound` (a float NaN is not selected).
///
/// ```
/// use parallaxis_core::{LessThan, Predicate};
/// assert!(LessThan { bound: 0.5_f32 }.test(0.25) && !LessThan { bound: 0.5_f32 }.test(0.5));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct LessThan<T> {
    /// The exclusive upper bound.
    pub bound: T,
}

impl<T: DeviceCopy + PartialOrd> Predicate<T> for LessThan<T> {
    #[inline]
    fn test(&self, x: T) -> bool {
        x < self.bound
    }
}

/// `x > bound` (a float NaN is not selected).
///
/// ```
/// use parallaxis_core::{GreaterThan, Predicate};
/// assert!(GreaterThan { bound: 10_i64 }.test(11) && !GreaterThan { bound: 10_i64 }.test(10));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct GreaterThan<T> {
    /// The exclusive lower bound.
    pub bound: T,
}

impl<T: DeviceCopy + PartialOrd> Predicate<T> for GreaterThan<T> {
    #[inline]
    fn test(&self, x: T) -> bool {
        x > self.bound
    }
}

/// `lo <= x < hi`, a half-open range (a float NaN is not selected).
///
/// ```
/// use parallaxis_core::{InRange, Predicate};
/// let unit = InRange { lo: 0.0_f64, hi: 1.0 };
/// assert!(unit.test(0.0) && unit.test(0.5) && !unit.test(1.0) && !unit.test(-0.1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct InRange<T> {
    /// The inclusive lower bound.
    pub lo: T,
    /// The exclusive upper bound.
    pub hi: T,
}

impl<T: DeviceCopy + PartialOrd> Predicate<T> for InRange<T> {
    #[inline]
    fn test(&self, x: T) -> bool {
        self.lo <= x && x < self.hi
    }
}

/// `x != 0` (for floats `-0.0` is zero and NaN is not).
///
/// ```
/// use parallaxis_core::{NonZero, Predicate};
/// assert!(NonZero.test(2_u32) && !NonZero.test(0_u32) && !NonZero.test(-0.0_f32));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NonZero;

impl<T: crate::Number> Predicate<T> for NonZero {
    #[inline]
    fn test(&self, x: T) -> bool {
        x != T::ZERO
    }
}

/// A predicate as a 0/1 count: `x -> 1` when `pred` selects `x`, else `0`. With `Sum` it makes
/// `count_if` a `transform_reduce` (which is how the GPU counts, in one fused launch).
///
/// ```
/// use parallaxis_core::{Indicator, LessThan, UnaryFunction};
/// let below = Indicator { pred: LessThan { bound: 2_i32 } };
/// assert_eq!((below.apply(1), below.apply(5)), (1_u64, 0_u64));
/// ```
// repr(C): passed by value as a kernel parameter, so the layout must match on host and GPU.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct Indicator<P> {
    /// The predicate counted.
    pub pred: P,
}

impl<T, P: Predicate<T>> UnaryFunction<T> for Indicator<P> {
    type Output = u64;
    #[inline]
    fn apply(&self, x: T) -> u64 {
        u64::from(self.pred.test(x))
    }
}

/// A predicate as a replacement: `x -> value` where `pred` selects `x`, else `x` unchanged
/// (the step of `replace_if` and `replace_copy_if`; `replace` is `ReplaceIf` of `EqualTo`).
///
/// ```
/// use parallaxis_core::{LessThan, ReplaceIf, UnaryFunction};
/// let clamp = ReplaceIf { pred: LessThan { bound: 0_i32 }, value: 0 };
/// assert_eq!((clamp.apply(-3), clamp.apply(4)), (0, 4));
/// ```
// repr(C): passed by value as a kernel parameter, so the layout must match on host and GPU.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct ReplaceIf<P, T> {
    /// The predicate choosing the elements replaced.
    pub pred: P,
    /// What they are replaced with.
    pub value: T,
}

impl<T: DeviceCopy, P: Predicate<T>> UnaryFunction<T> for ReplaceIf<P, T> {
    type Output = T;
    #[inline]
    fn apply(&self, x: T) -> T {
        if self.pred.test(x) {
            self.value
        } else {
            x
        }
    }
}
