//! The sample sort's splitters (`sort.rs`, steps b and c): regular samples of every sorted
//! shard, the `k - 1` splitters every participant picks from them identically, and where a
//! splitter cuts a sorted shard.
//!
//! Elements are ordered by `(key, shard, position in the sorted shard)`, a total order with
//! no ties that refines the key order (and, the local sort being stable, the input order).
//! A splitter is one sampled element under that order, so equal keys are spread over the
//! buckets like any others: an all-equal input still splits into buckets of about `n / k`
//! (cutting by key alone would send every element to one shard).

use core::cmp::Ordering;
use parallax_core::SortKey;

/// Samples taken from each shard per round of the all-gather (`rows.rs` moves rows in
/// chunks of this width, so the count needs no per-`k` array type).
pub(super) const SAMPLE_CHUNK: usize = 32;

/// Regular samples per shard for `n` elements over `k` shards: `4 k` (the classic bound for
/// buckets of at most about `n / k + n / s` elements), but no more than a shard holds (more
/// would repeat elements, and `k` far above `n` would gather `k · 4k` of them), in whole
/// chunks.
pub(super) fn samples_per_shard(n: usize, k: usize) -> usize {
    (4 * k)
        .min(n.div_ceil(k.max(1)))
        .div_ceil(SAMPLE_CHUNK)
        .max(1)
        * SAMPLE_CHUNK
}

/// The position of sample `i` of `s` in a sorted shard of `len > 0` elements: the middle of
/// the `i`-th of `s` equal parts, so every position is below `len`.
pub(super) fn sample_position(i: usize, s: usize, len: usize) -> usize {
    // In u128: `(2i + 1) · len` may pass 2^64 only for absurd lengths, but costs nothing.
    ((2 * i as u128 + 1) * len as u128 / (2 * s as u128)) as usize
}

/// One sampled element: its key, its shard and its position in the sorted shard.
#[derive(Clone, Copy, Debug)]
pub(super) struct Splitter<K> {
    pub(super) key: K,
    pub(super) shard: usize,
    pub(super) position: usize,
}

impl<K: SortKey> Splitter<K> {
    /// The element order: key (the sort's total order), then shard, then position.
    fn cmp(&self, other: &Self) -> Ordering {
        self.key
            .total_cmp_key(&other.key)
            .then(self.shard.cmp(&other.shard))
            .then(self.position.cmp(&other.position))
    }

    /// How many elements of sorted shard `shard` come before this splitter, given the
    /// shard's lower and upper bounds of `key`: shards before the splitter's put their
    /// elements equal to `key` before it (upper bound), shards after it put them after
    /// (lower bound), and in its own shard exactly its position precedes it.
    pub(super) fn cut(&self, shard: usize, lower: usize, upper: usize) -> usize {
        match shard.cmp(&self.shard) {
            Ordering::Less => upper,
            Ordering::Greater => lower,
            Ordering::Equal => self.position,
        }
    }
}

/// The `k - 1` splitters, in order, from every shard's `s` samples (`samples[g * s + i]`
/// is sample `i` of shard `g`; `lengths[g]` its shard's length: empty shards' rows are
/// filler and skipped). Every participant computes the same from the same gathered samples.
pub(super) fn choose<K: SortKey>(
    samples: &[K],
    lengths: &[usize],
    s: usize,
) -> crate::Result<Vec<Splitter<K>>> {
    let k = lengths.len();
    let mut all = parallax_core::try_with_capacity(samples.len())?;
    for (g, &len) in lengths.iter().enumerate().filter(|(_, &len)| len > 0) {
        for i in 0..s {
            parallax_core::try_push(
                &mut all,
                Splitter {
                    key: samples[g * s + i],
                    shard: g,
                    position: sample_position(i, s, len),
                },
            )?;
        }
    }
    all.sort_unstable_by(Splitter::cmp);
    let mut splitters = parallax_core::try_with_capacity(k.saturating_sub(1))?;
    if all.is_empty() {
        return Ok(splitters);
    }
    // Every shard holds `n / k` elements give or take one, so equal-weight samples: the
    // `b`-th splitter is the sample at the `b / k` quantile.
    for b in 1..k {
        parallax_core::try_push(&mut splitters, all[b * all.len() / k])?;
    }
    Ok(splitters)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_are_inside_the_shard_and_spread() {
        for len in [1, 2, 7, 100, 1 << 20] {
            for s in [32, 64] {
                let p: Vec<_> = (0..s).map(|i| sample_position(i, s, len)).collect();
                assert!(p.iter().all(|&q| q < len));
                assert!(p.windows(2).all(|w| w[0] <= w[1]));
            }
        }
        assert_eq!(samples_per_shard(1 << 30, 1), 32);
        assert_eq!(samples_per_shard(1 << 30, 8), 32);
        assert_eq!(samples_per_shard(1 << 30, 9), 64);
        assert_eq!(samples_per_shard(100, 1000), 32);
    }

    #[test]
    fn equal_keys_are_cut_by_shard_and_position() {
        let s = Splitter {
            key: 5_u32,
            shard: 2,
            position: 7,
        };
        assert_eq!(s.cut(1, 3, 9), 9);
        assert_eq!(s.cut(3, 3, 9), 3);
        assert_eq!(s.cut(2, 3, 9), 7);
    }

    #[test]
    fn all_equal_samples_still_give_distinct_splitters() {
        let lengths = [10, 10, 10];
        let samples = vec![4_i32; 3 * 32];
        let chosen = choose(&samples, &lengths, 32).unwrap();
        assert_eq!(chosen.len(), 2);
        assert!((chosen[0].shard, chosen[0].position) < (chosen[1].shard, chosen[1].position));
        assert_eq!((chosen[0].shard, chosen[1].shard), (1, 2));
    }
}
