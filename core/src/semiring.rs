//! Semirings: what SpMV and the stencils are generic over.

use crate::{Monoid, Number};

/// A semiring `(T, ⊕, ⊗, 0, 1)`: `⊕` is an associative, commutative addition with identity
/// `zero`, `⊗` a multiplication with identity `one`, and `zero` annihilates under `⊗`.
///
/// SpMV computes `y[i] = ⊕_k A[i,k] ⊗ x[k]`; a stencil `y[p] = ⊕_k w[k] ⊗ x[p + o[k]]`.
///
/// ```
/// use parallaxis_core::{MinPlus, Semiring};
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
    /// Semiring multiplication `⊗`; parallaxis always passes the matrix entry or stencil weight
    /// as `a` and the vector or grid value as `b`.
    fn mul(&self, a: T, b: T) -> T;
}

/// The ordinary `(+, ×)` semiring (integers wrap).
///
/// ```
/// use parallaxis_core::{reference, PlusTimes};
/// // y = A x for A = [[2, 0], [1, 3]] in CSR form.
/// let (row_ptr, col, val) = ([0_u32, 1, 3], [0_u32, 0, 1], [2.0_f64, 1.0, 3.0]);
/// let mut y = [0.0; 2];
/// reference::spmv_csr(PlusTimes, &row_ptr, &col, &val, &[1.0, 2.0], &mut y, false);
/// assert_eq!(y, [2.0, 7.0]);
/// ```
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
///
/// ```
/// use parallaxis_core::{reference, MinPlus};
/// // One Bellman-Ford step: d'[i] = min_k (w[i,k] + d[k]). Row 1 reaches 0 (weight 4) and 2 (1).
/// let (row_ptr, col, w) = ([0_u32, 0, 2, 2], [0_u32, 2], [4.0_f32, 1.0]);
/// let d = [0.0, f32::INFINITY, 2.0];
/// let mut next = [0.0; 3];
/// reference::spmv_csr(MinPlus, &row_ptr, &col, &w, &d, &mut next, false);
/// assert_eq!(next, [f32::INFINITY, 3.0, f32::INFINITY]); // an empty row is the zero, +inf
/// ```
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
///
/// ```
/// use parallaxis_core::{MaxTimes, Semiring};
/// // The most reliable of two routes: max(0.9 * 0.5, 0.6 * 0.8).
/// let s = MaxTimes;
/// assert_eq!(s.add(s.mul(0.9_f64, 0.5), s.mul(0.6, 0.8)), 0.48);
/// assert_eq!(Semiring::<f64>::zero(&s), 0.0);
/// ```
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
///
/// ```
/// use parallaxis_core::{reference, OrAnd};
/// // One BFS step: which vertices have an edge from the frontier {0}? Edges 0->1, 1->2.
/// // Row i lists the sources of edges into i (the transposed adjacency).
/// let (row_ptr, col, edge) = ([0_u32, 0, 1, 2], [0_u32, 1], [true, true]);
/// let mut next = [false; 3];
/// reference::spmv_csr(OrAnd, &row_ptr, &col, &edge, &[true, false, false], &mut next, false);
/// assert_eq!(next, [false, true, false]);
/// ```
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
///
/// ```
/// use parallaxis_core::{reference, MinPlus, SemiringAdd};
/// // The semiring's addition as a monoid: min, with identity +inf.
/// assert_eq!(reference::reduce(SemiringAdd(MinPlus), &[3.0_f32, 1.0, 2.0]), 1.0);
/// assert_eq!(reference::reduce(SemiringAdd(MinPlus), &[] as &[f32]), f32::INFINITY);
/// ```
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
