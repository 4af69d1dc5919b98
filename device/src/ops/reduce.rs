//! Reduce: two passes of one kernel (partials per block, then one block over the partials).

use crate::buffer::{device_ptr, device_ptr_mut};
use crate::error::Result;
use crate::kernel::MonoidKernel;
use crate::scratch::align_up;
use crate::{launch, DeviceBuffer};
use cudarc::driver::sys;
use parallax_core::DeviceCopy;
use parallax_kernels::params::ReduceParams;
use parallax_kernels::tuning::{reduce_plan, REDUCE_MAX_BLOCKS};
use std::mem::{size_of, MaybeUninit};

/// `identity ⊕ x[0] ⊕ ... ⊕ x[n-1]`, combined in index order (any monoid; float sums are
/// associated by a partition that depends only on `n`, so results are reproducible).
///
/// # Errors
/// A device fault, or no memory for the partials.
pub fn reduce<T: DeviceCopy, M: MonoidKernel<T>>(m: M, x: &DeviceBuffer<T>) -> Result<T> {
    if x.is_empty() {
        return Ok(m.identity());
    }
    let dev = x.device();
    dev.enter()?;
    let (n, size) = (x.len() as u64, size_of::<T>());
    let (blocks, tiles_per_warp) = reduce_plan(n, size, REDUCE_MAX_BLOCKS);
    // Scratch: `blocks` partials, then the result slot (each 256-byte aligned).
    let result_offset = align_up(blocks as usize * size);
    let mut scratch = dev.scratch();
    let base = scratch.reserve(dev, result_offset + size)?;
    let result = base + result_offset as u64;
    let first = ReduceParams {
        x: x.as_ptr(),
        n,
        out: device_ptr_mut(if blocks == 1 { result } else { base }),
        tiles_per_warp,
        m,
    };
    // SAFETY: `x` is live for `n` elements (cuMemAlloc-aligned); `out` has `blocks` slots in
    // scratch, which stays locked until the copy below has completed.
    unsafe { launch::reduce::<T, M>(dev, blocks, first) }?;
    if blocks > 1 {
        let (one, tiles_per_warp) = reduce_plan(blocks, size, 1);
        let second = ReduceParams {
            x: device_ptr(base),
            n: blocks,
            out: device_ptr_mut(result),
            tiles_per_warp,
            m,
        };
        // SAFETY: the partials are `blocks` elements at `base` (256-byte aligned); one slot out.
        unsafe { launch::reduce::<T, M>(dev, one, second) }?;
    }
    let mut value = MaybeUninit::<T>::uninit();
    // SAFETY: copies one `T` into `value`; the legacy stream orders it after both passes.
    unsafe { sys::cuMemcpyDtoH_v2(value.as_mut_ptr().cast(), result, size) }
        .result()
        .map_err(|e| dev.fail("reduce", e))?;
    // SAFETY: the kernel wrote a `T` produced by the monoid into the result slot.
    Ok(unsafe { value.assume_init() })
}
