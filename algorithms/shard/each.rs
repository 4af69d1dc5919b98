//! One step on every shard, where each shard lives ([`Backend::at_home_of`](crate::Backend):
//! on CUDA with the shard's GPU as the thread's default device, so the step's outputs land
//! beside the shard), one shard after another on the caller's thread.
//!
//! The GPUs still work at the same time: every step the sharded algorithms take per shard
//! only queues work (the allocating algorithms, `reduce_into`), so the loop queues on every
//! GPU before anything waits, and the shard totals are read after all are queued
//! ([`shard_totals`]). A first form gave each shard a thread and a blocking `reduce`; on four
//! H200s it lost 7-16% of one GPU's time to the threads' start and the blocking reads
//! (`benches/results/h200-x4/multi-gpu/threads/`).

use crate::{backend::MonoidOps, Backend, DeviceVector, Result};
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Monoid};

/// `[step(0, shard_0), ..., step(k - 1, shard_(k-1))]`, in shard order, each run where its
/// shard lives; stops at the first error.
pub(super) fn each_shard<T, B, R, F>(shards: &[DeviceVector<T, B>], step: F) -> Result<Vec<R>>
where
    T: DeviceCopy,
    B: Backend,
    F: Fn(usize, &DeviceVector<T, B>) -> Result<R>,
{
    let mut out = try_with_capacity(shards.len())?;
    for (j, shard) in shards.iter().enumerate() {
        try_push(&mut out, B::at_home_of(shard.buffer(), || step(j, shard))?)?;
    }
    Ok(out)
}

/// Every held shard's total (`identity` for an empty one), in shard order: each reduced into
/// a one-element vector beside it (queued on every GPU first), then read.
pub(super) fn shard_totals<T, M, B>(m: M, shards: &[DeviceVector<T, B>]) -> Result<Vec<T>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M>,
{
    shard_totals_from(m, shards, |_| 0)
}

/// [`shard_totals`] of the shards' tails: shard `j` reduced from `start(j)` (at most its
/// length) to its end, as the segmented scans need for the run after a shard's last head.
pub(super) fn shard_totals_from<T, M, B>(
    m: M,
    shards: &[DeviceVector<T, B>],
    start: impl Fn(usize) -> usize,
) -> Result<Vec<T>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M>,
{
    let on_device = each_shard(shards, |j, shard| {
        let mut total = DeviceVector::<T, B>::zeros(1)?;
        crate::reduce_into(m, &shard.slice(start(j)..)?, &mut total)?;
        Ok(total)
    })?;
    let mut totals = try_with_capacity(shards.len())?;
    for total in &on_device {
        let value = total.to_vec()?;
        try_push(&mut totals, value.first().copied().unwrap_or(m.identity()))?;
    }
    Ok(totals)
}
