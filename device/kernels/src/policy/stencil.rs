//! Stencil tuning: tile shapes and shared-memory budgets of the general kernel, and the
//! shapes of the dense-window 1D and dense-box 2D kernels with the tests that pick them.
//!
//! Every grid is handled as 3D `[nz, ny, nx]` (row-major, `x` contiguous): a 1D grid is
//! `[1, 1, n]`, a 2D grid `[1, ny, nx]`, and offsets are padded with leading zeros the same
//! way. The kernel is instantiated once per dimension `D` only for its tile shape
//! ([`stencil_tile`]); the number of taps `K` is a run-time value.

use super::common::{BLOCK_THREADS, WARP_THREADS};
use crate::params::stencil::{StencilTap, STENCIL_INLINE_TAPS};

/// Taps a block copies to shared memory at most; beyond this every tap is read from global
/// memory (cached) and the block runs untiled.
pub const STENCIL_SHARED_TAPS: usize = 1024;

/// Dynamic shared memory a stencil block may use without opting in to more (48 KiB).
pub const STENCIL_SHARED_MAX: usize = super::common::SHARED_WITHOUT_OPT_IN;

/// Output points each thread computes for a `d`-dimensional grid: a block tile is
/// `BLOCK_THREADS * stencil_items(d)` points (2048). Sixteen items would amortize more per
/// 1D block, but LLVM then leaves the 16 accumulators in local memory; four items for 3D
/// grids of 8-byte elements (letting two stages fit) ran slower than eight with one stage:
/// `benches/RESULTS.md#h100-2026-11-24-stencil-pipeline`.
#[inline]
pub const fn stencil_items(_d: usize) -> usize {
    8
}

/// Output points of one block tile along `[z, y, x]` for a `d`-dimensional grid: a
/// 2048-point row segment, 32 rows of 64 (threads: 4 rows of 64), or 8 planes of 8 × 32
/// (threads: one 8 × 32 plane). Item `j` of thread `t` is tile point `t + 256 j` in
/// row-major order. The general kernel reaches 84% of the copy roof in 1D; in 2D and 3D it
/// is issue-bound (ncu), which is why the dense 2D box and the 3D star and box have kernels
/// of their own: `benches/RESULTS.md#h100-2026-11-24-stencil-pipeline`,
/// `benches/RESULTS.md#h100-2026-11-24-stencil-march`. No stencil fold can use fma: the
/// reference rounds product and sum separately.
#[inline]
pub const fn stencil_tile(d: usize) -> [u32; 3] {
    match d {
        1 => [1, 1, 2048],
        2 => [1, 32, 64],
        _ => [8, 8, 32],
    }
}

/// The tile with halo `[hz, hy, hx]` that a block stages.
#[inline]
pub const fn stencil_halo_tile(d: usize, lo: [u32; 3], hi: [u32; 3]) -> [u64; 3] {
    let t = stencil_tile(d);
    [
        t[0] as u64 + lo[0] as u64 + hi[0] as u64,
        t[1] as u64 + lo[1] as u64 + hi[1] as u64,
        t[2] as u64 + lo[2] as u64 + hi[2] as u64,
    ]
}

/// Byte offset of the staged tile in shared memory: after `k` taps, 16-byte aligned.
#[inline]
pub const fn stencil_tile_offset<T>(k: usize) -> usize {
    (k * core::mem::size_of::<StencilTap<T>>()).div_ceil(16) * 16
}

/// Elements of the staged tile with halo.
#[inline]
pub const fn stencil_tile_items(d: usize, lo: [u32; 3], hi: [u32; 3]) -> u64 {
    let h = stencil_halo_tile(d, lo, hi);
    h[0] * h[1] * h[2]
}

/// Bytes of one shared stage: the tile with halo, rounded up to 16 bytes so that the second
/// stage starts aligned for every element type.
#[inline]
pub const fn stencil_stage_bytes<T>(d: usize, lo: [u32; 3], hi: [u32; 3]) -> usize {
    let size = core::mem::size_of::<T>();
    (stencil_tile_items(d, lo, hi) as usize * size).div_ceil(16) * 16
}

