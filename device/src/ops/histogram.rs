//! Histograms: zero the counters (`cuMemsetD8Async`), then one kernel that counts into them
//! (1-byte samples in per-lane counters of their 256 values, others in privatized bins in
//! shared memory where they fit, `policy::histogram`). Both return once queued (the crate's
//! queueing contract, `LEGACY_STREAM` in `lib.rs`).

use super::prologue::{check, enter};
use crate::kernel::histogram::HistogramKernel;
use crate::{launch, DeviceBuffer, Result};
use cudarc::driver::sys;
use parallaxis_core::{EvenBins, HistogramCounter};
use parallaxis_kernels::params::histogram::{counting, HistogramEvenParams, HistogramRangeParams};
use parallaxis_kernels::policy::common::BLOCK_THREADS;
use parallaxis_kernels::policy::histogram::{
    bin_copies, even_shared_bytes, histogram_blocks, lane_byte_shared_bytes, range_shared_bytes,
    HISTOGRAM_SHARED_MAX,
};
use std::mem::size_of;

/// A launch's counting mode, dynamic shared memory and grid.
struct Shape {
    counting: u32,
    shared: usize,
    blocks: u64,
}

/// 1-byte samples: the lane byte counters, on at most as many blocks as fit the GPU at once
/// (their 65 KiB of shared memory allows few per multiprocessor, and the blocks loop).
fn lane_bytes_shape(dev: &crate::Device, entry: &'static str, n: u64) -> Result<Shape> {
    let shared = lane_byte_shared_bytes();
    let resident = dev.resident_blocks(crate::KERNELS, entry, BLOCK_THREADS, shared)?;
    Ok(Shape {
        counting: counting::LANE_BYTES,
        shared,
        blocks: histogram_blocks(n, 1).min(resident),
    })
}

/// Other samples (wider than a byte, so the even rule needs no table): shared bins where
/// `shared` bytes fit, else the output directly.
fn bins_shape(n: u64, size: usize, shared: usize) -> Shape {
    let fits = shared <= HISTOGRAM_SHARED_MAX;
    Shape {
        counting: if fits {
            counting::SHARED_BINS
        } else {
            counting::GLOBAL
        },
        shared: if fits { shared } else { 0 },
        blocks: histogram_blocks(n, size),
    }
}

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
    let (size, n) = (size_of::<T>(), x.len() as u64);
    let shape = if size == 1 {
        lane_bytes_shape(dev, T::EVEN, n)?
    } else {
        bins_shape(n, size, even_shared_bytes(e.bins, size, true))
    };
    let p = HistogramEvenParams {
        x: x.as_ptr(),
        n,
        counts: counts.as_mut_ptr(),
        bins: *e,
        counting: shape.counting,
        copies: bin_copies(e.bins),
    };
    // SAFETY: live buffers of `n` samples and `bins` counters on `dev`, the shared size the
    // kernel expects for its counting mode; queued as in `transform`.
    unsafe { launch::histogram::histogram_even(dev, shape.blocks, shape.shared, p) }
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
    let (size, n) = (size_of::<T>(), x.len() as u64);
    let shape = if size == 1 {
        lane_bytes_shape(dev, T::RANGE, n)?
    } else {
        bins_shape(n, size, range_shared_bytes(bins, size_of::<T::Level>()))
    };
    let p = HistogramRangeParams {
        x: x.as_ptr(),
        n,
        counts: counts.as_mut_ptr(),
        edges: edges.as_ptr(),
        bins,
        counting: shape.counting,
        copies: bin_copies(bins),
    };
    // SAFETY: live buffers of `n` samples, `bins + 1` edges and `bins` counters on `dev`, the
    // shared size the kernel expects for its counting mode; queued as in `transform`.
    unsafe { launch::histogram::histogram_range(dev, shape.blocks, shape.shared, p) }
}
