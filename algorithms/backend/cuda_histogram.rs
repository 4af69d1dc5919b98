//! The CUDA backend's histograms, gather / scatter and reverse (`parallaxis_device`'s
//! `ops/histogram.rs` and `ops/gather.rs`): histograms for the sample types with kernels
//! (`HistogramKernel`: u8, i8, u16, i16, u32, i32, f32, f64) and `u32` / `u64` counters;
//! gather, scatter and reverse for every `DeviceCopy` type, moved as words.

use super::ops_histogram::{GatherOps, HistogramOps, ReverseOps};
use super::Cuda;
use crate::Result;
use parallaxis_core::{DeviceCopy, EvenBins, HistogramCounter};
use parallaxis_device::{self as device, DeviceBuffer, HistogramKernel, SpmvIndex};

impl<T: HistogramKernel<C>, C: HistogramCounter> HistogramOps<T, C> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn histogram_even(
        x: &DeviceBuffer<T>,
        e: &EvenBins<T>,
        counts: &mut DeviceBuffer<C>,
    ) -> Result<()> {
        device::histogram_even(x, e, counts)
    }
    fn histogram_range(
        x: &DeviceBuffer<T>,
        edges: &DeviceBuffer<T::Level>,
        counts: &mut DeviceBuffer<C>,
    ) -> Result<()> {
        device::histogram_range(x, edges, counts)
    }
}

/// Scatter with duplicate indices: one of the writes wins, which one is unspecified.
impl<I: SpmvIndex, T: DeviceCopy> GatherOps<I, T> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn first_out_of_range(
        map: &DeviceBuffer<I>,
        stencil: Option<&DeviceBuffer<bool>>,
        len: usize,
    ) -> Result<Option<(usize, usize)>> {
        device::first_out_of_range(map, stencil, len)
    }
    unsafe fn gather(
        map: &DeviceBuffer<I>,
        src: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        // SAFETY: the caller guarantees every index is in range.
        unsafe { device::gather(map, None, src, y) }
    }
    unsafe fn gather_if(
        map: &DeviceBuffer<I>,
        stencil: &DeviceBuffer<bool>,
        src: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        // SAFETY: the caller guarantees every selected index is in range.
        unsafe { device::gather(map, Some(stencil), src, y) }
    }
    unsafe fn scatter(
        src: &DeviceBuffer<T>,
        map: &DeviceBuffer<I>,
        dst: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        // SAFETY: the caller guarantees every index is in range.
        unsafe { device::scatter(src, map, None, dst) }
    }
    unsafe fn scatter_if(
        src: &DeviceBuffer<T>,
        map: &DeviceBuffer<I>,
        stencil: &DeviceBuffer<bool>,
        dst: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        // SAFETY: the caller guarantees every selected index is in range.
        unsafe { device::scatter(src, map, Some(stencil), dst) }
    }
}

impl<T: DeviceCopy> ReverseOps<T> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn reverse(x: &DeviceBuffer<T>, y: &mut DeviceBuffer<T>) -> Result<()> {
        device::reverse(x, y)
    }
}
