//! Helpers shared by the sharded test bodies (`tests/sharded/*.rs`, instantiated per host
//! backend, and the GPU files `tests/sharded*_gpu.rs`): the split rule, generated data,
//! run heads and offsets, and a collective that miscounts.

use parallaxis::shard::{Collective, Exchange, InMemory, Move};
use parallaxis::{ops::AffineMap, Backend, DeviceCopy, DeviceVector};

use super::pseudo_random;

/// The split rule over `n` elements (rows, planes) and `k` shards: contiguous blocks, the
/// first `n % k` shards one longer.
pub(crate) fn split_lengths(n: usize, k: usize) -> Vec<usize> {
    (0..k).map(|j| n / k + usize::from(j < n % k)).collect()
}

/// Integers of every magnitude: sums and squares wrap, which the reference does too.
pub(crate) fn integers(n: usize, seed: u64) -> Vec<i64> {
    pseudo_random(n, seed)
        .into_iter()
        .map(|v| v as i64)
        .collect()
}

/// Affine maps with slopes in -2..=2 (zero slopes included: a map that forgets the past),
/// so long compositions are not all the zero map.
pub(crate) fn slope_maps(n: usize, seed: u64) -> Vec<AffineMap<i64>> {
    pseudo_random(n, seed)
        .into_iter()
        .map(|v| AffineMap::new((v % 5) as i64 - 2, (v >> 32) as i64 % 1000))
        .collect()
}

/// The heads of `keys`' runs as flags (element 0 left `false`: it starts a segment anyway).
pub(crate) fn flags_of(keys: &[u32]) -> Vec<bool> {
    (0..keys.len())
        .map(|i| i > 0 && keys[i] != keys[i - 1])
        .collect()
}

/// Global offsets of the runs of `keys`.
pub(crate) fn offsets_of(keys: &[u32]) -> Vec<usize> {
    let mut o: Vec<usize> = (0..keys.len())
        .filter(|&i| i == 0 || keys[i] != keys[i - 1])
        .collect();
    if keys.is_empty() {
        o.push(0);
    }
    o.push(keys.len());
    o
}

/// Offsets for `n` elements from cut points: sorted, framed by 0 and `n`, duplicates kept
/// (empty segments).
pub(crate) fn offsets_from(n: usize, cuts: &[usize]) -> Vec<usize> {
    let mut o: Vec<usize> = cuts.iter().map(|c| c % (n + 1)).collect();
    o.push(0);
    o.push(n);
    o.sort_unstable();
    o
}

/// A collective whose `all_gather` returns one value too few (the last shard's lost) or
/// one too many: every algorithm must report it as a typed error instead of reading past
/// the gathered values. Broadcasts and element moves are `InMemory`'s. (A collective that
/// reorders values breaks its contract undetectably, as it would for the scans.)
#[derive(Clone, Copy, Debug)]
pub(crate) enum Miscounts {
    /// The last shard's value is lost.
    LosesOne,
    /// The first shard's value comes again at the end.
    AddsOne,
}

// SAFETY: deliberately not upheld: the sharded algorithms must still report the wrong
// count as a typed error before using it (the test that uses it checks that).
unsafe impl Collective for Miscounts {
    fn all_gather<T: DeviceCopy>(&self, local: &[T]) -> parallaxis::Result<Vec<T>> {
        let mut all = local.to_vec();
        match self {
            Self::LosesOne => {
                all.pop();
            }
            Self::AddsOne => all.extend(local.first().copied()),
        }
        Ok(all)
    }
    fn broadcast<T: DeviceCopy>(&self, root: usize, local: &[T]) -> parallaxis::Result<T> {
        InMemory.broadcast(root, local)
    }
}

// SAFETY: `InMemory`'s exchange, which upholds the contract.
unsafe impl Exchange for Miscounts {
    fn exchange<T: DeviceCopy, B: Backend>(
        &self,
        moves: &[Move],
        first: usize,
        src: &[DeviceVector<T, B>],
        dst: &mut [DeviceVector<T, B>],
    ) -> parallaxis::Result<()> {
        InMemory.exchange(moves, first, src, dst)
    }
}
