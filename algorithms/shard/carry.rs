//! [`PrependCarry`]: the fix-up of a sharded scan, `y[i] -> carry ⊕ y[i]`.

use parallax_core::{DeviceCopy, Monoid, UnaryFunction};

/// `y -> carry ⊕ y` under monoid `m`: folds what the shards before this one contribute
/// (`carry`, from the left: the monoid need not commute) into a shard's local scan. A functor
/// like any other, so the fix-up is [`transform`](crate::transform) and runs on every backend
/// that has the transform kernel for it (the host backends: every monoid).
///
/// ```
/// use parallax::shard::PrependCarry;
/// use parallax::{Affine, AffineMap, Monoid, Sum, UnaryFunction};
/// assert_eq!(PrependCarry { m: Sum, carry: 10 }.apply(5), 15);
/// // The carry is applied first: x -> 2x, then x -> x + 1.
/// let f = PrependCarry { m: Affine, carry: AffineMap::new(2_i64, 0) };
/// assert_eq!(f.apply(AffineMap::new(1, 1)).apply(3), 7);
/// ```
// repr(C): a functor is passed by value as a kernel parameter, so the layout must match on
// the host and the GPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct PrependCarry<M, T> {
    /// The monoid of the scan.
    pub m: M,
    /// `identity ⊕` everything before this shard (for an exclusive scan, `init ⊕` it).
    pub carry: T,
}

impl<M: Monoid<T>, T: DeviceCopy> UnaryFunction<T> for PrependCarry<M, T> {
    type Output = T;

    #[inline]
    fn apply(&self, y: T) -> T {
        self.m.combine(self.carry, y)
    }
}
