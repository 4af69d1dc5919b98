//! Transforms fused into a reduce or a scan: `transform_reduce`, `transform_inclusive_scan`
//! and `transform_exclusive_scan` run as one kernel that maps each item as it reads it, where a
//! fused kernel was instantiated for the (functor, monoid, input type) triple
//! (the kernels crate's fused family declaration,
//! `entry/families/fused.rs`, or a user crate's `instantiate_fused!`); every other
//! pair runs as a transform into a temporary and the reduce or scan.
//!
//! Why fused: the composed form allocates the mapped values, writes them and reads them
//! back: for 2^28 f32 a transform (0.72 ms at the copy roof) on top of the reduce (0.35 ms)
//! or the scan (0.88 ms), where the fused kernels read `x` once.
//!
//! The fused entry point is found at run time, by name, from the operators' tags
//! (`UnaryKernel::OP` / `TYPE`, `MonoidKernel::OP`, `fused_entry_name!`), so every pair of
//! a `transform` and a `reduce` or `scan` kernel keeps working and the fused lists stay
//! short (each triple is a whole reduce or scan kernel in the PTX). The answer is cached per
//! triple for the process.

use super::lookup::{self, FusedTags};
use crate::buffer::DeviceBuffer;
use crate::kernel::{MonoidKernel, UnaryKernel};
use crate::launch;
use crate::ops::prologue::check;
use crate::ops::reduce::{reduce, to_host};
use crate::ops::scan::{self, exclusive_scan, inclusive_scan, ScanLayout};
use crate::ops::transform::transform;
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::{
    params::reduce::TransformReduceParams, params::scan::TransformScanParams,
};
use std::mem::size_of;

/// The fused algorithms, by the name their entry points carry.
pub(super) const REDUCE: &str = "transform_reduce";
pub(super) const INCLUSIVE_SCAN: &str = "transform_inclusive_scan";
pub(super) const EXCLUSIVE_SCAN: &str = "transform_exclusive_scan";

/// `identity ⊕ f(x[0]) ⊕ ... ⊕ f(x[n-1])`, in index order, copied to the host (waits for
/// it). A fused triple associates as [`reduce`] does with the partition of `A`'s size, so
/// float results are reproducible (and, where `A` and the output have one size, equal to
/// the composed form's bit for bit); the composed form is exactly `reduce` of the transform.
///
/// # Errors
/// A device fault; no memory for the partials (or, composed, for the mapped values).
pub fn transform_reduce<A, F, M>(f: F, m: M, x: &DeviceBuffer<A>) -> Result<F::Output>
where
    A: DeviceCopy,
    F: UnaryKernel<A>,
    M: MonoidKernel<F::Output>,
{
    if x.is_empty() {
        return Ok(m.identity());
    }
    let dev = x.device();
    let Some(name) = fused_entry::<A, F, M>(REDUCE) else {
        let mut mapped = DeviceBuffer::<F::Output>::alloc_uninit(dev, x.len())?;
        transform(f, x, &mut mapped)?;
        return reduce(m, &mapped);
    };
    let queue_kernel = |blocks, reduce| {
        let p = TransformReduceParams {
            x: x.as_ptr(),
            f,
            reduce,
        };
        // SAFETY: `name` is the fused entry of exactly these operators and `A`
        // (`fused_entry`); `x` is live for its `n` elements (16-byte aligned: buffers and views)
        // and the borrow outlasts the wait in `to_host`; the rest of `p` by `to_host`.
        unsafe { launch::transform_reduce::<A, F, M>(dev, name, blocks, p) }
    };
    // SAFETY: `queue_kernel` queues the fused kernel over `x`'s `n` items of `A`.
    unsafe { to_host(dev, m, x.len(), size_of::<A>(), queue_kernel) }
}

/// `y[i] = f(x[0]) ⊕ ... ⊕ f(x[i])`, returning once queued. The fused kernel is the
/// inclusive scan's, reading `x` through `f`; the composed form transforms into a temporary
/// and scans it.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `y.len() == x.len()`;
/// buffers on different devices; no memory for the tile states (or, composed, for the
/// mapped values). A fault of the kernel itself surfaces in the next call that waits.
pub fn transform_inclusive_scan<A, F, M>(
    f: F,
    m: M,
    x: &DeviceBuffer<A>,
    y: &mut DeviceBuffer<F::Output>,
) -> Result<()>
where
    A: DeviceCopy,
    F: UnaryKernel<A>,
    M: MonoidKernel<F::Output>,
{
    check(
        &[("transform_inclusive_scan output", x.len(), y.len())],
        &[(x, y)],
    )?;
    transform_scan(f, m, None, x, y)
}

/// `y[0] = init`, `y[i] = init ⊕ f(x[0]) ⊕ ... ⊕ f(x[i-1])`, returning once queued: the
/// exclusive scan's kernel reading `x` through `f` for the listed triples (those of
/// `transform_inclusive_scan`), else a transform into a temporary and the exclusive scan.
///
/// # Errors
/// As [`transform_inclusive_scan`].
pub fn transform_exclusive_scan<A, F, M>(
    f: F,
    m: M,
    init: F::Output,
    x: &DeviceBuffer<A>,
    y: &mut DeviceBuffer<F::Output>,
) -> Result<()>
where
    A: DeviceCopy,
    F: UnaryKernel<A>,
    M: MonoidKernel<F::Output>,
{
    check(
        &[("transform_exclusive_scan output", x.len(), y.len())],
        &[(x, y)],
    )?;
    transform_scan(f, m, Some(init), x, y)
}

