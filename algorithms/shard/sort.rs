//! [`sort`]: a sample sort over shards. Five steps, each queued on every shard (every GPU)
//! before anything waits:
//! 1. every shard sorted where it lives (the backend's own sort);
//! 2. each sorted shard cut before every block boundary of the split rule, exactly
//!    (`cuts.rs`: rounds of samples of every shard, all-gathered, ranked by
//!    `lower_bound` / `upper_bound` in every shard, until a sample of each boundary's rank is
//!    found; elements ordered by key, then shard, then position, so many equal keys split
//!    evenly); every participant ends with every cut, so with every move;
//! 3. (no step of its own: the cuts are all-gathered as they are found, so every bucket's
//!    size and every move are known everywhere);
//! 4. bucket `b` of every shard moved to shard `b` ([`Exchange`]; a shard's own bucket stays
//!    where it is), and the `k` sorted runs there merged pairwise (`parallaxis::merge`, a
//!    stable merge: shard order is kept among equal keys; two runs of 2^29 merge 8.3× faster
//!    than sorting their 2^30 again on an H200, `benches/results/h200-x2/multi-gpu/`);
//! 5. the buckets, in order the sorted sequence, moved to the split rule's blocks: with
//!    exact cuts every bucket is its block and nothing moves (`rebalance` finds no move); the
//!    step stays for cuts that are not exact.
//!
//! Memory per shard beyond input and output (the merged bucket): the local sort's output,
//! the received runs (about `n / k`), plus the merges' intermediate runs for `k > 2`.

use super::buckets::{rebalance, Buckets};
use super::cuts::exact_cuts;
use super::each::each_shard;
use super::sorted_runs::{self, Run};
use super::split::shard_range;
use super::{Collective, Exchange, ShardedVector};
use crate::{
    backend::{GatherOps, MergeOps, SearchOps, SortOps},
    DeviceVector, Result,
};
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Less, SearchKey, SortKey};

/// The elements of `x` sorted ascending in [`SortKey`]'s total order (the order of the
/// unsharded [`sort`](crate::sort): floats `-inf < ... < -0.0 < +0.0 < ... < +inf < NaN`),
/// as a sharded vector of the same layout (the split rule), so every sharded algorithm takes
/// it. Equal keys (all NaNs among them) are bit-for-bit whatever the input held, in input
/// order.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when a held shard breaks the
/// split rule; out of memory, a device fault; a failure of the collective or the exchange.
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::Rayon;
/// let x = ShardedVector::<i32, Rayon>::from_slice(&[5, -1, 5, 3, 9, 0, 5], 3)?;
/// let y = shard::sort(&x, &InMemory)?;
/// assert_eq!(y.shard_lengths(), [3, 2, 2]);
/// assert_eq!(y.to_vec()?, [-1, 0, 3, 5, 5, 5, 9]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn sort<K, B, C>(x: &ShardedVector<K, B>, collective: &C) -> Result<ShardedVector<K, B>>
where
    K: SortKey + SearchKey,
    B: SortOps<K> + SearchOps<K> + MergeOps<K, Less> + GatherOps<usize, K>,
    C: Collective + Exchange,
{
    let (k, first) = (x.shard_count(), x.first_shard());
    let lengths = split_lengths(x)?;
    let sorted = each_shard(x.shards(), |_, shard| crate::sort(shard))?;
    if k == 1 {
        return Ok(x.with_shards(sorted));
    }
    let inner = exact_cuts(&sorted, &lengths, first, collective)?;
    let buckets = Buckets::new(&inner, &lengths, run_alignment::<K>())?;
    let received = exchange_buckets(&sorted, &buckets, first, collective)?;
    let merged = each_shard(&sorted, |j, local| {
        let parts = sorted_runs::parts(local, &received[j], first + j, &buckets)?;
        let runs = parts.into_iter().map(Run::Part).collect();
        sorted_runs::merge_tree(runs, |a, b| Ok(Run::Whole(merge_keys(a, b)?)))?.into_owned()
    })?;
    drop((sorted, received));
    Ok(x.with_shards(to_split_rule(merged, &buckets, first, collective)?))
}

