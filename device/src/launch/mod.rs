//! The launcher: every kernel launch of the crate, one typed function per kernel family
//! whose signature mirrors the entry point's (`TransformParams<A, F::Output, F>` for
//! `parallax_transform__<F>__<A>`, ...). This module holds all `unsafe` launches; the safe
//! operations in `ops/` check lengths and devices, build the parameter struct from live
//! buffers, and call in here.
//!
//! Every launch uses `BLOCK_THREADS` threads per block on the legacy default stream; buffers
//! outlive the work that uses them because their frees are ordered on the same stream
//! (`memory.rs`).

pub(crate) mod extrema;
pub(crate) mod gather;
pub(crate) mod histogram;
pub(crate) mod merge;
pub(crate) mod segmented;
pub(crate) mod select;
pub(crate) mod sort;
pub(crate) mod spmv;
pub(crate) mod stencil;

use crate::context::Device;
use crate::kernel::{
    BinaryKernel, MonoidKernel, TabulateKernel, UnaryKernel, FILL_BYTES, FILL_WORDS,
};
use crate::{Error, Kernels, Result};
use core::ffi::c_void;
use cudarc::driver::result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::{
    params::reduce::ReduceParams, params::reduce::Transform2ReduceParams,
    params::reduce::TransformReduceParams, params::scan::ScanParams,
    params::scan::Transform2ScanParams, params::scan::TransformScanParams,
    params::transform::FillParams, params::transform::TabulateParams,
    params::transform::Transform2Params, params::transform::TransformParams,
};
use parallaxis_kernels::{
    policy::common::BlockShared, policy::common::BLOCK_THREADS, policy::scan::scan_shared_bytes,
};
use std::mem::size_of;

/// Launches entry point `name` of `kernels` with `blocks` blocks, `shared`
/// bytes of dynamic shared memory and the single by-value parameter `params`.
///
/// # Safety
/// `name` must take exactly one parameter of type `P`, and every pointer in `params` must be
/// valid for what that kernel reads and writes until the stream is synchronized.
pub(crate) unsafe fn launch<P: Copy>(
    dev: &Device,
    kernels: Kernels,
    name: &'static str,
    blocks: u64,
    shared: usize,
    params: P,
) -> Result<()> {
    let f = dev.function_with_shared(kernels, name, shared)?;
    // The x dimension of a grid is limited to 2^31 - 1 blocks.
    let grid = u32::try_from(blocks)
        .ok()
        .filter(|&b| (1..=i32::MAX as u32).contains(&b))
        .ok_or(Error::Cuda {
            during: name,
            reason: format!("grid of {blocks} blocks is out of range"),
        })?;
    let shared = u32::try_from(shared).map_err(|_| Error::Cuda {
        during: name,
        reason: format!("{shared} bytes of shared memory is out of range"),
    })?;
    let mut p = params;
    let mut args = [(&mut p as *mut P).cast::<c_void>()];
    // SAFETY: the caller guarantees the parameter type and pointer validity; the driver
    // copies `p` before `cuLaunchKernel` returns, so the local may go out of scope.
    unsafe {
        result::launch_kernel(
            f.cu_function(),
            (grid, 1, 1),
            (BLOCK_THREADS, 1, 1),
            shared,
            dev.stream(),
            &mut args,
        )
    }
    .map_err(|e| dev.fail(name, e))
}

/// `parallax_transform__<F>__<A>(TransformParams<A, F::Output, F>)`.
///
/// # Safety
/// `x` readable and `y` writable for `n` elements on `dev`.
pub(crate) unsafe fn transform<A: DeviceCopy, F: UnaryKernel<A>>(
    dev: &Device,
    blocks: u64,
    p: TransformParams<A, F::Output, F>,
) -> Result<()> {
    // SAFETY: `UnaryKernel` guarantees the entry point's parameter type; pointers by contract.
    unsafe { launch(dev, F::KERNELS, F::TRANSFORM, blocks, 0, p) }
}

/// `parallax_transform2__<F>__<A>(Transform2Params<A, B, F::Output, F>)`.
///
/// # Safety
/// `a`, `b` readable and `y` writable for `n` elements on `dev`.
pub(crate) unsafe fn transform2<A: DeviceCopy, B: DeviceCopy, F: BinaryKernel<A, B>>(
    dev: &Device,
    blocks: u64,
    p: Transform2Params<A, B, F::Output, F>,
) -> Result<()> {
    // SAFETY: `BinaryKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, F::KERNELS, F::TRANSFORM2, blocks, 0, p) }
}

