//! [`inclusive_scan`] and [`exclusive_scan`] over shards: a local scan per shard, an
//! exclusive scan of the shard totals in shard order (the carries), and each shard's carry
//! folded into its elements ([`PrependCarry`]).

use super::{Collective, PrependCarry, ShardedVector};
use crate::{Backend, DeviceVector, Error, Input, MonoidOps, Result, TransformOps};
use parallax_core::{try_push, try_with_capacity, DeviceCopy, Monoid};

/// `y[0] = x[0]`, `y[i] = y[i-1] ⊕ x[i]` across shard boundaries: the unsharded inclusive
/// scan, with `x`'s shard lengths. Operand order is kept (non-commutative monoids are fine).
///
/// Shard `j`'s carry is `t[0] ⊕ ... ⊕ t[j-1]` over the shard totals `t` (the last element of
/// each local scan; the identity for an empty shard), gathered through the collective.
///
/// # Errors
/// Out of memory, a device fault; a failure of the collective, or
/// [`Error::LengthMismatch`] when it returns other than one total per shard.
///
/// ```
/// use parallax::shard::{self, InMemory, ShardedVector};
/// use parallax::{Sequential, Sum};
/// let x = ShardedVector::<u32, Sequential>::from_slice(&[1, 2, 3, 4, 5], 3)?;
/// let y = shard::inclusive_scan(Sum, &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [1, 3, 6, 10, 15]);
/// assert_eq!(y.shard_lengths(), [2, 2, 1]);
/// # Ok::<(), parallax::Error>(())
/// ```
pub fn inclusive_scan<T, M, B, C>(
    m: M,
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M> + TransformOps<T, PrependCarry<M, T>>,
    C: Collective,
{
    // Shard 0's carry is the identity: its local scan is already final.
    scan_shards(m, m.identity(), x, collective, 1, |shard| {
        let y = crate::inclusive_scan(m, shard)?;
        let total = last(&y)?.unwrap_or(m.identity());
        Ok((y, total))
    })
}

/// `y[0] = init`, `y[i] = init ⊕ x[0] ⊕ ... ⊕ x[i-1]` across shard boundaries: the unsharded
/// exclusive scan, with `x`'s shard lengths.
///
/// Each shard scans from the identity; its total is its last local value ⊕ its last element
/// (the identity when empty); shard `j`'s carry is `init ⊕ t[0] ⊕ ... ⊕ t[j-1]`.
///
/// # Errors
/// As [`inclusive_scan`].
///
/// ```
/// use parallax::shard::{self, InMemory, ShardedVector};
/// use parallax::{Rayon, Sum};
/// let x = ShardedVector::<u32, Rayon>::from_slice(&[3, 1, 4, 1], 3)?;
/// let y = shard::exclusive_scan(Sum, 10, &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [10, 13, 14, 18]);
/// # Ok::<(), parallax::Error>(())
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
    B: MonoidOps<T, M> + TransformOps<T, PrependCarry<M, T>>,
    C: Collective,
{
    scan_shards(m, init, x, collective, 0, |shard| {
        let y = crate::exclusive_scan(m, m.identity(), shard)?;
        let total = match (last(&y)?, last(shard)?) {
            (Some(before_last), Some(last_element)) => m.combine(before_last, last_element),
            _ => m.identity(),
        };
        Ok((y, total))
    })
}

/// The skeleton of both scans: `local_scan` gives each shard's scan and total; the totals are
/// gathered through the collective and scanned from `seed` into carries, which are folded
/// into the shards from `first_folded` on.
fn scan_shards<T, M, B, C>(
    m: M,
    seed: T,
    x: &ShardedVector<T, B>,
    collective: &C,
    first_folded: usize,
    local_scan: impl Fn(&DeviceVector<T, B>) -> Result<(DeviceVector<T, B>, T)>,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: TransformOps<T, PrependCarry<M, T>>,
    C: Collective,
{
    let k = x.shards().len();
    let mut local = try_with_capacity(k)?;
    let mut totals = try_with_capacity(k)?;
    for shard in x.shards() {
        let (y, total) = local_scan(shard)?;
        try_push(&mut totals, total)?;
        try_push(&mut local, y)?;
    }
    let carries = carries(m, seed, &collective.all_gather(&totals)?, k)?;
    fold_carries(m, local, &carries, first_folded)
}

/// The last element of `v` (one element copied to the host), `None` when `v` is empty.
fn last<T: DeviceCopy, B: Backend>(v: &DeviceVector<T, B>) -> Result<Option<T>> {
    match v.len() {
        0 => Ok(None),
        n => Ok(v.slice(n - 1..)?.to_vec()?.pop()),
    }
}

/// `carry[j] = seed ⊕ t[0] ⊕ ... ⊕ t[j-1]` for the `k` shard totals `t`, in shard order.
///
/// # Errors
/// [`Error::LengthMismatch`] unless the collective gave exactly `k` totals; out of memory.
fn carries<T: DeviceCopy, M: Monoid<T>>(m: M, seed: T, totals: &[T], k: usize) -> Result<Vec<T>> {
    if totals.len() != k {
        return Err(Error::LengthMismatch {
            what: "shard totals from the collective",
            expected: k,
            actual: totals.len(),
        });
    }
    let mut carries = try_with_capacity(k)?;
    let mut running = seed;
    for &t in totals {
        carries.push(running);
        running = m.combine(running, t);
    }
    Ok(carries)
}

/// Each local scan from shard `first` on with its carry folded in (`carry ⊕ y[i]`); the
/// shards before `first` and empty shards are kept as they are.
fn fold_carries<T, M, B>(
    m: M,
    local: Vec<DeviceVector<T, B>>,
    carries: &[T],
    first: usize,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: TransformOps<T, PrependCarry<M, T>>,
{
    let mut shards = try_with_capacity(local.len())?;
    for (j, (y, &carry)) in local.into_iter().zip(carries).enumerate() {
        let folded = if j < first || y.is_empty() {
            y
        } else {
            crate::transform(PrependCarry { m, carry }, &y)?
        };
        try_push(&mut shards, folded)?;
    }
    Ok(ShardedVector::from_shards(shards))
}
