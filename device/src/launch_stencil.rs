//! The stencil launcher: the only place that launches the stencil kernels.

use crate::device::Device;
use crate::error::Result;
use crate::kernel_stencil::StencilKernel;
use crate::launch::launch;
use parallax_core::DeviceCopy;
use parallax_kernels::params_stencil::StencilParams;

/// `parallax_stencil_{d}d__<S>__<T>(StencilParams<T, S>)` for `d = 1, 2, 3`, with `blocks`
/// blocks and `shared` bytes of dynamic shared memory.
///
/// # Safety
/// `d` in `1..=3`; `x` readable and `y` writable for `nz * ny * nx > 0` elements, not
/// aliasing; `taps` readable for `k` taps when `k > STENCIL_INLINE_TAPS`; `blocks` the product
/// of `tiles` and `shared` the bytes `stencil_plan` gives for the same `d`, `k`, `lo`, `hi`.
pub(crate) unsafe fn stencil<T: DeviceCopy, S: StencilKernel<T>>(
    dev: &Device,
    d: usize,
    blocks: u64,
    shared: usize,
    p: StencilParams<T, S>,
) -> Result<()> {
    // SAFETY: `StencilKernel` guarantees the entry point's parameter type; pointers and shape
    // by contract.
    unsafe { launch(dev, S::PTX, S::STENCIL[d - 1], blocks, shared, p) }
}
