//! [`reduce_by_key`] over shards: each shard reduces its own runs of equal keys (queued on
//! every shard first), a run that crosses shard boundaries is merged into the shard where it
//! begins (`runs.rs`), and the unique keys and folds come out as sharded vectors split by the
//! rule over the number of runs.

use super::boundary::{continues, key_ends};
use super::each::each_shard;
use super::layout::check_same_layout;
use super::runs::{merge_last_runs, place, placement, ShardRuns};
use super::{Collective, Exchange, ShardedVector};
use crate::check::lengths_agree;
use crate::{backend::KeyedOps, DeviceVector, Result};
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Monoid, Pair};

/// One `(key, fold)` pair per maximal run of equal consecutive keys of the unsharded vectors
/// (Thrust's `reduce_by_key`), runs spanning shards included: their parts fold in shard order,
/// so any monoid gives the unsharded answer.
///
/// The keys and folds come back as two sharded vectors of the number of runs, split by the
/// rule over `x`'s shard count (shard `j` beside `x`'s shard `j`), so they zip with each other
/// and feed the other sharded algorithms. The runs move there through `collective` as an
/// [`Exchange`] (on CUDA a copy between GPUs only for the runs that change shard).
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `keys` differs from `x` in
/// length or shard count, [`Error::InvalidArgument`](crate::Error::InvalidArgument) when it
/// holds other shards; out of memory, a device fault; a failure of the collective.
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::{Rayon, ops::Sum};
/// let k = ShardedVector::<u32, Rayon>::from_slice(&[1, 1, 3, 3, 3, 3, 1], 3)?;
/// let x = ShardedVector::<i32, Rayon>::from_slice(&[1, 2, 3, 4, 5, 6, 7], 3)?;
/// // The run of 3s spans all three shards.
/// let (keys, sums) = shard::reduce_by_key(Sum, &k, &x, &InMemory)?;
/// assert_eq!(keys.to_vec()?, [1, 3, 1]);
/// assert_eq!(sums.to_vec()?, [3, 18, 7]);
/// assert_eq!(sums.shard_lengths(), [1, 1, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn reduce_by_key<K, T, M, B, C>(
    m: M,
    keys: &ShardedVector<K, B>,
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<(ShardedVector<K, B>, ShardedVector<T, B>)>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>,
    C: Collective + Exchange,
{
    check_same_layout("reduce_by_key keys", x, keys)?;
    let (n, k, first) = (x.len(), x.shard_count(), x.first_shard());
    // The local runs, queued on every shard before any count is read.
    let local = each_shard(x.shards(), |j, shard| {
        let len = shard.len();
        let mut run_keys = DeviceVector::<K, B>::zeros(len)?;
        let mut folds = DeviceVector::<T, B>::zeros(len)?;
        let mut count = DeviceVector::<usize, B>::zeros(1)?;
        let key = &keys.shards()[j];
        crate::reduce_by_key_into(m, key, shard, &mut run_keys, &mut folds, &mut count)?;
        Ok((run_keys, folds, count))
    })?;
    let ends = key_ends(keys)?;
    // One exchange: per shard its key ends, its first and last fold, and its run count.
    let mut summary = try_with_capacity(local.len())?;
    for ((_, folds, count), e) in local.iter().zip(ends) {
        let count = count.to_vec()?.first().copied().unwrap_or(0);
        let fold_at = |i: usize| -> Result<T> { Ok(folds.slice(i..=i)?.to_vec()?[0]) };
        let (head, tail) = match count {
            0 => (m.identity(), m.identity()),
            _ => (fold_at(0)?, fold_at(count - 1)?),
        };
        try_push(
            &mut summary,
            Pair::new(e, Pair::new(Pair::new(head, tail), count as u64)),
        )?;
    }
    let all = collective.all_gather(&summary)?;
    lengths_agree("shard runs from the collective", k, all.len())?;
    let mut all_ends = try_with_capacity(k)?;
    for s in &all {
        try_push(&mut all_ends, s.first)?;
    }
    let continued = continues(n, &all_ends)?;
    let mut runs = try_with_capacity(k)?;
    for (s, continues) in all.iter().zip(continued) {
        let (folds, count) = (s.second.first, s.second.second);
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        try_push(
            &mut runs,
            ShardRuns {
                count,
                continues,
                first: folds.first,
                last: folds.second,
            },
        )?;
    }
    let (mut run_keys, mut folds) = (
        try_with_capacity(local.len())?,
        try_with_capacity(local.len())?,
    );
    for (rk, f, _) in local {
        try_push(&mut run_keys, rk)?;
        try_push(&mut folds, f)?;
    }
    merge_last_runs(m, &runs, first, &mut folds)?;
    let (total, moves) = placement(&runs)?;
    Ok((
        place(collective, &moves, total, x, &run_keys)?,
        place(collective, &moves, total, x, &folds)?,
    ))
}
