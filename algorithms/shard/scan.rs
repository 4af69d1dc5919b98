//! [`inclusive_scan`] and [`exclusive_scan`] over shards, reduce-then-scan: each shard's
//! total (a local reduce), an exclusive scan of the totals in shard order (the carries), and
//! each shard scanned from its carry (`inclusive_scan_with_init` / `exclusive_scan` seeded
//! with it). Every element is read twice and written once (3n), and the local steps are the
//! single-GPU algorithms with the kernels they already have; a scan-then-fix-up order would
//! move 4n and need a kernel per (monoid, type) for the fix-up.

use super::each::{each_shard, shard_totals};
use super::{Collective, ShardedVector};
use crate::check::lengths_agree;
use crate::{
    backend::{InitOps, MonoidOps},
    DeviceVector, Result,
};
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Monoid};

/// `y[0] = x[0]`, `y[i] = y[i-1] ⊕ x[i]` across shard boundaries: the unsharded inclusive
/// scan, with `x`'s shard lengths. Operand order is kept (non-commutative monoids are fine).
///
/// Shard `j`'s carry is `t[0] ⊕ ... ⊕ t[j-1]` over the shard totals `t` (the identity for an
/// empty shard), gathered through the collective.
///
/// # Errors
/// Out of memory, a device fault; a failure of the collective, or
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when it returns other than one total per shard.
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::{Sequential, ops::Sum};
/// let x = ShardedVector::<u32, Sequential>::from_slice(&[1, 2, 3, 4, 5], 3)?;
/// let y = shard::inclusive_scan(Sum, &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [1, 3, 6, 10, 15]);
/// assert_eq!(y.shard_lengths(), [2, 2, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn inclusive_scan<T, M, B, C>(
    m: M,
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M> + InitOps<T, M>,
    C: Collective,
{
    scan_shards(m, m.identity(), x, collective, |j, carry, shard| {
        if j == 0 {
            // Shard 0's carry is the identity: its plain scan is final.
            crate::inclusive_scan(m, shard)
        } else {
            crate::inclusive_scan_with_init(m, carry, shard)
        }
    })
}

/// `y[0] = init`, `y[i] = init ⊕ x[0] ⊕ ... ⊕ x[i-1]` across shard boundaries: the unsharded
/// exclusive scan, with `x`'s shard lengths. Shard `j` scans from `init ⊕ t[0] ⊕ ... ⊕
/// t[j-1]` over the shard totals `t`.
///
/// # Errors
/// As [`inclusive_scan`].
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::{Rayon, ops::Sum};
/// let x = ShardedVector::<u32, Rayon>::from_slice(&[3, 1, 4, 1], 3)?;
/// let y = shard::exclusive_scan(Sum, 10, &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [10, 13, 14, 18]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn exclusive_scan<T, M, B, C>(
    m: M,
    init: T,
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M>,
    C: Collective,
{
    scan_shards(m, init, x, collective, |_, carry, shard| {
        crate::exclusive_scan(m, carry, shard)
    })
}

/// The skeleton of both scans: the shard totals (local reduces) are gathered through the
/// collective and scanned from `seed` into carries; `scan(j, carry_j, shard_j)` then scans
/// each shard from its carry.
fn scan_shards<T, M, B, C>(
    m: M,
    seed: T,
    x: &ShardedVector<T, B>,
    collective: &C,
    scan: impl Fn(usize, T, &DeviceVector<T, B>) -> Result<DeviceVector<T, B>>,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M>,
    C: Collective,
{
    let totals = shard_totals(m, x.shards())?;
    let carries = carries(m, seed, &collective.all_gather(&totals)?, x.shard_count())?;
    // Shard `first + j` of all is the `j`-th held here.
    let first = x.first_shard();
    let shards = each_shard(x.shards(), |j, shard| {
        scan(first + j, carries[first + j], shard)
    })?;
    Ok(x.with_shards(shards))
}

/// `carry[j] = seed ⊕ t[0] ⊕ ... ⊕ t[j-1]` for the `k` shard totals `t`, in shard order.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless the collective gave exactly `k` totals; out of memory.
fn carries<T: DeviceCopy, M: Monoid<T>>(m: M, seed: T, totals: &[T], k: usize) -> Result<Vec<T>> {
    lengths_agree("shard totals from the collective", k, totals.len())?;
    let mut carries = try_with_capacity(k)?;
    let mut running = seed;
    for &t in totals {
        try_push(&mut carries, running)?;
        running = m.combine(running, t);
    }
    Ok(carries)
}