/// `(shared_taps, stages, shared bytes)` for a `d`-dimensional stencil of `k` taps of `T`
/// with halo `lo`/`hi`: two stages when they fit in [`STENCIL_SHARED_MAX`], else one, else
/// none (the untiled path).
#[inline]
pub const fn stencil_plan<T>(d: usize, k: usize, lo: [u32; 3], hi: [u32; 3]) -> (u32, u32, usize) {
    if k > STENCIL_SHARED_TAPS {
        return (0, 0, 0);
    }
    let taps = stencil_tile_offset::<T>(k);
    let stage = stencil_stage_bytes::<T>(d, lo, hi);
    if taps + 2 * stage <= STENCIL_SHARED_MAX {
        (1, 2, taps + 2 * stage)
    } else if taps + stage <= STENCIL_SHARED_MAX {
        (1, 1, taps + stage)
    } else {
        (1, 0, taps)
    }
}

/// Block tiles along `[z, y, x]` for a `d`-dimensional grid of `shape = [nz, ny, nx]`.
#[inline]
pub const fn stencil_tiles(d: usize, shape: [u64; 3]) -> [u64; 3] {
    tiles_of(shape, stencil_tile(d))
}

/// Tiles of `tile` points along `[z, y, x]` that cover a grid of `shape`, for every stencil
/// kernel's launch.
#[inline]
pub const fn tiles_of(shape: [u64; 3], tile: [u32; 3]) -> [u64; 3] {
    [
        shape[0].div_ceil(tile[0] as u64),
        shape[1].div_ceil(tile[1] as u64),
        shape[2].div_ceil(tile[2] as u64),
    ]
}

// STENCIL_INLINE_TAPS is spelled out in the kernel's tap copy; every tile is the block's
// threads times their items; the 2D/3D tile staging wraps rows at most once per step.
const _: () = {
    assert!(STENCIL_INLINE_TAPS == 32);
    let mut d = 1;
    while d <= 3 {
        let t = stencil_tile(d);
        assert!(t[0] * t[1] * t[2] == BLOCK_THREADS * stencil_items(d) as u32);
        d += 1;
    }
    assert!(BLOCK_THREADS % stencil_tile(2)[2] == 0);
    let t = stencil_tile(3);
    assert!(t[1] * t[2] == BLOCK_THREADS);
};

/// The radius of the dense-window 1D kernel (`kernels/stencil/row.rs`): 9 taps, `-4 ..= 4`, which
/// is also the halo a lane takes from each neighbouring lane (its run of 4).
pub const STENCIL_ROW_RADIUS: usize = 4;

/// Runs of 4 consecutive outputs each lane of the dense-window 1D kernel computes: two
/// (40 registers, 6 blocks a SM) were 1-2% faster than four (64 registers, 4 blocks):
/// `benches/RESULTS.md#h100-2026-11-25-settled-lookback`.
pub const STENCIL_ROW_RUNS: usize = 2;

/// Output points of one block of the dense-window 1D kernel: 256 threads × its runs × 4.
pub const STENCIL_ROW_TILE: [u32; 3] = [1, 1, BLOCK_THREADS * STENCIL_ROW_RUNS as u32 * 4];

/// `true` when `offsets` (`dx` per tap, in order) are exactly `-4 ..= 4` ascending (a 9-tap
/// `mask_1d` or `convolve_1d`), the taps of the dense-window 1D kernel.
///
/// ```
/// use parallaxis_kernels::policy::stencil::stencil_row_window;
/// assert!(stencil_row_window(&[-4, -3, -2, -1, 0, 1, 2, 3, 4]));
/// assert!(!stencil_row_window(&[-3, -2, -1, 0, 1, 2, 3]));
/// assert!(!stencil_row_window(&[-4, -3, -2, -1, 0, 1, 2, 4, 3]));
/// ```
pub fn stencil_row_window(offsets: &[i32]) -> bool {
    let r = STENCIL_ROW_RADIUS as i32;
    offsets.len() == 2 * STENCIL_ROW_RADIUS + 1
        && offsets.iter().enumerate().all(|(k, &o)| o == k as i32 - r)
}

/// The radius of the dense-box kernel (`kernels/stencil/dense_box.rs`): 5 × 5 masks. A
/// `(2R + 1)²` mask must travel in the parameter block (`STENCIL_INLINE_TAPS` = 32 taps:
/// 5 × 5 fits, 7 × 7 does not).
pub const STENCIL_BOX_RADIUS: usize = 2;

