//! The sample sort's cuts (`sort.rs`, steps 2 and 3), exact: for each block boundary `r` of
//! the split rule, where every sorted shard is cut so that exactly `r` elements come before
//! the cut, so bucket `b` is exactly block `b` and no element moves after the merge.
//!
//! A multi-sequence selection in rounds, all boundaries at once. Each boundary keeps, per
//! shard, a bracket of positions that holds its cut (at first the whole shard). A round
//! samples `PROBES` evenly spaced elements of every bracket (all of them once a bracket is
//! that small), all-gathers them, and finds each sampled element's global rank, the sum of
//! its cuts in every shard (`lower_bound` / `upper_bound`, `Splitter::cut`), all-gathered in
//! turn. A sample of rank `r` gives the boundary's cuts; otherwise the samples ranked just
//! below and above `r` narrow every bracket about `PROBES`-fold. Elements are ordered by key,
//! then shard, then position (`splitters.rs`), so equal keys are cut like any others: an
//! all-equal input is no harder. `2^30` elements per shard take about six rounds.

use super::each::each_shard;
use super::rows::all_gather_rows;
use super::split::shard_range;
use super::splitters::Splitter;
use super::Collective;
use crate::{
    backend::{GatherOps, SearchOps},
    DeviceVector, Error, Result,
};
use core::ops::Range;
use parallaxis_core::{try_push, try_with_capacity, SearchKey, SortKey};

/// Elements sampled per bracket and round.
const PROBES: usize = 64;

/// Rounds before giving up: each narrows a bracket `PROBES`-fold, so 2^64 elements need 11;
/// more means the participants disagree.
const MAX_ROUNDS: usize = 16;

/// One boundary's search: the cuts' brackets, or the cuts once found.
struct Boundary {
    /// The elements before the cut: the boundary's global position.
    rank: usize,
    /// Per shard, the positions the cut may take (`lo..=hi`).
    brackets: Vec<(usize, usize)>,
    /// Per shard, the cut, once found.
    cuts: Option<Vec<usize>>,
}

impl Boundary {
    /// The positions of shard `g` sampled this round: those of the bracket that hold an
    /// element (the element of rank `rank` lies at its own shard's cut), all of them when
    /// at most `PROBES`, else `PROBES` evenly spaced from the bracket's start.
    fn probes(&self, g: usize, len: usize) -> Range<usize> {
        let (lo, hi) = self.brackets[g];
        if len == 0 {
            return 0..0;
        }
        lo..hi.min(len - 1) + 1
    }
}

fn probe_positions(range: Range<usize>) -> impl Iterator<Item = usize> {
    let count = range.len().min(PROBES);
    (0..count).map(move |t| range.start + t * range.len() / count)
}

/// The `k - 1` inner cuts of every shard (`inner[g * (k - 1) + b - 1]`: the cut of shard
/// `g` before block `b`), such that each block boundary has exactly its global position
/// before it, on every participant.
///
/// # Errors
/// Out of memory, a device fault; a failure of the collective, or
/// [`Error::Collective`] when the rounds do not converge (participants that disagree).
pub(super) fn exact_cuts<K, B, C>(
    sorted: &[DeviceVector<K, B>],
    lengths: &[usize],
    first: usize,
    collective: &C,
) -> Result<Vec<usize>>
where
    K: SortKey + SearchKey,
    B: GatherOps<usize, K> + SearchOps<K>,
    C: Collective,
{
    let k = lengths.len();
    let n: usize = lengths.iter().sum();
    let mut boundaries = try_with_capacity(k - 1)?;
    for b in 1..k {
        let rank = shard_range(n, k, b).start;
        let mut brackets = try_with_capacity(k)?;
        for &len in lengths {
            try_push(&mut brackets, (0, len))?;
        }
        // No element at rank `n` (nor any before rank 0): those cuts are the shards' ends.
        let cuts = match rank {
            0 => Some(vec![0; k]),
            r if r == n => Some(lengths.to_vec()),
            _ => None,
        };
        try_push(
            &mut boundaries,
            Boundary {
                rank,
                brackets,
                cuts,
            },
        )?;
    }
    for _ in 0..MAX_ROUNDS {
        if boundaries.iter().all(|b| b.cuts.is_some()) {
            return Ok(collect(&boundaries, k));
        }
        round(&mut boundaries, sorted, lengths, first, collective)?;
    }
    Err(Error::Collective {
        during: "sharded sort",
        reason: "the cuts did not converge: the participants disagree on the shards".into(),
    })
}

