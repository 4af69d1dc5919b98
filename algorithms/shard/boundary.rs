//! Runs of equal keys across shard boundaries: the first and last key of every shard, and
//! whether a shard's first run continues the run open at the end of the shards before it
//! (its first key equals the last key of the nearest shard before it with elements).

use super::split::shard_range;
use super::ShardedVector;
use crate::Result;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Pair};

/// The first and last key of every held shard, read from its device (waits for the work
/// queued there). An empty shard has no keys: it gets the all-zero key, which no one reads.
pub(super) fn key_ends<K: DeviceCopy, B: crate::Backend>(
    keys: &ShardedVector<K, B>,
) -> Result<Vec<Pair<K, K>>> {
    let mut ends = try_with_capacity(keys.shards().len())?;
    for shard in keys.shards() {
        let pair = match shard.len() {
            0 => {
                // SAFETY: `DeviceCopy` requires the all-zero bit pattern to be a valid value
                // (the backends hand out zeroed buffers of any `DeviceCopy` type).
                let none = unsafe { core::mem::zeroed::<K>() };
                Pair::new(none, none)
            }
            len => {
                let first = shard.slice(..1)?.to_vec()?;
                let last = shard.slice(len - 1..)?.to_vec()?;
                Pair::new(first[0], last[0])
            }
        };
        try_push(&mut ends, pair)?;
    }
    Ok(ends)
}

/// For every shard of all, from every shard's key ends (`ends`, gathered, in shard order)
/// of a vector of `n` keys over `ends.len()` shards: whether its first element continues the
/// run of equal keys open before it. `false` for the first shard with elements and for
/// empty shards.
pub(super) fn continues<K: DeviceCopy + PartialEq>(
    n: usize,
    ends: &[Pair<K, K>],
) -> Result<Vec<bool>> {
    let k = ends.len();
    let mut out = try_with_capacity(k)?;
    let mut open: Option<K> = None;
    for (g, e) in ends.iter().enumerate() {
        if shard_range(n, k, g).is_empty() {
            try_push(&mut out, false)?;
            continue;
        }
        try_push(&mut out, open == Some(e.first))?;
        open = Some(e.second);
    }
    Ok(out)
}
