//! The fused extremum reduce's launch (`min_element`, `max_element`, `minmax_element`).

use super::reduce::reduce_plan;

/// Upper bound on extremum-reduce blocks in both entries of the tuning table
/// (`Tuning::arg_reduce_max_blocks`, `policy::gpu`): past 4096 blocks' worth of warp tiles a warp takes
/// several consecutive tiles. Its lanes fold every tile into one running pick and the warp
/// combines once, so the block's end (a warp reduce of 24-40-byte picks, the block fold, the
/// fold tree's ticket) is paid once per block instead of once per 4096 items: with the
/// plain reduce's grid (65536 blocks at 2^28 f32) `min_element` ran at 49% of the copy roof
/// on the H200 (`benches/RESULTS.md#h200-2026-11-27-extrema-search`).
pub const ARG_REDUCE_MAX_BLOCKS: u64 = 4096;

/// `(blocks, tiles_per_warp)` of the extremum reduce over `n` items of `size` bytes, in at
/// most `max_blocks` blocks (the tuning table's `arg_reduce_max_blocks`).
///
/// ```
/// use parallaxis_kernels::policy::extrema::{arg_reduce_grid, ARG_REDUCE_MAX_BLOCKS};
/// assert_eq!(arg_reduce_grid(1 << 28, 4, ARG_REDUCE_MAX_BLOCKS), (4096, 16));
/// assert_eq!(arg_reduce_grid(1 << 20, 4, ARG_REDUCE_MAX_BLOCKS), (256, 1));
/// ```
pub const fn arg_reduce_grid(n: u64, size: usize, max_blocks: u64) -> (u64, u64) {
    reduce_plan(n, size, max_blocks)
}
