//! Histograms: even bins and bins by edges (the bin rules: [`crate::EvenBins`],
//! [`crate::range_bin`]).

use crate::{range_bin, EvenBins, HistogramCounter, HistogramSample, NOT_COUNTED};

/// Counts each sample of `x` in its even bin: `counts[b]` = the number of samples in bin `b`.
/// Overwrites `counts` (`counts.len() == e.bins`; a shorter `counts` drops the bins past it).
///
/// ```
/// use parallaxis_core::{reference, EvenBins};
/// let e = EvenBins::<u8>::new(0, 100, 4).unwrap();
/// let mut c = [9_u32; 4];
/// reference::histogram_even(&[0, 24, 25, 99, 100, 250], &e, &mut c);
/// assert_eq!(c, [2, 1, 0, 1]);
/// ```
pub fn histogram_even<T: HistogramSample, C: HistogramCounter>(
    x: &[T],
    e: &EvenBins<T>,
    counts: &mut [C],
) {
    counts.fill(C::ZERO);
    for &v in x {
        count(counts, v.even_bin(e));
    }
}

/// Counts each sample of `x` in bin `i` where `edges[i] <= x < edges[i + 1]`. Overwrites
/// `counts` (`counts.len() + 1 == edges.len()`, edges sorted, at least two).
///
/// ```
/// let mut c = [0_u64; 2];
/// let x = [0.5_f32, 1.0, 2.5, 3.0, f32::NAN];
/// parallaxis_core::reference::histogram_range(&x, &[0.0, 1.0, 3.0], &mut c);
/// assert_eq!(c, [1, 2]);
/// ```
pub fn histogram_range<T: HistogramSample, C: HistogramCounter>(
    x: &[T],
    edges: &[T::Level],
    counts: &mut [C],
) {
    counts.fill(C::ZERO);
    let Some(bins) = edges.len().checked_sub(1).filter(|&b| b >= 1) else {
        return;
    };
    let bins = bins.min(crate::MAX_BINS) as u32;
    for &v in x {
        count(counts, range_bin(v.level(), bins, |i| edges[i as usize]));
    }
}

#[inline]
fn count<C: HistogramCounter>(counts: &mut [C], b: u32) {
    if b != NOT_COUNTED {
        if let Some(c) = counts.get_mut(b as usize) {
            *c = c.add_count(1);
        }
    }
}
