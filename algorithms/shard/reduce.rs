//! [`reduce`] over shards: a local reduce per shard, then the partials combined in shard
//! order through the collective.

use super::each::shard_totals;
use super::{Collective, ShardedVector};
use crate::{MonoidOps, Result};
use parallax_core::{DeviceCopy, Monoid};

/// `identity ⊕ x[0] ⊕ ... ⊕ x[n-1]` over every shard's elements: each shard reduces its
/// own block, then [`Collective::all_reduce`] combines the partials in shard order, so a
/// non-commutative monoid gets the unsharded answer. An empty shard's partial is the
/// identity; an empty vector gives the identity.
///
/// # Errors
/// A device fault; a failure of the collective.
///
/// ```
/// use parallax::shard::{self, InMemory, ShardedVector};
/// use parallax::{Affine, AffineMap, Max, Rayon, Sum};
/// let x = ShardedVector::<i64, Rayon>::from_slice(&[3, -1, 4, 1, -5], 3)?;
/// assert_eq!(shard::reduce(Sum, &x, &InMemory)?, 2);
/// assert_eq!(shard::reduce(Max, &x, &InMemory)?, 4);
/// // Composition of affine maps does not commute: shard order is kept.
/// let maps = [AffineMap::new(2_i64, 1), AffineMap::new(3, 0), AffineMap::new(1, -4)];
/// let f = ShardedVector::<AffineMap<i64>, Rayon>::from_slice(&maps, 2)?;
/// assert_eq!(shard::reduce(Affine, &f, &InMemory)?.apply(1), 5); // (2*1 + 1)*3 - 4
/// # Ok::<(), parallax::Error>(())
/// ```
pub fn reduce<T, M, B, C>(m: M, x: &ShardedVector<T, B>, collective: &C) -> Result<T>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M>,
    C: Collective,
{
    let partials = shard_totals(m, x.shards())?;
    collective.all_reduce(m, &partials)
}
