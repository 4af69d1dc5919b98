//! Segmented reduce by offsets: `y[s]` folds `x[offsets[s]..offsets[s + 1]]` from the
//! identity (the identity for an empty segment).
//!
//! For `0 < n <= u32::MAX` one reduce-runs pass over head bytes written from the offsets
//! writes the fold of each nonempty segment, compacted (4 bytes read per element, 8 written
//! per segment); with no empty segment that is `y` already (one copy), otherwise a gather
//! places each fold by binary search of its last index. Other sizes take the general path:
//! a full segmented scan into scratch and a gather.
//!
//! Both return once the last kernel is queued (the reduce-runs path has waited for its run
//! count on the way), as the scans do.

use super::scan::{offsets_to_heads, seg_scan_raw, seg_state};
use crate::buffer::{device_ptr, device_ptr_mut};
use crate::context::Device;
use crate::kernel::segmented::SegmentedKernel;
use crate::launch::segmented as launch;
use crate::ops::plan::Plan;
use crate::ops::prologue::{check, enter, reserve};
use crate::stream::host_copy::download;
use crate::DeviceBuffer;
use crate::Result;
use cudarc::driver::result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::common::HostSignal;
use parallaxis_kernels::policy::transform::transform_blocks;
use parallaxis_kernels::{
    params::segmented::ReduceRunsParams, params::segmented::RunAgg,
    params::segmented::RunGatherParams, params::segmented::SegGatherParams,
    params::segmented::HEADS_FROM_OFFSETS,
};
use parallaxis_kernels::{policy::lookback::packed_run_words, policy::scan::deep_scan_tile_items};
use std::mem::size_of;

/// Segmented reduce: `y[s]` folds `x[offsets[s]..offsets[s + 1]]` from the identity (the
/// identity for an empty segment); offsets validated (`0 = o[0] <= ... <= o[last] = x.len()`).
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless
/// `y.len() + 1 == offsets.len()`; buffers on different devices, no scratch memory. A fault
/// of the last kernel surfaces in the next call that waits for the device.
pub fn segmented_reduce<T: DeviceCopy, M: SegmentedKernel<T>>(
    m: M,
    offsets: &DeviceBuffer<usize>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
) -> Result<()> {
    check(
        &[("segmented_reduce offsets", y.len() + 1, offsets.len())],
        &[(x, y), (x, offsets)],
    )?;
    let Some(dev) = enter(x.device(), y.is_empty())? else {
        return Ok(());
    };
    if x.is_empty() || x.len() > u32::MAX as usize {
        by_scan(dev, m, offsets, x, y)
    } else {
        by_runs(dev, m, offsets, x, y)
    }
}

/// The reduce-runs path (`0 < n <= u32::MAX`).
fn by_runs<T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    m: M,
    offsets: &DeviceBuffer<usize>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
) -> Result<()> {
    let n = x.len() as u64;
    let segments = y.len() as u64;
    let mut plan = Plan::default();
    let heads = plan.take(n as usize);
    let values = plan.take(n as usize * size_of::<T>());
    let tails = plan.take(4 * n as usize);
    let runs_at = plan.take(8);
    // reduce_runs' `RunPair` codec: two words when `T` has 4 bytes.
    let state = plan.state::<RunAgg<T>>(
        n,
        deep_scan_tile_items(size_of::<T>()),
        packed_run_words::<T>(),
    );
    let (mut scratch, base) = reserve(dev, &plan)?;
    let (heads, values, tails, runs_at) = (
        base + heads as u64,
        base + values as u64,
        base + tails as u64,
        base + runs_at as u64,
    );
    offsets_to_heads(dev, offsets, heads, n)?;
    let status = state.ready(dev, &mut scratch, base)?;
    let p = ReduceRunsParams {
        heads: device_ptr(heads),
        x: x.as_ptr(),
        n,
        status,
        values: device_ptr_mut(values),
        ends: device_ptr_mut(tails),
        runs: device_ptr_mut(runs_at),
        // The count stays on the device (the pass after this one reads it).
        done: HostSignal::NONE,
        staged: 1,
        key_bytes: 0,
        m,
    };
    // SAFETY: `heads` written above; `values`, `tails` (the `u32` last indices of flag
    // heads) hold `n` entries and `runs_at` one word of the scratch, locked while this
    // queues; `0 < n <= u32::MAX`.
    unsafe { launch::reduce_runs(dev, state.tiles, p) }?;
    let mut runs = 0_u64;
    // SAFETY: 8 bytes inside the scratch, ordered after the kernel (which always writes it).
    unsafe {
        download(
            dev,
            (&raw mut runs).cast(),
            runs_at,
            8,
            "reading the run count",
        )
    }?;
    if runs == segments {
        // No empty segment: run `r` is segment `r`.
        let dst = y.as_mut_ptr() as usize as u64;
        // SAFETY: `runs` values of scratch into `y`, which holds `segments == runs`.
        unsafe {
            result::memcpy_dtod_async(dst, values, runs as usize * size_of::<T>(), dev.stream())
        }
        .map_err(|e| dev.fail("copying segment folds", e))?;
    } else {
        let p = RunGatherParams {
            offsets: offsets.as_ptr().cast::<u64>(),
            values: device_ptr(values),
            tails: device_ptr(tails),
            runs,
            y: y.as_mut_ptr(),
            segments,
            m,
        };
        // SAFETY: one fold and one increasing last index per nonempty segment, `runs` of
        // them; `y` has `segments` values.
        unsafe { launch::run_gather(dev, transform_blocks(segments), p) }?;
    }
    Ok(())
}

/// The general path (any `n`, used when `n == 0` or `n > u32::MAX`): an inclusive
/// segmented scan of all `n` values into scratch, then one gather per segment
/// (`identity ⊕` the scan at the segment's last element).
fn by_scan<T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    m: M,
    offsets: &DeviceBuffer<usize>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
) -> Result<()> {
    let n = x.len() as u64;
    let segments = y.len() as u64;
    let mut plan = Plan::default();
    let scanned = plan.take(n as usize * size_of::<T>());
    let state = seg_state::<T>(&mut plan, n);
    let (mut scratch, base) = reserve(dev, &plan)?;
    let scanned = base + scanned as u64;
    if n > 0 {
        // SAFETY: as in `scan_by_flags`, heads from the validated offsets (`usize` is `u64`
        // on the 64-bit hosts CUDA runs on); `scanned` is `n` values of locked scratch.
        unsafe {
            seg_scan_raw(
                dev,
                m,
                offsets.as_ptr().cast::<u8>(),
                x.as_ptr(),
                device_ptr_mut(scanned),
                n,
                None,
                HEADS_FROM_OFFSETS,
                segments,
                (state, base, &mut scratch),
            )
        }?;
    }
    let p = SegGatherParams {
        offsets: offsets.as_ptr().cast::<u64>(),
        scanned: device_ptr(scanned),
        y: y.as_mut_ptr(),
        segments,
        m,
    };
    // SAFETY: validated offsets end at `n`, so the gather reads only scanned values below
    // `n` (none when `n == 0`: every segment is empty); `y` has `segments` values.
    unsafe { launch::seg_gather(dev, transform_blocks(segments), p) }
}
