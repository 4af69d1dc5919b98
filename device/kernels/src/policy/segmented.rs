//! The segmented family's tuning (when a tile folds its carry instead of looking back) and
//! the layout of a segmented scan block's dynamic shared memory.

use super::common::{
    items_per_thread, BlockShared, Partial, BLOCK_THREADS, BLOCK_WARPS, STAGE_UNIT,
    STAGE_UNITS_PER_THREAD, WARP_THREADS,
};
use super::scan::{deep_staged_unit, scan_stages, SCAN_DEPTH};
use crate::params::segmented::RunAgg;
use parallaxis_core::Flagged;

/// Items before a tile that an offsets scan folds for its carry instead of looking back
/// (`kernels::segmented::carry_window`): one warp's share of the tile, `WARP_THREADS ·
/// items_per_thread · SCAN_DEPTH`: 4 KiB of 4-, 8- and 16-byte values (256 threads fold at
/// most 4 items each).
///
/// ```
/// use parallaxis_kernels::policy::segmented::carry_window_items;
/// assert_eq!(carry_window_items(4), 1024);
/// assert_eq!(carry_window_items(8) * 8, 4096);
/// ```
pub const fn carry_window_items(size: usize) -> u64 {
    WARP_THREADS as u64 * (items_per_thread(size) * SCAN_DEPTH) as u64
}

/// Longest mean segment, in [`carry_window_items`]s, for which the launcher picks the
/// offsets entries that fold their carry; longer segments rarely start within the window
/// before a tile, so those scans take the look-back entries and skip the fold. Chosen
/// because the fold pays where heads are near (runs of 1000) and costs nothing measurable
/// up to 16384-item runs, while at 65536 it is wasted:
/// `benches/RESULTS.md#h100-2026-11-25-offset-carry`,
/// `benches/RESULTS.md#h100-2026-11-25-flags-carry`.
pub const OFFSET_CARRY_MAX_MEAN_WINDOWS: u64 = 2;

/// Whether flag scans take the entries that fold their carry (`kernels::segmented::carry_window`):
/// a flags tile cannot know its segments' lengths in advance, so each one reads the window's
/// flag bytes and loads values only when a head is there. On, because the fold gains up to
/// 6% at runs of 1000 and loses nothing measurable where no head is near:
/// `benches/RESULTS.md#h100-2026-11-25-flags-carry`.
pub const FLAGS_FOLD_CARRY: bool = true;

/// 32-bit words of the shared bit map a segmented scan block builds from offsets: one bit
/// per item of the largest deep tile (256 threads × 32 items), and 2 words for the index of
/// the tile's first offset.
pub const OFFSET_HEAD_WORDS: usize = BLOCK_THREADS as usize * 32 / 32 + 2;

/// Byte offset of the value staging area in the dynamic shared memory of a segmented scan
/// block whose scan element is `V` (`Flagged<T>`, `RunAgg<T>`): after its `BlockShared<V>`,
/// 16-byte aligned.
pub const fn seg_staging_offset<V>() -> usize {
    core::mem::size_of::<BlockShared<V>>().div_ceil(STAGE_UNIT) * STAGE_UNIT
}

/// Dynamic shared memory of a segmented scan block over values `T` with scan element `V`
/// (`Flagged<T>`, `RunAgg<T>`): `BlockShared<V>` plus, when the value tile is staged, a deep
/// tile padded as the plain scan's (`policy::scan::scan_shared_bytes`).
pub const fn seg_shared_bytes<T, V>() -> usize {
    let tile_units = BLOCK_THREADS as usize * STAGE_UNITS_PER_THREAD * SCAN_DEPTH;
    let staging = if scan_stages::<T>() {
        deep_staged_unit(tile_units) * STAGE_UNIT
    } else {
        0
    };
    seg_staging_offset::<V>() + staging
}

/// Byte offset of the offsets bit map (`OFFSET_HEAD_WORDS` words) in a segmented scan
/// block's dynamic shared memory: after the staging area, 16-byte aligned.
pub const fn seg_head_map_offset<T>() -> usize {
    seg_shared_bytes::<T, Flagged<T>>().div_ceil(STAGE_UNIT) * STAGE_UNIT
}

/// Byte offset of the carry slots of a flags or offsets scan (`BLOCK_WARPS` `Partial<T>`,
/// then a `u32` flag; `kernels::segmented::carry_window`): after the offsets bit map,
/// 16-byte aligned.
pub const fn seg_carry_offset<T>() -> usize {
    (seg_head_map_offset::<T>() + OFFSET_HEAD_WORDS * 4).div_ceil(STAGE_UNIT) * STAGE_UNIT
}

/// Dynamic shared memory of the segmented scan kernels
/// ([`SegScanParams`](crate::params::segmented::SegScanParams)): the `BlockShared<Flagged<T>>`, the
/// staging area, the offsets bit map and the carry slots.
pub const fn seg_scan_shared_bytes<T>() -> usize {
    seg_carry_offset::<T>() + BLOCK_WARPS * core::mem::size_of::<Partial<T>>() + 4
}

/// Dynamic shared memory of the reduce-runs kernels
/// ([`ReduceRunsParams`](crate::params::segmented::ReduceRunsParams)).
pub const fn reduce_runs_shared_bytes<T>() -> usize {
    seg_shared_bytes::<T, RunAgg<T>>()
}
