//! Segmented scans by offsets over shards: segments may cross shard boundaries, and each
//! shard's part of a segment that began in an earlier shard continues from a carry.
//!
//! The offsets are the global CSR-style segment starts (`offsets[s]..offsets[s + 1]`), on the
//! host, on every participant. Per held shard, with its first head `h` and last head `t`
//! (positions where a segment starts, if any):
//! 1. the tail run `x[t..]` is reduced (the whole shard when it has no head), and whether the
//!    shard has a head is noted: one value and one flag per shard, gathered through the
//!    collective, from which every shard's carry follows in shard order;
//! 2. the shard is scanned by its own offsets (a continuation of the carried segment first),
//!    and its first run `x[..h]` is scanned again from the carry into `y[..h]`. A shard
//!    without a head is scanned from the carry whole.
//!
//! Memory traffic: the local scan's 2n, the tail runs and the first runs (each at most a
//! shard, usually a segment's length). Operand order is kept, so any monoid works.

use super::each::each_shard;
use super::split::shard_range;
use super::{Collective, ShardedVector};
use crate::{DeviceVector, Error, InitOps, MonoidOps, Result};
use parallax_core::{try_push, try_with_capacity, DeviceCopy, Monoid};

/// Where the segment heads fall in one shard `[start, start + len)`.
struct Heads {
    /// The local offsets of the segments that start in the shard, framed by 0 and `len`.
    local: Vec<usize>,
    /// The first head's position in the shard (`len` without a head).
    first: usize,
    /// The last head's position in the shard (0 without a head): where the tail run starts.
    last: usize,
}

impl Heads {
    fn of(offsets: &[usize], start: usize, len: usize) -> Result<Self> {
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
        Ok(if a < b {
            Self {
                first: starts[a] - start,
                last: starts[b - 1] - start,
                local,
            }
        } else {
            Self {
                first: len,
                last: 0,
                local,
            }
        })
    }

    fn has_head(&self, len: usize) -> bool {
        self.first < len
    }
}

/// The inclusive segmented scan by offsets of the unsharded vector (segment `s` is
/// `offsets[s]..offsets[s + 1]`), with `x`'s shard lengths; segments may span shards.
///
/// # Errors
/// [`Error::InvalidOffsets`] when `offsets` is empty, does not start at 0, decreases or does
/// not end at `x.len()`; out of memory, a device fault; a failure of the collective.
///
/// ```
/// use parallax::shard::{self, InMemory, ShardedVector};
/// use parallax::{Rayon, Sum};
/// let x = ShardedVector::<u32, Rayon>::from_slice(&[1, 2, 3, 4, 5, 6, 7], 3)?;
/// // Segments [0, 1), [1, 6), [6, 7): the second spans all three shards.
/// let y = shard::inclusive_scan_by_offsets(Sum, &[0, 1, 6, 7], &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [1, 2, 5, 9, 14, 20, 7]);
/// # Ok::<(), parallax::Error>(())
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
    let (heads, carries) = plan(m, None, offsets, x, collective)?;
    let first = x.first_shard();
    let shards = each_shard(x.shards(), |j, shard| {
        let (h, len) = (&heads[j], shard.len());
        let carry = carries[first + j];
        match carry {
            // Only the first shard with elements has no carry, and it starts with a head.
            Some(c) if !h.has_head(len) => crate::inclusive_scan_with_init(m, c, shard),
            _ => {
                let local = DeviceVector::<usize, B>::from_slice(&h.local)?;
                let mut y = crate::inclusive_scan_by_offsets(m, &local, shard)?;
                if let (Some(c), true) = (carry, h.first > 0) {
                    let run = shard.slice(..h.first)?;
                    crate::inclusive_scan_with_init_into(m, c, &run, &mut y.slice_mut(..h.first)?)?;
                }
                Ok(y)
            }
        }
    })?;
    Ok(x.with_shards(shards))
}