/// The inclusive (`init` absent) or exclusive scan of `f(x[i])` into `y` (checked: of `x`'s
/// length, on its device): the fused entry when the triple has one, else a transform into a
/// temporary and the scan.
fn transform_scan<A, F, M>(
    f: F,
    m: M,
    init: Option<F::Output>,
    x: &DeviceBuffer<A>,
    y: &mut DeviceBuffer<F::Output>,
) -> Result<()>
where
    A: DeviceCopy,
    F: UnaryKernel<A>,
    M: MonoidKernel<F::Output>,
{
    let dev = x.device();
    if x.is_empty() {
        return Ok(());
    }
    let algo = if init.is_some() {
        EXCLUSIVE_SCAN
    } else {
        INCLUSIVE_SCAN
    };
    let Some(name) = fused_entry::<A, F, M>(algo) else {
        let mut mapped = DeviceBuffer::<F::Output>::alloc_uninit(dev, x.len())?;
        transform(f, x, &mut mapped)?;
        return match init {
            Some(init) => exclusive_scan(m, init, &mapped, y),
            None => inclusive_scan(m, &mapped, y),
        };
    };
    let queue_kernel = |tiles, scan| {
        let p = TransformScanParams {
            x: x.as_ptr(),
            f,
            scan,
        };
        // SAFETY: `name` is the fused entry of exactly these operators, `A` and the scan's
        // kind (`fused_entry`), whose output has `A`'s size (the kernel's compile-time
        // check); `x` is live for its `n` elements (16-byte aligned) until the kernel has
        // run (frees are ordered on the stream); the rest of `p` by `scan::queue`.
        unsafe { launch::transform_scan::<A, F, M>(dev, name, tiles, p) }
    };
    // SAFETY: `queue_kernel` queues the fused scan over `x`'s `n` items of `A`, which have
    // the output's size; `init`, when present, seeds the exclusive kernel.
    unsafe { scan::queue(m, init, y, ScanLayout::default(), queue_kernel) }
}

/// `true` when `transform_reduce(f, m, x)` over `A` runs as one fused kernel, `false` when
/// it runs as a transform into a temporary and a reduce.
///
/// ```
/// use parallaxis_core::{Negate, Square, Sum};
/// use parallaxis_device::transform_reduce_is_fused;
/// assert!(transform_reduce_is_fused::<f32, Square, Sum>());
/// assert!(!transform_reduce_is_fused::<f32, Negate, Sum>());
/// ```
pub fn transform_reduce_is_fused<A, F, M>() -> bool
where
    A: DeviceCopy,
    F: UnaryKernel<A>,
    M: MonoidKernel<F::Output>,
{
    fused_entry::<A, F, M>(REDUCE).is_some()
}

/// `true` when `transform_inclusive_scan(f, m, x, y)` over `A` runs as one fused kernel,
/// `false` when it runs as a transform into a temporary and a scan.
///
/// ```
/// use parallaxis_core::{Max, Square, Sum};
/// use parallaxis_device::transform_inclusive_scan_is_fused;
/// assert!(transform_inclusive_scan_is_fused::<f64, Square, Sum>());
/// assert!(!transform_inclusive_scan_is_fused::<f64, Square, Max>());
/// ```
pub fn transform_inclusive_scan_is_fused<A, F, M>() -> bool
where
    A: DeviceCopy,
    F: UnaryKernel<A>,
    M: MonoidKernel<F::Output>,
{
    fused_entry::<A, F, M>(INCLUSIVE_SCAN).is_some()
}

/// `true` when `transform_exclusive_scan(f, m, init, x, y)` over `A` runs as one fused
/// kernel, `false` when it runs as a transform into a temporary and an exclusive scan.
///
/// ```
/// use parallaxis_core::{Max, Square, Sum};
/// use parallaxis_device::transform_exclusive_scan_is_fused;
/// assert!(transform_exclusive_scan_is_fused::<u32, Square, Sum>());
/// assert!(!transform_exclusive_scan_is_fused::<u32, Square, Max>());
/// ```
pub fn transform_exclusive_scan_is_fused<A, F, M>() -> bool
where
    A: DeviceCopy,
    F: UnaryKernel<A>,
    M: MonoidKernel<F::Output>,
{
    fused_entry::<A, F, M>(EXCLUSIVE_SCAN).is_some()
}

/// The fused entry of `algo` for a unary functor `F` over `A` and a monoid `M`
/// ([`lookup::fused_entry`]).
fn fused_entry<A, F, M>(algo: &'static str) -> Option<&'static str>
where
    A: DeviceCopy,
    F: UnaryKernel<A>,
    M: MonoidKernel<F::Output>,
{
    lookup::fused_entry(algo, FusedTags::unary::<A, F, M>())
}