/// `parallax_tabulate__<F>__<T>(TabulateParams<F::Output, F>)`.
///
/// # Safety
/// `y` writable for `n` elements on `dev`.
pub(crate) unsafe fn tabulate<F: TabulateKernel>(
    dev: &Device,
    blocks: u64,
    p: TabulateParams<F::Output, F>,
) -> Result<()> {
    // SAFETY: `TabulateKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, F::KERNELS, F::TABULATE, blocks, 0, p) }
}

/// `parallax_fill__Pattern__u32(FillParams<u32>)`.
///
/// # Safety
/// `y` writable for `count * period` words, `pattern` readable for `period` words.
pub(crate) unsafe fn fill_words(dev: &Device, blocks: u64, p: FillParams<u32>) -> Result<()> {
    // SAFETY: the fill entry points take `FillParams<W>`; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, FILL_WORDS, blocks, 0, p) }
}

/// `parallax_fill__Pattern__u8(FillParams<u8>)`.
///
/// # Safety
/// As [`fill_words`], in bytes.
pub(crate) unsafe fn fill_bytes(dev: &Device, blocks: u64, p: FillParams<u8>) -> Result<()> {
    // SAFETY: as `fill_words`.
    unsafe { launch(dev, crate::KERNELS, FILL_BYTES, blocks, 0, p) }
}

/// `parallax_reduce__<M>__<T>(ReduceParams<T, M>)`, with `BlockShared<T>` shared memory.
///
/// # Safety
/// `x` readable for `n > 0` elements and 16-byte aligned, `out` writable for one element;
/// with `blocks > 1`, `partials` writable for `reduce_tree_slots(blocks, size_of::<T>()).0` elements and
/// 16-byte aligned, and `counters` that many zero `u32`s (`.1`) that no other kernel uses
/// meanwhile; `blocks` and `tiles_per_warp` from `reduce_grid` (see `ReduceParams`); `done`
/// null or a word that nothing else writes while the kernel runs.
pub(crate) unsafe fn reduce<T: DeviceCopy, M: MonoidKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: ReduceParams<T, M>,
) -> Result<()> {
    let shared = size_of::<BlockShared<T>>();
    // SAFETY: `MonoidKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, M::KERNELS, M::REDUCE, blocks, shared, p) }
}

/// `parallax_transform_reduce__<F>__<M>__<A>(TransformReduceParams<A, F, F::Output, M>)`,
/// with `BlockShared<F::Output>` shared memory.
///
/// # Safety
/// `name` is that fused entry point of `F::KERNELS` for exactly these operators and `A`; `p.x`
/// readable for `n > 0` elements and 16-byte aligned; the rest as for [`reduce`], with
/// `blocks` and `tiles_per_warp` from `reduce_grid(n, size_of::<A>())`.
pub(crate) unsafe fn transform_reduce<A, F, M>(
    dev: &Device,
    name: &'static str,
    blocks: u64,
    p: TransformReduceParams<A, F, F::Output, M>,
) -> Result<()>
where
    A: DeviceCopy,
    F: UnaryKernel<A>,
    M: MonoidKernel<F::Output>,
{
    let shared = size_of::<BlockShared<F::Output>>();
    // SAFETY: the entry point takes this parameter type (contract); pointers by contract.
    unsafe { launch(dev, F::KERNELS, name, blocks, shared, p) }
}

/// `parallax_transform2_reduce__<F>__<M>__<A>(Transform2ReduceParams<A, A, F, F::Output,
/// M>)`, with `BlockShared<F::Output>` shared memory.
///
/// # Safety
/// `name` is that fused entry point of `F::KERNELS` for exactly these operators and `A`; `p.x`
/// and `p.y` readable for `n > 0` elements and 16-byte aligned; the rest as for [`reduce`],
/// with `blocks` and `tiles_per_warp` from `reduce_grid(n, 2 * size_of::<A>())`.
pub(crate) unsafe fn transform2_reduce<A, F, M>(
    dev: &Device,
    name: &'static str,
    blocks: u64,
    p: Transform2ReduceParams<A, A, F, F::Output, M>,
) -> Result<()>
where
    A: DeviceCopy,
    F: BinaryKernel<A, A>,
    M: MonoidKernel<F::Output>,
{
    let shared = size_of::<BlockShared<F::Output>>();
    // SAFETY: the entry point takes this parameter type (contract); pointers by contract.
    unsafe { launch(dev, F::KERNELS, name, blocks, shared, p) }
}

