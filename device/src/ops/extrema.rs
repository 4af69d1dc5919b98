//! Extrema with positions: the fused extremum reduce, one launch that lifts each element
//! with its index as it loads it (`kernels/reduce/arg.rs`), on the plain reduce's plumbing
//! (`ops/reduce.rs`: the fold tree's scratch, the mapped host slot).

use super::prologue::check;
use super::reduce::{queue_grid, to_host_grid};
use crate::kernel::extrema::ArgReduceKernel;
use crate::{launch, DeviceBuffer, Result};
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::{common::HostSignal, extrema::ArgReduceParams};
use parallaxis_kernels::policy::extrema::arg_reduce_grid;
use std::mem::size_of;

/// `identity ⊕ lift(x[0], 0) ⊕ ... ⊕ lift(x[n-1], n-1)` (`ArgMin`: the first smallest
/// element and its index), copied to the host; the identity (index `u64::MAX`) when `x` is
/// empty. Waits for the result.
///
/// # Errors
/// A device fault, or no memory for the partials.
pub fn arg_reduce<T: DeviceCopy, M: ArgReduceKernel<T>>(
    m: M,
    x: &DeviceBuffer<T>,
) -> Result<M::Pick> {
    if x.is_empty() {
        return Ok(m.identity());
    }
    let dev = x.device();
    let queue_kernel = |blocks, reduce| {
        let p = ArgReduceParams {
            x: x.as_ptr(),
            reduce,
        };
        // SAFETY: `x` is live for its `n` elements (16-byte aligned) until `to_host` has
        // waited; the rest of `p` by `to_host`.
        unsafe { launch::extrema::arg_reduce::<T, M>(dev, blocks, p) }
    };
    let max_blocks = dev.tuning().arg_reduce_max_blocks;
    let grid = arg_reduce_grid(x.len() as u64, size_of::<T>(), max_blocks);
    // SAFETY: `queue_kernel` queues the fused reduce over `x`'s `n` items of `T`, in `grid`.
    unsafe { to_host_grid(dev, m, x.len(), grid, queue_kernel) }
}

/// [`arg_reduce`] into `out[0]`, left on the device; returns without waiting (the identity
/// is copied in when `x` is empty).
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == 1`; buffers on
/// different devices; no memory for the partials.
pub fn arg_reduce_into<T: DeviceCopy, M: ArgReduceKernel<T>>(
    m: M,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<M::Pick>,
) -> Result<()> {
    check(&[("arg_reduce_into output", 1, out.len())], &[(x, out)])?;
    if x.is_empty() {
        return out.copy_from_slice(&[m.identity()]);
    }
    let dev = x.device();
    dev.enter()?;
    let mut scratch = dev.scratch();
    let queue_kernel = |blocks, reduce| {
        let p = ArgReduceParams {
            x: x.as_ptr(),
            reduce,
        };
        // SAFETY: `x` live for `n` elements; later frees queue after the kernel.
        unsafe { launch::extrema::arg_reduce::<T, M>(dev, blocks, p) }
    };
    let n = x.len() as u64;
    let max_blocks = dev.tuning().arg_reduce_max_blocks;
    // SAFETY: `out` is one live pick on `dev`; later frees and reads queue after the kernel;
    // `queue_kernel` reads `x`'s `n` items in the grid given.
    unsafe {
        queue_grid(
            dev,
            &mut scratch,
            m,
            (n, arg_reduce_grid(n, size_of::<T>(), max_blocks)),
            (out.as_mut_ptr(), HostSignal::NONE),
            queue_kernel,
        )
    }
}
