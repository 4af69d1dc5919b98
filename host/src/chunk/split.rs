//! The chunking every 1D algorithm of this crate shares: fixed-size chunks and the switch
//! between the calling thread and rayon's pool. (Lanes inside a chunk: [`super::lanes`].)
//!
//! A chunk is `CHUNK` consecutive elements (the last one may be shorter), so chunk boundaries
//! depend only on the input length. Small inputs run the very same chunk and lane code on the
//! calling thread, so the result of every algorithm is a function of the input alone — never
//! of the thread count or of the parallel threshold.

use rayon::prelude::*;

/// Elements per chunk: the unit of parallel work and of carry propagation. 2^14 elements is
/// 64 KiB of f32, which keeps a chunk's second read (scans) in L2, and makes a rayon task
/// (~1 µs of overhead) about 2% of a chunk's ~50 µs of work.
///
/// ```
/// // Chunk boundaries depend on the input length only, so float results do not depend
/// // on the number of threads.
/// assert_eq!(parallaxis_host::CHUNK, 1 << 14);
/// ```
pub const CHUNK: usize = 1 << 14;

// Parallel thresholds. Below them an algorithm runs on the calling thread (same chunks,
// same lanes, same result). Measured on the 2-core development machine (EPYC Zen 3 VM),
// f32, best of 3 x 101-401 calls, sequential vs parallel path (the parallel path costs
// ~8-10 µs more per call here: waking the pool):
//
//   n      reduce (Sum)      inclusive_scan (Sum)   transform (Square)
//   2^15    5.5 vs 13.5 µs    17.6 vs 19.3 µs         2.7 vs  7.8 µs
//   2^16   10.9 vs 15.1       35.3 vs 29.8            5.5 vs 11.1
//   2^17   21.9 vs 22.0       71.7 vs 47.7           12.8 vs 16.1
//   2^18   43.9 vs 37.7      143.5 vs 83.2           26.1 vs 28.0
//   2^19   88.0 vs 70.2      286.9 vs 195.4          52.1 vs 46.8
//
// so scans go parallel from 2^16, folds from 2^17, element-wise maps from 2^19.

/// Threshold for the scans (plain and segmented) and the segmented reductions, whose
/// per-element work is the largest (~0.55 ns on one core).
pub(crate) const PAR_MIN: usize = 1 << 16;

/// Threshold for reduce and transform_reduce (~0.17 ns per element on one core).
pub(crate) const PAR_MIN_FOLD: usize = 1 << 17;

/// Threshold for transform, transform2 and tabulate (~0.1 ns per element on one core).
pub(crate) const PAR_MIN_MAP: usize = 1 << 19;

/// The number of chunks of an input of `n` elements.
pub(crate) fn chunk_count(n: usize) -> usize {
    n.div_ceil(CHUNK)
}

/// The element range of chunk `c` of an input of `n` elements.
pub(crate) fn chunk_range(c: usize, n: usize) -> core::ops::Range<usize> {
    let start = (c * CHUNK).min(n);
    start..(start + CHUNK).min(n)
}

/// `[f(0), ..., f(count - 1)]`, in parallel when `par`. The order of the results is the
/// order of the indices either way.
pub(crate) fn index_map<R: Send>(
    par: bool,
    count: usize,
    f: impl Fn(usize) -> R + Sync + Send,
    out: &mut Vec<R>,
) {
    out.clear();
    if par {
        out.par_extend((0..count).into_par_iter().map(f));
    } else {
        out.extend((0..count).map(f));
    }
}

/// Calls `f(c, chunk)` for every `CHUNK`-sized piece `c` of `y`, in parallel when `par`.
pub(crate) fn for_chunks_mut<O: Send>(
    par: bool,
    y: &mut [O],
    f: impl Fn(usize, &mut [O]) + Sync + Send,
) {
    if par {
        y.par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(c, yc)| f(c, yc));
    } else {
        y.chunks_mut(CHUNK).enumerate().for_each(|(c, yc)| f(c, yc));
    }
}

/// `[f(0, items[0]), f(1, items[1]), ...]`, in parallel when `par`, in item order.
pub(crate) fn map_items<I: Send, R: Send>(
    par: bool,
    items: Vec<I>,
    f: impl Fn(usize, I) -> R + Sync + Send,
) -> Vec<R> {
    if par {
        items
            .into_par_iter()
            .enumerate()
            .map(|(c, it)| f(c, it))
            .collect()
    } else {
        items
            .into_iter()
            .enumerate()
            .map(|(c, it)| f(c, it))
            .collect()
    }
}
