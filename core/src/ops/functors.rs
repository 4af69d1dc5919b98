//! Stock functors for `transform`, `tabulate` and the fused algorithms.

use crate::{BinaryFunction, Number, UnaryFunction};

/// `x -> x`.
///
/// ```
/// use parallaxis_core::{reference, Identity, Max};
/// // With a monoid, `transform_reduce(Identity, m, x)` is a plain reduce.
/// assert_eq!(reference::transform_reduce(Identity, Max, &[3_i32, 9, -2]), 9);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Identity;

impl<T: crate::DeviceCopy> UnaryFunction<T> for Identity {
    type Output = T;
    #[inline]
    fn apply(&self, x: T) -> T {
        x
    }
}

/// `x -> -x` (wrapping for integers: `0 - x`).
///
/// ```
/// use parallaxis_core::{Negate, UnaryFunction};
/// assert_eq!(Negate.apply(5_i32), -5);
/// assert_eq!(Negate.apply(1_u8), 255); // wraps, as on every backend
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Negate;

impl<T: Number> UnaryFunction<T> for Negate {
    type Output = T;
    #[inline]
    fn apply(&self, x: T) -> T {
        T::ZERO.minus(x)
    }
}

/// `x -> x * x`: with `Sum`, `transform_reduce` gives the squared 2-norm.
///
/// ```
/// use parallaxis_core::{reference, Square, Sum};
/// let norm2 = reference::transform_reduce(Square, Sum, &[3.0_f64, 4.0]);
/// assert_eq!(norm2.sqrt(), 5.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Square;

impl<T: Number> UnaryFunction<T> for Square {
    type Output = T;
    #[inline]
    fn apply(&self, x: T) -> T {
        x.times(x)
    }
}

/// `x -> factor * x`.
///
/// ```
/// use parallaxis_core::{Scale, UnaryFunction};
/// assert_eq!(Scale { factor: 2.5_f32 }.apply(4.0), 10.0);
/// ```
// repr(C): passed by value as a kernel parameter, so the layout must match on host and GPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct Scale<T> {
    /// The factor.
    pub factor: T,
}

impl<T: Number> UnaryFunction<T> for Scale<T> {
    type Output = T;
    #[inline]
    fn apply(&self, x: T) -> T {
        self.factor.times(x)
    }
}

/// Index `i -> start + i * step`, for `tabulate` (Thrust's `sequence`).
///
/// ```
/// use parallaxis_core::{Sequence, UnaryFunction};
/// assert_eq!(Sequence { start: 1.0_f32, step: 0.5 }.apply(4), 3.0);
/// ```
// repr(C): passed by value as a kernel parameter, so the layout must match on host and GPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct Sequence<T> {
    /// Value at index 0.
    pub start: T,
    /// Increment per index.
    pub step: T,
}

impl<T: Number> UnaryFunction<u64> for Sequence<T> {
    type Output = T;
    #[inline]
    fn apply(&self, i: u64) -> T {
        self.start.plus(T::from_u64(i).times(self.step))
    }
}

/// `(x, y) -> a*x + y`: BLAS saxpy / daxpy as a binary functor.
///
/// ```
/// use parallaxis_core::{reference, SaxpyFunctor};
/// let (x, y) = ([1.0_f32, 2.0, 3.0], [10.0, 10.0, 10.0]);
/// let mut z = [0.0; 3];
/// reference::transform2(SaxpyFunctor { a: 2.0 }, &x, &y, &mut z); // z = 2x + y
/// assert_eq!(z, [12.0, 14.0, 16.0]);
/// ```
// repr(C): passed by value as a kernel parameter, so the layout must match on host and GPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct SaxpyFunctor<T> {
    /// The scale applied to `x`.
    pub a: T,
}

impl<T: Number> BinaryFunction<T, T> for SaxpyFunctor<T> {
    type Output = T;
    #[inline]
    fn apply(&self, x: T, y: T) -> T {
        self.a.times(x).plus(y)
    }
}

/// `(x, y) -> x + y`.
///
/// ```
/// use parallaxis_core::{BinaryFunction, Plus};
/// assert_eq!(Plus.apply(2_i32, 3), 5);
/// assert_eq!(Plus.apply(200_u8, 100), 44); // wraps
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plus;

impl<T: Number> BinaryFunction<T, T> for Plus {
    type Output = T;
    #[inline]
    fn apply(&self, x: T, y: T) -> T {
        x.plus(y)
    }
}

/// `(x, y) -> x - y`: the step of `adjacent_difference` (`x[i] - x[i - 1]`).
///
/// ```
/// use parallaxis_core::{BinaryFunction, Minus};
/// assert_eq!(Minus.apply(2_i32, 3), -1);
/// assert_eq!(Minus.apply(1_u8, 2), 255); // wraps
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Minus;

impl<T: Number> BinaryFunction<T, T> for Minus {
    type Output = T;
    #[inline]
    fn apply(&self, x: T, y: T) -> T {
        x.minus(y)
    }
}

/// `(x, y) -> x * y`: with `Sum`, the building block of a dot product.
///
/// ```
/// use parallaxis_core::{reference, Sum, Times};
/// // The dot product: transform2_reduce(Times, Sum, a, b) (Thrust's inner_product).
/// let dot = reference::transform2_reduce(Times, Sum, &[1.0_f32, 2.0, 3.0], &[4.0, 5.0, 6.0]);
/// assert_eq!(dot, 32.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Times;

impl<T: Number> BinaryFunction<T, T> for Times {
    type Output = T;
    #[inline]
    fn apply(&self, x: T, y: T) -> T {
        x.times(y)
    }
}
