//! [`transform`] and [`transform2`] over shards: element-wise, so each shard alone (no
//! exchange).

use super::each::each_shard;
use super::ShardedVector;
use crate::check::lengths_agree;
use crate::{
    backend::{Transform2Ops, TransformOps},
    Result,
};
use parallaxis_core::{BinaryFunction, DeviceCopy, UnaryFunction};

/// `y[i] = f(x[i])`, shard by shard: `y` has `x`'s shard lengths.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::shard::{self, ShardedVector};
/// use parallaxis::{Rayon, ops::Square};
/// let x = ShardedVector::<i32, Rayon>::from_slice(&[1, 2, 3, 4, 5], 2)?;
/// assert_eq!(shard::transform(Square, &x)?.to_vec()?, [1, 4, 9, 16, 25]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn transform<T, F, B>(f: F, x: &ShardedVector<T, B>) -> Result<ShardedVector<F::Output, B>>
where
    T: DeviceCopy,
    F: UnaryFunction<T>,
    B: TransformOps<T, F>,
{
    let shards = each_shard(x.shards(), |_, shard| crate::transform(f, shard))?;
    Ok(x.with_shards(shards))
}

/// `y[i] = f(a[i], b[i])`, shard by shard: `a` and `b` must have the same length and shard
/// count (then, by the split rule, the same shard lengths), and `y` has them too.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when the lengths or the shard counts differ (nothing is
/// computed); out of memory or a device fault.
///
/// ```
/// use parallaxis::shard::{self, ShardedVector};
/// use parallaxis::{ops::Plus, Sequential};
/// let a = ShardedVector::<i32, Sequential>::from_slice(&[1, 2, 3], 2)?;
/// let b = ShardedVector::from_slice(&[10, 20, 30], 2)?;
/// assert_eq!(shard::transform2(Plus, &a, &b)?.to_vec()?, [11, 22, 33]);
/// let c = ShardedVector::from_slice(&[10, 20, 30], 3)?;
/// assert!(shard::transform2(Plus, &a, &c).is_err()); // other shards
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn transform2<A, C, F, B>(
    f: F,
    a: &ShardedVector<A, B>,
    b: &ShardedVector<C, B>,
) -> Result<ShardedVector<F::Output, B>>
where
    A: DeviceCopy,
    C: DeviceCopy,
    F: BinaryFunction<A, C>,
    B: Transform2Ops<A, C, F>,
{
    lengths_agree("shard transform2 second input", a.len(), b.len())?;
    lengths_agree(
        "shard transform2 second input's shard count",
        a.shard_count(),
        b.shard_count(),
    )?;
    if !a.same_layout(b) {
        return Err(crate::Error::InvalidArgument {
            what: "shard transform2 second input",
            reason: "must hold the same shards as the first",
        });
    }
    let shards = each_shard(a.shards(), |j, x| crate::transform2(f, x, &b.shards()[j]))?;
    Ok(a.with_shards(shards))
}
