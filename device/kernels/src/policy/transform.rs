//! Launch shape of the element-wise kernels (transform, transform2, tabulate, fill).

use super::common::BLOCK_THREADS;

/// Items per thread per grid-stride step of transform, transform2, tabulate and fill: four
/// independent coalesced loads in flight per thread. The H100, one call, four builds, two
/// passes each (ms, saxpy / transform Square f32 at 2^28): 4 items 1.057 / 0.714, 8 items
/// 1.073 / 0.723; 2^26 0.269 / 0.184 against 0.273 / 0.185; equal within the noise at 2^20 -
/// 2^24.
pub const TRANSFORM_ITEMS: u64 = 4;

/// Upper bound on transform blocks; larger inputs loop (grid-stride). Up to 2^30 f32 items
/// every block takes one step: in the call above, a grid of 4096 looping blocks took 1.172 /
/// 0.783 ms at 2^28 (4 items; 8 items 1.165 / 0.795) against 1.057 / 0.714 with a block per
/// step.
pub const TRANSFORM_MAX_BLOCKS: u64 = 1 << 20;

/// Blocks for an element-wise kernel over `n` items (at least 1, at most
/// [`TRANSFORM_MAX_BLOCKS`]).
pub const fn transform_blocks(n: u64) -> u64 {
    let per_block = BLOCK_THREADS as u64 * TRANSFORM_ITEMS;
    let b = n.div_ceil(per_block);
    if b == 0 {
        1
    } else if b > TRANSFORM_MAX_BLOCKS {
        TRANSFORM_MAX_BLOCKS
    } else {
        b
    }
}