/// The found cuts in `exact_cuts`'s layout.
fn collect(boundaries: &[Boundary], k: usize) -> Vec<usize> {
    let mut inner = vec![0; k * (k - 1)];
    for (i, b) in boundaries.iter().enumerate() {
        for (g, &c) in b.cuts.iter().flatten().enumerate() {
            inner[g * (k - 1) + i] = c;
        }
    }
    inner
}

/// One round: sample every open boundary's brackets, rank the samples, narrow or finish.
fn round<K, B, C>(
    boundaries: &mut [Boundary],
    sorted: &[DeviceVector<K, B>],
    lengths: &[usize],
    first: usize,
    collective: &C,
) -> Result<()>
where
    K: SortKey + SearchKey,
    B: GatherOps<usize, K> + SearchOps<K>,
    C: Collective,
{
    let k = lengths.len();
    // Every participant knows every shard's sample positions: the open boundaries'
    // probes, each position once (at first every boundary probes the same), ascending.
    // Only the keys travel.
    let mut positions: Vec<Vec<usize>> = try_with_capacity(k)?;
    for (g, &len) in lengths.iter().enumerate() {
        let mut at = Vec::new();
        for b in boundaries.iter().filter(|b| b.cuts.is_none()) {
            for p in probe_positions(b.probes(g, len)) {
                try_push(&mut at, p)?;
            }
        }
        at.sort_unstable();
        at.dedup();
        try_push(&mut positions, at)?;
    }
    let width = positions.iter().map(Vec::len).max().unwrap_or(0);
    let on_device = each_shard(sorted, |j, shard| {
        let at = &positions[first + j];
        if at.is_empty() {
            return Ok(None);
        }
        let map = DeviceVector::<usize, B>::from_slice(at)?;
        let mut keys = DeviceVector::<K, B>::zeros(at.len())?;
        // SAFETY: every position is below the shard's length (`Boundary::probes`).
        unsafe { crate::gather_unchecked_into(&map, shard, &mut keys)? };
        Ok(Some(keys))
    })?;
    let mut rows = try_with_capacity(sorted.len())?;
    for keys in &on_device {
        try_push(
            &mut rows,
            keys.as_ref().map_or(Ok(Vec::new()), |v| v.to_vec())?,
        )?;
    }
    let keys = all_gather_rows(collective, &rows, width, K::ZERO, k)?;
    let mut samples = Vec::new();
    for (g, at) in positions.iter().enumerate() {
        for (t, &position) in at.iter().enumerate() {
            try_push(
                &mut samples,
                Splitter {
                    key: keys[g * width + t],
                    shard: g,
                    position,
                },
            )?;
        }
    }
    let m = samples.len();
    let cuts = cut_everywhere(sorted, &samples, first, k, collective)?;
    // Each sample's global rank: the elements before it over every shard.
    let mut ranks = try_with_capacity(m)?;
    for s in 0..m {
        try_push(&mut ranks, (0..k).map(|g| cuts[g * m + s]).sum::<usize>())?;
    }
    // Any sample bounds any boundary's cuts, not only those drawn for it.
    for boundary in boundaries.iter_mut().filter(|b| b.cuts.is_none()) {
        narrow(boundary, &cuts, &ranks, k);
    }
    Ok(())
}

