//! Launch shape of the element-wise kernels (transform, transform2, tabulate, fill).

use super::common::BLOCK_THREADS;

/// Items per thread per grid-stride step of transform, transform2, tabulate and fill: four
/// independent coalesced loads in flight per thread; 8 items were no faster (equal within the
/// noise up to 2^26, 1-2% slower at 2^28): `benches/RESULTS.md#h100-2026-11-24-fused-transforms`.
pub const TRANSFORM_ITEMS: u64 = 4;

/// Upper bound on transform blocks; larger inputs loop (grid-stride). Up to 2^30 f32 items
/// every block takes one step, because a small grid of looping blocks (4096) was 10% slower at
/// 2^28 than a block per step: `benches/RESULTS.md#h100-2026-11-24-fused-transforms`.
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
