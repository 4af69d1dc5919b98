//! The sample sort's two move lists (`sort.rs`, steps d and e), derived by every
//! participant from values all of them hold: the all-gathered cuts of every sorted shard
//! into `k` buckets, and the split rule.

use super::split::shard_range;
use super::Move;
use crate::{Error, Result};
use core::ops::Range;
use parallaxis_core::{try_push, try_with_capacity};

/// Where every sorted shard is cut into buckets: bucket `b` of shard `g` is
/// `cut(g, b)..cut(g, b + 1)`, and goes to shard `b`.
pub(super) struct Buckets {
    k: usize,
    /// Each received part starts at a multiple of this many elements in its receive buffer.
    align: usize,
    /// `k + 1` ascending cuts per shard, from 0 to the shard's length.
    cuts: Vec<usize>,
}

impl Buckets {
    /// From the `k - 1` inner cuts of every shard (`inner[g * (k - 1) + i]`) and every
    /// shard's length; received parts start at multiples of `align` elements.
    ///
    /// # Errors
    /// [`Error::Collective`] when the cuts are not ascending inside their shard: they came
    /// through the collective, and a participant that sent others is not running the same
    /// sort.
    pub(super) fn new(inner: &[usize], lengths: &[usize], align: usize) -> Result<Self> {
        let k = lengths.len();
        let mut cuts = try_with_capacity(k * (k + 1))?;
        for (g, &len) in lengths.iter().enumerate() {
            try_push(&mut cuts, 0)?;
            for &c in &inner[g * (k - 1)..(g + 1) * (k - 1)] {
                try_push(&mut cuts, c)?;
            }
            try_push(&mut cuts, len)?;
            if !cuts[g * (k + 1)..].windows(2).all(|w| w[0] <= w[1]) {
                return Err(Error::Collective {
                    during: "sharded sort",
                    reason: format!(
                        "shard {g}'s bucket cuts are not ascending within its {len} elements"
                    ),
                });
            }
        }
        Ok(Self {
            k,
            align: align.max(1),
            cuts,
        })
    }

    /// The number of shards (and of buckets).
    pub(super) fn shards(&self) -> usize {
        self.k
    }

    /// Bucket `bucket` of sorted shard `from`.
    pub(super) fn run(&self, from: usize, bucket: usize) -> Range<usize> {
        let at = from * (self.k + 1) + bucket;
        self.cuts[at]..self.cuts[at + 1]
    }

    /// The elements of bucket `b` over every shard.
    pub(super) fn size(&self, b: usize) -> usize {
        (0..self.k).map(|g| self.run(g, b).len()).sum()
    }

    /// Where shard `from`'s part of bucket `to` lands in shard `to`'s receive buffer, which
    /// holds the other shards' parts in shard order (its own part stays where it is), each
    /// at a multiple of `align` elements: on CUDA a view that starts there shares the
    /// buffer's memory, where one at any other start would be read through a copy
    /// (`parallaxis_device::VIEW_ALIGN`). The padding between parts is never read.
    pub(super) fn received_at(&self, from: usize, to: usize) -> usize {
        (0..from)
            .filter(|&g| g != to)
            .map(|g| self.run(g, to).len().next_multiple_of(self.align))
            .sum()
    }

    /// The length of shard `to`'s receive buffer (padding included).
    pub(super) fn received(&self, to: usize) -> usize {
        self.received_at(self.k, to)
    }

    /// Every shard's part of every other bucket to that bucket's shard.
    pub(super) fn moves(&self) -> Result<Vec<Move>> {
        let mut moves = try_with_capacity(self.k * self.k)?;
        for from in 0..self.k {
            for to in (0..self.k).filter(|&to| to != from) {
                let run = self.run(from, to);
                if !run.is_empty() {
                    try_push(
                        &mut moves,
                        Move {
                            from,
                            from_start: run.start,
                            to,
                            to_start: self.received_at(from, to),
                            len: run.len(),
                        },
                    )?;
                }
            }
        }
        Ok(moves)
    }
}

