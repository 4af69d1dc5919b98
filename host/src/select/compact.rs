//! Stream compaction on chunks: count what each chunk keeps, place every chunk's output by
//! the counts before it, then write all chunks at once. The two passes over the input read
//! it twice but never move a selected element more than once (no per-thread vectors to
//! concatenate, as `par_iter().filter().collect()` has), and the output is allocated at its
//! exact size.
//!
//! Each chunk compacts through a small buffer without branching on the test (`block`): the
//! value is stored at the buffer's next slot and the slot advances when the test holds, so a
//! random selection costs no mispredicted branches.

use crate::chunk::split::{chunk_count, chunk_range, PAR_MIN};
use rayon::prelude::*;

/// Elements compacted per step through the branch-free buffer (1 KiB of f32, in L1).
const BLOCK: usize = 256;

/// How many elements `i` of each chunk of `0..n` have `keep(i) == want`, in parallel from
/// [`PAR_MIN`].
pub(crate) fn counts(n: usize, keep: &(impl Fn(usize) -> bool + Sync), want: bool) -> Vec<usize> {
    let count = |c: usize| chunk_range(c, n).filter(|&i| keep(i) == want).count();
    if n >= PAR_MIN {
        (0..chunk_count(n)).into_par_iter().map(count).collect()
    } else {
        (0..chunk_count(n)).map(count).collect()
    }
}

/// `out` cut into consecutive pieces of `lens[c]` elements (clamped to what `out` holds).
pub(crate) fn pieces<'a, T>(mut out: &'a mut [T], lens: &[usize]) -> Vec<&'a mut [T]> {
    let mut parts = Vec::with_capacity(lens.len());
    for &len in lens {
        let (head, tail) = out.split_at_mut(len.min(out.len()));
        parts.push(head);
        out = tail;
    }
    parts
}

/// Writes `x[i]` for every `i` in `range` that `keep` selects (as `keep(i) == want`), in
/// order, to the front of `out`, stopping when `out` is full.
fn block<T: Copy>(
    x: &[T],
    range: core::ops::Range<usize>,
    keep: &impl Fn(usize) -> bool,
    want: bool,
    out: &mut [T],
) {
    let Some(first) = x.get(range.start).copied() else {
        return;
    };
    let mut buf = [first; BLOCK];
    let mut done = 0;
    let mut i = range.start;
    while i < range.end && done < out.len() {
        let end = (i + BLOCK).min(range.end);
        let mut k = 0;
        for (j, &v) in x[i..end].iter().enumerate() {
            buf[k] = v;
            k += usize::from(keep(i + j) == want);
        }
        let take = k.min(out.len() - done);
        out[done..done + take].copy_from_slice(&buf[..take]);
        done += take;
        i = end;
    }
}

/// Writes the elements of `x` that `keep` selects (`want`) or rejects (`!want`), in order, to
/// the pieces of `out` (piece `c` holds chunk `c`'s), in parallel from [`PAR_MIN`].
pub(crate) fn write<T: Copy + Send + Sync>(
    x: &[T],
    keep: &(impl Fn(usize) -> bool + Sync),
    want: bool,
    out: Vec<&mut [T]>,
) {
    let n = x.len();
    let one = |(c, piece): (usize, &mut [T])| block(x, chunk_range(c, n), keep, want, piece);
    if n >= PAR_MIN {
        out.into_par_iter().enumerate().for_each(one);
    } else {
        out.into_iter().enumerate().for_each(one);
    }
}

/// The selected elements of `x` to the front of `out`, in order; returns how many were
/// written (all selected ones, unless `out` is shorter).
pub(crate) fn compact_into<T: Copy + Send + Sync>(
    x: &[T],
    keep: &(impl Fn(usize) -> bool + Sync),
    want: bool,
    out: &mut [T],
) -> usize {
    let per_chunk = counts(x.len(), keep, want);
    let total: usize = per_chunk.iter().sum();
    write(x, keep, want, pieces(out, &per_chunk));
    total.min(out.len())
}

/// The selected elements of `x` in a new vector of exactly their number.
///
/// # Errors
/// `Error::OutOfMemory` when the output cannot be had.
pub(crate) fn compact<T: Copy + Send + Sync + parallaxis_core::DeviceCopy>(
    x: &[T],
    keep: &(impl Fn(usize) -> bool + Sync),
    want: bool,
) -> parallaxis_core::Result<Vec<T>> {
    let per_chunk = counts(x.len(), keep, want);
    let mut out = crate::zeroed_vec(per_chunk.iter().sum())?;
    write(x, keep, want, pieces(&mut out, &per_chunk));
    Ok(out)
}
