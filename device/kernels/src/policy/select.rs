//! Select tiles: a thread holds `SELECT_RUNS` runs of 64 bytes in registers, tests them,
//! and the block compacts its selected items through shared memory so that the output is
//! written with coalesced stores.

use super::common::{items_per_thread, BlockShared, BLOCK_THREADS, BLOCK_WARPS, STAGE_UNIT};

/// Runs of `items_per_thread` items (64 bytes) per thread in a select tile: 1 makes a tile
/// of 4096 items of 4 bytes (16 KiB of compaction area). 2 (the scan's deep tile, 8192
/// items) held 32 values per thread in registers: 63 registers, 4 blocks per SM, and
/// 0.77x CUB at 2^28 on the H200 (`benches/RESULTS.md#h200-2026-11-27-select`).
pub const SELECT_RUNS: usize = 1;

const _: () = assert!(
    items_per_thread(1) * SELECT_RUNS <= 32,
    "a thread's selection is one 32-bit mask"
);

/// Items in one select tile whose widest element (the items, or the values beside them)
/// has `size` bytes.
///
/// ```
/// use parallaxis_kernels::policy::select::select_tile_items;
/// assert_eq!((select_tile_items(4), select_tile_items(8)), (4096, 2048));
/// ```
pub const fn select_tile_items(size: usize) -> u64 {
    BLOCK_THREADS as u64 * (items_per_thread(size) * SELECT_RUNS) as u64
}

/// Byte offset of the warps' selection counts (`[u32; BLOCK_WARPS]`, the block's count
/// scan) in a select block's dynamic shared memory: after the tile draw's and look-back's
/// `BlockShared<u64>`, 16-byte aligned.
pub const fn select_counts_offset() -> usize {
    core::mem::size_of::<BlockShared<u64>>().div_ceil(STAGE_UNIT) * STAGE_UNIT
}

/// Byte offset of the compaction area in a select block's dynamic shared memory (after the
/// warps' counts, 16-byte aligned).
pub const fn select_buffer_offset() -> usize {
    (select_counts_offset() + BLOCK_WARPS * core::mem::size_of::<u32>()).div_ceil(STAGE_UNIT)
        * STAGE_UNIT
}

/// Dynamic shared memory of a select block whose widest element has `size` bytes: the tile
/// draw's and look-back's state, the warps' counts and the compaction area, one slot per item
/// of the tile.
///
/// ```
/// use parallaxis_kernels::policy::select::select_shared_bytes;
/// assert!(select_shared_bytes(4) <= 48 * 1024 && select_shared_bytes(8) <= 48 * 1024);
/// ```
pub const fn select_shared_bytes(size: usize) -> usize {
    select_buffer_offset() + select_tile_items(size) as usize * size
}

/// Nanoseconds a select tile sleeps before its first look-back poll (the launcher passes it
/// in `SelectParams::poll_delay_ns`; `PARALLAX_SELECT_POLL_DELAY_NS` overrides it for A/B
/// runs). The plain scan's 2800 ns (`policy::lookback::SCAN_FIRST_POLL_DELAY_NS`) is a
/// block slot held idle once a select tile's loads are done:
/// `benches/RESULTS.md#h200-2026-11-27-select`.
pub const SELECT_FIRST_POLL_DELAY_NS: u32 = 0;

/// Blocks a find keeps in flight per multiprocessor: enough to fill it (256 threads each), few
/// enough that the tiles in flight are the front of what is left, so a hit stops the rest
/// soon (`kernels/select/find.rs`).
pub const FIND_BLOCKS_PER_SM: u64 = 8;

/// Blocks of a find over `n` items of `size` bytes on a GPU of `multiprocessors`: one per
/// tile of `BLOCK_THREADS` times [`items_per_thread`] items,
/// at most [`FIND_BLOCKS_PER_SM`] per multiprocessor (the blocks loop over the tiles), at
/// least 1.
///
/// ```
/// use parallaxis_kernels::policy::select::find_blocks;
/// assert_eq!(find_blocks(0, 4, 132), 1);
/// assert_eq!(find_blocks(4097, 4, 132), 2);
/// assert_eq!(find_blocks(1 << 28, 4, 132), 8 * 132);
/// ```
pub const fn find_blocks(n: u64, size: usize, multiprocessors: u32) -> u64 {
    let tile = super::common::BLOCK_THREADS as u64 * super::common::items_per_thread(size) as u64;
    let tiles = n.div_ceil(tile);
    let most = FIND_BLOCKS_PER_SM * multiprocessors as u64;
    let most = if most == 0 { 1 } else { most };
    if tiles == 0 {
        1
    } else if tiles > most {
        most
    } else {
        tiles
    }
}
