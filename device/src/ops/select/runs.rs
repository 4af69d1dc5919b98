//! Selection without a predicate: by stencil flags (`copy_if_stencil`) and by runs of equal
//! items (`unique`, and `unique_by_key` with the values beside the keys).

use super::super::prologue::check;
use super::{allocating, into, keys_into, room, Pass};
use crate::kernel::select::{SelectKernel, UniqueByKeyKernel};
use crate::{DeviceBuffer, Result};
use parallaxis_core::DeviceCopy;

/// The stencil pass over `x`.
fn by_flags<T: SelectKernel>(stencil: &DeviceBuffer<bool>, x: &DeviceBuffer<T>) -> Pass<T, T, ()> {
    Pass {
        entry: (crate::KERNELS, T::SELECT_FLAGGED),
        x: x.as_ptr(),
        values: core::ptr::null(),
        flags: stencil.as_ptr().cast::<u8>(),
        keep: true,
        pred: (),
    }
}

/// The elements of `x` whose `stencil` flag is set, in order, in a new buffer of exactly
/// their number (waits for the count).
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `stencil` is as long as `x`; buffers on
/// different devices; out of memory; a device fault.
pub fn copy_if_stencil<T: SelectKernel>(
    stencil: &DeviceBuffer<bool>,
    x: &DeviceBuffer<T>,
) -> Result<DeviceBuffer<T>> {
    check(
        &[("copy_if_stencil stencil", x.len(), stencil.len())],
        &[(x, stencil)],
    )?;
    // SAFETY: `x` and `stencil` hold `n` items (bools are 0/1 bytes), live until this returns.
    Ok(unsafe { allocating(x.device(), by_flags(stencil, x), x.len()) }?.0)
}

/// [`copy_if_stencil`] to the front of `out`, the count to `count[0]`, returning once queued.
///
/// # Errors
/// As [`copy_if_into`](crate::select::copy_if_into), and a `stencil` not as long as `x`.
pub fn copy_if_stencil_into<T: SelectKernel>(
    stencil: &DeviceBuffer<bool>,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
    count: &mut DeviceBuffer<usize>,
) -> Result<()> {
    check(
        &[("copy_if_stencil_into stencil", x.len(), stencil.len())],
        &[(x, stencil)],
    )?;
    let names = ("copy_if_stencil_into output", "copy_if_stencil_into count");
    // SAFETY: the flags pass reads `x` and the stencil, checked as long as `x` on its device.
    unsafe { keys_into(names, by_flags(stencil, x), x, out, count) }
}

/// The run-heads pass over `x`.
fn heads<T: SelectKernel>(x: &DeviceBuffer<T>) -> Pass<T, T, ()> {
    Pass {
        entry: (crate::KERNELS, T::SELECT_UNIQUE),
        x: x.as_ptr(),
        values: core::ptr::null(),
        flags: core::ptr::null(),
        keep: true,
        pred: (),
    }
}

/// The first element of each run of equal consecutive elements, in order, in a new buffer
/// of exactly their number (waits for the count).
///
/// # Errors
/// Out of memory, a device fault.
pub fn unique<T: SelectKernel>(x: &DeviceBuffer<T>) -> Result<DeviceBuffer<T>> {
    // SAFETY: `x` holds `n` items, live until this returns.
    Ok(unsafe { allocating(x.device(), heads(x), x.len()) }?.0)
}

/// [`unique`] to the front of `out`, the count to `count[0]`, returning once queued.
///
/// # Errors
/// As [`copy_if_into`](crate::select::copy_if_into).
pub fn unique_into<T: SelectKernel>(
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
    count: &mut DeviceBuffer<usize>,
) -> Result<()> {
    let names = ("unique_into output", "unique_into count");
    // SAFETY: the run-heads pass reads `x` alone.
    unsafe { keys_into(names, heads(x), x, out, count) }
}

/// The run-heads pass over `keys`, with `values` beside them.
fn heads_with<K: UniqueByKeyKernel<V>, V: DeviceCopy>(
    keys: &DeviceBuffer<K>,
    values: &DeviceBuffer<V>,
) -> Pass<K, V, ()> {
    Pass {
        entry: (crate::KERNELS, K::UNIQUE_BY_KEY),
        x: keys.as_ptr(),
        values: values.as_ptr(),
        flags: core::ptr::null(),
        keep: true,
        pred: (),
    }
}

/// For each run of equal consecutive keys its first key and value, in new buffers of
/// exactly the number of runs (waits for it).
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `values` is as long as `keys`; buffers
/// on different devices; out of memory; a device fault.
pub fn unique_by_key<K: UniqueByKeyKernel<V>, V: DeviceCopy>(
    keys: &DeviceBuffer<K>,
    values: &DeviceBuffer<V>,
) -> Result<(DeviceBuffer<K>, DeviceBuffer<V>)> {
    check(
        &[("unique_by_key values", keys.len(), values.len())],
        &[(keys, values)],
    )?;
    // SAFETY: both hold `n` items, live until this returns.
    unsafe { allocating(keys.device(), heads_with(keys, values), keys.len()) }
}

/// [`unique_by_key`] to the fronts of `out_keys` and `out_values`, the run count to
/// `count[0]`, returning once queued.
///
/// # Errors
/// As [`copy_if_into`](crate::select::copy_if_into), for both outputs, and `values` not as
/// long as `keys`.
pub fn unique_by_key_into<K: UniqueByKeyKernel<V>, V: DeviceCopy>(
    keys: &DeviceBuffer<K>,
    values: &DeviceBuffer<V>,
    out_keys: &mut DeviceBuffer<K>,
    out_values: &mut DeviceBuffer<V>,
    count: &mut DeviceBuffer<usize>,
) -> Result<()> {
    check(
        &[("unique_by_key_into values", keys.len(), values.len())],
        &[],
    )?;
    room("unique_by_key_into output keys", keys.len(), out_keys.len())?;
    room(
        "unique_by_key_into output values",
        keys.len(),
        out_values.len(),
    )?;
    check(
        &[("unique_by_key_into count", 1, count.len())],
        &[
            (keys, values),
            (keys, out_keys),
            (keys, out_values),
            (keys, count),
        ],
    )?;
    let out = (out_keys.as_mut_ptr(), out_values.as_mut_ptr());
    // SAFETY: as `copy_if_into`, for keys and values.
    unsafe {
        into(
            keys.device(),
            heads_with(keys, values),
            keys.len(),
            out,
            count,
            false,
        )
    }
}