/// The exclusive segmented scan by offsets of the unsharded vector: each segment starts from
/// `init`; segments may span shards.
///
/// # Errors
/// As [`inclusive_scan_by_offsets`].
///
/// ```
/// use parallax::shard::{self, InMemory, ShardedVector};
/// use parallax::{Rayon, Sum};
/// let x = ShardedVector::<u32, Rayon>::from_slice(&[1, 2, 3, 4, 5, 6, 7], 3)?;
/// let y = shard::exclusive_scan_by_offsets(Sum, 100, &[0, 1, 6, 7], &x, &InMemory)?;
/// assert_eq!(y.to_vec()?, [100, 100, 102, 105, 109, 114, 100]);
/// # Ok::<(), parallax::Error>(())
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
    let (heads, carries) = plan(m, Some(init), offsets, x, collective)?;
    let first = x.first_shard();
    let shards = each_shard(x.shards(), |j, shard| {
        let (h, len) = (&heads[j], shard.len());
        // Exclusive carries are never absent: a segment's value starts at `init`.
        let c = carries[first + j].unwrap_or(init);
        if !h.has_head(len) {
            return crate::exclusive_scan(m, c, shard);
        }
        let local = DeviceVector::<usize, B>::from_slice(&h.local)?;
        let mut y = crate::exclusive_scan_by_offsets(m, init, &local, shard)?;
        if h.first > 0 {
            let run = shard.slice(..h.first)?;
            crate::exclusive_scan_into(m, c, &run, &mut y.slice_mut(..h.first)?)?;
        }
        Ok(y)
    })?;
    Ok(x.with_shards(shards))
}

/// Step 1 of both scans: the heads of every held shard, and the carry into every shard of
/// all (`None`: nothing before it in its segment, inclusive only). `init` is the exclusive
/// scan's seed (`None` for the inclusive scan).
#[allow(clippy::type_complexity)]
fn plan<T, M, B, C>(
    m: M,
    init: Option<T>,
    offsets: &[usize],
    x: &ShardedVector<T, B>,
    collective: &C,
) -> Result<(Vec<Heads>, Vec<Option<T>>)>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M>,
    C: Collective,
{
    crate::sparse::check_offsets(offsets, x.len())
        .map_err(|problem| Error::InvalidOffsets { problem })?;
    let (n, k, first) = (x.len(), x.shard_count(), x.first_shard());
    let mut heads = try_with_capacity(x.shards().len())?;
    for (j, shard) in x.shards().iter().enumerate() {
        let range = shard_range(n, k, first + j);
        crate::check::lengths_agree("shard length", range.len(), shard.len())?;
        try_push(&mut heads, Heads::of(offsets, range.start, range.len())?)?;
    }
    // The tail runs' totals, queued on every shard before any is read.
    let tails_on_device = each_shard(x.shards(), |j, shard| {
        let mut total = DeviceVector::<T, B>::zeros(1)?;
        crate::reduce_into(m, &shard.slice(heads[j].last..)?, &mut total)?;
        Ok(total)
    })?;
    let mut tails = try_with_capacity(heads.len())?;
    let mut flags = try_with_capacity(heads.len())?;
    for ((total, h), shard) in tails_on_device.iter().zip(&heads).zip(x.shards()) {
        try_push(
            &mut tails,
            total.to_vec()?.first().copied().unwrap_or(m.identity()),
        )?;
        try_push(&mut flags, u8::from(h.has_head(shard.len())))?;
    }
    let (tails, flags) = (
        collective.all_gather(&tails)?,
        collective.all_gather(&flags)?,
    );
    crate::check::lengths_agree("shard tails from the collective", k, tails.len())?;
    crate::check::lengths_agree("shard heads from the collective", k, flags.len())?;
    // Carry into shard g: the open segment's value at the end of shard g - 1.
    let mut carries = try_with_capacity(k)?;
    let mut open = init;
    for g in 0..k {
        try_push(&mut carries, open)?;
        if shard_range(n, k, g).is_empty() {
            continue;
        }
        open = Some(if flags[g] != 0 {
            init.map_or(tails[g], |i| m.combine(i, tails[g]))
        } else {
            open.map_or(tails[g], |c| m.combine(c, tails[g]))
        });
    }
    Ok((heads, carries))
}
