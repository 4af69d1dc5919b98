//! Reduce by key in one pass over keys and values: a single-pass segmented scan that finds
//! heads by comparing keys, counts runs, and writes, compacted, each run's fold and key
//! (reads the keys and values, writes a key and a fold per run, the ideal traffic: `8n +
//! 8·runs` bytes for 4-byte keys and values).
//!
//! [`reduce_by_key_into`] writes straight into the caller's buffers and leaves the run count
//! on the device (as CUB's `DeviceReduce::ReduceByKey`), returning once the kernel is queued.
//! [`reduce_by_key`] allocates exact-size outputs, so it waits for the count; it stages the
//! runs in scratch and copies them out.

use crate::buffer::device_ptr_mut;
use crate::context::Device;
use crate::context::Scratch;
use crate::kernel::segmented::{KeyKernel, SegmentedKernel};
use crate::launch::segmented as launch;
use crate::ops::plan::{Plan, State};
use crate::ops::prologue::{check, reserve};
use crate::DeviceBuffer;
use crate::{Error, Result};
use cudarc::driver::{result, sys};
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::common::HostSignal;
use parallaxis_kernels::{params::segmented::ReduceRunsParams, params::segmented::RunAgg};
use parallaxis_kernels::{policy::lookback::packed_run_words, policy::scan::deep_scan_tile_items};
use std::mem::size_of;

/// One `(key, fold)` pair per maximal run of equal consecutive keys; each fold starts from
/// the identity, as in `parallaxis_core::reference::reduce_by_key`. Returns once the copies of
/// the runs are queued (it has waited for the run count, to size the outputs).
///
/// # Errors
/// Length mismatches, buffers on different devices, out of memory, a device fault; more than
/// `u32::MAX` elements (run indices are 32-bit) is a [`Error::Cuda`] error.
pub fn reduce_by_key<K: KeyKernel, T: DeviceCopy, M: SegmentedKernel<T>>(
    m: M,
    keys: &DeviceBuffer<K>,
    x: &DeviceBuffer<T>,
) -> Result<(DeviceBuffer<K>, DeviceBuffer<T>)> {
    let dev = checked(keys, x)?;
    if x.is_empty() {
        return Ok((
            DeviceBuffer::zeroed_on(dev, 0)?,
            DeviceBuffer::zeroed_on(dev, 0)?,
        ));
    }
    let n = x.len() as u64;
    let mut plan = Plan::default();
    let values = plan.take(n as usize * size_of::<T>());
    let ends = plan.take(n as usize * size_of::<K>());
    let state = run_state::<T>(&mut plan, n);
    let (mut scratch, base) = reserve(dev, &plan)?;
    let (values, ends) = (base + values as u64, base + ends as u64);
    // The kernel writes the run count straight into mapped host memory and raises the slot's
    // flag (`host_slot.rs`).
    let (runs_at, done) = scratch.host.arm(dev, size_of::<u64>())?;
    // SAFETY: `values` and `ends` hold `n` values and keys, of the locked scratch; `runs_at`
    // one word of its host slot, `done` its flag.
    unsafe {
        queue(
            dev,
            (state, base, &mut scratch),
            m,
            (keys, x),
            (device_ptr_mut(values), device_ptr_mut(ends)),
            (device_ptr_mut(runs_at), done),
        )
    }?;
    // SAFETY: the kernel just queued always writes the count (element `n - 1` ends the last
    // run), then raises the flag.
    let runs = unsafe { scratch.host.wait_read::<u64>(dev, "reading the run count") }? as usize;
    let mut out_keys = DeviceBuffer::<K>::alloc_uninit(dev, runs)?;
    let mut out_values = DeviceBuffer::<T>::alloc_uninit(dev, runs)?;
    for (dst, src, bytes) in [
        (out_keys.as_mut_ptr() as usize, ends, runs * size_of::<K>()),
        (
            out_values.as_mut_ptr() as usize,
            values,
            runs * size_of::<T>(),
        ),
    ] {
        // SAFETY: the first `runs` entries of the staged runs into a fresh output of
        // exactly `runs` entries, which the copy writes whole.
        unsafe { result::memcpy_dtod_async(dst as u64, src, bytes, dev.stream()) }
            .map_err(|e| dev.fail("copying the runs", e))?;
    }
    Ok((out_keys, out_values))
}

