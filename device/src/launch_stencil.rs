//! The stencil launcher: the only place that launches the stencil kernels.

use crate::device::Device;
use crate::error::Result;
use crate::kernel_stencil::StencilKernel;
use crate::launch::launch;
use parallax_core::DeviceCopy;
use parallax_kernels::params_stencil::StencilParams;
use parallax_kernels::tuning::BLOCK_THREADS;

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
    // SAFETY: forwarded contract.
    unsafe { tiled(dev, S::STENCIL[d - 1], shared, p) }
}

/// `name`, `S::BOX2D` (`parallax_stencil_box2d_r2__<S>__<T>`, the 5 × 5 dense box) or
/// `S::ROW1D` (`parallax_stencil_row1d_r4__<S>__<T>`, the dense 9-tap window), launched like
/// [`stencil`].
///
/// # Safety
/// `x` readable and `y` writable for the grid, not aliasing; `p.inline` holds the kernel's
/// taps; `p.lo`, `p.hi`, `p.tiles`, `p.stages` and `shared` as the kernel's plan gives them
/// (`ops/stencil_special.rs`); for the row kernel, `y` 16-byte aligned.
pub(crate) unsafe fn stencil_named<T: DeviceCopy, S: StencilKernel<T>>(
    dev: &Device,
    name: &'static str,
    shared: usize,
    p: StencilParams<T, S>,
) -> Result<()> {
    // SAFETY: forwarded contract.
    unsafe { tiled(dev, name, shared, p) }
}

/// `name`, one of `S::MARCH3D` (`parallax_stencil_march3d_{star7,box27}__<S>__<T>`), with as
/// many blocks as run at once, at most one per work item (`tiles` product): each block marches
/// its columns one after another, and its own copies overlap its folds.
///
/// # Safety
/// `x` readable and `y` writable for the `[nz, ny, nx]` grid, not aliasing; `p.inline` holds
/// the kernel's pattern; `p.lo == p.hi == [1, 1, MARCH_HALO_X]`; `p.tiles` the march tiles and
/// `shared` `march_shared_bytes` (see `stencil_march.rs`).
pub(crate) unsafe fn stencil_march3d<T: DeviceCopy, S: StencilKernel<T>>(
    dev: &Device,
    name: &'static str,
    shared: usize,
    p: StencilParams<T, S>,
) -> Result<()> {
    let items = p.tiles[0] * p.tiles[1] * p.tiles[2];
    let blocks = items.min(dev.resident_blocks(S::PTX, name, BLOCK_THREADS, shared)?);
    // SAFETY: `StencilKernel` guarantees the entry point's parameter type; the kernel loops
    // over every work item with any grid of at most `items` blocks.
    unsafe { launch(dev, S::PTX, name, blocks, shared, p) }
}

/// Launches `name` (taking `StencilParams<T, S>`) with as many blocks as run at once, at
/// most one per tile: each block loops over tiles.
///
/// # Safety
/// `name` is an entry point of `S::PTX` taking `StencilParams<T, S>` whose contract `p` and
/// `shared` fulfil with any grid of at most one block per tile.
unsafe fn tiled<T: DeviceCopy, S: StencilKernel<T>>(
    dev: &Device,
    name: &'static str,
    shared: usize,
    p: StencilParams<T, S>,
) -> Result<()> {
    let tiles = p.tiles[0] * p.tiles[1] * p.tiles[2];
    // Double-buffered blocks loop over tiles, as many as run at once; with one stage a block
    // cannot overlap its own loads and folds, and one block per tile lets the hardware
    // overlap blocks instead (H100, 512³ f64 7-point with one stage: 1.33 ms against 1.58).
    let blocks = if p.stages == 2 {
        tiles.min(dev.resident_blocks(S::PTX, name, BLOCK_THREADS, shared)?)
    } else {
        tiles
    };
    // SAFETY: `StencilKernel` guarantees the entry point's parameter type; pointers and shape
    // by contract; the kernel loops over every tile with any grid of at most `tiles` blocks.
    unsafe { launch(dev, S::PTX, name, blocks, shared, p) }
}
