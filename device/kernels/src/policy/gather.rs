//! Launch shape of gather, scatter, reverse and the map check.

use super::common::BLOCK_THREADS;

/// Elements a thread moves per grid-stride step: its map entries are loaded together, then
/// its (random) source reads are issued together, so that many are in flight per thread.
pub const GATHER_ITEMS: u64 = 4;

/// Upper bound on the grid; larger inputs loop.
pub const GATHER_MAX_BLOCKS: u64 = 1 << 20;

/// Blocks for `n` elements (at least 1).
pub const fn gather_blocks(n: u64) -> u64 {
    let b = n.div_ceil(BLOCK_THREADS as u64 * GATHER_ITEMS);
    if b == 0 {
        1
    } else if b > GATHER_MAX_BLOCKS {
        GATHER_MAX_BLOCKS
    } else {
        b
    }
}

/// Words per element and the word size (1, 2, 4, 8 or 16 bytes) that elements of `size`
/// bytes move as: the largest word that divides the size. Zero-sized elements move nothing.
pub const fn word_of(size: usize) -> (usize, u64) {
    let w = if size % 16 == 0 {
        16
    } else if size % 8 == 0 {
        8
    } else if size % 4 == 0 {
        4
    } else if size % 2 == 0 {
        2
    } else {
        1
    };
    (w, (size / w) as u64)
}
