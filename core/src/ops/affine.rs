//! Affine maps `x -> a*x + b` under composition: a non-commutative monoid.
//!
//! A scan of affine maps solves the first-order linear recurrence `x[i] = a[i]*x[i-1] + b[i]`
//! in parallel: the i-th prefix, applied to `x[-1]`, is `x[i]`. Because composition is not
//! commutative, any backend that combines operands out of order gives a wrong answer, which
//! makes this monoid the suite's order detector.

use crate::{DeviceCopy, Monoid, Number};

/// The affine map `x -> a*x + b`.
///
/// ```
/// use parallaxis_core::AffineMap;
/// let f = AffineMap::new(3.0_f64, -1.0); // x -> 3x - 1
/// assert_eq!(f.apply(2.0), 5.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct AffineMap<T> {
    /// Slope.
    pub a: T,
    /// Offset.
    pub b: T,
}

// SAFETY: repr(C) pair of DeviceCopy fields; all-zero is the valid map x -> 0.
unsafe impl<T: DeviceCopy> DeviceCopy for AffineMap<T> {}

impl<T: Number> AffineMap<T> {
    /// The map `x -> a*x + b`.
    pub const fn new(a: T, b: T) -> Self {
        Self { a, b }
    }

    /// Evaluates `a*x + b` (wrapping for integers).
    #[inline]
    pub fn apply(&self, x: T) -> T {
        self.a.times(x).plus(self.b)
    }
}

/// Composition of affine maps, left operand applied first: `combine(f, g) = g ∘ f`.
///
/// ```
/// use parallaxis_core::{Affine, AffineMap, Monoid};
/// let f = AffineMap::new(2_i32, 1); // x -> 2x + 1
/// let g = AffineMap::new(1, 5); //     x -> x + 5
/// assert_eq!(Affine.combine(f, g).apply(1), 8); // g(f(1)) = 3 + 5
/// assert_eq!(Affine.combine(g, f).apply(1), 13); // f(g(1)) = 12 + 1
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Affine;

impl<T: Number> Monoid<AffineMap<T>> for Affine {
    #[inline]
    fn identity(&self) -> AffineMap<T> {
        AffineMap::new(T::ONE, T::ZERO)
    }

    #[inline]
    fn combine(&self, f: AffineMap<T>, g: AffineMap<T>) -> AffineMap<T> {
        AffineMap::new(g.a.times(f.a), g.a.times(f.b).plus(g.b))
    }
}
