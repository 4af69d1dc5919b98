//! Histograms: each rayon task counts whole chunks into a private `u64` histogram (no
//! atomics, no sharing), and the private histograms are summed at the end. Counts are
//! integers, so the sum does not depend on how rayon splits the work.

use crate::chunk::split::{CHUNK, PAR_MIN_FOLD};
use parallax_core::{range_bin, EvenBins, HistogramCounter, HistogramSample};
use rayon::prelude::*;

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
    count_bins(
        x,
        e.bins as usize,
        counts,
        &|xs: &[T], narrow: &mut [u32]| tally_even(xs, e, narrow),
    );
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
    count_bins(x, bins, counts, &|xs: &[T], narrow: &mut [u32]| {
        tally_range(xs, b, edges, narrow)
    });
}

// The per-chunk loops are functions of their own, taking the bins by reference and the
// counters as `&mut [u32]` (no aliasing for LLVM to fear; the loop for one-value u8 bins
// compiles to eight instructions and one increment). Still, 256 bins over u8 measure 0.3-0.5x
// the sequential reference on the 2-core machine (`benches/RESULTS.md#histogram`), for a
// reason not found yet; f32 is 1.2-2.3x a hand-written rayon fold.

/// Adds the even bins of `xs` to `narrow`.
#[inline(never)]
fn tally_even<T: HistogramSample>(xs: &[T], e: &EvenBins<T>, narrow: &mut [u32]) {
    for &v in xs {
        // `NOT_COUNTED` (u32::MAX) is never an index, so `get_mut` drops it.
        if let Some(c) = narrow.get_mut(v.even_bin(e) as usize) {
            *c += 1;
        }
    }
}

/// Adds the bins by edges of `xs` to `narrow` (`bins + 1` edges).
#[inline(never)]
fn tally_range<T: HistogramSample>(xs: &[T], bins: u32, edges: &[T::Level], narrow: &mut [u32]) {
    for &v in xs {
        let b = range_bin(v.level(), bins, |i| edges[i as usize]);
        if let Some(c) = narrow.get_mut(b as usize) {
            *c += 1;
        }
    }
}

/// Counts `bin(v)` of every sample into `counts` (overwritten), in parallel above the fold
/// threshold: each task counts into private `u32` counters ([`Tally`]), widened into `u64`
/// before they could wrap, and the tasks' tallies are summed.
fn count_bins<T: Copy + Sync, C: HistogramCounter>(
    x: &[T],
    bins: usize,
    counts: &mut [C],
    tally: &(impl Fn(&[T], &mut [u32]) + Sync),
) {
    let tally = if x.len() >= PAR_MIN_FOLD {
        x.par_chunks(CHUNK)
            .fold(
                || Tally::new(bins),
                |mut t, xs| {
                    t.count(xs, tally);
                    t
                },
            )
            .reduce_with(Tally::merge)
            .unwrap_or_else(|| Tally::new(bins))
    } else {
        let mut t = Tally::new(bins);
        t.count(x, tally);
        t
    };
    let wide = tally.widened();
    for (c, &w) in counts
        .iter_mut()
        .zip(wide.iter().chain(core::iter::repeat(&0)))
    {
        *c = C::ZERO.add_count(w);
    }
}

/// One task's counts: `u32` counters (the sequential loop's, as fast), moved into `u64` ones
/// before `u32::MAX` samples could have reached them.
struct Tally {
    narrow: Vec<u32>,
    wide: Vec<u64>,
    pending: usize,
}

impl Tally {
    fn new(bins: usize) -> Self {
        Self {
            narrow: vec![0; bins],
            wide: Vec::new(),
            pending: 0,
        }
    }

    /// Adds the bins of `xs` (at most `CHUNK` samples at a time, from the fold).
    #[inline]
    fn count<T: Copy>(&mut self, xs: &[T], tally: &impl Fn(&[T], &mut [u32])) {
        if self.pending + xs.len() > u32::MAX as usize {
            self.flush();
        }
        self.pending += xs.len();
        tally(xs, &mut self.narrow);
    }

    fn flush(&mut self) {
        if self.wide.is_empty() {
            self.wide = vec![0; self.narrow.len()];
        }
        for (w, n) in self.wide.iter_mut().zip(&mut self.narrow) {
            *w += u64::from(*n);
            *n = 0;
        }
        self.pending = 0;
    }

    fn widened(mut self) -> Vec<u64> {
        self.flush();
        self.wide
    }

    fn merge(a: Self, b: Self) -> Self {
        let (mut a, b) = (a.widened(), b.widened());
        a.iter_mut().zip(&b).for_each(|(a, b)| *a += b);
        Self {
            narrow: vec![0; a.len()],
            wide: a,
            pending: 0,
        }
    }
}
