//! Typed launchers of the histogram kernels.

use super::launch;
use crate::context::Device;
use crate::kernel::histogram::HistogramKernel;
use crate::Result;
use parallaxis_core::HistogramCounter;
use parallaxis_kernels::params::histogram::{HistogramEvenParams, HistogramRangeParams};

/// `parallax_histogram_even__<T>__<C>(HistogramEvenParams<T, C>)`.
///
/// # Safety
/// `x` readable for `n` samples and `counts` for `bins` counters on `dev`; `shared` is what
/// `p.counting` needs (`kernels::histogram::histogram_even`'s contract).
pub(crate) unsafe fn histogram_even<T: HistogramKernel<C>, C: HistogramCounter>(
    dev: &Device,
    blocks: u64,
    shared: usize,
    p: HistogramEvenParams<T, C>,
) -> Result<()> {
    // SAFETY: `HistogramKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, T::EVEN, blocks, shared, p) }
}

/// `parallax_histogram_range__<T>__<C>(HistogramRangeParams<T, C>)`.
///
/// # Safety
/// `x` readable for `n` samples, `edges` for `bins + 1` and `counts` for `bins` counters on
/// `dev`; `shared` is what `p.counting` needs (`kernels::histogram::histogram_range`'s
/// contract).
pub(crate) unsafe fn histogram_range<T: HistogramKernel<C>, C: HistogramCounter>(
    dev: &Device,
    blocks: u64,
    shared: usize,
    p: HistogramRangeParams<T, C>,
) -> Result<()> {
    // SAFETY: `HistogramKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, T::RANGE, blocks, shared, p) }
}
