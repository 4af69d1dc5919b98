//! `transform2_reduce`: the reduce of `f(x[i], y[i])` over two inputs of one length in one
//! kernel (an inner product is `Times` then `Sum`), where the kernels crate's
//! fused family declaration (or a user crate's `instantiate_fused!`)
//! has the (binary functor, monoid, input type) triple; every other triple runs as a
//! `transform2` into a temporary and a reduce.
//!
//! Why fused: the composed dot product of 2^28 f32 writes the products and reads them back,
//! a `transform2` (1.06 ms at the copy roof: three arrays) and a reduce (0.35 ms), where the
//! fused kernel reads the two inputs once (two arrays, ~0.72 ms at the roof).
//!
//! The entry point is found by name from the operators' tags, as the unary fused kernels'
//! are (`unary.rs`).

use super::lookup::{fused_entry, FusedTags};
use crate::buffer::DeviceBuffer;
use crate::kernel::{BinaryKernel, MonoidKernel};
use crate::launch;
use crate::ops::prologue::check;
use crate::ops::reduce::{reduce, to_host};
use crate::ops::transform::transform2;
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::reduce::Transform2ReduceParams;
use std::mem::size_of;

/// The fused algorithm, by the name its entry points carry.
pub(super) const TRANSFORM2_REDUCE: &str = "transform2_reduce";

/// `identity ⊕ f(x[0], y[0]) ⊕ ... ⊕ f(x[n-1], y[n-1])`, in index order, copied to the host
/// (waits for it). A fused triple associates as [`reduce`] of one input of `2 ·
/// size_of::<A>()`-byte items does, so float results depend only on `n` (and differ from
/// the composed form's, which associates as a reduce of `n` outputs, by rounding only); the
/// composed form is exactly `reduce` of the `transform2`.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `y.len() == x.len()`;
/// buffers on different devices; a device fault; no memory for the partials (or, composed,
/// for the mapped values).
pub fn transform2_reduce<A, F, M>(
    f: F,
    m: M,
    x: &DeviceBuffer<A>,
    y: &DeviceBuffer<A>,
) -> Result<F::Output>
where
    A: DeviceCopy,
    F: BinaryKernel<A, A>,
    M: MonoidKernel<F::Output>,
{
    check(
        &[("transform2_reduce second input", x.len(), y.len())],
        &[(x, y)],
    )?;
    let dev = x.device();
    if x.is_empty() {
        return Ok(m.identity());
    }
    let Some(name) = fused_entry(TRANSFORM2_REDUCE, FusedTags::binary::<A, F, M>()) else {
        let mut mapped = DeviceBuffer::<F::Output>::alloc_uninit(dev, x.len())?;
        transform2(f, x, y, &mut mapped)?;
        return reduce(m, &mapped);
    };
    let queue_kernel = |blocks, reduce| {
        let p = Transform2ReduceParams {
            x: x.as_ptr(),
            y: y.as_ptr(),
            f,
            reduce,
        };
        // SAFETY: `name` is the fused entry of exactly these operators and `A`
        // (`fused_entry`); `x` and `y` are live for their `n` elements (16-byte aligned
        // allocations) and the borrows outlast the wait in `to_host`; the rest of `p` by
        // `to_host`, whose partition is that of `2 · size_of::<A>()`-byte items.
        unsafe { launch::transform2_reduce::<A, F, M>(dev, name, blocks, p) }
    };
    // SAFETY: `queue_kernel` queues the fused kernel over the `n` pairs of `x` and `y`,
    // partitioned as items of both inputs' sizes together.
    unsafe { to_host(dev, m, x.len(), 2 * size_of::<A>(), queue_kernel) }
}

/// `true` when `transform2_reduce(f, m, x, y)` over `A` runs as one fused kernel, `false`
/// when it runs as a `transform2` into a temporary and a reduce.
///
/// ```
/// use parallaxis_core::{Max, Plus, Sum, Times};
/// use parallaxis_device::transform2_reduce_is_fused;
/// assert!(transform2_reduce_is_fused::<f64, Times, Sum>());
/// assert!(!transform2_reduce_is_fused::<f64, Plus, Max>());
/// ```
pub fn transform2_reduce_is_fused<A, F, M>() -> bool
where
    A: DeviceCopy,
    F: BinaryKernel<A, A>,
    M: MonoidKernel<F::Output>,
{
    fused_entry(TRANSFORM2_REDUCE, FusedTags::binary::<A, F, M>()).is_some()
}
