//! The reduce's launch: its partition over blocks and warps, and the fold tree that combines
//! the blocks' partials.

use super::common::{items_per_thread, BLOCK_WARPS, WARP_THREADS};
use super::scan::scan_tile_items;

/// Upper bound on reduce blocks. Below it every warp folds one warp tile (up to 2^31 f32 items,
/// 2^30 f64), but for the one-wave launches of [`reduce_grid`]; above it, each warp folds more
/// consecutive warp tiles, one dependent round each, which costs bandwidth. With the fold
/// tree, whose cost does not grow with the blocks, the largest cap timed was fastest at 2^30
/// and equal below: `benches/RESULTS.md#h100-2026-11-24-reduce-tree-pool`.
pub const REDUCE_MAX_BLOCKS: u64 = 524288;

/// Partials one block folds in the reduce's fold tree: one pass of a block over elements of
/// `size` bytes (4096 of 4 bytes, 2048 of 8, 1024 larger), so a group's fold is one block
/// pass (four 16-byte loads per thread). Each block's partial goes to level 0; the last
/// block of every group of consecutive partials (by a ticket counter per group) folds the
/// group into one partial of the next level, and so on until a level holds one value, the
/// result. Up to one group of blocks (2^24 f32 items, 2^23 f64 and 2^22 16-byte items,
/// counting the one-wave launches of [`reduce_grid`]) that is the flat fold of the
/// one-level kernel; up to the cap of 524288 blocks it is two levels. A level costs about
/// 1.5 us (a ticket, a barrier, a dependent load), so a tree pays only where the flat fold
/// would take several dependent rounds, hence groups of one block pass rather than fixed
/// groups of 512: `benches/RESULTS.md#h100-2026-11-24-reduce-tree-pool`.
pub const fn reduce_group(size: usize) -> u64 {
    scan_tile_items(size)
}

/// Padding unit of a fold-tree level's partials, in items: a multiple of 16 items keeps
/// every level 16-byte aligned (the folds load 16-byte vectors) whatever the element size.
const REDUCE_LEVEL_ALIGN: u64 = 16;

/// Where level `level` of a reduce's fold tree over `blocks` blocks of elements of `size`
/// bytes lives: `(partials, first_partial, first_counter)`, the number of partials at that
/// level (level 0: one per block; level `l + 1`: one per group of [`reduce_group`] of level
/// `l`) and the offsets of its first partial slot and first group counter. Levels are laid
/// out one after another, each padded to 16 items; a level of one partial is the result,
/// which has no slot.
///
/// ```
/// use parallaxis_kernels::policy::reduce::reduce_level;
/// // 2^28 f32: 65536 blocks in 16 groups of 4096, then one group of 16.
/// assert_eq!(reduce_level(65536, 4, 0), (65536, 0, 0));
/// assert_eq!(reduce_level(65536, 4, 1), (16, 65536, 16));
/// assert_eq!(reduce_level(65536, 4, 2), (1, 65552, 17));
/// assert_eq!(reduce_level(2050, 8, 1), (2, 2064, 2));
/// ```
pub const fn reduce_level(blocks: u64, size: usize, level: u32) -> (u64, u64, u64) {
    let group = reduce_group(size);
    let (mut count, mut first_partial, mut first_counter, mut l) = (blocks, 0, 0, 0);
    while l < level {
        first_partial += count.div_ceil(REDUCE_LEVEL_ALIGN) * REDUCE_LEVEL_ALIGN;
        count = count.div_ceil(group);
        first_counter += count;
        l += 1;
    }
    (count, first_partial, first_counter)
}

/// Partial slots and counters a reduce over `blocks` blocks of elements of `size` bytes
/// needs: every level of its fold tree but the last (the result). One block needs neither.
///
/// ```
/// use parallaxis_kernels::policy::reduce::reduce_tree_slots;
/// assert_eq!(reduce_tree_slots(1, 4), (0, 0));
/// assert_eq!(reduce_tree_slots(3, 4), (16, 1));
/// assert_eq!(reduce_tree_slots(131072, 8), (131136, 65));
/// ```
pub const fn reduce_tree_slots(blocks: u64, size: usize) -> (u64, u64) {
    let mut level = 0;
    while reduce_level(blocks, size, level).0 > 1 {
        level += 1;
    }
    let (_, partials, counters) = reduce_level(blocks, size, level);
    (partials, counters)
}

