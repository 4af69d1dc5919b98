//! Barriers: the whole block's and one warp's.

use core::arch::nvptx;

/// Block-wide barrier (`bar.sync 0`).
///
/// # Safety
/// Every thread of the block must reach the same barrier (no divergent call), or the block
/// hangs.
#[inline(always)]
pub unsafe fn sync_threads() {
    // SAFETY: the caller guarantees the barrier is reached by the whole block.
    unsafe { nvptx::_syncthreads() }
}

/// Warp-wide barrier (`bar.warp.sync` over all 32 lanes): orders each lane's earlier shared
/// memory accesses before the others' later ones.
///
/// # Safety
/// All 32 lanes of the warp must reach it.
#[inline(always)]
pub unsafe fn sync_warp() {
    // SAFETY: the caller guarantees that the whole warp arrives.
    unsafe { core::arch::asm!("bar.warp.sync -1;") }
}
