//! [`sort_by_key`]: the sharded sort (`sort.rs`) of key-value pairs. The keys decide
//! everything (the local sorts, the exact cuts, the moves); the values take the same moves
//! and the same merges, so pairs stay together.

use super::buckets::Buckets;
use super::cuts::exact_cuts;
use super::each::each_shard;
use super::sort::{exchange_buckets, run_alignment, split_lengths, to_split_rule};
use super::sorted_runs::{self, Empty};
use super::{Collective, Exchange, ShardedVector};
use crate::check::lengths_agree;
use crate::{
    backend::{GatherOps, MergeByKeyOps, SearchOps, SortByKeyOps},
    view::View,
    DeviceVector, Result,
};
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Less, SearchKey, SortKey};

/// The pairs `(keys[i], values[i])` sorted by key, stably (pairs with equal keys keep their
/// input order), in [`SortKey`]'s total order (the unsharded
/// [`sort_by_key`](crate::sort_by_key)'s), as two sharded vectors of the input's layout.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `values` has another length
/// or shard count than `keys`, or a held shard breaks the split rule;
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) when it holds other shards;
/// out of memory, a device fault; a failure of the collective or the exchange.
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::Rayon;
/// let k = ShardedVector::<u32, Rayon>::from_slice(&[3, 1, 3, 0, 1], 2)?;
/// let v = ShardedVector::<f32, Rayon>::from_slice(&[0.0, 1.0, 2.0, 3.0, 4.0], 2)?;
/// let (sk, sv) = shard::sort_by_key(&k, &v, &InMemory)?;
/// assert_eq!(sk.to_vec()?, [0, 1, 1, 3, 3]);
/// assert_eq!(sv.to_vec()?, [3.0, 1.0, 4.0, 0.0, 2.0]); // equal keys in input order
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn sort_by_key<K, V, B, C>(
    keys: &ShardedVector<K, B>,
    values: &ShardedVector<V, B>,
    collective: &C,
) -> Result<(ShardedVector<K, B>, ShardedVector<V, B>)>
where
    K: SortKey + SearchKey,
    V: DeviceCopy,
    B: SortByKeyOps<K, V> + SearchOps<K> + MergeByKeyOps<K, V, Less> + GatherOps<usize, K>,
    C: Collective + Exchange,
{
    lengths_agree("shard sort_by_key values", keys.len(), values.len())?;
    lengths_agree(
        "shard sort_by_key values' shard count",
        keys.shard_count(),
        values.shard_count(),
    )?;
    if !keys.same_layout(values) {
        return Err(crate::Error::InvalidArgument {
            what: "shard sort_by_key values",
            reason: "must hold the same shards as the keys",
        });
    }
    let (k, first) = (keys.shard_count(), keys.first_shard());
    let lengths = split_lengths(keys)?;
    let sorted = each_shard(keys.shards(), |j, shard| {
        crate::sort_by_key(shard, &values.shards()[j])
    })?;
    let (sorted_keys, sorted_values) = unzip(sorted)?;
    if k == 1 {
        return Ok((
            keys.with_shards(sorted_keys),
            values.with_shards(sorted_values),
        ));
    }
    let inner = exact_cuts(&sorted_keys, &lengths, first, collective)?;
    // One layout of the receive buffers for both: aligned for the keys and the values
    // (both alignments are powers of two, so the larger is a multiple of the other).
    let align = run_alignment::<K>().max(run_alignment::<V>());
    let buckets = Buckets::new(&inner, &lengths, align)?;
    let received_keys = exchange_buckets(&sorted_keys, &buckets, first, collective)?;
    let received_values = exchange_buckets(&sorted_values, &buckets, first, collective)?;
    let merged = each_shard(&sorted_keys, |j, local_keys| {
        let g = first + j;
        let ks = sorted_runs::parts(local_keys, &received_keys[j], g, &buckets)?;
        let vs = sorted_runs::parts(&sorted_values[j], &received_values[j], g, &buckets)?;
        let mut pairs = try_with_capacity(ks.len())?;
        for (k, v) in ks.into_iter().zip(vs) {
            try_push(&mut pairs, Pairs::Part(k, v))?;
        }
        sorted_runs::merge_tree(pairs, merge_pairs)?.into_owned()
    })?;
    drop((sorted_keys, sorted_values, received_keys, received_values));
    let (merged_keys, merged_values) = unzip(merged)?;
    Ok((
        keys.with_shards(to_split_rule(merged_keys, &buckets, first, collective)?),
        values.with_shards(to_split_rule(merged_values, &buckets, first, collective)?),
    ))
}

/// A sorted run of pairs: parts of two vectors, or a merge's output.
enum Pairs<'a, K: DeviceCopy, V: DeviceCopy, B: crate::Backend> {
    Part(View<'a, K, B>, View<'a, V, B>),
    Whole(DeviceVector<K, B>, DeviceVector<V, B>),
}

impl<K: DeviceCopy, V: DeviceCopy, B: crate::Backend> Pairs<'_, K, V, B> {
    #[allow(clippy::type_complexity)]
    fn into_owned(self) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
        match self {
            Self::Whole(k, v) => Ok((k, v)),
            Self::Part(k, v) => Ok((
                sorted_runs::Run::Part(k).into_owned()?,
                sorted_runs::Run::Part(v).into_owned()?,
            )),
        }
    }
}

impl<K: DeviceCopy, V: DeviceCopy, B: crate::Backend> Empty for Pairs<'_, K, V, B> {
    fn empty() -> Result<Self> {
        Ok(Self::Whole(
            DeviceVector::zeros(0)?,
            DeviceVector::zeros(0)?,
        ))
    }
}

/// The stable merge of two pair runs by key (ties: `a` first).
fn merge_pairs<'a, K, V, B>(
    a: &Pairs<'_, K, V, B>,
    b: &Pairs<'_, K, V, B>,
) -> Result<Pairs<'a, K, V, B>>
where
    K: SortKey,
    V: DeviceCopy,
    B: MergeByKeyOps<K, V, Less>,
{
    let (k, v) = match (a, b) {
        (Pairs::Part(ak, av), Pairs::Part(bk, bv)) => crate::merge_by_key(ak, av, bk, bv),
        (Pairs::Part(ak, av), Pairs::Whole(bk, bv)) => crate::merge_by_key(ak, av, bk, bv),
        (Pairs::Whole(ak, av), Pairs::Part(bk, bv)) => crate::merge_by_key(ak, av, bk, bv),
        (Pairs::Whole(ak, av), Pairs::Whole(bk, bv)) => crate::merge_by_key(ak, av, bk, bv),
    }?;
    Ok(Pairs::Whole(k, v))
}

/// Pairs of vectors as two lists.
#[allow(clippy::type_complexity)]
fn unzip<K: DeviceCopy, V: DeviceCopy, B: crate::Backend>(
    pairs: Vec<(DeviceVector<K, B>, DeviceVector<V, B>)>,
) -> Result<(Vec<DeviceVector<K, B>>, Vec<DeviceVector<V, B>>)> {
    let (mut ks, mut vs) = (
        try_with_capacity(pairs.len())?,
        try_with_capacity(pairs.len())?,
    );
    for (k, v) in pairs {
        try_push(&mut ks, k)?;
        try_push(&mut vs, v)?;
    }
    Ok((ks, vs))
}