/// `parallax_{in,ex}clusive_scan__<M>__<T>(ScanParams<T, M>)`, with `scan_shared_bytes::<T>()`
/// of shared memory (`BlockShared<T>` and the staging area).
///
/// # Safety
/// `x` readable and `y` writable for `n > 0` elements, 16-byte aligned; `status` readied
/// for this launch (`State::ready`) for `blocks = ceil(n / deep_scan_tile_items(size))` tiles.
pub(crate) unsafe fn scan<T: DeviceCopy, M: MonoidKernel<T>>(
    dev: &Device,
    exclusive: bool,
    blocks: u64,
    p: ScanParams<T, M>,
) -> Result<()> {
    let name = if exclusive {
        M::EXCLUSIVE_SCAN
    } else {
        M::INCLUSIVE_SCAN
    };
    // SAFETY: `MonoidKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, M::KERNELS, name, blocks, scan_shared_bytes::<T>(), p) }
}

/// `parallax_transform_inclusive_scan__<F>__<M>__<A>(TransformScanParams<A, F, F::Output, M>)`,
/// with `scan_shared_bytes::<F::Output>()` of shared memory.
///
/// # Safety
/// `name` is that fused entry point of `F::KERNELS` for exactly these operators and `A` (whose
/// size is the output's); `p.x` readable for `n > 0` elements, the rest as for [`scan`].
pub(crate) unsafe fn transform_scan<A, F, M>(
    dev: &Device,
    name: &'static str,
    tiles: u64,
    p: TransformScanParams<A, F, F::Output, M>,
) -> Result<()>
where
    A: DeviceCopy,
    F: UnaryKernel<A>,
    M: MonoidKernel<F::Output>,
{
    let shared = scan_shared_bytes::<F::Output>();
    // SAFETY: the entry point takes this parameter type (contract); pointers by contract.
    unsafe { launch(dev, F::KERNELS, name, tiles, shared, p) }
}

/// `parallax_transform2_{in,ex}clusive_scan__<F>__<M>__<A>(Transform2ScanParams<A, A, F,
/// F::Output, M>)`, with `scan_shared_bytes::<F::Output>()` of shared memory.
///
/// # Safety
/// `name` is that fused entry point of `F::KERNELS` for exactly these operators and `A` (whose
/// size is the output's); `p.x` and `p.y` readable for `n > 0` elements, 16-byte aligned;
/// the rest as for [`scan`].
pub(crate) unsafe fn transform2_scan<A, F, M>(
    dev: &Device,
    name: &'static str,
    tiles: u64,
    p: Transform2ScanParams<A, A, F, F::Output, M>,
) -> Result<()>
where
    A: DeviceCopy,
    F: BinaryKernel<A, A>,
    M: MonoidKernel<F::Output>,
{
    let shared = scan_shared_bytes::<F::Output>();
    // SAFETY: the entry point takes this parameter type (contract); pointers by contract.
    unsafe { launch(dev, F::KERNELS, name, tiles, shared, p) }
}

/// Launches a user kernel with an explicit 3-D shape (see [`crate::user::UserKernel`]); the
/// shape has been validated by `LaunchConfig::validate`. Does not synchronize.
///
/// # Safety
/// `name` must take exactly one parameter of type `P`, and every pointer in `params` must be
/// valid for what that kernel reads and writes until the stream is synchronized.
pub(crate) unsafe fn launch_shaped<P: Copy>(
    dev: &Device,
    kernels: Kernels,
    name: &'static str,
    grid: (u32, u32, u32),
    block: (u32, u32, u32),
    shared: u32,
    params: P,
) -> Result<()> {
    let f = dev.function(kernels, name)?;
    let mut p = params;
    let mut args = [(&mut p as *mut P).cast::<c_void>()];
    // SAFETY: the caller guarantees the parameter type and pointer validity; the driver
    // copies `p` before `cuLaunchKernel` returns.
    unsafe {
        result::launch_kernel(
            f.cu_function(),
            grid,
            block,
            shared,
            dev.stream(),
            &mut args,
        )
    }
    .map_err(|e| dev.fail(name, e))
}