/// Every shard's length under the split rule, after checking the held shards against it.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) for a held shard of another
/// length; out of memory.
pub(super) fn split_lengths<T: DeviceCopy, B: crate::Backend>(
    x: &ShardedVector<T, B>,
) -> Result<Vec<usize>> {
    let (n, k, first) = (x.len(), x.shard_count(), x.first_shard());
    let mut lengths = try_with_capacity(k)?;
    for g in 0..k {
        try_push(&mut lengths, shard_range(n, k, g).len())?;
    }
    for (j, shard) in x.shards().iter().enumerate() {
        crate::check::lengths_agree("shard length", lengths[first + j], shard.len())?;
    }
    Ok(lengths)
}

/// The bytes at which a CUDA view shares its vector's memory (`parallaxis_device::VIEW_ALIGN`,
/// named here for every backend; host views never copy).
const VIEW_ALIGN_BYTES: usize = 16;

/// The element count that keeps a received run's start at [`VIEW_ALIGN_BYTES`]: the
/// smallest `a` with `a · size_of::<T>()` a multiple of it.
pub(super) fn run_alignment<T>() -> usize {
    let size = core::mem::size_of::<T>().max(1);
    let mut gcd = (VIEW_ALIGN_BYTES, size);
    while gcd.1 != 0 {
        gcd = (gcd.1, gcd.0 % gcd.1);
    }
    VIEW_ALIGN_BYTES / gcd.0
}

/// Step 4's exchange: into each held shard's receive buffer, the other shards' parts of its
/// bucket, in shard order.
pub(super) fn exchange_buckets<T, B, C>(
    sorted: &[DeviceVector<T, B>],
    buckets: &Buckets,
    first: usize,
    collective: &C,
) -> Result<Vec<DeviceVector<T, B>>>
where
    T: DeviceCopy,
    B: crate::Backend,
    C: Exchange,
{
    let mut received = each_shard(sorted, |j, _| {
        // SAFETY: the moves below write every element that is read: each part (the
        // padding between parts, `Buckets::received_at`, is never read, and the buffers never
        // leave this module); on an error the buffers are dropped unread.
        unsafe { DeviceVector::<T, B>::for_overwrite(buckets.received(first + j)) }
    })?;
    collective.exchange(&buckets.moves()?, first, sorted, &mut received)?;
    Ok(received)
}

/// The stable merge of two key runs (ties: `a` first).
fn merge_keys<K, B>(a: &Run<'_, K, B>, b: &Run<'_, K, B>) -> Result<DeviceVector<K, B>>
where
    K: SortKey,
    B: MergeOps<K, Less>,
{
    match (a, b) {
        (Run::Part(a), Run::Part(b)) => crate::merge(a, b),
        (Run::Part(a), Run::Whole(b)) => crate::merge(a, b),
        (Run::Whole(a), Run::Part(b)) => crate::merge(a, b),
        (Run::Whole(a), Run::Whole(b)) => crate::merge(a, b),
    }
}

/// Step 5: the merged buckets (bucket `b` on shard `b`) moved to the split rule's blocks;
/// a bucket that is exactly its block is kept.
pub(super) fn to_split_rule<T, B, C>(
    merged: Vec<DeviceVector<T, B>>,
    buckets: &Buckets,
    first: usize,
    collective: &C,
) -> Result<Vec<DeviceVector<T, B>>>
where
    T: DeviceCopy,
    B: crate::Backend,
    C: Exchange,
{
    let k = buckets.shards();
    let mut sizes = try_with_capacity(k)?;
    for b in 0..k {
        try_push(&mut sizes, buckets.size(b))?;
    }
    let sizes = &sizes[..];
    let n = sizes.iter().sum();
    let (moves, in_place) = rebalance(sizes)?;
    let mut out = each_shard(&merged, |j, _| {
        let len = if in_place[first + j] {
            0
        } else {
            shard_range(n, k, first + j).len()
        };
        // SAFETY: the moves write every element of each block not kept in place
        // (`rebalance`); on an error the buffers are dropped unread.
        unsafe { DeviceVector::<T, B>::for_overwrite(len) }
    })?;
    collective.exchange(&moves, first, &merged, &mut out)?;
    for (j, bucket) in merged.into_iter().enumerate() {
        if in_place[first + j] {
            out[j] = bucket;
        }
    }
    Ok(out)
}
