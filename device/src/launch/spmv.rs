//! Typed launchers of the SpMV kernels, the only place they are launched. Each signature
//! mirrors its entry point's parameter struct, with the kernels' index width
//! (`I::Kernel`); the safe operations in `ops/spmv.rs` build the structs from live buffers.

use crate::context::Device;
use crate::kernel::spmv::{SemiringKernel, SpmvIndex};
use crate::launch::launch;
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::{
    params::spmv::SpmvCoordsParams, params::spmv::SpmvCsrVectorParams, params::spmv::SpmvEllParams,
    params::spmv::SpmvFixupParams, params::spmv::SpmvMergeParams,
    policy::spmv::spmv_csr_merge_shared_bytes,
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
    unsafe { launch(dev, S::KERNELS, name, blocks, 0, p) }
}

/// `parallax_spmv_merge_coords__Index__<I>`, from the library's own PTX.
///
/// # Safety
/// A validated CSR matrix; `coords` writable for `tiles + 1` entries;
/// `blocks = ceil((tiles + 1) · COORDS_LANES / 256)`.
pub(crate) unsafe fn merge_coords<I: SpmvIndex>(
    dev: &Device,
    blocks: u64,
    p: SpmvCoordsParams<I::Kernel>,
) -> Result<()> {
    // SAFETY: `SpmvIndex::COORDS` names the entry taking `SpmvCoordsParams<I::Kernel>`.
    unsafe { launch(dev, crate::KERNELS, I::COORDS, blocks, 0, p) }
}

/// `parallax_spmv_csr_merge_<I>__<S>__<T>`.
///
/// # Safety
/// As [`csr_vector`]; `coords` written by [`merge_coords`] (ordered before on the stream);
/// `heads`/`tails` writable for `tiles` slots; `blocks = tiles`.
pub(crate) unsafe fn csr_merge<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: SpmvMergeParams<T, I::Kernel, S>,
) -> Result<()> {
    let name = I::entries::<T, S>().csr_merge;
    let shared = spmv_csr_merge_shared_bytes::<T>();
    // SAFETY: as `csr_vector`, with the kernel's staging memory.
    unsafe { launch(dev, S::KERNELS, name, blocks, shared, p) }
}

/// `parallax_spmv_coo_<I>__<S>__<T>`.
///
/// # Safety
/// A validated COO matrix (rows sorted) and `x`/`y` of `ncols`/`nrows` elements on `dev`;
/// `heads`/`tails` writable for `tiles` slots (`p.coords` unused); `blocks = ceil(tiles / 8)`.
pub(crate) unsafe fn coo<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: SpmvMergeParams<T, I::Kernel, S>,
) -> Result<()> {
    let name = I::entries::<T, S>().coo;
    // SAFETY: as `csr_vector`.
    unsafe { launch(dev, S::KERNELS, name, blocks, 0, p) }
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
    unsafe { launch(dev, S::KERNELS, name, blocks, 0, p) }
}

/// `parallax_spmv_fixup__<S>__<T>`.
///
/// # Safety
/// `heads`/`tails` written by a merge or COO launch for `tiles` tiles (ordered before on the
/// stream), `y` the same vector.
pub(crate) unsafe fn fixup<T: DeviceCopy, S: SemiringKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: SpmvFixupParams<T, S>,
) -> Result<()> {
    // The fix-up reads no indices: both widths name the same entry point.
    let name = S::SPMV_U32.fixup;
    // SAFETY: as `csr_vector`.
    unsafe { launch(dev, S::KERNELS, name, blocks, 0, p) }
}
