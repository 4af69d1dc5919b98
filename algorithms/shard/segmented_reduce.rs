//! [`segmented_reduce`] over shards by host offsets: each shard reduces the parts of the
//! segments that touch it (a segment crossing shards has a part in each), the parts of a
//! segment fold in shard order into the shard where it begins (`runs.rs`), and the output
//! holds one value per segment, split by the rule over the number of segments.

use super::each::each_shard;
use super::runs::{merge_last_runs, place, placement, ShardRuns};
use super::split::shard_range;
use super::{Collective, Exchange, ShardedVector};
use crate::check::lengths_agree;
use crate::{backend::MonoidOps, DeviceVector, Error, Result};
use core::ops::Range;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Monoid, Pair};

/// `y[s]` = the fold of segment `offsets[s]..offsets[s + 1]` of the unsharded vector (the
/// identity for an empty segment), segments spanning shards included: their parts fold in
/// shard order, so any monoid gives the unsharded answer. `offsets` are the global CSR-style
/// offsets, on the host, on every participant (as for
/// [`inclusive_scan_by_offsets`](super::inclusive_scan_by_offsets)).
///
/// The `offsets.len() - 1` values come back as a sharded vector split by the rule over `x`'s
/// shard count (shard `j` beside `x`'s shard `j`); the folds move there through `collective`
/// as an [`Exchange`].
///
/// # Errors
/// [`Error::InvalidOffsets`] when `offsets` is empty, does not start at 0, decreases or does
/// not end at `x.len()`; out of memory, a device fault; a failure of the collective.
///
/// ```
/// use parallaxis::shard::{self, InMemory, ShardedVector};
/// use parallaxis::{Rayon, ops::Sum};
/// let x = ShardedVector::<u32, Rayon>::from_slice(&[1, 2, 3, 4, 5, 6, 7], 3)?;
/// // Segments [0, 1), [1, 6), [6, 6), [6, 7): the second spans all three shards.
/// let y = shard::segmented_reduce(Sum, &[0, 1, 6, 6, 7], &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [1, 20, 0, 7]);
/// assert_eq!(y.shard_lengths(), [2, 1, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn segmented_reduce<T, M, B, C>(
    m: M,
    offsets: &[usize],
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M>,
    C: Collective + Exchange,
{
    crate::sparse::check_offsets(offsets, x.len())
        .map_err(|problem| Error::InvalidOffsets { problem })?;
    let (n, k, first) = (x.len(), x.shard_count(), x.first_shard());
    let segments = offsets.len() - 1;
    // The local offsets of the segment parts in each held shard, then the parts' folds,
    // queued on every shard before any is read.
    let mut locals = try_with_capacity(x.shards().len())?;
    for j in 0..x.shards().len() {
        try_push(&mut locals, local_offsets(offsets, n, k, first + j)?)?;
    }
    let parts = each_shard(x.shards(), |j, shard| {
        let local = DeviceVector::<usize, B>::from_slice(&locals[j])?;
        crate::segmented_reduce(m, &local, shard)
    })?;
    let mut ends = try_with_capacity(parts.len())?;
    for p in &parts {
        let fold_at = |i: usize| -> Result<T> { Ok(p.slice(i..=i)?.to_vec()?[0]) };
        let pair = match p.len() {
            0 => Pair::new(m.identity(), m.identity()),
            len => Pair::new(fold_at(0)?, fold_at(len - 1)?),
        };
        try_push(&mut ends, pair)?;
    }
    let all = collective.all_gather(&ends)?;
    lengths_agree("shard segment folds from the collective", k, all.len())?;
    let mut runs = try_with_capacity(k)?;
    for (g, e) in all.iter().enumerate() {
        let parts = segment_parts(offsets, n, k, g);
        let start = shard_range(n, k, g).start;
        try_push(
            &mut runs,
            ShardRuns {
                count: parts.len(),
                continues: !parts.is_empty() && offsets[parts.start] < start,
                first: e.first,
                last: e.second,
            },
        )?;
    }
    let mut parts = parts;
    merge_last_runs(m, &runs, first, &mut parts)?;
    let (total, moves) = placement(&runs)?;
    lengths_agree("segments placed over the shards", segments, total)?;
    place(collective, &moves, total, x, &parts)
}

/// The segments with a part in shard `g` of `k` over `n` elements: those overlapping it, and
/// the empty ones at its positions (the empty ones at `n` go to the last shard with elements;
/// with no elements at all, every segment goes to shard 0).
fn segment_parts(offsets: &[usize], n: usize, k: usize, g: usize) -> Range<usize> {
    let segments = offsets.len() - 1;
    let range = shard_range(n, k, g);
    if range.is_empty() {
        return if n == 0 && g == 0 { 0..segments } else { 0..0 };
    }
    // The segments before position `p`: starting before it and ending at or before it (a
    // prefix of the segments, offsets being sorted).
    let before = |p: usize| {
        let ended = offsets[1..].partition_point(|&o| o <= p);
        let started = offsets[..segments].partition_point(|&o| o < p);
        ended.min(started)
    };
    let lo = before(range.start);
    let hi = if range.end == n {
        segments
    } else {
        // Those before the shard's end, and the one that crosses it.
        let b = before(range.end);
        b + usize::from(b < segments && offsets[b] < range.end)
    };
    lo..hi
}

/// The offsets of shard `g`'s segment parts, local to the shard: the global offsets of
/// [`segment_parts`] clamped to the shard.
fn local_offsets(offsets: &[usize], n: usize, k: usize, g: usize) -> Result<Vec<usize>> {
    let (parts, range) = (segment_parts(offsets, n, k, g), shard_range(n, k, g));
    let mut local = try_with_capacity(parts.len() + 1)?;
    for &o in &offsets[parts.start..=parts.end] {
        try_push(&mut local, o.clamp(range.start, range.end) - range.start)?;
    }
    Ok(local)
}
