//! Launchers of the select family: the only `unsafe` launches of the select kernels, of
//! the fused `count_if` and of the searches (`find_if`, `mismatch`, `sorted_until`), typed by
//! their parameter structs. All go through [`crate::launch::launch`].

use crate::context::Device;
use crate::kernel::merge::CompareKernel;
use crate::kernel::select::{PredicateKernel, SelectKernel};
use crate::launch::launch;
use crate::{Kernels, Result};
use parallaxis_core::{DeviceCopy, Indicator, Sum};
use parallaxis_kernels::params::reduce::TransformReduceParams;
use parallaxis_kernels::params::select::{
    FindParams, MismatchParams, SelectParams, SortedUntilParams,
};
use parallaxis_kernels::policy::{common::BlockShared, select::select_shared_bytes};
use std::mem::size_of;

/// A select entry point `name` of `kernels` (`select_if`, `select_flagged`,
/// `select_unique`, `unique_by_key`) over `blocks` tiles.
///
/// # Safety
/// `name` takes exactly `SelectParams<T, V, P>`; `p` holds the pointers its contract
/// (`kernels::select`) asks for, live until the kernel has run, with `n > 0` and `status`
/// readied for `blocks = ceil(n / select_tile_items(max(size_of T, size_of V)))` tiles.
pub(crate) unsafe fn select<T: DeviceCopy, V: DeviceCopy, P: Copy>(
    dev: &Device,
    (kernels, name): (Kernels, &'static str),
    blocks: u64,
    p: SelectParams<T, V, P>,
) -> Result<()> {
    let shared = select_shared_bytes(size_of::<T>().max(size_of::<V>()));
    // SAFETY: the entry point takes this parameter type (contract); pointers by contract.
    unsafe { launch(dev, kernels, name, blocks, shared, p) }
}

/// `parallax_count_if__<P>__<T>(TransformReduceParams<T, Indicator<P>, u64, Sum>)`, with
/// `BlockShared<u64>` shared memory.
///
/// # Safety
/// As `launch::reduce` for a reduce of `u64`, with `p.x` readable for `n > 0` items of `T`,
/// 16-byte aligned, and the grid of `reduce_grid(n, size_of::<T>())`.
pub(crate) unsafe fn count_if<T: DeviceCopy, P: PredicateKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: TransformReduceParams<T, Indicator<P>, u64, Sum>,
) -> Result<()> {
    let shared = size_of::<BlockShared<u64>>();
    // SAFETY: `PredicateKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, P::KERNELS, P::COUNT_IF, blocks, shared, p) }
}

/// `parallax_find_if__<P>__<T>(FindParams<T, P>)`, without shared memory.
///
/// # Safety
/// `p.x` readable for `p.n` items of `T`, 16-byte aligned; `p.first` one live word of `dev`
/// holding at least `p.n` (`u64::MAX`), changed by nothing else until the kernel has run.
pub(crate) unsafe fn find_if<T: DeviceCopy, P: PredicateKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: FindParams<T, P>,
) -> Result<()> {
    // SAFETY: `PredicateKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, P::KERNELS, P::FIND_IF, blocks, 0, p) }
}

/// `parallax_mismatch__<T>(MismatchParams<T>)`, without shared memory.
///
/// # Safety
/// `p.x` and `p.y` readable for `p.n > 0` items of `T`, 16-byte aligned; `p.first` as
/// [`find_if`]'s.
pub(crate) unsafe fn mismatch<T: SelectKernel>(
    dev: &Device,
    blocks: u64,
    p: MismatchParams<T>,
) -> Result<()> {
    // SAFETY: `SelectKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, T::MISMATCH, blocks, 0, p) }
}

/// `parallax_sorted_until__<C>__<T>(SortedUntilParams<T, C>)`, without shared memory.
///
/// # Safety
/// `p.x` readable for `p.n > 0` items of `T`, 16-byte aligned; `p.first` as [`find_if`]'s.
pub(crate) unsafe fn sorted_until<T: DeviceCopy, C: CompareKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: SortedUntilParams<T, C>,
) -> Result<()> {
    // SAFETY: `CompareKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, C::KERNELS, C::SORTED_UNTIL, blocks, 0, p) }
}