/// [`reduce_by_key`] into the caller's buffers, with no wait and no allocation: the runs go
/// to the first `runs[0]` entries of `out_keys` and `out_values` (the rest keep their
/// contents), and the count to `runs[0]`, all on the device (read them with `to_vec`, which
/// waits). An empty input writes a count of 0.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `keys`, `out_keys` and
/// `out_values` have `x.len()` elements (a run per element is the most there can be) and
/// `runs` has one; buffers on different devices; no scratch memory; more than `u32::MAX`
/// elements, as [`reduce_by_key`]. Nothing is written on an error. A fault of the kernels
/// themselves surfaces in the next call that waits for the device.
pub fn reduce_by_key_into<K: KeyKernel, T: DeviceCopy, M: SegmentedKernel<T>>(
    m: M,
    keys: &DeviceBuffer<K>,
    x: &DeviceBuffer<T>,
    out_keys: &mut DeviceBuffer<K>,
    out_values: &mut DeviceBuffer<T>,
    runs: &mut DeviceBuffer<usize>,
) -> Result<()> {
    let lengths = [
        ("reduce_by_key_into output keys", x.len(), out_keys.len()),
        (
            "reduce_by_key_into output values",
            x.len(),
            out_values.len(),
        ),
        ("reduce_by_key_into run count", 1, runs.len()),
    ];
    check(&lengths, &[])?;
    let dev = checked(keys, x)?;
    check(&[], &[(x, out_keys), (x, out_values), (x, runs)])?;
    if x.is_empty() {
        return runs.copy_from_slice(&[0]);
    }
    let n = x.len() as u64;
    let mut plan = Plan::default();
    let state = run_state::<T>(&mut plan, n);
    let (mut scratch, base) = reserve(dev, &plan)?;
    // `usize` is `u64` on the 64-bit hosts CUDA runs on.
    let count = runs.as_mut_ptr().cast::<u64>();
    // SAFETY: `out_keys` and `out_values` have room for `n >= runs` entries and `runs` for
    // the count; later users of these buffers and of the scratch, and their frees, queue
    // after the kernel.
    unsafe {
        queue(
            dev,
            (state, base, &mut scratch),
            m,
            (keys, x),
            (out_values.as_mut_ptr(), out_keys.as_mut_ptr().cast::<u8>()),
            (count, HostSignal::NONE),
        )
    }
}

/// The checks both forms share; enters the device.
fn checked<K: KeyKernel, T: DeviceCopy>(
    keys: &DeviceBuffer<K>,
    x: &DeviceBuffer<T>,
) -> Result<&'static Device> {
    check(
        &[("reduce_by_key values", keys.len(), x.len())],
        &[(x, keys)],
    )?;
    let dev = x.device();
    if x.len() > u32::MAX as usize {
        return Err(Error::Cuda {
            during: "reduce_by_key",
            reason: format!(
                "{} elements: run indices are 32-bit (at most {})",
                x.len(),
                u32::MAX
            ),
        });
    }
    dev.enter()?;
    Ok(dev)
}

/// The look-back state of the reduce-runs pass over `n` values of `T`.
fn run_state<T>(plan: &mut Plan, n: u64) -> State {
    // reduce_runs' `RunPair` codec: two words when `T` has 4 bytes.
    plan.state::<RunAgg<T>>(
        n,
        deep_scan_tile_items(size_of::<T>()),
        packed_run_words::<T>(),
    )
}

/// Readies the state and queues the reduce-runs pass over `keys` and `x`: each run's fold to
/// `values`, its key to `ends`, the run count to `runs`, then raises `done`.
///
/// # Safety
/// `state` lies in `scratch` at `base`, which the caller holds while this queues; `keys` and
/// `x` hold `0 < n <= u32::MAX` elements; `values` and `ends` are writable for `n` values and
/// keys and `runs` for one word, on `dev`, until the kernel has run; `done` null or a word
/// only this kernel writes meanwhile.
unsafe fn queue<K: KeyKernel, T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    (state, base, scratch): (State, sys::CUdeviceptr, &mut Scratch),
    m: M,
    (keys, x): (&DeviceBuffer<K>, &DeviceBuffer<T>),
    (values, ends): (*mut T, *mut u8),
    (runs, done): (*mut u64, HostSignal),
) -> Result<()> {
    let status = state.ready(dev, scratch, base)?;
    let p = ReduceRunsParams {
        heads: keys.as_ptr().cast::<u8>(),
        x: x.as_ptr(),
        n: x.len() as u64,
        status,
        values,
        ends,
        runs,
        done,
        staged: 1,
        key_bytes: size_of::<K>() as u32,
        m,
    };
    // SAFETY: the keys are `n` plain words of `size_of::<K>()` bytes (`KeyKernel`: 1, 2, 4
    // or 8), so the kernel compares and copies them as such; `values`, `ends`, `runs` by
    // contract; one block per tile of readied state.
    unsafe { launch::reduce_runs(dev, state.tiles, p) }
}
