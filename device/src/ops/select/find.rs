//! The searches with early exit (`kernels/select/find.rs`): by a predicate (`find_if`), for
//! the first difference of two inputs (`mismatch`) and for the end of the sorted prefix
//! (`is_sorted_until`). Each is one kernel lowering a word of the scratch to the least
//! position found, then a copy of that word to the host (`ops/least_position.rs`).

use super::super::least_position::least_position;
use super::super::prologue::{check, enter};
use crate::kernel::merge::CompareKernel;
use crate::kernel::select::{PredicateKernel, SelectKernel};
use crate::launch::select as launch;
use crate::{DeviceBuffer, Result};
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::select::{FindParams, MismatchParams, SortedUntilParams};
use parallaxis_kernels::policy::select::find_blocks;
use std::mem::size_of;

/// The first position `i` of `x` with `p.test(x[i]) == want`, or `None` (waits for it). The
/// kernel stops reading past a position found, so a hit near the front costs about one wave
/// of tiles.
///
/// # Errors
/// A device fault; [`Error::Unrecordable`](crate::Error::Unrecordable) while recording a
/// graph (the answer goes to the host).
pub fn find_if<T: DeviceCopy, P: PredicateKernel<T>>(
    p: P,
    want: bool,
    x: &DeviceBuffer<T>,
) -> Result<Option<usize>> {
    let Some(dev) = enter(x.device(), x.is_empty())? else {
        return Ok(None);
    };
    let n = x.len() as u64;
    let blocks = find_blocks(n, size_of::<T>(), dev.properties().multiprocessors);
    let queue = |first| {
        let q = FindParams {
            x: x.as_ptr(),
            n,
            first,
            want: u32::from(want),
            pred: p,
        };
        // SAFETY: `x` holds `n` items on `dev` (16-byte aligned: buffers and views); `first`
        // is the word `least_position` set to u64::MAX and reads back.
        unsafe { launch::find_if::<T, P>(dev, blocks, q) }
    };
    // SAFETY: the find kernel only lowers the word; `x` outlives the call.
    let first = unsafe { least_position(dev, "find_if", queue) }?;
    Ok((first < n).then_some(first as usize))
}

/// The first position `i < min(x.len(), y.len())` with `x[i] != y[i]` (a NaN differs even
/// from itself), or `None` (waits for it; Thrust's `mismatch`, as a position). Stops reading
/// past a difference found, as [`find_if`].
///
/// # Errors
/// [`DeviceMismatch`](crate::Error::DeviceMismatch) for buffers on two devices; a device
/// fault; [`Error::Unrecordable`](crate::Error::Unrecordable) while recording a graph.
pub fn mismatch<T: SelectKernel>(
    x: &DeviceBuffer<T>,
    y: &DeviceBuffer<T>,
) -> Result<Option<usize>> {
    check(&[], &[(x, y)])?;
    let n = x.len().min(y.len());
    let Some(dev) = enter(x.device(), n == 0)? else {
        return Ok(None);
    };
    let n = n as u64;
    let blocks = find_blocks(n, size_of::<T>(), dev.properties().multiprocessors);
    let queue = |first| {
        let q = MismatchParams {
            x: x.as_ptr(),
            y: y.as_ptr(),
            n,
            first,
        };
        // SAFETY: `x` and `y` hold at least `n` items on `dev` (16-byte aligned: buffers and
        // views); `first` is the word `least_position` set to u64::MAX and reads back.
        unsafe { launch::mismatch::<T>(dev, blocks, q) }
    };
    // SAFETY: the kernel only lowers the word; `x` and `y` outlive the call.
    let first = unsafe { least_position(dev, "mismatch", queue) }?;
    Ok((first < n).then_some(first as usize))
}

/// The length of the longest prefix of `x` sorted under `cmp`: the first `i` with
/// `cmp.less(x[i], x[i - 1])`, or `x.len()` (waits for it; Thrust's `is_sorted_until`, as a
/// position). Stops reading past a descent found, as [`find_if`].
///
/// # Errors
/// A device fault; [`Error::Unrecordable`](crate::Error::Unrecordable) while recording a
/// graph.
pub fn is_sorted_until<T: DeviceCopy, C: CompareKernel<T>>(
    cmp: C,
    x: &DeviceBuffer<T>,
) -> Result<usize> {
    let Some(dev) = enter(x.device(), x.len() < 2)? else {
        return Ok(x.len());
    };
    let n = x.len() as u64;
    let blocks = find_blocks(n, size_of::<T>(), dev.properties().multiprocessors);
    let queue = |first| {
        let q = SortedUntilParams {
            x: x.as_ptr(),
            n,
            first,
            cmp,
        };
        // SAFETY: `x` holds `n` items on `dev` (16-byte aligned: buffers and views); `first`
        // is the word `least_position` set to u64::MAX and reads back.
        unsafe { launch::sorted_until::<T, C>(dev, blocks, q) }
    };
    // SAFETY: the kernel only lowers the word; `x` outlives the call.
    let first = unsafe { least_position(dev, "is_sorted_until", queue) }?;
    Ok(first.min(n) as usize)
}
