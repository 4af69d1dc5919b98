//! Stock functors for `transform`, `tabulate` and the fused algorithms.

use crate::{BinaryFunction, Number, UnaryFunction};

/// `x -> x`.
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
/// use parallax_core::{Sequence, UnaryFunction};
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plus;

impl<T: Number> BinaryFunction<T, T> for Plus {
    type Output = T;
    #[inline]
    fn apply(&self, x: T, y: T) -> T {
        x.plus(y)
    }
}

/// `(x, y) -> x * y`: with `Sum`, the building block of a dot product.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Times;

impl<T: Number> BinaryFunction<T, T> for Times {
    type Output = T;
    #[inline]
    fn apply(&self, x: T, y: T) -> T {
        x.times(y)
    }
}
