//! SpMV tuning: tile sizes of the nonzero-balanced kernels, the shared-memory layout of the
//! CSR merge kernel, and the launch plan the host reads to pick a CSR kernel.

/// Nonzeros each lane of the COO kernel owns (M&G use 7 items per thread for 4-byte values
/// on Pascal; 8 keeps the per-lane walk short). The CSR merge kernel has its own
/// [`CSR_MERGE_ITEMS`].
pub const MERGE_ITEMS: u64 = 8;

/// Nonzeros of one COO warp tile.
pub const MERGE_TILE: u64 = crate::policy::common::WARP_THREADS as u64 * MERGE_ITEMS;

/// Merge-path items of one CSR block tile (2048). A tile per block instead of per warp
/// (the previous kernel) needs one merge-path search per 2048 items instead of two per 256:
/// those searches were a third of the warp kernel's instructions (~480 of ~1600 per warp
/// tile, 22 dependent steps of 64-bit arithmetic) and 44 of its ~370 L2 requests.
/// Measured: `benches/RESULTS.md#h100-2026-11-24-spmv-blocks-box-ring`.
pub const CSR_MERGE_TILE: u64 = crate::policy::common::BLOCK_THREADS as u64 * CSR_MERGE_ITEMS;

/// Merge-path items each thread of the CSR merge kernel owns (at most 16, the kernel's
/// unroll lists).
pub const CSR_MERGE_ITEMS: u64 = 8;

/// Dynamic shared memory layout of the CSR merge block: at 0 the tile's products (later the
/// finished rows' folds), `CSR_MERGE_TILE` of `T`; at [`csr_merge_ends_at`] the row ends of
/// the tile's rows, `CSR_MERGE_TILE + 1` of `u32` (relative to the tile's first nonzero); at
/// [`csr_merge_warps_at`] one [`RowFold`] per warp.
pub const fn csr_merge_ends_at<T>() -> usize {
    (CSR_MERGE_TILE as usize * core::mem::size_of::<T>()).div_ceil(16) * 16
}

/// Byte offset of the per-warp [`RowFold`]s in the CSR merge block's shared memory.
pub const fn csr_merge_warps_at<T>() -> usize {
    (csr_merge_ends_at::<T>() + (CSR_MERGE_TILE as usize + 1) * 4).div_ceil(16) * 16
}

/// Dynamic shared memory of a CSR merge block (f32: 16 464 bytes, f64: 24 720).
pub const fn spmv_csr_merge_shared_bytes<T>() -> usize {
    csr_merge_warps_at::<T>()
        + crate::policy::common::BLOCK_WARPS * core::mem::size_of::<RowFold<T>>()
}

/// A fold of one row's items, tagged with the row (relative to the tile's first row): what
/// the CSR merge block's threads carry to each other.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RowFold<T> {
    /// The row, relative to the tile's first row.
    pub row: u32,
    /// The fold.
    pub value: T,
}

/// Lanes that search one CSR tile coordinate together (a 9-way search: 7 dependent loads
/// for 2^22 rows instead of 22).
/// Measured with the block-tile merge kernel:
/// `benches/RESULTS.md#h100-2026-11-24-spmv-blocks-box-ring`.
pub const COORDS_LANES: u32 = 8;

/// Upper bound on blocks of the grid-stride SpMV kernels (vector CSR, ELL, fix-up).
pub const SPMV_MAX_BLOCKS: u64 = 1 << 20;

/// The CSR kernel for a matrix's row-length statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsrKernel {
    /// The row-per-sub-warp kernel with `1 << lanes_log2` lanes per row.
    Vector {
        /// log2 of the lanes per row (0..=5; 0 is a thread per row).
        lanes_log2: u32,
    },
    /// The merge-based, nonzero-balanced kernel.
    Merge,
}

/// Longest row, as a multiple of the mean row length (plus [`IRREGULAR_SLACK`]), that the
/// vector kernel still takes. Above it one thread's or sub-warp's row outlasts its warp's
/// other rows, and the merge kernel wins by far on the power-law matrix of
/// `benches/peers/peers.cu` (ratio 3280) while losing on the 2D Poisson matrix (ratio 1.0):
/// `benches/RESULTS.md#h100-2026-11-23-spmv-staged-merge`.
pub const IRREGULAR_RATIO: u64 = 8;

/// Rows up to this many entries never count as irregular (a 32-lane sub-warp covers them in
/// one pass).
pub const IRREGULAR_SLACK: u64 = 32;

/// Entries per lane the vector kernel aims for: a lane with several entries keeps more loads
/// in flight than lanes that idle in a sub-warp too wide for the row (on Poisson 4096², one
/// lane per row was fastest and CUSP's one entry per lane 2.8x slower):
/// `benches/RESULTS.md#h100-2026-11-23-spmv-staged-merge`.
pub const VECTOR_ENTRIES_PER_LANE: u64 = 8;

/// Picks the CSR kernel: the merge kernel when the longest row exceeds
/// `IRREGULAR_RATIO · mean + IRREGULAR_SLACK`, else the vector kernel with the smallest
/// power of two lanes (1 to 32) that leaves at most [`VECTOR_ENTRIES_PER_LANE`] of a mean row
/// to each lane.
///
/// ```
/// use parallaxis_kernels::policy::spmv::{csr_kernel, CsrKernel};
/// // 2D Poisson 4096²: mean 4.999, max 5: a thread per row.
/// assert_eq!(csr_kernel(1 << 24, 83_869_696, 5), CsrKernel::Vector { lanes_log2: 0 });
/// // Mean 40, max 60: 8 lanes.
/// assert_eq!(csr_kernel(1000, 40_000, 60), CsrKernel::Vector { lanes_log2: 3 });
/// // peers.cu's power law: 2^22 rows, 25_571_476 entries (mean 6.1), max 20000.
/// assert_eq!(csr_kernel(1 << 22, 25_571_476, 20_000), CsrKernel::Merge);
/// assert_eq!(csr_kernel(0, 0, 0), CsrKernel::Vector { lanes_log2: 0 });
/// ```
pub const fn csr_kernel(nrows: u64, nnz: u64, max_row: u64) -> CsrKernel {
    let mean = if nrows == 0 { 0 } else { nnz.div_ceil(nrows) };
    if max_row > IRREGULAR_RATIO * mean + IRREGULAR_SLACK {
        return CsrKernel::Merge;
    }
    let mut lanes_log2 = 0;
    while lanes_log2 < 5 && (VECTOR_ENTRIES_PER_LANE << lanes_log2) < mean {
        lanes_log2 += 1;
    }
    CsrKernel::Vector { lanes_log2 }
}

/// Warp tiles of the COO kernel over `nnz` nonzeros.
pub const fn coo_tiles(nnz: u64) -> u64 {
    nnz.div_ceil(MERGE_TILE)
}

/// Block tiles of the CSR merge kernel over `items = nrows + nnz` merge-path items.
pub const fn csr_merge_tiles(items: u64) -> u64 {
    items.div_ceil(CSR_MERGE_TILE)
}