/// Consecutive output columns one lane of the dense-box kernel owns: a warp's strip is `32
/// × 4 = 128` columns wide. 8 columns took 94-128 registers with the edge variants and were
/// no faster than 4 at 71-78 registers:
/// `benches/RESULTS.md#h100-2026-11-24-spmv-blocks-box-ring`.
pub const STENCIL_BOX_COLS: usize = 4;

/// Output rows of one dense-box strip (one warp's march; a block's 8 warps march 8 strips
/// stacked, so a block covers 256 rows × 128 columns). Each strip also reads the `2R` rows
/// around it. 32 rows beat 64 (more, shorter strips: a shorter tail), and strips or waves
/// sized to the resident warps were slower (the whole grid in flight at once halves DRAM
/// throughput): `benches/RESULTS.md#h100-2026-11-24-spmv-blocks-box-ring`,
/// `benches/RESULTS.md#h100-2026-11-25-conv2d-experiments`.
pub const STENCIL_BOX_STRIP_ROWS: u32 = 32;

/// Rows of each warp's shared-memory ring in the dense-box kernel's aligned march: the row
/// being folded and the `STENCIL_BOX_RING_ROWS - 1` after it, whose `cp.async` copies are in
/// flight meanwhile. 2 to 6 rows ran the same; 3 keeps the shared memory small (13 KiB per
/// block): `benches/RESULTS.md#h100-2026-11-24-spmv-blocks-box-ring`.
pub const STENCIL_BOX_RING_ROWS: usize = 3;

/// Elements per ring row: the 2 west edge values at 2 and 3, the warp's 128 columns from 4
/// (16-byte aligned), the 2 east edge values at 132 and 133, rounded up to 16 bytes.
pub const STENCIL_BOX_RING_PITCH: usize = 136;

const _: () = assert!(
    STENCIL_BOX_RING_PITCH
        >= (3 * STENCIL_BOX_RADIUS + WARP_THREADS as usize * STENCIL_BOX_COLS).next_multiple_of(4)
        && STENCIL_BOX_RING_PITCH % 4 == 0
        && 2 * STENCIL_BOX_RADIUS % 4 == 0,
    "a ring row holds the west edge pair, the warp's run 16-byte aligned, the east edge pair"
);

/// Dynamic shared memory of a dense-box block (4-byte elements): each warp's ring
/// (8 × 3 × 136 × 4 = 12.75 KiB).
pub const fn stencil_box_shared_bytes(size: usize) -> usize {
    (BLOCK_THREADS / WARP_THREADS) as usize * STENCIL_BOX_RING_ROWS * STENCIL_BOX_RING_PITCH * size
}

/// Planes, rows and columns of one block tile of the dense-box kernel (a 2D grid has one
/// plane).
pub const STENCIL_BOX_BLOCK: [u32; 3] = [
    1,
    BLOCK_THREADS / WARP_THREADS * STENCIL_BOX_STRIP_ROWS,
    WARP_THREADS * STENCIL_BOX_COLS as u32,
];

/// [`STENCIL_BOX_RADIUS`] when `offsets` (`[dy, dx]` per tap, in order) are exactly the
/// dense 5 × 5 box in row-major order (`mask_2d`'s layout); `None` otherwise.
///
/// ```
/// use parallaxis_kernels::policy::stencil::stencil_box_radius;
/// let box5: Vec<[i32; 2]> = (0..25).map(|k| [k / 5 - 2, k % 5 - 2]).collect();
/// assert_eq!(stencil_box_radius(&box5), Some(2));
/// assert_eq!(stencil_box_radius(&box5[..24]), None);
/// let box3: Vec<[i32; 2]> = (0..9).map(|k| [k / 3 - 1, k % 3 - 1]).collect();
/// assert_eq!(stencil_box_radius(&box3), None);
/// let mut swapped = box5.clone();
/// swapped.swap(0, 1);
/// assert_eq!(stencil_box_radius(&swapped), None);
/// ```
pub fn stencil_box_radius(offsets: &[[i32; 2]]) -> Option<usize> {
    let r = STENCIL_BOX_RADIUS;
    let side = 2 * r as i32 + 1;
    let dense = offsets.len() == (side * side) as usize
        && offsets
            .iter()
            .enumerate()
            .all(|(k, o)| *o == [k as i32 / side - r as i32, k as i32 % side - r as i32]);
    dense.then_some(r)
}
