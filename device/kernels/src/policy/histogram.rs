//! Launch shape of the histogram kernels.
//!
//! Each thread loads 16-byte runs of samples (16 × u8, 4 × f32, 2 × f64) with one vector load
//! each, [`HISTOGRAM_RUNS`] runs before it counts any (so that many loads are in flight), and
//! counts them into its block's private bins in shared memory with `red.shared.add`; at the
//! end each block adds its non-zero bins to the output with `red.global.add`. Blocks loop
//! over the input (grid stride), so the merge costs `bins` atomics per block, not per tile.

use super::common::BLOCK_THREADS;

/// Bytes a run loads: one 16-byte vector.
pub const HISTOGRAM_RUN_BYTES: usize = 16;

/// Runs a thread loads before it counts them.
pub const HISTOGRAM_RUNS: u64 = 4;

/// The grid's size for large inputs: 8 blocks of 256 threads on each of the H100's 132 SMs,
/// one full wave (chosen, not swept; the bench figures in `benches/RESULTS.md#histogram`
/// were measured with it).
pub const HISTOGRAM_BLOCKS: u64 = 1056;

/// Dynamic shared memory a launch may take without opting in to more (48 KiB): privatized
/// bins (and edges) that need more count in global memory instead. Only the lane byte
/// counters ([`lane_byte_shared_bytes`]) opt in to more.
pub const HISTOGRAM_SHARED_MAX: usize = super::common::SHARED_WITHOUT_OPT_IN;

/// Rows of a warp's lane byte counters: 256 byte values, 4 to a 32-bit word.
pub const LANE_BYTE_ROWS: u32 = 64;

/// Words of a warp's lane byte counters: a row holds one word per lane (8 KiB a warp).
pub const LANE_BYTE_WARP_WORDS: u32 = LANE_BYTE_ROWS * super::common::WARP_THREADS;

/// Steps of [`HISTOGRAM_RUNS`] runs a lane counts between flushes of its 8-bit counters:
/// the most that cannot wrap one (3 x 64 samples, all of one value, is 192 <= 255).
pub const LANE_BYTE_FLUSH_STEPS: u32 = 3;

const _: () = assert!(
    LANE_BYTE_FLUSH_STEPS as u64 * HISTOGRAM_RUNS * HISTOGRAM_RUN_BYTES as u64 <= 255,
    "a lane's 8-bit counter must not wrap between flushes"
);

/// Shared bytes of the lane byte counters of 1-byte samples: every warp's rows, then the
/// block's 256 `u32` value totals (65 KiB: more than [`HISTOGRAM_SHARED_MAX`], so the
/// launch opts in; every GPU of the floor, sm_80, allows 163 KiB a block).
pub const fn lane_byte_shared_bytes() -> usize {
    (super::common::BLOCK_WARPS * LANE_BYTE_WARP_WORDS as usize + 256) * 4
}

/// Samples one block may count: its private `u32` bins must not wrap.
pub const HISTOGRAM_BLOCK_MAX_SAMPLES: u64 = 1 << 31;

/// Blocks for `n` samples of `size` bytes: enough for one step of [`HISTOGRAM_RUNS`] runs per
/// thread, at most [`HISTOGRAM_BLOCKS`] unless more are needed to keep every block under
/// [`HISTOGRAM_BLOCK_MAX_SAMPLES`].
pub const fn histogram_blocks(n: u64, size: usize) -> u64 {
    let per_run = (HISTOGRAM_RUN_BYTES / size) as u64;
    let per_step = BLOCK_THREADS as u64 * HISTOGRAM_RUNS * per_run;
    let want = n.div_ceil(per_step);
    let floor = n.div_ceil(HISTOGRAM_BLOCK_MAX_SAMPLES);
    let b = if want < HISTOGRAM_BLOCKS {
        want
    } else {
        HISTOGRAM_BLOCKS
    };
    let b = if b < floor { floor } else { b };
    if b == 0 {
        1
    } else {
        b
    }
}

/// Shared bytes of the even histogram's bin table for 1-byte samples: the bin of each of the
/// 256 values, computed once per block, so counting a byte is a table read instead of a
/// 64-bit division (the exact integer rule's).
pub const fn even_table_bytes(size: usize) -> usize {
    if size == 1 {
        256 * 4
    } else {
        0
    }
}

/// Copies of a block's private bins: one per warp up to [`PER_WARP_MAX_BINS`] bins, so that
/// warps never contend for one counter (256 bins over random bytes: each warp's 32 adds land
/// on 256 counters, and eight warps on one copy collide eight times as often); one above.
pub const fn bin_copies(bins: u32) -> u32 {
    if bins <= PER_WARP_MAX_BINS {
        BLOCK_THREADS / super::common::WARP_THREADS
    } else {
        1
    }
}

/// Bins up to which each warp counts into a copy of its own (8 KiB for 256 bins, 16 KiB
/// at most: several blocks still fit an SM).
pub const PER_WARP_MAX_BINS: u32 = 512;

/// Shared bytes of the even histogram: the table ([`even_table_bytes`]), then with
/// `privatized` the private bins (`u32` each, [`bin_copies`] copies).
pub const fn even_shared_bytes(bins: u32, size: usize, privatized: bool) -> usize {
    even_table_bytes(size)
        + if privatized {
            bins as usize * 4 * bin_copies(bins) as usize
        } else {
            0
        }
}

/// Offset of the edges in the range histogram's shared memory: after the bins (all
/// [`bin_copies`]), 16-aligned.
pub const fn range_edges_offset(bins: u32) -> usize {
    (bins as usize * 4 * bin_copies(bins) as usize).div_ceil(16) * 16
}

/// Shared bytes of the range histogram: private bins, then the `bins + 1` edges.
pub const fn range_shared_bytes(bins: u32, edge_size: usize) -> usize {
    range_edges_offset(bins) + (bins as usize + 1) * edge_size
}
