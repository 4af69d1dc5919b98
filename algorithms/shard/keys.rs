//! Segmented scans by keys over shards: segments are the runs of equal adjacent keys
//! (`keys` split as `x` is), as the unsharded
//! [`inclusive_scan_by_key`](crate::inclusive_scan_by_key), and a run may cross shards.
//! Each shard's run starts are found on its device (`heads.rs`); whether its first element
//! starts a run depends on the last key of the shard before, so each shard's first and last
//! key travel with its tail total and head flag in the one exchange of the scan.

use super::boundary::{continues, key_ends};
use super::carry::{carries, scan_from_carries, Heads};
use super::each::shard_totals_from;
use super::layout::check_same_layout;
use super::split::shard_range;
use super::{heads, Collective, ShardedVector};
use crate::check::lengths_agree;
use crate::{
    backend::{InitOps, KeyedOps, MonoidOps, TabulateOps, UniqueByKeyOps},
    Result,
};
use parallaxis_core::reference::ScanKind;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Monoid, Pair, Sequence};

/// The inclusive segmented scan by keys of the unsharded vector: each maximal run of equal
/// consecutive keys is a segment (Thrust's `inclusive_scan_by_key`); runs may span shards.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `keys` differs from `x` in
/// length or shard count, [`Error::InvalidArgument`](crate::Error::InvalidArgument) when it
/// holds other shards; out of memory, a device fault; a failure of the collective.
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::{Rayon, ops::Sum};
/// let k = ShardedVector::<u32, Rayon>::from_slice(&[7, 2, 2, 2, 2, 2, 7], 3)?;
/// let x = ShardedVector::<u32, Rayon>::from_slice(&[1, 2, 3, 4, 5, 6, 7], 3)?;
/// // The run of 2s spans all three shards.
/// let y = shard::inclusive_scan_by_key(Sum, &k, &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [1, 2, 5, 9, 14, 20, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn inclusive_scan_by_key<K, T, M, B, C>(
    m: M,
    keys: &ShardedVector<K, B>,
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>
        + MonoidOps<T, M>
        + InitOps<T, M>
        + UniqueByKeyOps<K, u64>
        + TabulateOps<Sequence<u64>>,
    C: Collective,
{
    by_keys(m, ScanKind::Inclusive, keys, x, collective)
}

/// The exclusive segmented scan by keys of the unsharded vector: each run of equal keys
/// starts from `init`; runs may span shards.
///
/// # Errors
/// As [`inclusive_scan_by_key`].
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::{Sequential, ops::Sum};
/// let k = ShardedVector::<u32, Sequential>::from_slice(&[7, 7, 2, 2], 3)?;
/// let x = ShardedVector::<i32, Sequential>::from_slice(&[1, 2, 3, 4], 3)?;
/// let y = shard::exclusive_scan_by_key(Sum, 0, &k, &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [0, 1, 0, 3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn exclusive_scan_by_key<K, T, M, B, C>(
    m: M,
    init: T,
    keys: &ShardedVector<K, B>,
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>
        + MonoidOps<T, M>
        + InitOps<T, M>
        + UniqueByKeyOps<K, u64>
        + TabulateOps<Sequence<u64>>,
    C: Collective,
{
    by_keys(m, ScanKind::Exclusive(init), keys, x, collective)
}

/// Both scans: the run starts inside each shard, the tail totals, one exchange of
/// `((tail, has a head inside), (first key, last key))` per shard, then whether each shard's
/// element 0 starts a run, the carries and the scans.
fn by_keys<K, T, M, B, C>(
    m: M,
    kind: ScanKind<T>,
    keys: &ShardedVector<K, B>,
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>
        + MonoidOps<T, M>
        + InitOps<T, M>
        + UniqueByKeyOps<K, u64>
        + TabulateOps<Sequence<u64>>,
    C: Collective,
{
    check_same_layout("segment keys", x, keys)?;
    let (n, k, first) = (x.len(), x.shard_count(), x.first_shard());
    let starts = heads::run_starts(keys)?;
    // The heads inside each shard (past its element 0): the starts after the first.
    let mut heads = try_with_capacity(starts.len())?;
    for (j, s) in starts.iter().enumerate() {
        let len = shard_range(n, k, first + j).len();
        let span = (s.count >= 2).then_some((s.second, s.last));
        try_push(&mut heads, Heads { len, span })?;
    }
    // The tail run starts at the last head inside, or at 0 either way: whether element 0
    // is a head does not move it.
    let tails = shard_totals_from(m, x.shards(), |j| heads[j].tail_start())?;
    let ends = key_ends(keys)?;
    let mut local = try_with_capacity(tails.len())?;
    for ((tail, h), e) in tails.into_iter().zip(&heads).zip(ends) {
        try_push(&mut local, Pair::new(Pair::new(tail, h.has_head()), e))?;
    }
    let all = collective.all_gather(&local)?;
    lengths_agree("shard tails from the collective", k, all.len())?;
    let mut all_ends = try_with_capacity(k)?;
    for p in &all {
        try_push(&mut all_ends, p.second)?;
    }
    let continued = continues(n, &all_ends)?;
    // A shard with elements whose first key does not continue a run starts one at 0.
    let starts_run = |g: usize| !continued[g] && !shard_range(n, k, g).is_empty();
    let mut summary = try_with_capacity(k)?;
    for (g, p) in all.iter().enumerate() {
        try_push(
            &mut summary,
            Pair::new(p.first.first, p.first.second || starts_run(g)),
        )?;
    }
    for (j, h) in heads.iter_mut().enumerate() {
        if starts_run(first + j) {
            h.span = Some((0, h.tail_start()));
        }
    }
    let carries = carries(m, kind, x, &summary)?;
    scan_from_carries(m, kind, x, &heads, &carries, |j, shard| {
        let key = &keys.shards()[j];
        match kind {
            ScanKind::Inclusive => crate::inclusive_scan_by_key(m, key, shard),
            ScanKind::Exclusive(init) => crate::exclusive_scan_by_key(m, init, key, shard),
        }
    })
}
