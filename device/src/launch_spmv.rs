//! Typed launchers of the SpMV kernels, the only place they are launched. Each signature
//! mirrors its entry point's parameter struct, with the kernels' index width
//! (`I::Kernel`); the safe operations in `ops/spmv.rs` build the structs from live buffers.

use crate::device::Device;
use crate::error::Result;
use crate::kernel_spmv::{SemiringKernel, SpmvIndex};
use crate::launch::launch;
use parallax_core::DeviceCopy;
use parallax_kernels::params_spmv::{
    spmv_merge_shared_bytes, SpmvCsrVectorParams, SpmvEllParams, SpmvFixupParams, SpmvMergeParams,
};

/// `parallax_spmv_csr_vector_<I>__<S>__<T>`.
///
/// # Safety
/// A validated CSR matrix and `x`/`y` of `ncols`/`nrows` elements on `dev`.
pub(crate) unsafe fn csr_vector<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: SpmvCsrVectorParams<T, I::Kernel, S>,
) -> Result<()> {
    let name = I::entries::<T, S>().csr_vector;
    // SAFETY: `SemiringKernel`/`SpmvIndex` guarantee the parameter type; pointers by contract.
    unsafe { launch(dev, S::PTX, name, blocks, 0, p) }
}

/// `parallax_spmv_csr_merge_<I>__<S>__<T>`.
///
/// # Safety
/// As [`csr_vector`]; `heads`/`tails` writable for `warps` slots; `blocks = ceil(warps / 8)`.
pub(crate) unsafe fn csr_merge<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: SpmvMergeParams<T, I::Kernel, S>,
) -> Result<()> {
    let name = I::entries::<T, S>().csr_merge;
    let shared = spmv_merge_shared_bytes::<T>();
    // SAFETY: as `csr_vector`, with the kernel's staging memory.
    unsafe { launch(dev, S::PTX, name, blocks, shared, p) }
}

/// `parallax_spmv_coo_<I>__<S>__<T>`.
///
/// # Safety
/// A validated COO matrix (rows sorted); otherwise as [`csr_merge`].
pub(crate) unsafe fn coo<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: SpmvMergeParams<T, I::Kernel, S>,
) -> Result<()> {
    let name = I::entries::<T, S>().coo;
    // SAFETY: as `csr_vector`.
    unsafe { launch(dev, S::PTX, name, blocks, 0, p) }
}

/// `parallax_spmv_ell_<I>__<S>__<T>`.
///
/// # Safety
/// A validated ELL matrix and `x`/`y` of `ncols`/`nrows` elements on `dev`.
pub(crate) unsafe fn ell<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: SpmvEllParams<T, I::Kernel, S>,
) -> Result<()> {
    let name = I::entries::<T, S>().ell;
    // SAFETY: as `csr_vector`.
    unsafe { launch(dev, S::PTX, name, blocks, 0, p) }
}

/// `parallax_spmv_fixup__<S>__<T>`.
///
/// # Safety
/// `heads`/`tails` written by a merge or COO launch for `warps` tiles (ordered before on the
/// stream), `y` the same vector.
pub(crate) unsafe fn fixup<T: DeviceCopy, S: SemiringKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: SpmvFixupParams<T, S>,
) -> Result<()> {
    // The fix-up reads no indices: both widths name the same entry point.
    let name = S::SPMV_U32.fixup;
    // SAFETY: as `csr_vector`.
    unsafe { launch(dev, S::PTX, name, blocks, 0, p) }
}
