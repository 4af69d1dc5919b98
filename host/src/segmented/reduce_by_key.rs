//! reduce_by_key, balanced over elements: every chunk of `CHUNK` elements counts the runs
//! that start in it, a scan of the counts places each chunk's runs in the output, then every
//! chunk writes its runs in parallel. A run that crosses chunk edges is finished on the
//! calling thread, in index order, by folding the leading pieces of the chunks it covers
//! onto it — one combine per chunk, so one huge run costs `n / CHUNK` combines there, and a
//! million tiny runs cost nothing beyond the chunks' own work.
//!
//! segmented_reduce (by offsets) is in [`super::reduce`].

use crate::chunk::lanes::{fold1, fold_from};
use crate::chunk::split::{chunk_count, chunk_range, index_map, map_items, PAR_MIN};
use core::ops::Range;
use parallaxis_core::{zeroed_vec, DeviceCopy, Identity, Monoid, Result};

/// See [`parallaxis_core::reference::reduce_by_key`]; returns the run keys and their folds.
///
/// # Errors
/// `Error::OutOfMemory` when the outputs cannot be had.
///
/// ```
/// let keys = [1, 1, 3, 1];
/// let (keys, sums) = parallaxis_host::reduce_by_key(parallaxis_core::Sum, &keys, &[1, 2, 3, 4])?;
/// assert_eq!((keys, sums), (vec![1, 3, 1], vec![3, 3, 4]));
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn reduce_by_key<K: DeviceCopy + PartialEq, T: DeviceCopy, M: Monoid<T>>(
    m: M,
    keys: &[K],
    x: &[T],
) -> Result<(Vec<K>, Vec<T>)> {
    let counts = run_counts(keys, x);
    let runs = counts.iter().sum();
    let mut out_k: Vec<K> = zeroed_vec(runs)?;
    let mut out_v: Vec<T> = zeroed_vec(runs)?;
    write_all_runs(m, keys, x, &counts, &mut out_k, &mut out_v);
    Ok((out_k, out_v))
}

/// [`reduce_by_key`] into the first entries of `out_k` and `out_v`, as
/// [`parallaxis_core::reference::reduce_by_key`] (which also writes only the runs that fit);
/// returns the number of runs.
///
/// ```
/// let (mut k, mut v) = ([0; 4], [0; 4]);
/// let runs = parallaxis_host::reduce_by_key_into(parallaxis_core::Sum, &[1, 1, 3, 1], &[1, 2, 3, 4], &mut k, &mut v);
/// assert_eq!((runs, &k[..runs], &v[..runs]), (3, &[1, 3, 1][..], &[3, 3, 4][..]));
/// ```
pub fn reduce_by_key_into<K: DeviceCopy + PartialEq, T: DeviceCopy, M: Monoid<T>>(
    m: M,
    keys: &[K],
    x: &[T],
    out_k: &mut [K],
    out_v: &mut [T],
) -> usize {
    let counts = run_counts(keys, x);
    let runs = counts.iter().sum::<usize>();
    let fit = runs.min(out_k.len()).min(out_v.len());
    write_all_runs(m, keys, x, &counts, &mut out_k[..fit], &mut out_v[..fit]);
    runs
}

/// The number of runs that start in each chunk of the common length of `keys` and `x`.
fn run_counts<K: DeviceCopy + PartialEq, T>(keys: &[K], x: &[T]) -> Vec<usize> {
    let n = keys.len().min(x.len());
    let mut counts = Vec::new();
    index_map(
        n >= PAR_MIN,
        chunk_count(n),
        |c| run_starts(&keys[..n], chunk_range(c, n)),
        &mut counts,
    );
    counts
}

