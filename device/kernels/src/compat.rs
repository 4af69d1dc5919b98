//! Temporary: the crate's old module paths (`tuning`, `params::Item`, `params_spmv`, ...),
//! re-exported at their old names so the workspace builds unchanged while its users move
//! to `policy::<algo>`, `params::<family>` and `thread`. Removed when the users' paths are
//! rewritten (the old -> new table is kept outside the repository with the sed script).

/// Old path of these items.
pub mod tuning {
    pub use crate::params::common::{TILE_AGGREGATE, TILE_EMPTY, TILE_PREFIX};
    pub use crate::policy::common::{
        items_per_thread, BlockShared, Partial, BLOCK_THREADS, BLOCK_WARPS, STAGE_UNIT,
        STAGE_UNITS_PER_THREAD, WARP_THREADS,
    };
    pub use crate::policy::lookback::{
        packed_run_words, packed_words, FIRST_POLL_DELAY_MIN_TILES, RUNS_FIRST_POLL_DELAY_NS,
        SCAN_FIRST_POLL_DELAY_NS, SEGMENTED_FIRST_POLL_DELAY_NS,
    };
    pub use crate::policy::reduce::{
        reduce_grid, reduce_group, reduce_level, reduce_plan, reduce_tree_slots, REDUCE_COUNTERS,
        REDUCE_MAX_BLOCKS, REDUCE_WAVE_BLOCKS, REDUCE_WAVE_TILES,
    };
    pub use crate::policy::scan::{
        deep_scan_tile_items, deep_staged_unit, scan_shared_bytes, scan_stages, scan_tile_items,
        staging_offset, SCAN_DEPTH,
    };
    pub use crate::policy::segmented::{
        carry_window_items, FLAGS_FOLD_CARRY, OFFSET_CARRY_MAX_MEAN_WINDOWS,
    };
    pub use crate::policy::transform::{transform_blocks, TRANSFORM_ITEMS, TRANSFORM_MAX_BLOCKS};
}

/// Old path of these items.
pub mod params_segmented {
    pub use crate::params::segmented::{
        OffsetHeadsParams, ReduceRunsParams, RunAgg, RunGatherParams, RunOp, SegGatherParams,
        SegScanParams, HEADS_FROM_OFFSETS,
    };
    pub use crate::policy::segmented::{
        reduce_runs_shared_bytes, seg_carry_offset, seg_head_map_offset, seg_scan_shared_bytes,
        seg_shared_bytes, seg_staging_offset, OFFSET_HEAD_WORDS,
    };
}

/// Old path of these items.
pub mod params_spmv {
    pub use crate::params::spmv::{
        SpmvCarry, SpmvCoordsParams, SpmvCsrVectorParams, SpmvEllParams, SpmvFixupParams,
        SpmvMergeParams,
    };
    pub use crate::policy::spmv::{
        coo_tiles, csr_kernel, csr_merge_ends_at, csr_merge_tiles, csr_merge_warps_at,
        spmv_csr_merge_shared_bytes, CsrKernel, RowFold, COORDS_LANES, CSR_MERGE_ITEMS,
        CSR_MERGE_TILE, IRREGULAR_RATIO, IRREGULAR_SLACK, MERGE_ITEMS, MERGE_TILE, SPMV_MAX_BLOCKS,
        VECTOR_ENTRIES_PER_LANE,
    };
}

/// Old path of these items.
pub mod params_stencil {
    pub use crate::params::stencil::{
        StencilParams, StencilTap, BOUNDARY_CLAMP, BOUNDARY_WRAP, BOUNDARY_ZERO,
        STENCIL_INLINE_TAPS,
    };
    pub use crate::policy::stencil::{
        stencil_box_entry, stencil_box_radius, stencil_box_shared_bytes, stencil_halo_tile,
        stencil_items, stencil_plan, stencil_row_window, stencil_stage_bytes, stencil_tile,
        stencil_tile_items, stencil_tile_offset, stencil_tiles, tiles_of, STENCIL_BOX_BLOCK,
        STENCIL_BOX_COLS, STENCIL_BOX_ENTRIES, STENCIL_BOX_RADIUS, STENCIL_BOX_RING_PITCH,
        STENCIL_BOX_RING_ROWS, STENCIL_BOX_STRIP_ROWS, STENCIL_ROW_RADIUS, STENCIL_ROW_RUNS,
        STENCIL_ROW_TILE, STENCIL_SHARED_MAX, STENCIL_SHARED_TAPS,
    };
}

/// Old path of these items.
pub mod params_stencil_march {
    #[cfg(not(target_arch = "nvptx64"))]
    pub use crate::policy::stencil_march::stencil_march_pattern;
    pub use crate::policy::stencil_march::{
        march_ring, march_shared_bytes, MARCH_HALO_X, MARCH_ITEMS, MARCH_PATTERNS, MARCH_PITCH,
        MARCH_PLANES, MARCH_PLANE_LEN, MARCH_ROW_GROUPS, MARCH_TILE_ROWS, MARCH_TILE_X, STAR_TILE,
        STENCIL_BOX27, STENCIL_STAR7,
    };
}

/// Old paths `params::Item`, glob-re-exported by `crate::params`.
pub mod params_flat {
    pub use crate::params::common::{
        HostSignal, TileStatus, LOOKBACK_EPOCH_MAX, LOOKBACK_EPOCH_SHIFT,
    };
    pub use crate::params::reduce::{ReduceParams, Transform2ReduceParams, TransformReduceParams};
    pub use crate::params::scan::{ScanParams, TransformScanParams};
    pub use crate::params::transform::{
        FillParams, TabulateParams, Transform2Params, TransformParams,
    };
}

#[cfg(target_arch = "nvptx64")]
/// Old path of these items.
pub mod simt {
    pub use crate::thread::{
        block_index, dynamic_shared, dynamic_shared_at, grid_blocks, lane, no_unroll, opaque,
        sync_threads, sync_warp, thread_index, warp_index,
    };
}

#[cfg(target_arch = "nvptx64")]
/// Old path of these items.
pub mod grid {
    pub use crate::thread::{block_dim, block_idx, grid_dim, thread_idx, Dim3};
}
