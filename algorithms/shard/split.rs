//! The split rule of a [`ShardedVector`](super::ShardedVector): `n` elements over `k` shards
//! in contiguous blocks, the first `n % k` shards one element longer than the others, so
//! lengths differ by at most one and a shard's range is computed from `(n, k, j)` alone
//! (every participant of a multi-process run derives every shard's range without talking).

use crate::{Error, Result};
use core::ops::Range;

/// `k` as a shard count: at least one shard.
///
/// # Errors
/// [`Error::InvalidArgument`] when `k == 0`.
pub(super) fn check_shard_count(k: usize) -> Result<()> {
    if k == 0 {
        return Err(Error::InvalidArgument {
            what: "shard count",
            reason: "must be at least 1",
        });
    }
    Ok(())
}

/// The elements of shard `j` of `k` (`k >= 1`, `j < k`) over `n` elements.
pub(super) fn shard_range(n: usize, k: usize, j: usize) -> Range<usize> {
    let (base, longer) = (n / k, n % k);
    // Shards before `j` hold `base` each, plus one each for the first `longer` of them.
    let start = j * base + j.min(longer);
    let len = base + usize::from(j < longer);
    start..start + len
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_tile_the_elements_and_differ_by_at_most_one() {
        for n in [0, 1, 2, 5, 7, 100, 101] {
            for k in 1..=9 {
                let ranges: Vec<_> = (0..k).map(|j| shard_range(n, k, j)).collect();
                assert_eq!(ranges[0].start, 0);
                assert_eq!(ranges[k - 1].end, n);
                for pair in ranges.windows(2) {
                    assert_eq!(pair[0].end, pair[1].start);
                    assert!(pair[0].len() == pair[1].len() || pair[0].len() == pair[1].len() + 1);
                }
            }
        }
    }

    #[test]
    fn a_zero_shard_count_is_an_error() {
        assert!(matches!(
            check_shard_count(0),
            Err(Error::InvalidArgument { .. })
        ));
        assert_eq!(check_shard_count(1), Ok(()));
    }
}
