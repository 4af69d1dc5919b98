//! Vectorized binary search: one launch, one thread per query (`kernels/search/`), returning
//! once queued.

use super::prologue::{check, enter};
use crate::kernel::extrema::SearchKernel;
use crate::{launch, Device, DeviceBuffer, Result};
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::search::SearchParams;
use parallaxis_kernels::policy::search::search_blocks;

/// The checks every search makes, then the device and the parameters of a search of
/// `queries` in `sorted` into `out` (of `out_len` items); `None` when there is no query.
fn prepare<T: SearchKernel, O: DeviceCopy>(
    sorted: &DeviceBuffer<T>,
    queries: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<O>,
) -> Result<Option<(&'static Device, SearchParams<T, O>)>> {
    check(
        &[("search output", queries.len(), out.len())],
        &[(sorted, queries), (queries, out)],
    )?;
    let Some(dev) = enter(out.device(), out.is_empty())? else {
        return Ok(None);
    };
    let p = SearchParams {
        sorted: sorted.as_ptr(),
        n: sorted.len() as u64,
        queries: queries.as_ptr(),
        m: queries.len() as u64,
        out: out.as_mut_ptr(),
    };
    Ok(Some((dev, p)))
}

/// `out[j]`: the first `i` with `!(sorted[i] < queries[j])` (`upper`: with `queries[j] <
/// sorted[i]`) in `SearchKey` order; any position in `0..=n` for an unsorted `sorted`.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == queries.len()`;
/// buffers on different devices.
pub fn bound<T: SearchKernel>(
    upper: bool,
    sorted: &DeviceBuffer<T>,
    queries: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<usize>,
) -> Result<()> {
    let Some((dev, p)) = prepare(sorted, queries, out)? else {
        return Ok(());
    };
    // SAFETY: the three buffers are live for their lengths on `dev`; later frees and reads
    // queue after the kernel.
    unsafe { launch::extrema::bound(dev, upper, search_blocks(p.m), p) }
}

/// `out[j]`: whether `queries[j]` occurs in `sorted`.
///
/// # Errors
/// As [`bound`].
pub fn binary_search<T: SearchKernel>(
    sorted: &DeviceBuffer<T>,
    queries: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<bool>,
) -> Result<()> {
    let Some((dev, p)) = prepare(sorted, queries, out)? else {
        return Ok(());
    };
    // SAFETY: the three buffers are live for their lengths on `dev`; later frees and reads
    // queue after the kernel.
    unsafe { launch::extrema::binary_search(dev, search_blocks(p.m), p) }
}
