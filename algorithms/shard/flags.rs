//! Segmented scans by head flags over shards: `flags` is split as `x` is, a `true` flag
//! starts a segment, and element 0 starts one regardless (as the unsharded
//! [`inclusive_scan_by_flags`](crate::inclusive_scan_by_flags)). Each shard's heads are found
//! on its device (`heads.rs`), then the carries and scans of `carry.rs` run as for offsets.

use super::carry::{local_carries, scan_from_carries, Heads};
use super::layout::check_same_layout;
use super::split::shard_range;
use super::{heads, Collective, ShardedVector};
use crate::{
    backend::{FlaggedOps, InitOps, MonoidOps, TabulateOps},
    Result,
};
use parallaxis_core::reference::ScanKind;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Monoid, Sequence};

/// The inclusive segmented scan by head flags of the unsharded vector: `flags[i]` starts a
/// segment at `i` (element 0 always starts one); segments may span shards.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `flags` differs from `x` in
/// length or shard count, [`Error::InvalidArgument`](crate::Error::InvalidArgument) when it
/// holds other shards; out of memory, a device fault; a failure of the collective.
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::{Rayon, ops::Sum};
/// let x = ShardedVector::<u32, Rayon>::from_slice(&[1, 2, 3, 4, 5, 6, 7], 3)?;
/// let f = ShardedVector::from_slice(&[false, true, false, false, false, false, true], 3)?;
/// // Segments [0, 1), [1, 6), [6, 7): the second spans all three shards.
/// let y = shard::inclusive_scan_by_flags(Sum, &f, &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [1, 2, 5, 9, 14, 20, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn inclusive_scan_by_flags<T, M, B, C>(
    m: M,
    flags: &ShardedVector<bool, B>,
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M> + InitOps<T, M> + FlaggedOps<u64> + TabulateOps<Sequence<u64>>,
    C: Collective,
{
    by_flags(m, ScanKind::Inclusive, flags, x, collective)
}

/// The exclusive segmented scan by head flags of the unsharded vector: each segment starts
/// from `init`; segments may span shards.
///
/// # Errors
/// As [`inclusive_scan_by_flags`].
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::{Sequential, ops::Sum};
/// let x = ShardedVector::<u32, Sequential>::from_slice(&[1, 2, 3, 4, 5], 2)?;
/// let f = ShardedVector::from_slice(&[true, false, true, false, false], 2)?;
/// let y = shard::exclusive_scan_by_flags(Sum, 0, &f, &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [0, 1, 0, 3, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn exclusive_scan_by_flags<T, M, B, C>(
    m: M,
    init: T,
    flags: &ShardedVector<bool, B>,
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M> + InitOps<T, M> + FlaggedOps<u64> + TabulateOps<Sequence<u64>>,
    C: Collective,
{
    by_flags(m, ScanKind::Exclusive(init), flags, x, collective)
}

/// Both scans: the heads found per shard (the global element 0 a head too), the carries, the
/// scans.
fn by_flags<T, M, B, C>(
    m: M,
    kind: ScanKind<T>,
    flags: &ShardedVector<bool, B>,
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M> + InitOps<T, M> + FlaggedOps<u64> + TabulateOps<Sequence<u64>>,
    C: Collective,
{
    check_same_layout("segment flags", x, flags)?;
    let (n, k, first) = (x.len(), x.shard_count(), x.first_shard());
    let found = heads::flagged(flags)?;
    let mut heads = try_with_capacity(found.len())?;
    for (j, ends) in found.iter().enumerate() {
        let range = shard_range(n, k, first + j);
        let mut span = (ends.count > 0).then_some((ends.first, ends.last));
        if range.start == 0 && !range.is_empty() {
            span = Some((0, span.map_or(0, |(_, last)| last)));
        }
        try_push(
            &mut heads,
            Heads {
                len: range.len(),
                span,
            },
        )?;
    }
    let carries = local_carries(m, kind, x, &heads, collective)?;
    scan_from_carries(m, kind, x, &heads, &carries, |j, shard| {
        let f = &flags.shards()[j];
        match kind {
            ScanKind::Inclusive => crate::inclusive_scan_by_flags(m, f, shard),
            ScanKind::Exclusive(init) => crate::exclusive_scan_by_flags(m, init, f, shard),
        }
    })
}
