//! [`transform`] over shards: element-wise, so each shard alone (no exchange).

use super::ShardedVector;
use crate::{Result, TransformOps};
use parallax_core::{try_push, try_with_capacity, DeviceCopy, UnaryFunction};

/// `y[i] = f(x[i])`, shard by shard: `y` has `x`'s shard lengths.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallax::shard::{self, ShardedVector};
/// use parallax::{Rayon, Square};
/// let x = ShardedVector::<i32, Rayon>::from_slice(&[1, 2, 3, 4, 5], 2)?;
/// assert_eq!(shard::transform(Square, &x)?.to_vec()?, [1, 4, 9, 16, 25]);
/// # Ok::<(), parallax::Error>(())
/// ```
pub fn transform<T, F, B>(f: F, x: &ShardedVector<T, B>) -> Result<ShardedVector<F::Output, B>>
where
    T: DeviceCopy,
    F: UnaryFunction<T>,
    B: TransformOps<T, F>,
{
    let mut shards = try_with_capacity(x.shards().len())?;
    for shard in x.shards() {
        try_push(&mut shards, crate::transform(f, shard)?)?;
    }
    Ok(ShardedVector::from_shards(shards))
}
