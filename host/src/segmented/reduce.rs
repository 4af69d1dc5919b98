//! segmented_reduce by offsets, balanced by merge path (Merrill & Garland 2016): the work is
//! `n` elements plus `nseg` segment ends, merged in index order, and each tile takes
//! `CHUNK` consecutive steps of that merge. One huge segment and a million empty ones cost
//! the same per step, so no tile ever has more than `CHUNK` steps of work.
//!
//! A tile writes the segments that start and end inside it. A segment that starts in an
//! earlier tile is finished on the calling thread, in index order, from the pieces the tiles
//! it crosses report (one combine per tile).

use crate::chunk::lanes::{fold1, fold_from};
use crate::chunk::split::{map_items, CHUNK, PAR_MIN};
use parallaxis_core::{DeviceCopy, Identity, Monoid};

/// A point of the merge path: `i` elements and `s` segment ends consumed.
#[derive(Clone, Copy, Debug, Default)]
struct Split {
    i: usize,
    s: usize,
}

/// What a tile leaves for the fix-up.
struct Edge<T> {
    /// `Some(piece)` when the tile's first closed segment started in an earlier tile: the
    /// fold of its elements inside this tile (`None` inside when there are none).
    first: Option<Option<T>>,
    /// The open segment at the tile's end and the fold of its elements inside the tile.
    tail: Option<(usize, T)>,
}

/// See [`parallaxis_core::reference::segmented_reduce`]. Offsets are assumed validated; others
/// give unspecified values, never a panic.
///
/// ```
/// let mut y = [0; 3];
/// parallaxis_host::segmented_reduce(parallaxis_core::Max, &[0, 2, 2, 4], &[5, 1, 7, 2], &mut y);
/// assert_eq!(y, [5, i32::MIN, 7]);
/// ```
pub fn segmented_reduce<T: DeviceCopy, M: Monoid<T>>(
    m: M,
    offsets: &[usize],
    x: &[T],
    y: &mut [T],
) {
    let nseg = offsets.len().saturating_sub(1).min(y.len());
    let (n, steps) = (x.len(), x.len() + nseg);
    let tiles = steps.div_ceil(CHUNK);
    let mut splits = Vec::with_capacity(tiles + 1);
    let mut prev = Split::default();
    for t in 0..=tiles {
        let d = (t * CHUNK).min(steps);
        let s = path_segments(offsets, nseg, n, d).max(prev.s);
        prev = Split {
            i: (d - s.min(d)).min(n).max(prev.i),
            s,
        };
        splits.push(prev);
    }
    let mut parts = Vec::with_capacity(tiles);
    let mut rest = &mut y[..nseg];
    for w in splits.windows(2) {
        let count = (w[1].s - w[0].s).min(rest.len());
        let (part, tail) = core::mem::take(&mut rest).split_at_mut(count);
        rest = tail;
        parts.push(part);
    }
    let edges = map_items(steps >= PAR_MIN, parts, |t, ys| {
        tile(m, offsets, x, splits[t], splits[t + 1], nseg, ys)
    });
    fix_up(m, &splits, edges, y);
}

/// The number of segment ends among the first `d` merge steps: the segment end `s` is step
/// `offsets[s + 1] + s`, which strictly increases with `s` for valid offsets.
fn path_segments(offsets: &[usize], nseg: usize, n: usize, d: usize) -> usize {
    let (mut lo, mut hi) = (d.saturating_sub(n), d.min(nseg));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let end = offsets
            .get(mid + 1)
            .map_or(usize::MAX, |&e| e.saturating_add(mid));
        if end < d {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Folds the segments `a.s..b.s` that end in the tile `a..b` into `ys` (from the identity,
/// like the reference), except a first segment that started before the tile.
fn tile<T: DeviceCopy, M: Monoid<T>>(
    m: M,
    offsets: &[usize],
    x: &[T],
    a: Split,
    b: Split,
    nseg: usize,
    ys: &mut [T],
) -> Edge<T> {
    let start = |s: usize| offsets.get(s).copied().unwrap_or(0);
    let piece = |s: usize, end: usize| {
        let lo = start(s).clamp(a.i, b.i);
        x.get(lo..end.clamp(lo, b.i)).unwrap_or(&[])
    };
    let mut first = None;
    for (s, ys) in (a.s..b.s).zip(ys.iter_mut()) {
        let seg = piece(s, start(s + 1));
        if s == a.s && start(s) < a.i {
            first = Some(fold1(Identity, m, seg));
        } else {
            *ys = fold_from(Identity, m, m.identity(), seg);
        }
    }
    let tail = if b.s < nseg {
        fold1(Identity, m, piece(b.s, b.i)).map(|v| (b.s, v))
    } else {
        None
    };
    Edge { first, tail }
}

/// Finishes, in index order, the segments that cross tile edges.
fn fix_up<T: DeviceCopy, M: Monoid<T>>(m: M, splits: &[Split], edges: Vec<Edge<T>>, y: &mut [T]) {
    let mut open: Option<(usize, T)> = None;
    for (edge, a) in edges.into_iter().zip(splits) {
        if let Some(piece) = edge.first {
            let acc = match open.take() {
                Some((s, acc)) if s == a.s => acc,
                _ => m.identity(),
            };
            if let Some(ys) = y.get_mut(a.s) {
                *ys = piece.map_or(acc, |p| m.combine(acc, p));
            }
        }
        if let Some((s, p)) = edge.tail {
            open = Some(match open {
                Some((o, acc)) if o == s => (s, m.combine(acc, p)),
                _ => (s, m.combine(m.identity(), p)),
            });
        }
    }
}
