//! Histograms: even bins (CUB's `HistogramEven`) and bins by edges (`HistogramRange`).
//!
//! Every form overwrites its counters, as CUB does. Samples outside the bins and NaN samples
//! are not counted. Integer samples are binned exactly; float samples by two correctly
//! rounded operations, identical on every backend (`parallaxis_core::EvenBins` has the
//! formula: near a bin edge a float sample may fall in the neighbouring bin compared with
//! exact arithmetic, but in the same bin on every backend). Counters wrap at their width.

use crate::backend::TOKEN;
use crate::check::same_len;
use crate::lazy::Readable;
use crate::view::Output;
use crate::{backend::HistogramOps, DeviceVector, Error, Result};
use parallaxis_core::{check_edges, EvenBins, HistogramCounter, HistogramSample};

fn invalid((what, reason): (&'static str, &'static str)) -> Error {
    Error::InvalidArgument { what, reason }
}

/// Counts the samples of `x` in `bins` equal bins over `[lower, upper)`:
/// `bin = floor((x - lower) * bins / (upper - lower))`. Returns the `bins` counters. The
/// bounds are levels (`HistogramSample::Level`): `i64` for integer samples, so that
/// `histogram_even(&bytes, 256, 0, 256)` gives every `u8` value its own bin.
///
/// # Errors
/// [`Error::InvalidArgument`] for zero bins, `lower >= upper`, NaN or infinite float bounds
/// (or a range too small or too large for the bin count), integer bounds more than 2^32
/// apart; out of memory, a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<u8>::from_slice(&[0, 1, 64, 200, 255])?;
/// let h: DeviceVector<u32> = parallaxis::histogram_even(&x, 4, 0, 256)?;
/// assert_eq!(h.to_vec()?, [2, 1, 0, 2]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("HistogramEven", "DeviceHistogram"))]
pub fn histogram_even<T, C, B>(
    x: &impl Readable<T, B>,
    bins: usize,
    lower: T::Level,
    upper: T::Level,
) -> Result<DeviceVector<C, B>>
where
    T: HistogramSample,
    C: HistogramCounter,
    B: HistogramOps<T, C>,
{
    let e = EvenBins::new(lower, upper, bins).map_err(invalid)?;
    // SAFETY: the histogram overwrites every counter; on an error it is dropped unread.
    let mut counts = unsafe { DeviceVector::<C, B>::for_overwrite(bins) }?;
    x.with_stored(|x| B::histogram_even(x, &e, counts.buffer_out(TOKEN)))?;
    Ok(counts)
}

/// [`histogram_even`] into `counts` (overwritten; `counts.len() == bins`).
///
/// # Errors
/// As [`histogram_even`], and [`Error::LengthMismatch`] unless `counts.len() == bins`; on
/// any error `counts` is untouched.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<f32>::from_slice(&[0.1, 0.6, 0.7, f32::NAN, 1.0])?;
/// let mut h = DeviceVector::<u64>::filled(2, 9)?;
/// parallaxis::histogram_even_into(&x, 2, 0.0, 1.0, &mut h)?;
/// assert_eq!(h.to_vec()?, [1, 2]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn histogram_even_into<T, C, B>(
    x: &impl Readable<T, B>,
    bins: usize,
    lower: T::Level,
    upper: T::Level,
    counts: &mut impl Output<C, B>,
) -> Result<()>
where
    T: HistogramSample,
    C: HistogramCounter,
    B: HistogramOps<T, C>,
{
    let e = EvenBins::new(lower, upper, bins).map_err(invalid)?;
    same_len("histogram counts", bins, counts)?;
    x.with_stored(|x| B::histogram_even(x, &e, counts.buffer_out(TOKEN)))
}

/// Counts the samples of `x` in bin `i` where `edges[i] <= x < edges[i + 1]`; returns
/// `edges.len() - 1` counters. Equal consecutive edges make an empty bin. Edges are levels
/// (`HistogramSample::Level`: `i64` for integer samples, the sample type for floats).
///
/// # Errors
/// [`Error::InvalidArgument`] for fewer than two edges, a NaN edge, or edges that decrease;
/// out of memory, a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<i32>::from_slice(&[-5, 0, 3, 10, 99, 100])?;
/// let edges = DeviceVector::<i64>::from_slice(&[0, 10, 100])?;
/// let h: DeviceVector<u32> = parallaxis::histogram(&x, &edges)?;
/// assert_eq!(h.to_vec()?, [2, 2]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "HistogramRange")]
pub fn histogram<T, C, B>(
    x: &impl Readable<T, B>,
    edges: &impl Readable<T::Level, B>,
) -> Result<DeviceVector<C, B>>
where
    T: HistogramSample,
    C: HistogramCounter,
    B: HistogramOps<T, C>,
{
    // The check reads the edges (a lazy one written out first); `x` only once they are valid.
    edges.with_stored(|e| {
        B::with_host_slice(e, check_edges::<T>)?.map_err(invalid)?;
        // SAFETY: the histogram overwrites every counter; on an error it is dropped unread.
        let mut counts = unsafe { DeviceVector::<C, B>::for_overwrite(edges.len() - 1) }?;
        x.with_stored(|x| B::histogram_range(x, e, counts.buffer_out(TOKEN)))?;
        Ok(counts)
    })
}

/// [`histogram`] into `counts` (overwritten; `counts.len() + 1 == edges.len()`).
///
/// # Errors
/// As [`histogram`], and [`Error::LengthMismatch`] when `counts` has the wrong length; on
/// any error `counts` is untouched.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<f64>::from_slice(&[0.5, 1.5, 2.5])?;
/// let edges = DeviceVector::from_slice(&[0.0, 1.0, 2.0])?;
/// let mut h = DeviceVector::<u32>::zeros(2)?;
/// parallaxis::histogram_into(&x, &edges, &mut h)?;
/// assert_eq!(h.to_vec()?, [1, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn histogram_into<T, C, B>(
    x: &impl Readable<T, B>,
    edges: &impl Readable<T::Level, B>,
    counts: &mut impl Output<C, B>,
) -> Result<()>
where
    T: HistogramSample,
    C: HistogramCounter,
    B: HistogramOps<T, C>,
{
    edges.with_stored(|e| {
        B::with_host_slice(e, check_edges::<T>)?.map_err(invalid)?;
        same_len("histogram counts", edges.len() - 1, counts)?;
        x.with_stored(|x| B::histogram_range(x, e, counts.buffer_out(TOKEN)))
    })
}
