//! Runs that cross shard boundaries, for the reductions by segment (`reduce_by_key`,
//! `segmented_reduce`): each shard reduces its own runs; a run that began in an earlier shard
//! is merged into the shard where it began, in shard order (any monoid); the runs then move
//! through the [`Exchange`] to outputs that follow the split rule over the number of runs.
//!
//! Why the split rule and not each shard keeping the runs that start in it: every sharded
//! algorithm and every participant derives each shard's range from `(n, k, j)` alone (no
//! exchange of lengths), and keys and values of one output zip shard by shard with each other
//! and with any other vector of the same length. The move costs each kept run one copy
//! (between GPUs only where the runs are uneven over the shards).

use super::split::shard_range;
use super::{Exchange, Move, ShardedVector};
use crate::{Backend, DeviceVector, Result};
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Monoid};

/// One shard's local runs as every participant sees them after the exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ShardRuns<T> {
    /// The runs the shard reduced (0 for an empty shard).
    pub(super) count: usize,
    /// Whether the first of them continues a run of the shards before.
    pub(super) continues: bool,
    /// The fold of the first run and of the last run (the same run when `count == 1`).
    pub(super) first: T,
    pub(super) last: T,
}

impl<T> ShardRuns<T> {
    /// The runs that begin in this shard, so that it keeps them.
    fn kept(&self) -> usize {
        self.count - usize::from(self.continues && self.count > 0)
    }
}

/// The fold of shard `j`'s last run over every shard it reaches, when later shards continue
/// it (`None` otherwise, and when the shard does not keep that run).
pub(super) fn merged_last<T: Copy, M: Monoid<T>>(
    m: M,
    runs: &[ShardRuns<T>],
    j: usize,
) -> Option<T> {
    let own = &runs[j];
    if own.kept() == 0 {
        return None;
    }
    let (mut value, mut merged) = (own.last, false);
    for later in runs[j + 1..].iter().filter(|r| r.count > 0) {
        if !later.continues {
            break;
        }
        value = m.combine(value, later.first);
        merged = true;
        if later.count > 1 {
            break; // the run ends inside this shard
        }
    }
    merged.then_some(value)
}

/// Writes the merged fold of every held shard's last run (from [`merged_last`]) over its
/// local value: `values[i]` holds the runs of shard `first + i`.
pub(super) fn merge_last_runs<T, M, B>(
    m: M,
    runs: &[ShardRuns<T>],
    first: usize,
    values: &mut [DeviceVector<T, B>],
) -> Result<()>
where
    T: DeviceCopy,
    M: Monoid<T>,
    B: Backend,
{
    for (i, v) in values.iter_mut().enumerate() {
        let Some(merged) = merged_last(m, runs, first + i) else {
            continue;
        };
        let at = runs[first + i].count - 1;
        let one = B::at_home_of(v.buffer(), || DeviceVector::<T, B>::from_slice(&[merged]))?;
        crate::copy(&one, &mut v.slice_mut(at..=at)?)?;
    }
    Ok(())
}

/// The number of runs over all shards, and the moves that put each shard's kept runs in their
/// place among them, split by the rule over as many shards.
pub(super) fn placement<T>(runs: &[ShardRuns<T>]) -> Result<(usize, Vec<Move>)> {
    let k = runs.len();
    let total = runs.iter().map(ShardRuns::kept).sum();
    let mut moves = try_with_capacity(2 * k)?;
    let mut start = 0;
    for (from, r) in runs.iter().enumerate() {
        let (skip, end) = (r.count - r.kept(), start + r.kept());
        for to in 0..k {
            let out = shard_range(total, k, to);
            let (lo, hi) = (start.max(out.start), end.min(out.end));
            if lo < hi {
                let m = Move {
                    from,
                    from_start: skip + lo - start,
                    to,
                    to_start: lo - out.start,
                    len: hi - lo,
                };
                try_push(&mut moves, m)?;
            }
        }
        start = end;
    }
    Ok((total, moves))
}

/// The output of `total` runs over `like`'s shards (held alike), each output shard allocated
/// beside the held local shard of its index and filled by `moves` from `local`.
pub(super) fn place<V, U, B, E>(
    exchange: &E,
    moves: &[Move],
    total: usize,
    like: &ShardedVector<U, B>,
    local: &[DeviceVector<V, B>],
) -> Result<ShardedVector<V, B>>
where
    V: DeviceCopy,
    U: DeviceCopy,
    B: Backend,
    E: Exchange,
{
    let (k, first) = (like.shard_count(), like.first_shard());
    let mut out = try_with_capacity(local.len())?;
    for (i, beside) in local.iter().enumerate() {
        let len = shard_range(total, k, first + i).len();
        try_push(
            &mut out,
            B::at_home_of(beside.buffer(), || DeviceVector::<V, B>::zeros(len))?,
        )?;
    }
    exchange.exchange(moves, first, local, &mut out)?;
    Ok(like.with_split_shards(out, total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use parallaxis_core::Sum;

    fn runs(spec: &[(usize, bool)]) -> Vec<ShardRuns<u32>> {
        spec.iter()
            .enumerate()
            .map(|(g, &(count, continues))| ShardRuns {
                count,
                continues,
                first: 10 * g as u32 + 1,
                last: 10 * g as u32 + 2,
            })
            .collect()
    }

    #[test]
    fn a_run_over_three_shards_merges_into_the_first() {
        // Shard 1 is one run continuing shard 0's last; shard 3 is empty; shard 4 ends it.
        let r = runs(&[(2, false), (1, true), (1, true), (0, false), (3, true)]);
        assert_eq!(merged_last(Sum, &r, 0), Some(2 + 11 + 21 + 41));
        assert_eq!(merged_last(Sum, &r, 1), None);
        assert_eq!(merged_last(Sum, &r, 4), None);
        let (total, moves) = placement(&r).unwrap();
        assert_eq!(total, 2 + 2);
        // Kept: runs 0..2 of shard 0, runs 1..3 of shard 4; one run per output shard but the
        // first (4 runs over 5 shards: lengths 1, 1, 1, 1, 0).
        let expected = [
            Move {
                from: 0,
                from_start: 0,
                to: 0,
                to_start: 0,
                len: 1,
            },
            Move {
                from: 0,
                from_start: 1,
                to: 1,
                to_start: 0,
                len: 1,
            },
            Move {
                from: 4,
                from_start: 1,
                to: 2,
                to_start: 0,
                len: 1,
            },
            Move {
                from: 4,
                from_start: 2,
                to: 3,
                to_start: 0,
                len: 1,
            },
        ];
        assert_eq!(moves, expected);
    }
}
