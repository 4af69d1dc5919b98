//! Multi-channel histograms (CUB's `MultiHistogramEven`): samples interleaved in pixels of
//! `channels` samples (RGBA bytes: `channels = 4`), one histogram of even bins for each of
//! the first `bins.len()` channels (the active ones; RGB of RGBA: three), each with its own
//! bin count and bounds.
//!
//! A composition on every backend: each active channel's samples gathered into one
//! temporary (positions `p * channels + c`, built on the host), then counted by
//! [`histogram_even`](crate::histogram_even)'s algorithm; the bins are those of
//! `histogram_even` over the channel alone. No kernel of its own: on the GPU a channel costs a
//! gather and a histogram of its samples.

use crate::backend::{GatherOps, HistogramOps, TOKEN};
use crate::check::lengths_agree;
use crate::lazy::Readable;
use crate::view::Output;
use crate::{DeviceVector, Error, Result};
use parallaxis_core::{try_with_capacity, EvenBins, HistogramCounter, HistogramSample};

/// One histogram of `bins[c]` even bins over `[lower[c], upper[c])` for each active channel
/// `c < bins.len()` of the pixels in `x` (`channels` interleaved samples each), as
/// [`histogram_even`](crate::histogram_even) counts one channel.
///
/// # Errors
/// [`Error::InvalidArgument`] for zero channels, more active channels than `channels`, a
/// sample count that is not a whole number of pixels, or bins and bounds that
/// `histogram_even` refuses; [`Error::LengthMismatch`] unless `lower` and `upper` are as long
/// as `bins`; out of memory or a device fault. Everything is checked before any counting.
///
/// ```
/// use parallaxis::DeviceVector;
/// // Two RGBA pixels; histograms of R, G and B in 2 bins each (alpha ignored).
/// let px = DeviceVector::<u8>::from_slice(&[10, 200, 30, 255, 250, 20, 130, 0])?;
/// let h: Vec<DeviceVector<u32>> =
///     parallaxis::histogram_even_channels(&px, 4, &[2, 2, 2], &[0; 3], &[256; 3])?;
/// assert_eq!(h[0].to_vec()?, [1, 1]); // R: 10, 250
/// assert_eq!(h[1].to_vec()?, [1, 1]); // G: 200, 20
/// assert_eq!(h[2].to_vec()?, [1, 1]); // B: 30, 130
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("MultiHistogramEven", "DeviceHistogram"))]
pub fn histogram_even_channels<T, C, B>(
    x: &impl Readable<T, B>,
    channels: usize,
    bins: &[usize],
    lower: &[T::Level],
    upper: &[T::Level],
) -> Result<Vec<DeviceVector<C, B>>>
where
    T: HistogramSample,
    C: HistogramCounter,
    B: HistogramOps<T, C> + GatherOps<usize, T>,
{
    let invalid = |what, reason| Error::InvalidArgument { what, reason };
    if channels == 0 {
        return Err(invalid("channels", "is zero"));
    }
    lengths_agree("histogram lower levels", bins.len(), lower.len())?;
    lengths_agree("histogram upper levels", bins.len(), upper.len())?;
    if bins.len() > channels {
        return Err(invalid("active channels", "more than the channels"));
    }
    if x.len() % channels != 0 {
        return Err(invalid("samples", "not a whole number of pixels"));
    }
    let mut specs = try_with_capacity(bins.len())?;
    for c in 0..bins.len() {
        let spec = EvenBins::<T>::new(lower[c], upper[c], bins[c])
            .map_err(|(what, reason)| invalid(what, reason))?;
        specs.push(spec);
    }
    let mut histograms = try_with_capacity(specs.len())?;
    // A lazy `x` is written out once for all channels.
    x.with_stored(|x| {
        for (c, spec) in specs.iter().enumerate() {
            // SAFETY: the histogram overwrites every counter; on an error it is dropped unread.
            let mut counts = unsafe { DeviceVector::<C, B>::for_overwrite(bins[c]) }?;
            count_channel::<T, C, B>(x, channels, c, spec, counts.buffer_out(TOKEN))?;
            histograms.push(counts);
        }
        Ok::<_, Error>(())
    })?;
    Ok(histograms)
}

/// Counts channel `c` of the pixels in `x` (a whole number of them) into `counts`.
fn count_channel<T, C, B>(
    x: &B::Slice<T>,
    channels: usize,
    c: usize,
    spec: &EvenBins<T>,
    counts: &mut B::Slice<C>,
) -> Result<()>
where
    T: HistogramSample,
    C: HistogramCounter,
    B: HistogramOps<T, C> + GatherOps<usize, T>,
{
    if channels == 1 {
        return B::histogram_even(x, spec, counts);
    }
    let pixels = B::len(x) / channels;
    B::at_home_of(x, || {
        let mut positions = try_with_capacity(pixels)?;
        positions.extend((0..pixels).map(|p| p * channels + c));
        let map = B::from_vec(positions)?;
        // SAFETY: the gather writes every sample; on an error `samples` is dropped unread.
        let mut samples = unsafe { B::for_overwrite::<T>(pixels) }?;
        // SAFETY: every position `p * channels + c < pixels * channels = x.len()`.
        unsafe {
            <B as GatherOps<usize, T>>::gather(
                B::as_slice(&map),
                x,
                B::as_slice_mut(&mut samples),
            )?;
        }
        B::histogram_even(B::as_slice(&samples), spec, counts)
    })
}
