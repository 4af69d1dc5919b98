//! Segmented scans by offsets over shards: segments may cross shard boundaries, and each
//! shard's part of a segment that began in an earlier shard continues from a carry
//! (`carry.rs`: the tail runs and head flags gathered, the first runs rescanned).
//!
//! The offsets are the global CSR-style segment starts (`offsets[s]..offsets[s + 1]`), on the
//! host, on every participant, so each finds its shards' heads without reading the device.

use super::carry::{local_carries, scan_from_carries, Heads};
use super::split::shard_range;
use super::{Collective, ShardedVector};
use crate::{
    backend::{InitOps, MonoidOps},
    DeviceVector, Error, Result,
};
use parallaxis_core::reference::ScanKind;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Monoid};

/// The heads of one shard `[start, start + len)` under `offsets` (validated), and the local
/// offsets of the segments that start in it, framed by 0 and `len`.
fn heads_of(offsets: &[usize], start: usize, len: usize) -> Result<(Heads, Vec<usize>)> {
    // Every offset but the last is a segment start; they are sorted (checked).
    let starts = &offsets[..offsets.len().saturating_sub(1)];
    let (a, b) = (
        starts.partition_point(|&o| o < start),
        starts.partition_point(|&o| o < start + len),
    );
    let mut local = try_with_capacity(b - a + 2)?;
    try_push(&mut local, 0)?;
    for &o in &starts[a..b] {
        try_push(&mut local, o - start)?;
    }
    try_push(&mut local, len)?;
    let span = (a < b).then(|| (starts[a] - start, starts[b - 1] - start));
    Ok((Heads { len, span }, local))
}

/// The inclusive segmented scan by offsets of the unsharded vector (segment `s` is
/// `offsets[s]..offsets[s + 1]`), with `x`'s shard lengths; segments may span shards.
///
/// # Errors
/// [`Error::InvalidOffsets`] when `offsets` is empty, does not start at 0, decreases or does
/// not end at `x.len()`; out of memory, a device fault; a failure of the collective.
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::{Rayon, ops::Sum};
/// let x = ShardedVector::<u32, Rayon>::from_slice(&[1, 2, 3, 4, 5, 6, 7], 3)?;
/// // Segments [0, 1), [1, 6), [6, 7): the second spans all three shards.
/// let y = shard::inclusive_scan_by_offsets(Sum, &[0, 1, 6, 7], &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [1, 2, 5, 9, 14, 20, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn inclusive_scan_by_offsets<T, M, B, C>(
    m: M,
    offsets: &[usize],
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M> + InitOps<T, M>,
    C: Collective,
{
    by_offsets(m, ScanKind::Inclusive, offsets, x, collective)
}

/// The exclusive segmented scan by offsets of the unsharded vector: each segment starts from
/// `init`; segments may span shards.
///
/// # Errors
/// As [`inclusive_scan_by_offsets`].
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::{Rayon, ops::Sum};
/// let x = ShardedVector::<u32, Rayon>::from_slice(&[1, 2, 3, 4, 5, 6, 7], 3)?;
/// let y = shard::exclusive_scan_by_offsets(Sum, 100, &[0, 1, 6, 7], &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [100, 100, 102, 105, 109, 114, 100]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn exclusive_scan_by_offsets<T, M, B, C>(
    m: M,
    init: T,
    offsets: &[usize],
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M> + InitOps<T, M>,
    C: Collective,
{
    by_offsets(m, ScanKind::Exclusive(init), offsets, x, collective)
}

/// Both scans: the heads of every held shard from the offsets, the carries, the scans.
fn by_offsets<T, M, B, C>(
    m: M,
    kind: ScanKind<T>,
    offsets: &[usize],
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M> + InitOps<T, M>,
    C: Collective,
{
    crate::sparse::check_offsets(offsets, x.len())
        .map_err(|problem| Error::InvalidOffsets { problem })?;
    let (n, k, first) = (x.len(), x.shard_count(), x.first_shard());
    let (mut heads, mut locals) = (
        try_with_capacity(x.shards().len())?,
        try_with_capacity(x.shards().len())?,
    );
    for j in 0..x.shards().len() {
        let range = shard_range(n, k, first + j);
        let (h, local) = heads_of(offsets, range.start, range.len())?;
        try_push(&mut heads, h)?;
        try_push(&mut locals, local)?;
    }
    let carries = local_carries(m, kind, x, &heads, collective)?;
    scan_from_carries(m, kind, x, &heads, &carries, |j, shard| {
        let local = DeviceVector::<usize, B>::from_slice(&locals[j])?;
        match kind {
            ScanKind::Inclusive => crate::inclusive_scan_by_offsets(m, &local, shard),
            ScanKind::Exclusive(init) => crate::exclusive_scan_by_offsets(m, init, &local, shard),
        }
    })
}
