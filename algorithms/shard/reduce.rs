//! [`reduce`] over shards: a local reduce per shard, then the partials combined in shard
//! order through the collective.

use super::each::shard_totals;
use super::{Collective, ShardedVector};
use crate::check::lengths_agree;
use crate::{backend::MonoidOps, Result};
use parallaxis_core::{DeviceCopy, Monoid};

/// `identity ⊕ x[0] ⊕ ... ⊕ x[n-1]` over every shard's elements: each shard reduces its
/// own block, then the partials, gathered by [`Collective::all_gather`] (one per shard,
/// checked), are combined in shard order, so a
/// non-commutative monoid gets the unsharded answer. An empty shard's partial is the
/// identity; an empty vector gives the identity.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when the collective does not
/// return one partial per shard of the layout (a vector made by
/// [`ShardedVector::from_rank`] holds one shard of several, and [`InMemory`](super::InMemory)
/// gathers only what this process holds: it needs a collective that reaches the other
/// ranks); a device fault; a failure of the collective.
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::{Rayon, ops::{Affine, AffineMap, Max, Sum}};
/// let x = ShardedVector::<i64, Rayon>::from_slice(&[3, -1, 4, 1, -5], 3)?;
/// assert_eq!(shard::reduce(Sum, &x, &InMemory)?, 2);
/// assert_eq!(shard::reduce(Max, &x, &InMemory)?, 4);
/// // Composition of affine maps does not commute: shard order is kept.
/// let maps = [AffineMap::new(2_i64, 1), AffineMap::new(3, 0), AffineMap::new(1, -4)];
/// let f = ShardedVector::<AffineMap<i64>, Rayon>::from_slice(&maps, 2)?;
/// assert_eq!(shard::reduce(Affine, &f, &InMemory)?.apply(1), 5); // (2*1 + 1)*3 - 4
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn reduce<T, M, B, C>(m: M, x: &ShardedVector<T, B>, collective: &C) -> Result<T>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M>,
    C: Collective,
{
    let partials = shard_totals(m, x.shards())?;
    let all = collective.all_gather(&partials)?;
    lengths_agree(
        "shard partials from the collective",
        x.shard_count(),
        all.len(),
    )?;
    Ok(all
        .into_iter()
        .fold(m.identity(), |acc, v| m.combine(acc, v)))
}
