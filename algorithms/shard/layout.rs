//! The check that two sharded inputs of one algorithm are split alike (a vector and its
//! segment heads or keys), before anything runs.

use super::ShardedVector;
use crate::check::lengths_agree;
use crate::{Backend, Error, Result};
use parallaxis_core::DeviceCopy;

/// `Ok` when `other` has `x`'s length, shard count and held shards (then, by the split rule,
/// its shard lengths).
///
/// # Errors
/// [`Error::LengthMismatch`] when the lengths or shard counts differ;
/// [`Error::InvalidArgument`] when the participants hold other shards of them.
pub(super) fn check_same_layout<T: DeviceCopy, U: DeviceCopy, B: Backend>(
    what: &'static str,
    x: &ShardedVector<T, B>,
    other: &ShardedVector<U, B>,
) -> Result<()> {
    lengths_agree(what, x.len(), other.len())?;
    lengths_agree(what, x.shard_count(), other.shard_count())?;
    if !x.same_layout(other) {
        return Err(Error::InvalidArgument {
            what,
            reason: "must hold the same shards as the values",
        });
    }
    Ok(())
}
