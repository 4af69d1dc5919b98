//! Reduce by key in one pass over keys and values and two small ones over the runs: a
//! single-pass segmented scan that finds heads by comparing keys, counts runs, and writes,
//! compacted, each run's fold and last index (reads the keys and values, writes 8 bytes per
//! run); a copy of the folds and a gather of each run's key by its last index into the
//! exact-size outputs. Traffic for 4-byte keys and values: about `8n + 24·runs` bytes,
//! against the ideal `8n + 8·runs`.

use super::plan::Plan;
use super::same_device;
use crate::buffer::{check_len, device_ptr, device_ptr_mut};
use crate::error::{DeviceError, Result};
use crate::kernel_segmented::{KeyKernel, SegmentedKernel};
use crate::{launch_segmented as launch, DeviceBuffer, STREAM};
use cudarc::driver::{result, sys};
use parallax_core::DeviceCopy;
use parallax_kernels::params_segmented::{GatherKeysParams, ReduceRunsParams, RunAgg};
use parallax_kernels::tuning::transform_blocks;
use parallax_kernels::tuning::{deep_scan_tile_items, packed_run_words};
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
    let values = plan.take(n as usize * size_of::<T>());
    let tails = plan.take(4 * n as usize);
    let runs_at = plan.take(4);
    // reduce_runs' `RunPair` codec: two words when `T` has 4 bytes.
    let state = plan.state::<RunAgg<T>>(
        n,
        deep_scan_tile_items(size_of::<T>()),
        packed_run_words::<T>(),
    );
    let mut scratch = dev.scratch();
    let base = plan.reserve(dev, &mut scratch)?;
    let (values, tails, runs_at) = (
        base + values as u64,
        base + tails as u64,
        base + runs_at as u64,
    );
    state.zero(dev, base)?;
    let p = ReduceRunsParams {
        heads: keys.as_ptr().cast::<u8>(),
        x: x.as_ptr(),
        n,
        status: state.status(base),
        values: device_ptr_mut(values),
        tails: device_ptr_mut(tails),
        runs: device_ptr_mut(runs_at),
        staged: 1,
        key_bytes: size_of::<K>() as u32,
        m,
    };
    // SAFETY: the keys are `n` plain words of `size_of::<K>()` bytes (a primitive integer);
    // `values`, `tails` hold `n` entries and `runs_at` one word of the scratch locked until
    // the synchronize below; `n <= u32::MAX`; one block per tile of zeroed state.
    unsafe { launch::reduce_runs(dev, state.tiles, p) }?;
    let mut runs = 0_u32;
    // SAFETY: 4 bytes inside the scratch; a synchronous copy on the legacy stream, ordered
    // after the kernel (which always writes it: element `n - 1` ends the last run).
    unsafe { sys::cuMemcpyDtoH_v2((&mut runs as *mut u32).cast(), runs_at, 4) }
        .result()
        .map_err(|e| dev.fail("reading the run count", e))?;
    let runs = runs as usize;
    let mut out_keys = DeviceBuffer::<K>::zeroed_on(dev, runs)?;
    let mut out_values = DeviceBuffer::<T>::zeroed_on(dev, runs)?;
    let dst = out_values.as_mut_ptr() as usize as u64;
    // SAFETY: `runs` values of the scratch into the fresh output of `runs` values.
    unsafe { result::memcpy_dtod_async(dst, values, runs * size_of::<T>(), STREAM) }
        .map_err(|e| dev.fail("copying the run values", e))?;
    let p = GatherKeysParams {
        keys: keys.as_ptr().cast::<K::Word>(),
        tails: device_ptr(tails),
        out: out_keys.as_mut_ptr().cast::<K::Word>(),
        runs: runs as u64,
    };
    // SAFETY: `tails` holds `runs` indices below `n`; `out_keys` has `runs` keys.
    unsafe { launch::gather_keys::<K>(dev, transform_blocks(runs as u64), p) }?;
    dev.synchronize("reduce_by_key")?;
    Ok((out_keys, out_values))
}