/// The moves that bring merged buckets of `sizes` (bucket `b` on shard `b`, in order: the
/// sorted sequence) to the split rule's shards, and for each shard whether its bucket is
/// already exactly its block (`true`: nothing moves to or from it, the bucket is the shard).
pub(super) fn rebalance(sizes: &[usize]) -> Result<(Vec<Move>, Vec<bool>)> {
    let k = sizes.len();
    let n = sizes.iter().sum();
    let mut moves = try_with_capacity(2 * k)?;
    let mut in_place = try_with_capacity(k)?;
    let mut start = 0;
    for (b, &size) in sizes.iter().enumerate() {
        let held = start..start + size;
        let exact = held == shard_range(n, k, b);
        try_push(&mut in_place, exact)?;
        // The blocks this bucket overlaps: from the one holding its first element on.
        let mut t = (0..k)
            .find(|&t| shard_range(n, k, t).end > start)
            .unwrap_or(k);
        while t < k && size > 0 && !exact {
            let block = shard_range(n, k, t);
            let (lo, hi) = (held.start.max(block.start), held.end.min(block.end));
            if lo >= hi {
                break;
            }
            try_push(
                &mut moves,
                Move {
                    from: b,
                    from_start: lo - held.start,
                    to: t,
                    to_start: lo - block.start,
                    len: hi - lo,
                },
            )?;
            t += 1;
        }
        start += size;
    }
    Ok((moves, in_place))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_moves_fill_each_receive_buffer_exactly() {
        // Three shards of 4, 4, 3 elements; inner cuts per shard.
        let b = Buckets::new(&[1, 3, 0, 4, 2, 2], &[4, 4, 3], 1).unwrap();
        assert_eq!(b.run(0, 1), 1..3);
        assert_eq!((b.size(0), b.size(1), b.size(2)), (3, 6, 2));
        for to in 0..3 {
            let mut covered = vec![0; b.received(to)];
            for m in b.moves().unwrap().iter().filter(|m| m.to == to) {
                assert_ne!(m.from, to);
                for c in &mut covered[m.to_start..m.to_start + m.len] {
                    *c += 1;
                }
            }
            assert!(covered.iter().all(|&c| c == 1), "shard {to}: {covered:?}");
        }
        assert!(Buckets::new(&[3, 1, 0, 4, 2, 2], &[4, 4, 3], 1).is_err());
        // Aligned to 4: shard 0's part of bucket 2 (1 element) is padded to 4.
        let padded = Buckets::new(&[1, 3, 0, 4, 2, 2], &[4, 4, 3], 4).unwrap();
        assert_eq!(padded.received_at(1, 2), 4);
        assert_eq!(padded.received(2), 4);
        assert_eq!((padded.received(0), padded.received(1)), (4, 4));
    }

    #[test]
    fn rebalancing_covers_every_block_once() {
        for sizes in [
            vec![5, 0, 6],
            vec![4, 4, 3],
            vec![0, 0, 11],
            vec![11, 0, 0],
            vec![0],
        ] {
            let n: usize = sizes.iter().sum();
            let k = sizes.len();
            let (moves, in_place) = rebalance(&sizes).unwrap();
            for t in 0..k {
                let block = shard_range(n, k, t);
                let mut covered = vec![0; block.len()];
                if in_place[t] {
                    covered.iter_mut().for_each(|c| *c += 1);
                }
                for m in moves.iter().filter(|m| m.to == t) {
                    assert!(!in_place[t] && !in_place[m.from]);
                    for c in &mut covered[m.to_start..m.to_start + m.len] {
                        *c += 1;
                    }
                }
                assert!(covered.iter().all(|&c| c == 1), "{sizes:?}, block {t}");
            }
        }
        assert_eq!(rebalance(&[4, 4, 3]).unwrap(), (vec![], vec![true; 3]));
    }
}
