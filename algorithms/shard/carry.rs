//! The carry skeleton every segmented scan over shards shares (by offsets, flags or keys):
//! only where the heads fall, and the local segmented scan of one shard, differ.
//!
//! Per held shard, with its first head `h` and last head `t` (positions where a segment
//! starts, if any):
//! 1. the tail run `x[t..]` is reduced (the whole shard when it has no head): with whether the
//!    shard has a head, one `Pair` per shard, gathered through the collective in one
//!    exchange, from which every shard's carry follows in shard order ([`carries`]);
//! 2. the shard is scanned by its own segments (a continuation of the carried segment first),
//!    and its first run `x[..h]` is scanned again from the carry into `y[..h]`. A shard
//!    without a head is scanned from the carry whole ([`scan_from_carries`]).
//!
//! Memory traffic: the local scan's 2n, the tail runs and the first runs (each at most a
//! shard, usually a segment's length). Operand order is kept, so any monoid works.

use super::each::{each_shard, shard_totals_from};
use super::split::shard_range;
use super::{Collective, ShardedVector};
use crate::check::lengths_agree;
use crate::{
    backend::{InitOps, MonoidOps},
    DeviceVector, Result,
};
use parallaxis_core::reference::ScanKind;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Monoid, Pair};

/// Where the segment heads fall in one shard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Heads {
    /// The shard's elements.
    pub(super) len: usize,
    /// The first and the last head's positions in the shard; `None` when no segment starts
    /// in it (the shard continues the segment open before it, or is empty).
    pub(super) span: Option<(usize, usize)>,
}

impl Heads {
    /// The elements before the first head: they continue the segment open at the shard's
    /// start (all of them without a head).
    pub(super) fn first_run(&self) -> usize {
        self.span.map_or(self.len, |(first, _)| first)
    }

    /// Where the run after the last head starts (0 without a head: the whole shard).
    pub(super) fn tail_start(&self) -> usize {
        self.span.map_or(0, |(_, last)| last)
    }

    /// Whether a segment starts in the shard.
    pub(super) fn has_head(&self) -> bool {
        self.span.is_some()
    }
}

/// Step 1 for a participant whose heads are known locally (by offsets or flags): the tail
/// runs reduced, gathered with the head flags in one exchange, and the carries of [`carries`].
pub(super) fn local_carries<T, M, B, C>(
    m: M,
    kind: ScanKind<T>,
    x: &ShardedVector<T, B>,
    heads: &[Heads],
    collective: &C,
) -> Result<Vec<Option<T>>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M>,
    C: Collective,
{
    let tails = shard_totals_from(m, x.shards(), |j| heads[j].tail_start())?;
    let mut local = try_with_capacity(tails.len())?;
    for (tail, h) in tails.into_iter().zip(heads) {
        try_push(&mut local, Pair::new(tail, h.has_head()))?;
    }
    let all = collective.all_gather(&local)?;
    carries(m, kind, x, &all)
}

/// The carry into every shard of all, from every shard's tail total and whether it has a
/// head (`all`, in shard order): the open segment's value at the end of the shard before
/// (`None`: nothing before it in its segment, inclusive only; the exclusive scan's segments
/// start from its `init`).
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `all` has one entry per
/// shard; out of memory.
pub(super) fn carries<T, M, B>(
    m: M,
    kind: ScanKind<T>,
    x: &ShardedVector<T, B>,
    all: &[Pair<T, bool>],
) -> Result<Vec<Option<T>>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: crate::Backend,
{
    let (n, k) = (x.len(), x.shard_count());
    lengths_agree("shard tails from the collective", k, all.len())?;
    let init = match kind {
        ScanKind::Inclusive => None,
        ScanKind::Exclusive(init) => Some(init),
    };
    let mut carries = try_with_capacity(k)?;
    let mut open = init;
    for (g, p) in all.iter().enumerate() {
        try_push(&mut carries, open)?;
        if shard_range(n, k, g).is_empty() {
            continue;
        }
        let (tail, has_head) = (p.first, p.second);
        let before = if has_head { init } else { open };
        open = Some(before.map_or(tail, |c| m.combine(c, tail)));
    }
    Ok(carries)
}

/// Step 2: each held shard scanned from its carry. `local(j, shard)` is the segmented scan
/// of held shard `j` on its own (`kind` as given; its first segment starts at 0), exact past
/// the first head; the first run is rescanned from the carry.
pub(super) fn scan_from_carries<T, M, B>(
    m: M,
    kind: ScanKind<T>,
    x: &ShardedVector<T, B>,
    heads: &[Heads],
    carries: &[Option<T>],
    local: impl Fn(usize, &DeviceVector<T, B>) -> Result<DeviceVector<T, B>>,
) -> Result<ShardedVector<T, B>>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: MonoidOps<T, M> + InitOps<T, M>,
{
    let first = x.first_shard();
    let shards = each_shard(x.shards(), |j, shard| {
        let (h, carry) = (&heads[j], carries[first + j]);
        let run = h.first_run();
        match kind {
            ScanKind::Inclusive => match carry {
                // Only the first shard with elements has no carry, and it starts with a head.
                Some(c) if !h.has_head() => crate::inclusive_scan_with_init(m, c, shard),
                _ => {
                    let mut y = local(j, shard)?;
                    if let (Some(c), true) = (carry, run > 0) {
                        let prefix = shard.slice(..run)?;
                        crate::inclusive_scan_with_init_into(
                            m,
                            c,
                            &prefix,
                            &mut y.slice_mut(..run)?,
                        )?;
                    }
                    Ok(y)
                }
            },
            ScanKind::Exclusive(init) => {
                // Exclusive carries are never absent: a segment's value starts at `init`.
                let c = carry.unwrap_or(init);
                if !h.has_head() {
                    return crate::exclusive_scan(m, c, shard);
                }
                let mut y = local(j, shard)?;
                if run > 0 {
                    let prefix = shard.slice(..run)?;
                    crate::exclusive_scan_into(m, c, &prefix, &mut y.slice_mut(..run)?)?;
                }
                Ok(y)
            }
        }
    })?;
    Ok(x.with_shards(shards))
}
