//! The segment heads of each shard found on the device, for the segmented scans by flags and
//! by keys: the positions of the `true` flags (`copy_if_stencil` of the positions), or the
//! first position of every run of equal keys (`unique_by_key` of the positions). Both are
//! queued on every shard before any count is read, and only the count and two or three
//! positions per shard come back to the host.
//!
//! Cost per shard of `len` elements: the positions written (8 bytes each) and read again with
//! the flags or keys, and the selected positions written; as much memory again for the
//! output. A search from both ends of the shard would read less where segments are short;
//! these stock algorithms keep it one pass on every backend.

use super::each::each_shard;
use super::ShardedVector;
use crate::{
    backend::{FlaggedOps, TabulateOps, UniqueByKeyOps},
    DeviceVector, Result,
};
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Sequence};

/// Positions found in one shard, still on its device: the first `count[0]` of `positions`.
pub(super) struct Found<B: crate::Backend> {
    positions: DeviceVector<u64, B>,
    count: DeviceVector<usize, B>,
}

/// What the host needs of [`Found`] positions: their number and the first, second and last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Ends {
    pub(super) count: usize,
    pub(super) first: usize,
    pub(super) second: usize,
    pub(super) last: usize,
}

impl<B: crate::Backend> Found<B> {
    /// Reads the count and the positions [`Ends`] holds (waits for the search).
    fn ends(&self) -> Result<Ends> {
        let count = self.count.to_vec()?.first().copied().unwrap_or(0);
        let at = |i: usize| -> Result<usize> {
            let value = self.positions.slice(i..=i)?.to_vec()?;
            // Positions are below the shard's length, a usize.
            Ok(value.first().map_or(0, |&p| p as usize))
        };
        Ok(match count {
            0 => Ends::default(),
            1 => {
                let only = at(0)?;
                Ends {
                    count,
                    first: only,
                    second: only,
                    last: only,
                }
            }
            _ => Ends {
                count,
                first: at(0)?,
                second: at(1)?,
                last: at(count - 1)?,
            },
        })
    }
}

/// `0, 1, ..., len - 1` beside the shard (on its device).
fn positions<B: TabulateOps<Sequence<u64>>>(len: usize) -> Result<DeviceVector<u64, B>> {
    crate::sequence::<u64, B>(len, 0, 1)
}

/// The positions of the `true` flags of every held shard, in shard order.
pub(super) fn flagged<B>(flags: &ShardedVector<bool, B>) -> Result<Vec<Ends>>
where
    B: FlaggedOps<u64> + TabulateOps<Sequence<u64>>,
{
    let found = each_shard(flags.shards(), |_, shard| {
        let at = positions::<B>(shard.len())?;
        let mut found = Found {
            positions: DeviceVector::zeros(shard.len())?,
            count: DeviceVector::zeros(1)?,
        };
        crate::copy_if_stencil_into(shard, &at, &mut found.positions, &mut found.count)?;
        Ok(found)
    })?;
    read_all(&found)
}

/// The first position of every run of equal keys of every held shard (0 first when the
/// shard has elements), in shard order.
pub(super) fn run_starts<K, B>(keys: &ShardedVector<K, B>) -> Result<Vec<Ends>>
where
    K: DeviceCopy + PartialEq,
    B: UniqueByKeyOps<K, u64> + TabulateOps<Sequence<u64>>,
{
    let found = each_shard(keys.shards(), |_, shard| {
        let at = positions::<B>(shard.len())?;
        let mut run_keys = DeviceVector::<K, B>::zeros(shard.len())?;
        let mut found = Found {
            positions: DeviceVector::zeros(shard.len())?,
            count: DeviceVector::zeros(1)?,
        };
        crate::unique_by_key_into(
            shard,
            &at,
            &mut run_keys,
            &mut found.positions,
            &mut found.count,
        )?;
        Ok(found)
    })?;
    read_all(&found)
}

fn read_all<B: crate::Backend>(found: &[Found<B>]) -> Result<Vec<Ends>> {
    let mut ends = try_with_capacity(found.len())?;
    for f in found {
        try_push(&mut ends, f.ends()?)?;
    }
    Ok(ends)
}
