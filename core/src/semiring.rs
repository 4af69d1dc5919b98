//! Semirings: what SpMV and the stencils are generic over.

use crate::{Monoid, Number};

/// A semiring `(T, ⊕, ⊗, 0, 1)`: `⊕` is an associative, commutative addition with identity
/// `zero`, `⊗` a multiplication with identity `one`, and `zero` annihilates under `⊗`.
///
/// SpMV computes `y[i] = ⊕_k A[i,k] ⊗ x[k]`; a stencil `y[p] = ⊕_k w[k] ⊗ x[p + o[k]]`.
///
/// ```
/// use parallax_core::{MinPlus, Semiring};
/// // One relaxation step of shortest paths: min over (edge weight + distance).
/// let s = MinPlus;
/// let d = s.add(s.mul(3.0_f32, 10.0), s.mul(1.0, 20.0));
/// assert_eq!(d, 13.0);
/// ```
pub trait Semiring<T>: Copy + Send + Sync + 'static {
    /// The additive identity (an absent entry).
    fn zero(&self) -> T;
    /// The multiplicative identity.
    fn one(&self) -> T;
    /// Semiring addition `⊕`.
    fn add(&self, a: T, b: T) -> T;
    /// Semiring multiplication `⊗`; parallax always passes the matrix entry or stencil weight
    /// as `a` and the vector or grid value as `b`.
    fn mul(&self, a: T, b: T) -> T;
}

/// The ordinary `(+, ×)` semiring (integers wrap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlusTimes;

impl<T: Number> Semiring<T> for PlusTimes {
    #[inline]
    fn zero(&self) -> T {
        T::ZERO
    }
    #[inline]
    fn one(&self) -> T {
        T::ONE
    }
    #[inline]
    fn add(&self, a: T, b: T) -> T {
        a.plus(b)
    }
    #[inline]
    fn mul(&self, a: T, b: T) -> T {
        a.times(b)
    }
}

/// The tropical `(min, +)` semiring: shortest paths. Zero is `T::HIGHEST` (`+inf`); integer
/// `⊗` saturates so that `HIGHEST` stays absorbing for non-negative weights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MinPlus;

impl<T: Number> Semiring<T> for MinPlus {
    #[inline]
    fn zero(&self) -> T {
        T::HIGHEST
    }
    #[inline]
    fn one(&self) -> T {
        T::ZERO
    }
    #[inline]
    fn add(&self, a: T, b: T) -> T {
        a.minimum(b)
    }
    #[inline]
    fn mul(&self, a: T, b: T) -> T {
        a.saturating_plus(b)
    }
}

/// The `(max, ×)` semiring over non-negative values (Viterbi paths, reliability): zero `0`,
/// one `1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MaxTimes;

impl<T: Number> Semiring<T> for MaxTimes {
    #[inline]
    fn zero(&self) -> T {
        T::ZERO
    }
    #[inline]
    fn one(&self) -> T {
        T::ONE
    }
    #[inline]
    fn add(&self, a: T, b: T) -> T {
        a.maximum(b)
    }
    #[inline]
    fn mul(&self, a: T, b: T) -> T {
        a.times(b)
    }
}

/// The Boolean `(or, and)` semiring: reachability (one BFS frontier step per SpMV).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OrAnd;

impl Semiring<bool> for OrAnd {
    #[inline]
    fn zero(&self) -> bool {
        false
    }
    #[inline]
    fn one(&self) -> bool {
        true
    }
    #[inline]
    fn add(&self, a: bool, b: bool) -> bool {
        a | b
    }
    #[inline]
    fn mul(&self, a: bool, b: bool) -> bool {
        a & b
    }
}

/// The additive monoid `(⊕, zero)` of a semiring, for reductions inside SpMV.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SemiringAdd<S>(pub S);

impl<T, S: Semiring<T>> Monoid<T> for SemiringAdd<S> {
    #[inline]
    fn identity(&self) -> T {
        self.0.zero()
    }
    #[inline]
    fn combine(&self, a: T, b: T) -> T {
        self.0.add(a, b)
    }
}
