//! The stencil launcher: the only place that launches the stencil kernels.

use crate::context::Device;
use crate::kernel::stencil::StencilKernel;
use crate::launch::launch;
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::stencil::StencilParams;
use parallaxis_kernels::policy::common::BLOCK_THREADS;

/// `parallax_stencil_{d}d__<S>__<T>(StencilParams<T, S>)` for `d = 1, 2, 3`, with `shared`
/// bytes of dynamic shared memory and as many blocks as the GPU runs at once (each loops
/// over tiles), at most one per tile.
///
/// # Safety
/// `d` in `1..=3`; `x` readable and `y` writable for `nz * ny * nx > 0` elements, not
/// aliasing; `taps` readable for `k` taps when `k > STENCIL_INLINE_TAPS`; `shared` the bytes
/// `stencil_plan` gives for the same `d`, `k`, `lo`, `hi`.
pub(crate) unsafe fn stencil<T: DeviceCopy, S: StencilKernel<T>>(
    dev: &Device,
    d: usize,
    shared: usize,
    p: StencilParams<T, S>,
) -> Result<()> {
    // Double-buffered blocks loop over tiles, as many as run at once; with one stage a block
    // cannot overlap its own loads and folds, and one block per tile lets the hardware
    // overlap blocks instead (H100, 512³ f64 7-point with one stage: 1.33 ms against 1.58).
    // SAFETY: forwarded contract.
    unsafe { tiled(dev, S::STENCIL[d - 1], shared, p, p.stages == 2) }
}

/// Launches `name` (taking `StencilParams<T, S>`): a general stencil kernel, or one of
/// `S::BOX2D`, `S::ROW1D`, `S::MARCH3D` and `S::STAR3D` (`ops/stencil/special.rs`). With
/// `persistent`, as many blocks as run at once, at most one per tile, and each loops over
/// tiles; otherwise one block per tile.
///
/// # Safety
/// `name` is an entry point of `S::KERNELS` taking `StencilParams<T, S>` whose contract `p` and
/// `shared` fulfil with any grid of at most one block per tile (`p.tiles` product).
pub(crate) unsafe fn tiled<T: DeviceCopy, S: StencilKernel<T>>(
    dev: &Device,
    name: &'static str,
    shared: usize,
    p: StencilParams<T, S>,
    persistent: bool,
) -> Result<()> {
    let tiles = p.tiles[0] * p.tiles[1] * p.tiles[2];
    let blocks = if persistent {
        tiles.min(dev.resident_blocks(S::KERNELS, name, BLOCK_THREADS, shared)?)
    } else {
        tiles
    };
    // SAFETY: `StencilKernel` guarantees the entry point's parameter type; pointers and shape
    // by contract; the kernel loops over every tile with any grid of at most `tiles` blocks.
    unsafe { launch(dev, S::KERNELS, name, blocks, shared, p) }
}
