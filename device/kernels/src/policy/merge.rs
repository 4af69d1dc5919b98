//! The comparator merge sort's and the merge's tile shape (`kernels/merge/`), as data: one
//! block of `BLOCK_THREADS` threads per tile, each thread owning `merge_items(size)`
//! consecutive items (sorted in registers, merged from shared memory). Every size a function
//! of the key's size, so the host and the kernels agree on it.

use super::common::BLOCK_THREADS;

/// Items a thread owns for keys of `key_size` bytes: 8 for 4-byte keys (16 KiB of keys and
/// values a tile at most), 4 for 8-byte keys, 2 past that, 1 past 32 bytes (so a tile of
/// wide user types stays within the 48 KiB of shared memory a launch gets by default).
///
/// ```
/// use parallaxis_kernels::policy::merge::merge_items;
/// assert_eq!((merge_items(4), merge_items(8), merge_items(24)), (8, 4, 2));
/// ```
pub const fn merge_items(key_size: usize) -> usize {
    if key_size <= 4 {
        8
    } else if key_size <= 8 {
        4
    } else if key_size <= 32 {
        2
    } else {
        1
    }
}

/// Items of a tile: `BLOCK_THREADS * merge_items(key_size)`.
///
/// ```
/// use parallaxis_kernels::policy::merge::merge_tile_items;
/// assert_eq!((merge_tile_items(4), merge_tile_items(8)), (2048, 1024));
/// ```
pub const fn merge_tile_items(key_size: usize) -> usize {
    BLOCK_THREADS as usize * merge_items(key_size)
}

/// Byte offset of the values in a tile's shared memory: after the keys, rounded up to 16.
pub const fn merge_values_offset(key_size: usize) -> usize {
    (merge_tile_items(key_size) * key_size).next_multiple_of(16)
}

/// Byte offset of the threads' split words in a tile's shared memory: after the keys, and
/// (with values, `value_size > 0`) each slot's source position (`u32`) and the tile's values.
/// A `u16` per thread follows (a tile has at most `16 * BLOCK_THREADS` items): the tile
/// position where the thread's merge starts in list A, which the thread before it compares
/// its own merge's end with (`kernels/merge/mod.rs`).
///
/// ```
/// use parallaxis_kernels::policy::merge::merge_splits_offset;
/// assert_eq!(merge_splits_offset(4, 0), 8192);
/// assert_eq!(merge_splits_offset(8, 8), 8192 + 4096 + 8192);
/// ```
#[inline]
pub const fn merge_splits_offset(key_size: usize, value_size: usize) -> usize {
    let keys = merge_values_offset(key_size);
    if value_size == 0 {
        keys
    } else {
        keys + merge_tile_items(key_size) * (4 + value_size)
    }
}

/// Dynamic shared memory of a block sort or merge block: the tile (keys, then positions and
/// values when `value_size > 0`) and a split word per thread ([`merge_splits_offset`]).
///
/// ```
/// use parallaxis_kernels::policy::merge::merge_shared_bytes;
/// assert_eq!(merge_shared_bytes(4, 0), 8192 + 512);
/// assert_eq!(merge_shared_bytes(8, 8), 8192 + 4096 + 8192 + 512);
/// ```
#[inline]
pub const fn merge_shared_bytes(key_size: usize, value_size: usize) -> usize {
    merge_splits_offset(key_size, value_size) + BLOCK_THREADS as usize * 2
}

/// Threads (one per output tile) per block of the partition kernel, and its block count for
/// `tiles` tiles.
///
/// ```
/// use parallaxis_kernels::policy::merge::partition_blocks;
/// assert_eq!((partition_blocks(1), partition_blocks(257)), (1, 2));
/// ```
pub const fn partition_blocks(tiles: u64) -> u64 {
    let b = tiles.div_ceil(BLOCK_THREADS as u64);
    if b == 0 {
        1
    } else {
        b
    }
}

/// Merged positions a set operation's tile covers for keys of `key_size` bytes (the merge's
/// tile): a tile's two input ranges hold one item more where its last balanced-path split
/// takes an item's partner along.
pub const fn set_tile_items(key_size: usize) -> usize {
    merge_tile_items(key_size)
}

/// Steps a thread of a set-operation tile walks at most: its `merge_items` positions and the
/// partner its last split may take along.
pub const fn set_steps(key_size: usize) -> usize {
    merge_items(key_size) + 1
}

/// Byte offsets in a set-operation block's shared memory: `[values, output slots, splits,
/// warp totals, end]`. The tile's keys come first (`set_tile_items + 1` of them), then their
/// values, then one `u16` tile slot per output item (`BLOCK_THREADS * set_steps`), then a
/// `u16` pair per thread (its balanced-path split in the tile), then a `u32` per warp (the
/// block's count scan).
///
/// ```
/// use parallaxis_kernels::policy::merge::set_op_layout;
/// assert_eq!(set_op_layout(4, 0), [8208, 8208, 12816, 13840, 13872]);
/// ```
pub const fn set_op_layout(key_size: usize, value_size: usize) -> [usize; 5] {
    let slots = set_tile_items(key_size) + 1;
    let values = (slots * key_size).next_multiple_of(16);
    let out = values + (slots * value_size).next_multiple_of(16);
    let splits = out + (BLOCK_THREADS as usize * set_steps(key_size) * 2).next_multiple_of(16);
    let warps = splits + BLOCK_THREADS as usize * 4;
    [
        values,
        out,
        splits,
        warps,
        warps + BLOCK_THREADS as usize / 32 * 4,
    ]
}

/// Dynamic shared memory of a set-operation block ([`set_op_layout`]'s end).
pub const fn set_op_shared_bytes(key_size: usize, value_size: usize) -> usize {
    set_op_layout(key_size, value_size)[4]
}
