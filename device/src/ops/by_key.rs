//! Reduce by key, in passes over scratch (about `4n` key-word + `19n` value-and-index bytes
//! for 4-byte keys and values; a fused single pass is future work):
//! 1. keys to head bytes and 0/1 run-start counts (`u32`),
//! 2. the segmented inclusive scan of the values by those heads,
//! 3. the inclusive `u32` sum scan of the counts (run index + 1 of every element),
//! 4. one 4-byte read of the run count, the exact-size outputs, and a scatter of every run's
//!    last element: its key, and `identity ⊕` its scanned value.

use super::same_device;
use super::segmented::{seg_scan_raw, seg_state, Plan};
use crate::buffer::{check_len, device_ptr, device_ptr_mut};
use crate::error::{DeviceError, Result};
use crate::kernel_segmented::{KeyKernel, SegmentedKernel};
use crate::{launch, launch_segmented, DeviceBuffer};
use cudarc::driver::sys;
use parallax_core::{DeviceCopy, Sum};
use parallax_kernels::params::ScanParams;
use parallax_kernels::params_segmented::{KeyHeadsParams, NoOp, RunScatterParams};
use parallax_kernels::tuning::transform_blocks;
use std::mem::size_of;

/// One `(key, fold)` pair per maximal run of equal consecutive keys; each fold starts from
/// the identity, as in `parallax_core::reference::reduce_by_key`.
///
/// # Errors
/// Length mismatches, buffers on different devices, out of memory, a device fault; more than
/// `u32::MAX` elements (run indices are 32-bit) is a [`DeviceError::Cuda`] error.
pub fn reduce_by_key<K: KeyKernel, T: DeviceCopy, M: SegmentedKernel<T>>(
    m: M,
    keys: &DeviceBuffer<K>,
    x: &DeviceBuffer<T>,
) -> Result<(DeviceBuffer<K>, DeviceBuffer<T>)> {
    check_len("reduce_by_key values", keys.len(), x.len())?;
    let dev = same_device(x, keys)?;
    if x.is_empty() {
        return Ok((
            DeviceBuffer::zeroed_on(dev, 0)?,
            DeviceBuffer::zeroed_on(dev, 0)?,
        ));
    }
    if x.len() > u32::MAX as usize {
        return Err(DeviceError::Cuda {
            during: "reduce_by_key",
            reason: format!(
                "{} elements: run indices are 32-bit (at most {})",
                x.len(),
                u32::MAX
            ),
        });
    }
    dev.enter()?;
    let n = x.len() as u64;
    let mut plan = Plan::default();
    let heads = plan.take(n as usize);
    let counts = plan.take(4 * n as usize);
    let scanned = plan.take(n as usize * size_of::<T>());
    let seg = seg_state::<T>(&mut plan, n);
    let count_state = plan.state::<u32>(n, size_of::<u32>());
    let mut scratch = dev.scratch();
    let base = plan.reserve(dev, &mut scratch)?;
    let (heads, counts, scanned) = (
        base + heads as u64,
        base + counts as u64,
        base + scanned as u64,
    );
    let blocks = transform_blocks(n);
    let p = KeyHeadsParams {
        keys: keys.as_ptr().cast::<K::Word>(),
        heads: device_ptr_mut(heads),
        counts: device_ptr_mut(counts),
        n,
    };
    // SAFETY: `K::Word` has `K`'s layout; `heads` and `counts` are `n` entries of the
    // scratch locked until the synchronize below.
    unsafe { launch_segmented::key_heads::<K>(dev, blocks, p) }?;
    // SAFETY: heads written above; `scanned` holds `n` values of locked scratch.
    unsafe {
        seg_scan_raw(
            dev,
            m,
            device_ptr(heads),
            x.as_ptr(),
            device_ptr_mut(scanned),
            n,
            None,
            base,
            seg,
        )
    }?;
    count_state.zero(dev, base)?;
    let p = ScanParams {
        x: device_ptr(counts),
        y: device_ptr_mut(counts),
        n,
        status: count_state.status(base),
        init: 0_u32,
        staged: 1,
        m: Sum,
    };
    // SAFETY: an in-place scan of `n` locked scratch words (the kernel reads each tile
    // before writing it); its state is zeroed for `tiles` tiles.
    unsafe { launch::scan::<u32, Sum>(dev, false, count_state.tiles, p) }?;
    let mut runs = 0_u32;
    // SAFETY: reads the last count (4 bytes inside the scratch); a synchronous copy on the
    // legacy stream, ordered after the scan.
    unsafe { sys::cuMemcpyDtoH_v2((&mut runs as *mut u32).cast(), counts + 4 * (n - 1), 4) }
        .result()
        .map_err(|e| dev.fail("reading the run count", e))?;
    let mut out_keys = DeviceBuffer::<K>::zeroed_on(dev, runs as usize)?;
    let mut out_values = DeviceBuffer::<T>::zeroed_on(dev, runs as usize)?;
    let p = RunScatterParams {
        heads: device_ptr(heads),
        counts: device_ptr(counts),
        src: keys.as_ptr().cast::<K::Word>(),
        out: out_keys.as_mut_ptr().cast::<K::Word>(),
        n,
        m: NoOp,
    };
    // SAFETY: every run index is below `runs`, the outputs' length; inputs as above.
    unsafe { launch_segmented::scatter_keys::<K>(dev, blocks, p) }?;
    let p = RunScatterParams {
        heads: device_ptr(heads),
        counts: device_ptr(counts),
        src: device_ptr(scanned),
        out: out_values.as_mut_ptr(),
        n,
        m,
    };
    // SAFETY: as above.
    unsafe { launch_segmented::scatter_values(dev, blocks, p) }?;
    dev.synchronize("reduce_by_key")?;
    Ok((out_keys, out_values))
}
