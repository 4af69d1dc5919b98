//! Element-wise operations: transform (also in place), transform2, adjacent_difference,
//! tabulate. Each returns once its kernel is
//! queued (the crate's queueing contract, `LEGACY_STREAM` in `lib.rs`): the output stays on the
//! device for the next operation, which the stream orders after it.

use super::prologue::{check, enter};
use crate::kernel::{BinaryKernel, TabulateKernel, UnaryKernel};
use crate::Result;
use crate::{launch, DeviceBuffer};
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::policy::transform::transform_blocks;
use parallaxis_kernels::{
    params::transform::TabulateParams, params::transform::Transform2Params,
    params::transform::TransformParams,
};

/// `y[i] = f(x[i])`.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `y.len() == x.len()`;
/// buffers on different devices. A fault of the kernel itself surfaces in the next call that
/// waits for the device.
pub fn transform<A: DeviceCopy, F: UnaryKernel<A>>(
    f: F,
    x: &DeviceBuffer<A>,
    y: &mut DeviceBuffer<F::Output>,
) -> Result<()> {
    check(&[("transform output", x.len(), y.len())], &[(x, y)])?;
    let Some(dev) = enter(x.device(), x.is_empty())? else {
        return Ok(());
    };
    let n = x.len() as u64;
    let p = TransformParams {
        x: x.as_ptr(),
        y: y.as_mut_ptr(),
        n,
        f,
    };
    // SAFETY: `x` and `y` are live buffers of `n` elements on `dev` (returning before the kernel has
    // run is sound: a later free, like anything else, is ordered after it on the stream).
    unsafe { launch::transform::<A, F>(dev, transform_blocks(n), p) }
}

/// `x[i] = f(x[i])`, in place: the transform kernel with its output its input (each item is
/// read and then written by the same thread, which the kernel's contract allows).
///
/// # Errors
/// A fault as in [`transform`].
pub fn transform_in_place<T: DeviceCopy, F: UnaryKernel<T, Output = T>>(
    f: F,
    x: &mut DeviceBuffer<T>,
) -> Result<()> {
    let Some(dev) = enter(x.device(), x.is_empty())? else {
        return Ok(());
    };
    let n = x.len() as u64;
    let y = x.as_mut_ptr();
    let p = TransformParams {
        x: y.cast_const(),
        y,
        n,
        f,
    };
    // SAFETY: `x` is a live buffer of `n` elements on `dev`, borrowed mutably (nothing else
    // reads or writes it while the kernel is queued); input and output equal, which
    // `transform`'s contract allows. Queued as in `transform`.
    unsafe { launch::transform::<T, F>(dev, transform_blocks(n), p) }
}

/// `y[i] = f(a[i], b[i])`.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless all lengths agree;
/// buffers on different devices; a fault as in [`transform`].
pub fn transform2<A: DeviceCopy, B: DeviceCopy, F: BinaryKernel<A, B>>(
    f: F,
    a: &DeviceBuffer<A>,
    b: &DeviceBuffer<B>,
    y: &mut DeviceBuffer<F::Output>,
) -> Result<()> {
    let lengths = [
        ("transform2 second input", a.len(), b.len()),
        ("transform2 output", a.len(), y.len()),
    ];
    check(&lengths, &[(a, b), (a, y)])?;
    let Some(dev) = enter(a.device(), a.is_empty())? else {
        return Ok(());
    };
    let n = a.len() as u64;
    let p = Transform2Params {
        a: a.as_ptr(),
        b: b.as_ptr(),
        y: y.as_mut_ptr(),
        n,
        f,
    };
    // SAFETY: live buffers of `n` elements on `dev`, queued as in `transform`.
    unsafe { launch::transform2::<A, B, F>(dev, transform_blocks(n), p) }
}

/// `y[0] = x[0]` and `y[i] = f(x[i], x[i - 1])`: the first element's copy, then one
/// `transform2` launch over `x` from its second element against `x` itself (the element-wise
/// kernel reads by index, so the shifted input needs no alignment beyond the element's and
/// no staging).
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `y.len() == x.len()`; buffers on
/// different devices; a fault as in [`transform`].
pub fn adjacent_difference<T: DeviceCopy, F: BinaryKernel<T, T, Output = T>>(
    f: F,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
) -> Result<()> {
    check(
        &[("adjacent_difference output", x.len(), y.len())],
        &[(x, y)],
    )?;
    let Some(dev) = enter(x.device(), x.is_empty())? else {
        return Ok(());
    };
    y.copy_range_from(0, x, 0..1)?;
    let n = x.len() as u64 - 1;
    if n == 0 {
        return Ok(());
    }
    // Device addresses, never dereferenced here: `wrapping_add` is plain address arithmetic.
    let p = Transform2Params {
        a: x.as_ptr().wrapping_add(1),
        b: x.as_ptr(),
        y: y.as_mut_ptr().wrapping_add(1),
        n,
        f,
    };
    // SAFETY: `x` and `y` hold `n + 1` elements (checked above), so `a` and `b` read `n`
    // elements inside `x` and `y` writes `n` inside the output, which `&mut` keeps apart
    // from `x`; live buffers on `dev`, queued as in `transform`.
    unsafe { launch::transform2::<T, T, F>(dev, transform_blocks(n), p) }
}

/// `y[i] = f(i)`.
///
/// # Errors
/// A fault as in [`transform`].
pub fn tabulate<F: TabulateKernel>(f: F, y: &mut DeviceBuffer<F::Output>) -> Result<()> {
    let Some(dev) = enter(y.device(), y.is_empty())? else {
        return Ok(());
    };
    let n = y.len() as u64;
    let p = TabulateParams {
        y: y.as_mut_ptr(),
        n,
        f,
    };
    // SAFETY: `y` is a live buffer of `n` elements on `dev`, queued as in `transform`.
    unsafe { launch::tabulate::<F>(dev, transform_blocks(n), p) }
}
