//! [`Pair`] and [`Triple`]: the elements of zipped sequences, and [`Both`], the monoid that
//! combines the two halves of a pair with a monoid each (a sum and a count in one pass).
//!
//! They are `#[repr(C)]` structs, not Rust tuples: a tuple's layout is unspecified and may
//! differ between the host build and the `nvptx64` build of the kernels.

use crate::{DeviceCopy, Monoid, UnaryFunction};

/// Two values side by side: an element of `zip(a, b)`.
///
/// ```
/// use parallaxis_core::Pair;
/// let p = Pair::new(2.5_f32, 3_u32);
/// assert_eq!((p.first, p.second), (2.5, 3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Pair<A, C> {
    /// The element of the first sequence.
    pub first: A,
    /// The element of the second sequence.
    pub second: C,
}

// SAFETY: repr(C) struct of two DeviceCopy fields (the same layout on the host and on nvptx64;
// padding bytes are copied, never read as values); no pointers; all-zero is valid for each.
unsafe impl<A: DeviceCopy, C: DeviceCopy> DeviceCopy for Pair<A, C> {}

impl<A, C> Pair<A, C> {
    /// The pair `(first, second)`.
    pub const fn new(first: A, second: C) -> Self {
        Self { first, second }
    }
}

/// `x -> Pair(x, second)`: each element beside one fixed value. It is how CUDA reads
/// `zip(&x, constant(c, n))` in a reduction (a sum beside a count: the mean in one fused pass;
/// `algorithms/backend/cuda_lazy.rs`), and a plain functor anywhere else.
///
/// ```
/// use parallaxis_core::{reference, Both, Pair, PairWith, Sum};
/// let x = [2.0_f32, 4.0];
/// let total = reference::transform_reduce(PairWith { second: 1_u32 }, Both(Sum, Sum), &x);
/// assert_eq!(total, Pair::new(6.0, 2)); // the sum and the count: the mean is 3
/// ```
// repr(C): passed by value as a kernel parameter, so the layout must match on host and GPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct PairWith<C> {
    /// The value set beside every element.
    pub second: C,
}

impl<A: DeviceCopy, C: DeviceCopy> UnaryFunction<A> for PairWith<C> {
    type Output = Pair<A, C>;
    #[inline]
    fn apply(&self, x: A) -> Pair<A, C> {
        Pair::new(x, self.second)
    }
}

/// Three values side by side: an element of `zip3(a, b, c)`.
///
/// ```
/// use parallaxis_core::Triple;
/// let t = Triple::new(1_u8, 2.0_f64, -3_i32);
/// assert_eq!((t.first, t.second, t.third), (1, 2.0, -3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Triple<A, C, D> {
    /// The element of the first sequence.
    pub first: A,
    /// The element of the second sequence.
    pub second: C,
    /// The element of the third sequence.
    pub third: D,
}

// SAFETY: as for `Pair`: a repr(C) struct of three DeviceCopy fields.
unsafe impl<A: DeviceCopy, C: DeviceCopy, D: DeviceCopy> DeviceCopy for Triple<A, C, D> {}

impl<A, C, D> Triple<A, C, D> {
    /// The triple `(first, second, third)`.
    pub const fn new(first: A, second: C, third: D) -> Self {
        Self {
            first,
            second,
            third,
        }
    }
}

/// The product of two monoids: combines pairs half by half, `first` with `.0` and `second`
/// with `.1`; identity the pair of identities. Associative because each half is; commutative
/// when both are.
///
/// ```
/// use parallaxis_core::{reference, Both, Max, Pair, Sum};
/// // A sum and a count in one pass: the mean.
/// let x = [Pair::new(2.0_f64, 1_u64), Pair::new(4.0, 1), Pair::new(9.0, 1)];
/// let total = reference::reduce(Both(Sum, Sum), &x);
/// assert_eq!(total.first / total.second as f64, 5.0);
/// // Different monoids per half.
/// let y = [Pair::new(3_i32, 7_i32), Pair::new(5, 2)];
/// assert_eq!(reference::reduce(Both(Sum, Max), &y), Pair::new(8, 7));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Both<M1, M2>(pub M1, pub M2);

impl<A, C, M1: Monoid<A>, M2: Monoid<C>> Monoid<Pair<A, C>> for Both<M1, M2> {
    const COMMUTATIVE: bool = M1::COMMUTATIVE && M2::COMMUTATIVE;
    #[inline]
    fn identity(&self) -> Pair<A, C> {
        Pair::new(self.0.identity(), self.1.identity())
    }
    #[inline]
    fn combine(&self, a: Pair<A, C>, b: Pair<A, C>) -> Pair<A, C> {
        Pair::new(
            self.0.combine(a.first, b.first),
            self.1.combine(a.second, b.second),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{laws, Max, Min, Sum};

    #[test]
    fn both_keeps_the_monoid_laws() {
        let xs: [Pair<i64, i32>; 40] =
            core::array::from_fn(|i| Pair::new(i as i64 * 7 - 100, (i as i32 * 13) % 17 - 8));
        laws::check_monoid(Both(Sum, Min), &xs, PartialEq::eq).unwrap();
        laws::check_monoid(Both(Max, Sum), &xs, PartialEq::eq).unwrap();
        const { assert!(!<Both<Sum, Min> as Monoid<Pair<i64, i32>>>::COMMUTATIVE) };
        const { assert!(<Both<Sum, Sum> as Monoid<Pair<i64, i32>>>::COMMUTATIVE) };
    }
}
