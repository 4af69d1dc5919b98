//! Launchers of the extrema and search families: the fused extremum reduce and the
//! vectorized searches.

use super::launch;
use crate::context::Device;
use crate::kernel::extrema::{ArgReduceKernel, SearchKernel};
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::{extrema::ArgReduceParams, search::SearchParams};
use parallaxis_kernels::policy::common::BlockShared;
use std::mem::size_of;

/// `parallax_arg_reduce__<M>__<T>(ArgReduceParams<T, M::Pick, M>)`, with
/// `BlockShared<M::Pick>` shared memory.
///
/// # Safety
/// `p.x` readable for `n > 0` elements and 16-byte aligned; the rest as for the plain
/// reduce's launcher over picks, with `blocks` and `tiles_per_warp` from `arg_reduce_grid(n,
/// size_of::<T>(), max_blocks)`.
pub(crate) unsafe fn arg_reduce<T: DeviceCopy, M: ArgReduceKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: ArgReduceParams<T, M::Pick, M>,
) -> Result<()> {
    let shared = size_of::<BlockShared<M::Pick>>();
    // SAFETY: `ArgReduceKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, M::ARG_REDUCE, blocks, shared, p) }
}

/// `parallax_{lower,upper}_bound__Key__<T>(SearchParams<T, usize>)`.
///
/// # Safety
/// `sorted` readable for `n` elements, `queries` for `m`, `out` writable for `m`.
pub(crate) unsafe fn bound<T: SearchKernel>(
    dev: &Device,
    upper: bool,
    blocks: u64,
    p: SearchParams<T, usize>,
) -> Result<()> {
    let name = if upper {
        T::UPPER_BOUND
    } else {
        T::LOWER_BOUND
    };
    // SAFETY: `SearchKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, name, blocks, 0, p) }
}

/// `parallax_binary_search__Key__<T>(SearchParams<T, bool>)`.
///
/// # Safety
/// As [`bound`].
pub(crate) unsafe fn binary_search<T: SearchKernel>(
    dev: &Device,
    blocks: u64,
    p: SearchParams<T, bool>,
) -> Result<()> {
    // SAFETY: `SearchKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, T::BINARY_SEARCH, blocks, 0, p) }
}
