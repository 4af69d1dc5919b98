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
