//! A thread's indices in a 1-D launch. All indices are widened to `u64` at the source so that
//! index arithmetic on inputs of 2^31 and more elements never wraps. [`lane`] and
//! [`warp_index`] assume a 1-D block (`super::grid` has the y and z dimensions).

use crate::policy::common::WARP_THREADS;
use core::arch::nvptx;

/// This thread's index in its block (`threadIdx.x`).
#[inline(always)]
pub fn thread_index() -> u32 {
    // SAFETY: reads the %tid.x special register; no memory is touched.
    unsafe { nvptx::_thread_idx_x() }
}

/// This block's index in the grid (`blockIdx.x`), widened.
#[inline(always)]
pub fn block_index() -> u64 {
    // SAFETY: reads the %ctaid.x special register.
    u64::from(unsafe { nvptx::_block_idx_x() })
}

/// Blocks in the grid (`gridDim.x`), widened.
#[inline(always)]
pub fn grid_blocks() -> u64 {
    // SAFETY: reads the %nctaid.x special register.
    u64::from(unsafe { nvptx::_grid_dim_x() })
}

/// This thread's lane in its warp (0..32).
#[inline(always)]
pub fn lane() -> u32 {
    thread_index() % WARP_THREADS
}

/// This thread's warp in its block (0..8).
#[inline(always)]
pub fn warp_index() -> usize {
    (thread_index() / WARP_THREADS) as usize
}
