//! Typed launchers of the radix sort kernels, the only place they are launched.

use crate::context::Device;
use crate::kernel::sort::SortKernel;
use crate::launch::launch;
use crate::Result;
use parallaxis_kernels::params::sort::{RadixHistParams, RadixOffsetsParams, RadixPassParams};
use parallaxis_kernels::policy::common::BlockShared;
use parallaxis_kernels::policy::sort::{radix_hist_shared_bytes, radix_pass_shared_bytes};
use std::mem::size_of;

/// `parallax_radix_histogram__Key__<K>`.
///
/// # Safety
/// `keys` readable for `n > 0` keys and `counts` holding `size_of::<K>() · 256` zeroed
/// `u64`s on `dev`.
pub(crate) unsafe fn histogram<K: SortKernel>(
    dev: &Device,
    blocks: u64,
    p: RadixHistParams<K>,
) -> Result<()> {
    let shared = radix_hist_shared_bytes(size_of::<K>());
    // SAFETY: `SortKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, K::HISTOGRAM, blocks, shared, p) }
}

/// `parallax_radix_offsets__Bins__u64`, one block.
///
/// # Safety
/// `counts` readable and `starts` writable for `passes · 256` `u64`s on `dev`.
pub(crate) unsafe fn offsets(dev: &Device, p: RadixOffsetsParams) -> Result<()> {
    let name = parallaxis_kernels::entry_name!(radix_offsets, Bins, u64);
    let shared = size_of::<BlockShared<u64>>();
    // SAFETY: the entry takes `RadixOffsetsParams`; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, name, 1, shared, p) }
}

/// `name`, a onesweep pass of `K` moving values `V` (`()`, `u32` or `u64`).
///
/// # Safety
/// `name` is `K`'s pass entry for `V`; the contract of `RadixPassParams` (the kernel's
/// `# Safety`), with `tiles` blocks.
pub(crate) unsafe fn pass<K: SortKernel, V: Copy>(
    dev: &Device,
    name: &'static str,
    tiles: u64,
    p: RadixPassParams<K, V>,
) -> Result<()> {
    let shared = radix_pass_shared_bytes(size_of::<K>(), size_of::<V>());
    // SAFETY: as the caller guarantees.
    unsafe { launch(dev, crate::KERNELS, name, tiles, shared, p) }
}
