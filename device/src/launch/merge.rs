//! Launchers of the comparator merge sort, merge and set operations: the block sort, the
//! merge-path partition and the tile merge, the balanced-path partition and the set tiles,
//! with values moved as `()` (keys alone), `u32` or `u64` words.

use super::launch;
use crate::context::Device;
use crate::kernel::merge::CompareKernel;
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::merge::{BlockSortParams, MergeParams, SetOpParams};
use parallaxis_kernels::policy::merge::{
    merge_shared_bytes, partition_blocks, set_op_shared_bytes,
};
use std::mem::size_of;

/// The entry of a `[keys alone, 4-byte values, 8-byte values]` list for value word `W`.
fn by_width<W>(names: [&'static str; 3]) -> &'static str {
    names[match size_of::<W>() {
        0 => 0,
        4 => 1,
        _ => 2,
    }]
}

/// `parallax_merge_block_sort{,_v4,_v8}__<C>__<T>(BlockSortParams<T, W, C>)`.
///
/// # Safety
/// `W` is `()`, `u32` or `u64`; the pointers of `p` live for `n > 0` items (values unless
/// `W` is `()`); `tiles = ceil(n / merge_tile_items(size_of::<T>()))`.
pub(crate) unsafe fn block_sort<T: DeviceCopy, W: Copy, C: CompareKernel<T>>(
    dev: &Device,
    tiles: u64,
    p: BlockSortParams<T, W, C>,
) -> Result<()> {
    let shared = merge_shared_bytes(size_of::<T>(), size_of::<W>());
    // SAFETY: `CompareKernel` guarantees the parameter type for `W`; pointers by contract.
    unsafe {
        launch(
            dev,
            C::KERNELS,
            by_width::<W>(C::BLOCK_SORT),
            tiles,
            shared,
            p,
        )
    }
}

/// `parallax_merge_partition__<C>__<T>(MergeParams<T, (), C>)`: one thread per tile.
///
/// # Safety
/// The virtual input of `p` readable for `n > 0` keys, `splits` writable for `tiles` words.
pub(crate) unsafe fn partition<T: DeviceCopy, C: CompareKernel<T>>(
    dev: &Device,
    tiles: u64,
    p: MergeParams<T, (), C>,
) -> Result<()> {
    // SAFETY: `CompareKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, C::KERNELS, C::PARTITION, partition_blocks(tiles), 0, p) }
}

/// `parallax_merge_tiles{,_v4,_v8}__<C>__<T>(MergeParams<T, W, C>)`.
///
/// # Safety
/// As [`block_sort`], over the virtual input of `p`, after [`partition`] with the same
/// parameters.
pub(crate) unsafe fn merge<T: DeviceCopy, W: Copy, C: CompareKernel<T>>(
    dev: &Device,
    tiles: u64,
    p: MergeParams<T, W, C>,
) -> Result<()> {
    let shared = merge_shared_bytes(size_of::<T>(), size_of::<W>());
    // SAFETY: `CompareKernel` guarantees the parameter type for `W`; pointers by contract.
    unsafe { launch(dev, C::KERNELS, by_width::<W>(C::MERGE), tiles, shared, p) }
}

/// `parallax_set_partition__<C>__<T>(SetOpParams<T, (), C>)`: one thread per tile boundary.
///
/// # Safety
/// Both lists of `p` readable for their lengths, `splits` writable for `2 * (tiles + 1)`
/// words, `tiles` the tiles of `set_tile_items(size_of::<T>())` positions.
pub(crate) unsafe fn set_partition<T: DeviceCopy, C: CompareKernel<T>>(
    dev: &Device,
    tiles: u64,
    p: SetOpParams<T, (), C>,
) -> Result<()> {
    // SAFETY: `CompareKernel` guarantees the parameter type; pointers by contract.
    unsafe {
        launch(
            dev,
            C::KERNELS,
            C::SET_PARTITION,
            partition_blocks(tiles + 1),
            0,
            p,
        )
    }
}

/// `parallax_set_tiles{,_v4,_v8}__<C>__<T>(SetOpParams<T, W, C>)`: a block per tile.
///
/// # Safety
/// `W` is `()`, `u32` or `u64`; after [`set_partition`] with the same lists; `counts` a word
/// per tile, writable (counting pass) or holding the tiles' output positions (writing pass,
/// the outputs then writable for the counted total).
pub(crate) unsafe fn set_tiles<T: DeviceCopy, W: Copy, C: CompareKernel<T>>(
    dev: &Device,
    tiles: u64,
    p: SetOpParams<T, W, C>,
) -> Result<()> {
    let shared = set_op_shared_bytes(size_of::<T>(), size_of::<W>());
    // SAFETY: `CompareKernel` guarantees the parameter type for `W`; pointers by contract.
    unsafe {
        launch(
            dev,
            C::KERNELS,
            by_width::<W>(C::SET_TILES),
            tiles,
            shared,
            p,
        )
    }
}