/// Writes every chunk's runs (`counts` from [`run_counts`]) into `out_k`/`out_v`, which hold
/// the first runs (all of them, or as many as fit), then folds the pieces of runs that
/// cross chunk edges in.
fn write_all_runs<K: DeviceCopy + PartialEq, T: DeviceCopy, M: Monoid<T>>(
    m: M,
    keys: &[K],
    x: &[T],
    counts: &[usize],
    out_k: &mut [K],
    out_v: &mut [T],
) {
    let n = keys.len().min(x.len());
    let (keys, x) = (&keys[..n], &x[..n]);
    let par = n >= PAR_MIN;
    let mut parts = Vec::with_capacity(counts.len());
    let (mut rest_k, mut rest_v) = (&mut out_k[..], &mut out_v[..]);
    for &count in counts {
        let count = count.min(rest_k.len()).min(rest_v.len());
        let (k, tail_k) = core::mem::take(&mut rest_k).split_at_mut(count);
        let (v, tail_v) = core::mem::take(&mut rest_v).split_at_mut(count);
        (rest_k, rest_v) = (tail_k, tail_v);
        parts.push((k, v));
    }
    let leads = map_items(par, parts, |c, (k, v)| {
        write_runs(m, keys, x, chunk_range(c, n), k, v)
    });
    // Fix-up in index order: a chunk's leading piece continues the last run started before it.
    let mut last: Option<usize> = None;
    for (lead, (&count, start)) in leads.into_iter().zip(counts.iter().zip(run_bases(counts))) {
        if let (Some(p), Some(v)) = (lead, last.and_then(|r| out_v.get_mut(r))) {
            *v = m.combine(*v, p);
        }
        if count > 0 {
            last = Some(start + count - 1);
        }
    }
}

/// The index of each chunk's first run in the output (an exclusive sum of `counts`).
fn run_bases(counts: &[usize]) -> impl Iterator<Item = usize> + '_ {
    counts.iter().scan(0, |acc, &c| {
        let base = *acc;
        *acc += c;
        Some(base)
    })
}

/// The number of runs that start inside `r`: index 0, and every key unlike the one before
/// it (compared through two offset slices, which vectorizes; `windows(2)` shuffled).
fn run_starts<K: PartialEq>(keys: &[K], r: Range<usize>) -> usize {
    let head0 = usize::from(r.start == 0 && r.end > 0);
    let from = r.start.max(1);
    let (Some(cur), Some(prev)) = (
        keys.get(from..r.end),
        keys.get(from - 1..r.end.saturating_sub(1)),
    ) else {
        return head0;
    };
    head0 + cur.iter().zip(prev).filter(|(a, b)| a != b).count()
}

/// The first run start in `from..end` (`end` when none), skipping 16 keys at a time while
/// they all equal the key before them: a 1000-element run costs ~63 vector compares, not
/// 1000 scalar ones.
fn next_start<K: PartialEq>(keys: &[K], from: usize, end: usize) -> usize {
    if from == 0 {
        return 0;
    }
    let mut i = from;
    while i < end {
        let step = (end - i).min(16);
        let Some(w) = keys.get(i - 1..i + step) else {
            return end;
        };
        let same = w
            .first()
            .is_none_or(|k0| !w.iter().fold(false, |a, k| a | (k != k0)));
        if !same {
            let pos = w.windows(2).position(|p| p[0] != p[1]);
            return pos.map_or(end, |p| i + p);
        }
        i += step;
    }
    end
}

/// Writes the runs that start in chunk `r` to `out_k`/`out_v` (each folded from the
/// identity like the reference) and returns the chunk's leading piece: the fold of its
/// elements before its first run start, which belong to an earlier run.
fn write_runs<K: DeviceCopy + PartialEq, T: DeviceCopy, M: Monoid<T>>(
    m: M,
    keys: &[K],
    x: &[T],
    r: Range<usize>,
    out_k: &mut [K],
    out_v: &mut [T],
) -> Option<T> {
    let mut j = next_start(keys, r.start, r.end);
    let lead = fold1(Identity, m, x.get(r.start..j).unwrap_or(&[]));
    for (k, v) in out_k.iter_mut().zip(out_v.iter_mut()) {
        let (true, Some(&key), Some(&first)) = (j < r.end, keys.get(j), x.get(j)) else {
            break;
        };
        let end = next_start(keys, j + 1, r.end);
        *k = key;
        let rest = x.get(j + 1..end).unwrap_or(&[]);
        *v = fold_from(Identity, m, m.combine(m.identity(), first), rest);
        j = end;
    }
    lead
}
