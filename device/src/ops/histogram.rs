//! Histograms: zero the counters (`cuMemsetD8Async`), then one kernel that counts into them
//! (privatized bins in shared memory where they fit, `policy::histogram`). Both return once
//! queued (the crate's queueing contract, `LEGACY_STREAM` in `lib.rs`).

use super::prologue::{check, enter};
use crate::kernel::histogram::HistogramKernel;
use crate::{launch, DeviceBuffer, Result};
use cudarc::driver::sys;
use parallaxis_core::{EvenBins, HistogramCounter};
use parallaxis_kernels::params::histogram::{HistogramEvenParams, HistogramRangeParams};
use parallaxis_kernels::policy::histogram::{
    bin_copies, even_shared_bytes, histogram_blocks, range_shared_bytes, HISTOGRAM_SHARED_MAX,
};
use std::mem::size_of;

/// Sets every counter to zero, queued on the stream.
fn zero<C: HistogramCounter>(counts: &mut DeviceBuffer<C>) -> Result<()> {
    let bytes = counts.len() * size_of::<C>();
    let ptr = counts.as_mut_ptr() as sys::CUdeviceptr;
    // SAFETY: `ptr` is a live allocation of at least `bytes` bytes on the current device.
    unsafe { sys::cuMemsetD8Async(ptr, 0, bytes, counts.device().stream()) }
        .result()
        .map_err(|e| counts.device().fail("zeroing histogram counters", e))
}

/// Counts each sample of `x` in its even bin of `e` into `counts` (overwritten).
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `counts.len() == e.bins`; buffers on
/// different devices; a fault as in [`crate::transform`].
pub fn histogram_even<T: HistogramKernel<C>, C: HistogramCounter>(
    x: &DeviceBuffer<T>,
    e: &EvenBins<T>,
    counts: &mut DeviceBuffer<C>,
) -> Result<()> {
    check(
        &[("histogram counts", e.bins as usize, counts.len())],
        &[(x, counts)],
    )?;
    let Some(dev) = enter(counts.device(), counts.is_empty())? else {
        return Ok(());
    };
    zero(counts)?;
    if x.is_empty() {
        return Ok(());
    }
    let size = size_of::<T>();
    let privatized = even_shared_bytes(e.bins, size, true) <= HISTOGRAM_SHARED_MAX;
    let p = HistogramEvenParams {
        x: x.as_ptr(),
        n: x.len() as u64,
        counts: counts.as_mut_ptr(),
        bins: *e,
        privatized: u32::from(privatized),
        copies: bin_copies(e.bins),
    };
    let (blocks, shared) = (
        histogram_blocks(p.n, size),
        even_shared_bytes(e.bins, size, privatized),
    );
    // SAFETY: live buffers of `n` samples and `bins` counters on `dev`, the shared size the
    // kernel expects; queued as in `transform`.
    unsafe { launch::histogram::histogram_even(dev, blocks, shared, p) }
}

/// Counts each sample of `x` in bin `i` where `edges[i] <= x < edges[i + 1]` into `counts`
/// (overwritten).
///
/// `edges` should be sorted, without NaN (`parallaxis_core::check_edges`, which the facade's
/// front doors run): the binary search relies on it for its answer only, never for memory
/// safety (every edge it reads is below `edges.len()`).
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `counts.len() + 1 == edges.len()`;
/// buffers on different devices; a fault as in [`crate::transform`].
pub fn histogram_range<T: HistogramKernel<C>, C: HistogramCounter>(
    x: &DeviceBuffer<T>,
    edges: &DeviceBuffer<T::Level>,
    counts: &mut DeviceBuffer<C>,
) -> Result<()> {
    check(
        &[(
            "histogram counts",
            edges.len().saturating_sub(1),
            counts.len(),
        )],
        &[(x, counts), (x, edges)],
    )?;
    let Some(dev) = enter(counts.device(), counts.is_empty())? else {
        return Ok(());
    };
    let bins = u32::try_from(counts.len()).map_err(|_| crate::Error::InvalidArgument {
        what: "edges",
        reason: "more than u32::MAX - 1 bins",
    })?;
    zero(counts)?;
    if x.is_empty() {
        return Ok(());
    }
    let shared = range_shared_bytes(bins, size_of::<T::Level>());
    let privatized = shared <= HISTOGRAM_SHARED_MAX;
    let p = HistogramRangeParams {
        x: x.as_ptr(),
        n: x.len() as u64,
        counts: counts.as_mut_ptr(),
        edges: edges.as_ptr(),
        bins,
        privatized: u32::from(privatized),
        copies: bin_copies(bins),
    };
    let blocks = histogram_blocks(p.n, size_of::<T>());
    let shared = if privatized { shared } else { 0 };
    // SAFETY: live buffers of `n` samples, `bins + 1` edges and `bins` counters on `dev`, the
    // shared size the kernel expects; queued as in `transform`.
    unsafe { launch::histogram::histogram_range(dev, blocks, shared, p) }
}