/// Group counters every reduce may use: those of the largest grid with the smallest groups
/// (elements over 8 bytes). The scratch keeps this many zeroed words; each kernel leaves
/// them zero again.
pub const REDUCE_COUNTERS: u64 = reduce_tree_slots(REDUCE_MAX_BLOCKS, usize::MAX).1;

/// The partition of a fold over `n` items of `size` bytes: `(blocks, tiles_per_warp)`, where a
/// warp tile is `32 * items_per_thread(size)` items and each warp folds `tiles_per_warp`
/// consecutive warp tiles. The reduce's launch ([`reduce_grid`]) passes
/// [`REDUCE_MAX_BLOCKS`] or [`REDUCE_WAVE_BLOCKS`] as `max_blocks` (its fold tree's groups
/// need no plan: each is one block pass). Every block launched has at least one
/// warp tile.
/// `n == 0` gives `(0, 0)`.
///
/// ```
/// use parallaxis_kernels::policy::reduce::reduce_plan;
/// // 2^28 f32: 2^19 warp tiles over 8192 blocks of 8 warps, 8 warp tiles each.
/// assert_eq!(reduce_plan(1 << 28, 4, 8192), (8192, 8));
/// assert_eq!(reduce_plan(33, 4, 8192), (1, 1));
/// assert_eq!(reduce_plan(8192, 4, 1), (1, 2));
/// ```
pub const fn reduce_plan(n: u64, size: usize, max_blocks: u64) -> (u64, u64) {
    let warp_tile = WARP_THREADS as u64 * items_per_thread(size) as u64;
    let warp_tiles = n.div_ceil(warp_tile);
    if warp_tiles == 0 {
        return (0, 0);
    }
    let warps_max = max_blocks * BLOCK_WARPS as u64;
    let per_warp = warp_tiles.div_ceil(warps_max);
    let blocks = warp_tiles.div_ceil(per_warp * BLOCK_WARPS as u64);
    (blocks, per_warp)
}

/// Blocks a reduce keeps to (see [`reduce_grid`]) in the base shape: about one wave of
/// resident blocks on the H100 (132 multiprocessors, 8 blocks of 256 threads at 32
/// registers: 1056; the 34-register Min and Max f64 kernels fit 7 blocks, 924).
/// Timed with [`reduce_grid`]: `benches/RESULTS.md#h100-2026-11-24-host-flag-one-wave`.
pub const REDUCE_WAVE_BLOCKS: u64 = 1024;

/// The most warp tiles per warp [`reduce_grid`] accepts to keep to [`REDUCE_WAVE_BLOCKS`].
pub const REDUCE_WAVE_TILES: u64 = 4;

/// A reduce's launch shape: the part of its partition that differs between GPUs, one entry
/// of the tuning table (`policy::gpu`), chosen at run time from the device's properties.
/// The partition, and with it the association of a float reduce, depends only on `n` and
/// the shape: results are reproducible bit for bit on every GPU that gets the same shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReduceShape {
    /// Upper bound on blocks (at most [`REDUCE_MAX_BLOCKS`], which sizes the fold tree's
    /// counters); past it each warp folds more consecutive warp tiles.
    pub max_blocks: u64,
    /// Blocks of a one-wave launch (see [`reduce_grid_for`]).
    pub wave_blocks: u64,
    /// The most warp tiles per warp a one-wave launch accepts.
    pub wave_tiles: u64,
    /// The fewest warp tiles per warp past one wave of blocks (see [`reduce_grid_for`]).
    pub min_tiles: u64,
}

impl ReduceShape {
    /// The shape timed on the H100: a block per warp tile up to 2^31 f32 items, one wave of
    /// blocks folding 2-4 tiles each just past one wave.
    pub const BASE: ReduceShape = ReduceShape {
        max_blocks: REDUCE_MAX_BLOCKS,
        wave_blocks: REDUCE_WAVE_BLOCKS,
        wave_tiles: REDUCE_WAVE_TILES,
        min_tiles: 1,
    };