/// Every sample's cut in every shard: `cuts[g * m + s]` for sample `s` of `m`, shard `g`.
fn cut_everywhere<K, B, C>(
    sorted: &[DeviceVector<K, B>],
    samples: &[Splitter<K>],
    first: usize,
    k: usize,
    collective: &C,
) -> Result<Vec<usize>>
where
    K: SortKey + SearchKey,
    B: SearchOps<K>,
    C: Collective,
{
    let queries: Vec<K> = samples.iter().map(|s| s.key).collect();
    let on_device = each_shard(sorted, |_, shard| {
        if shard.is_empty() || queries.is_empty() {
            return Ok(None);
        }
        let q = DeviceVector::<K, B>::from_slice(&queries)?;
        Ok(Some((
            crate::lower_bound(shard, &q)?,
            crate::upper_bound(shard, &q)?,
        )))
    })?;
    let mut rows = try_with_capacity(sorted.len())?;
    for (j, bounds) in on_device.iter().enumerate() {
        let mut row = try_with_capacity(samples.len())?;
        match bounds {
            Some((lower, upper)) => {
                let (lower, upper) = (lower.to_vec()?, upper.to_vec()?);
                for (s, sample) in samples.iter().enumerate() {
                    try_push(&mut row, sample.cut(first + j, lower[s], upper[s]))?;
                }
            }
            None => row.resize(samples.len(), 0),
        }
        try_push(&mut rows, row)?;
    }
    all_gather_rows(collective, &rows, samples.len(), 0, k)
}

/// The ranked samples against one boundary: one of its rank gives the cuts; else the
/// nearest below and above bound every cut.
fn narrow(boundary: &mut Boundary, cuts: &[usize], ranks: &[usize], k: usize) {
    let m = ranks.len();
    let cut = |s: usize, g: usize| cuts[g * m + s];
    let (mut below, mut above) = (None, None);
    for (s, &r) in ranks.iter().enumerate() {
        if r == boundary.rank {
            boundary.cuts = Some((0..k).map(|g| cut(s, g)).collect());
            return;
        }
        if r < boundary.rank && below.is_none_or(|(_, br)| r > br) {
            below = Some((s, r));
        }
        if r > boundary.rank && above.is_none_or(|(_, ar)| r < ar) {
            above = Some((s, r));
        }
    }
    for g in 0..k {
        let (lo, hi) = &mut boundary.brackets[g];
        if let Some((s, _)) = below {
            *lo = (*lo).max(cut(s, g));
        }
        if let Some((s, _)) = above {
            *hi = (*hi).min(cut(s, g));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::InMemory;
    use crate::Sequential;

    /// Sorted shards of `data` split by the rule, and their exact cuts.
    fn cuts_of(data: &[u32], k: usize) -> (Vec<usize>, Vec<usize>) {
        let n = data.len();
        let mut shards = Vec::new();
        let mut lengths = Vec::new();
        for g in 0..k {
            let mut part = data[shard_range(n, k, g)].to_vec();
            part.sort_unstable();
            lengths.push(part.len());
            shards.push(DeviceVector::<u32, Sequential>::from_vec(part).unwrap());
        }
        (
            exact_cuts(&shards, &lengths, 0, &InMemory).unwrap(),
            lengths,
        )
    }

    #[test]
    fn every_boundary_has_exactly_its_position_before_it() {
        let inputs: [Vec<u32>; 4] = [
            (0..10_000).map(|i| (i * 7919) % 10_007).collect(),
            vec![3; 5000],
            (0..9999).map(|i| i % 4).collect(),
            (0..7).collect(),
        ];
        for data in &inputs {
            for k in [2, 3, 5, 16] {
                let (inner, lengths) = cuts_of(data, k);
                let n = data.len();
                for b in 1..k {
                    let before: usize = (0..k).map(|g| inner[g * (k - 1) + b - 1]).sum();
                    assert_eq!(
                        before,
                        shard_range(n, k, b).start,
                        "n = {n}, k = {k}, b = {b}"
                    );
                }
                for g in 0..k {
                    let row = &inner[g * (k - 1)..(g + 1) * (k - 1)];
                    assert!(row.windows(2).all(|w| w[0] <= w[1]));
                    assert!(row.iter().all(|&c| c <= lengths[g]));
                }
            }
        }
    }
}
