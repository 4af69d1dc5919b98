//! Histograms: each rayon task counts whole chunks into a private `u64` histogram (no
//! atomics, no sharing), and the private histograms are summed at the end. Counts are
//! integers, so the sum does not depend on how rayon splits the work.

use crate::chunk::split::{CHUNK, PAR_MIN_FOLD};
use parallax_core::{range_bin, EvenBins, HistogramCounter, HistogramSample};
use rayon::prelude::*;

/// Bins up to this many are counted into four interleaved private histograms (sample `k`
/// into table `k % 4`): runs of equal samples (a constant region of an image) then update
/// four counters in turn instead of waiting on one. Above it the tables would crowd the
/// cache.
const SPLIT_TABLES_MAX_BINS: usize = 1 << 12;

/// See [`parallax_core::reference::histogram_even`]: overwrites `counts` (of `e.bins`
/// counters; a shorter `counts` drops the bins past it).
///
/// ```
/// let e = parallax_core::EvenBins::<f32>::new(0.0, 1.0, 2).unwrap();
/// let mut c = [0_u32; 2];
/// parallax_host::histogram_even(&[0.1, 0.7, 0.9, 1.0, f32::NAN], &e, &mut c);
/// assert_eq!(c, [1, 2]);
/// ```
pub fn histogram_even<T: HistogramSample, C: HistogramCounter>(
    x: &[T],
    e: &EvenBins<T>,
    counts: &mut [C],
) {
    let e = *e;
    count_bins(x, e.bins as usize, counts, move |v| v.even_bin(&e));
}

/// See [`parallax_core::reference::histogram_range`]: overwrites `counts`
/// (`counts.len() + 1 == edges.len()`).
///
/// ```
/// let mut c = [0_u64; 2];
/// parallax_host::histogram_range(&[1_u16, 5, 9, 10], &[0_i64, 5, 10], &mut c);
/// assert_eq!(c, [1, 2]);
/// ```
pub fn histogram_range<T: HistogramSample, C: HistogramCounter>(
    x: &[T],
    edges: &[T::Level],
    counts: &mut [C],
) {
    let bins = edges.len().saturating_sub(1).min(parallax_core::MAX_BINS);
    if bins == 0 {
        counts.fill(C::ZERO);
        return;
    }
    let b = bins as u32;
    count_bins(x, bins, counts, move |v| {
        range_bin(v.level(), b, |i| edges[i as usize])
    });
}

/// Counts `bin(v)` of every sample into `counts` (overwritten), in parallel above the fold
/// threshold. Each task's private tables are `ways` histograms side by side (table `t` is
/// `bins` counters at `t * bins`), summed when the tasks are merged.
fn count_bins<T: Copy + Sync, C: HistogramCounter>(
    x: &[T],
    bins: usize,
    counts: &mut [C],
    bin: impl Fn(T) -> u32 + Sync + Send,
) {
    let ways = if bins <= SPLIT_TABLES_MAX_BINS { 4 } else { 1 };
    let tables = if x.len() >= PAR_MIN_FOLD {
        x.par_chunks(CHUNK)
            .fold(
                || vec![0u64; ways * bins],
                |mut h, xs| {
                    count_chunk(xs, bins, ways, &mut h, &bin);
                    h
                },
            )
            .reduce_with(|mut a, b| {
                a.iter_mut().zip(&b).for_each(|(a, b)| *a += b);
                a
            })
            .unwrap_or_else(|| vec![0u64; ways * bins])
    } else {
        let mut h = vec![0u64; ways * bins];
        count_chunk(x, bins, ways, &mut h, &bin);
        h
    };
    for (i, c) in counts.iter_mut().enumerate() {
        let total: u64 = (0..ways).filter_map(|t| tables.get(t * bins + i)).sum();
        *c = C::ZERO.add_count(total);
    }
}

/// Adds the bins of `xs` to the `ways` tables in `h`.
#[inline]
fn count_chunk<T: Copy>(
    xs: &[T],
    bins: usize,
    ways: usize,
    h: &mut [u64],
    bin: &impl Fn(T) -> u32,
) {
    if ways == 1 {
        for &v in xs {
            bump(h, bin(v));
        }
        return;
    }
    let (t0, rest) = h.split_at_mut(bins);
    let (t1, rest) = rest.split_at_mut(bins);
    let (t2, t3) = rest.split_at_mut(bins);
    let mut quads = xs.chunks_exact(4);
    for q in &mut quads {
        bump(t0, bin(q[0]));
        bump(t1, bin(q[1]));
        bump(t2, bin(q[2]));
        bump(t3, bin(q[3]));
    }
    for &v in quads.remainder() {
        bump(t0, bin(v));
    }
}

#[inline(always)]
fn bump(t: &mut [u64], b: u32) {
    // `NOT_COUNTED` (u32::MAX) is never an index of a table, so `get_mut` drops it.
    if let Some(c) = t.get_mut(b as usize) {
        *c += 1;
    }
}