    /// The shape of GPUs with more bandwidth per multiprocessor than the H100 (the H200):
    /// past one wave, every warp folds at least 4 warp tiles, in at most 16384 blocks. On the
    /// H200 a block per warp tile ran at 0.81-0.82x CUB at 2^26-2^30 items, 4 to 16 tiles a
    /// warp at 0.97-1.14x: `benches/RESULTS.md#h200-2026-11-27-reduce-shape`.
    pub const HBM3E: ReduceShape = ReduceShape {
        max_blocks: 16384,
        wave_blocks: REDUCE_WAVE_BLOCKS,
        wave_tiles: REDUCE_WAVE_TILES,
        min_tiles: 4,
    };

    /// Whether a launch of this shape stays within the fold tree's counters and launches at
    /// least one block.
    pub const fn is_valid(&self) -> bool {
        self.max_blocks >= 1
            && self.max_blocks <= REDUCE_MAX_BLOCKS
            && self.wave_blocks >= 1
            && self.wave_blocks <= REDUCE_MAX_BLOCKS
            && self.wave_tiles >= 1
            && self.min_tiles >= 1
    }
}

/// The reduce's launch `(blocks, tiles_per_warp)` for `n` items of `size` bytes in the
/// [`ReduceShape::BASE`] shape (see [`reduce_grid_for`]).
///
/// ```
/// use parallaxis_kernels::policy::reduce::reduce_grid;
/// assert_eq!(reduce_grid(1 << 22, 4), (1024, 1)); // 2^22 f32: one wave already
/// assert_eq!(reduce_grid(1 << 22, 8), (1024, 2)); // 2^22 f64: 2048 blocks become 1024
/// assert_eq!(reduce_grid(1 << 24, 4), (1024, 4));
/// assert_eq!(reduce_grid(1 << 24, 8), (8192, 1)); // past 4 tiles a warp: a block per tile
/// ```
pub const fn reduce_grid(n: u64, size: usize) -> (u64, u64) {
    reduce_grid_for(n, size, ReduceShape::BASE)
}

/// The reduce's launch `(blocks, tiles_per_warp)` for `n` items of `size` bytes in `shape`:
/// [`reduce_plan`] under `shape.max_blocks`, except
/// - where that gives between `shape.wave_blocks` and `shape.wave_tiles` times as many
///   blocks: then `reduce_plan(n, size, shape.wave_blocks)`, one wave of blocks folding a
///   few tiles each. In the base shape, one wave folding 2-4 tiles a warp beat a block per
///   warp tile just past one wave (up to 20% at 2^22 f64) and changed nothing elsewhere:
///   `benches/RESULTS.md#h100-2026-11-24-host-flag-one-wave`;
/// - where, past that, a warp would fold fewer than `shape.min_tiles` tiles: then as many
///   blocks (at least one wave) as give each warp `min_tiles` (in the base shape, 1, never).
///
/// ```
/// use parallaxis_kernels::policy::reduce::{reduce_grid_for, ReduceShape};
/// let few = ReduceShape { max_blocks: 4096, wave_tiles: 1, ..ReduceShape::BASE };
/// assert_eq!(reduce_grid_for(1 << 28, 4, few), (4096, 16));
/// let h = ReduceShape::HBM3E;
/// assert_eq!(reduce_grid_for(1 << 22, 4, h), (1024, 1));
/// assert_eq!(reduce_grid_for(1 << 24, 4, h), (1024, 4));
/// assert_eq!(reduce_grid_for(1 << 26, 4, h), (4096, 4));
/// assert_eq!(reduce_grid_for(1 << 28, 4, h), (16384, 4));
/// assert_eq!(reduce_grid_for(1 << 30, 4, h), (16384, 16));
/// ```
pub const fn reduce_grid_for(n: u64, size: usize, shape: ReduceShape) -> (u64, u64) {
    let (blocks, per_warp) = reduce_plan(n, size, shape.max_blocks);
    if blocks > shape.wave_blocks && blocks <= shape.wave_blocks * shape.wave_tiles {
        reduce_plan(n, size, shape.wave_blocks)
    } else if blocks > shape.wave_blocks && per_warp < shape.min_tiles {
        let fewer = blocks * per_warp / shape.min_tiles;
        let fewer = if fewer > shape.wave_blocks {
            fewer
        } else {
            shape.wave_blocks
        };
        reduce_plan(n, size, fewer)
    } else {
        (blocks, per_warp)
    }
}
