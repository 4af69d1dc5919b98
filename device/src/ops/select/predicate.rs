//! Selection by a predicate: `copy_if` (and `remove_if`), stable `partition`, the one-pass
//! partition, `count_if`.

use super::super::plan::Plan;
use super::super::prologue::{check, enter};
use super::super::reduce::{queue as queue_reduce, to_host};
use super::{allocating, into, keys_into, queue, select_state, Outputs, Pass};
use crate::kernel::select::PredicateKernel;
use crate::launch::select as launch;
use crate::{DeviceBuffer, Result};
use parallaxis_core::{DeviceCopy, Indicator, Sum};
use parallaxis_kernels::params::common::HostSignal;
use parallaxis_kernels::params::reduce::TransformReduceParams;
use std::mem::size_of;

/// The predicate pass of `p` over `x`.
fn by_predicate<T: DeviceCopy, P: PredicateKernel<T>>(
    p: P,
    keep: bool,
    x: &DeviceBuffer<T>,
) -> Pass<T, T, P> {
    Pass {
        entry: (P::KERNELS, P::SELECT_IF),
        x: x.as_ptr(),
        values: core::ptr::null(),
        flags: core::ptr::null(),
        keep,
        pred: p,
    }
}

/// The elements of `x` that `p` selects (`keep`) or rejects (`!keep`: `remove_if`), in
/// order, in a new buffer of exactly their number (waits for the count).
///
/// # Errors
/// Out of memory, a device fault.
pub fn copy_if<T: DeviceCopy, P: PredicateKernel<T>>(
    p: P,
    keep: bool,
    x: &DeviceBuffer<T>,
) -> Result<DeviceBuffer<T>> {
    // SAFETY: `x` is live for its `n` items (16-byte aligned) until this returns.
    Ok(unsafe { allocating(x.device(), by_predicate(p, keep, x), x.len()) }?.0)
}

/// [`copy_if`] to the front of `out`, the count to `count[0]`, on the device, returning once
/// queued.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) when `out` is shorter than `x` or `count` does
/// not have one element; buffers on different devices; nothing is written then. A fault of
/// the kernel surfaces in the next call that waits.
pub fn copy_if_into<T: DeviceCopy, P: PredicateKernel<T>>(
    p: P,
    keep: bool,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
    count: &mut DeviceBuffer<usize>,
) -> Result<()> {
    let names = ("copy_if_into output", "copy_if_into count");
    // SAFETY: the predicate pass reads `x` alone.
    unsafe { keys_into(names, by_predicate(p, keep, x), x, out, count) }
}

/// Stable partition of `x` into `out` (as long as `x`): the elements `p` selects, in order,
/// then the others, in order; the number selected to `split[0]`. Two launches, queued
/// without waiting: the fused count of `p` into `split`, then the select pass, which reads
/// it to place the rejected elements.
///
/// # Errors
/// As [`copy_if_into`], with `out` exactly as long as `x`.
pub fn partition_into<T: DeviceCopy, P: PredicateKernel<T>>(
    p: P,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
    split: &mut DeviceBuffer<usize>,
) -> Result<()> {
    check(
        &[
            ("partition_into output", x.len(), out.len()),
            ("partition_into split", 1, split.len()),
        ],
        &[(x, out), (x, split)],
    )?;
    let Some(dev) = enter(x.device(), x.is_empty())? else {
        return split.copy_from_slice(&[0]);
    };
    let n = x.len() as u64;
    let at = split.as_mut_ptr().cast::<u64>();
    let mut scratch = dev.scratch();
    let count = |blocks, reduce| {
        let q = TransformReduceParams {
            x: x.as_ptr(),
            f: Indicator { pred: p },
            reduce,
        };
        // SAFETY: `x` is live for `n` items (16-byte aligned); the rest of `q` by `queue`.
        unsafe { launch::count_if::<T, P>(dev, blocks, q) }
    };
    // SAFETY: `at` is one live word on `dev`; the scratch is locked; `count` queues the
    // fused count over `x`'s `n` items.
    unsafe {
        queue_reduce(
            dev,
            &mut scratch,
            Sum,
            (n, size_of::<T>()),
            (at, HostSignal::NONE),
            count,
        )
    }?;
    let mut plan = Plan::default();
    let state = select_state::<T, T>(&mut plan, n);
    let base = plan.reserve(dev, &mut scratch)?;
    let outs = Outputs {
        y: out.as_mut_ptr(),
        y_values: core::ptr::null_mut(),
        count: core::ptr::null_mut(),
        done: HostSignal::NONE,
        split: at,
        rejects_from_end: false,
    };
    // SAFETY: `x` holds `n` items and `out` room for all of them; `split` is written by the
    // count kernel queued before this one.
    unsafe {
        queue(
            dev,
            (state, base, &mut scratch),
            by_predicate(p, true, x),
            n,
            outs,
        )
    }
}

/// Partition of `x` into `out` (as long as `x`) in one pass: the elements `p` selects, in
/// order, then the others in reverse order (CUB's `DevicePartition::If`); the number selected
/// to `split[0]`. Returns once queued.
///
/// # Errors
/// As [`partition_into`].
pub fn partition_unstable_into<T: DeviceCopy, P: PredicateKernel<T>>(
    p: P,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
    split: &mut DeviceBuffer<usize>,
) -> Result<()> {
    check(
        &[
            ("partition_unstable_into output", x.len(), out.len()),
            ("partition_unstable_into split", 1, split.len()),
        ],
        &[(x, out), (x, split)],
    )?;
    let y = (out.as_mut_ptr(), core::ptr::null_mut::<T>());
    // SAFETY: `x` holds `n` items and `out` room for all of them, `split` one word, on one
    // device (checked above); later users and frees queue after the kernel.
    unsafe {
        into(
            x.device(),
            by_predicate(p, true, x),
            x.len(),
            y,
            split,
            true,
        )
    }
}

/// The number of elements of `x` that `p` selects: one fused reduce of the predicate's
/// 0/1 indicator, into mapped host memory (waits for it).
///
/// # Errors
/// A device fault.
pub fn count_if<T: DeviceCopy, P: PredicateKernel<T>>(p: P, x: &DeviceBuffer<T>) -> Result<usize> {
    if x.is_empty() {
        return Ok(0);
    }
    let dev = x.device();
    let count = |blocks, reduce| {
        let q = TransformReduceParams {
            x: x.as_ptr(),
            f: Indicator { pred: p },
            reduce,
        };
        // SAFETY: `x` is live for `n` items (16-byte aligned) until `to_host` returns.
        unsafe { launch::count_if::<T, P>(dev, blocks, q) }
    };
    // SAFETY: `count` queues the fused count over `x`'s `n` items of `T`.
    let k = unsafe { to_host(dev, Sum, x.len(), size_of::<T>(), count) }?;
    Ok(k as usize)
}
