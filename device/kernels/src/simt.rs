//! What every thread can ask: its indices, the block barrier, and the block's dynamic shared
//! memory. All indices are widened to `u64` at the source so that index arithmetic on inputs
//! of 2^31 and more elements never wraps.
//!
//! Public for user kernels (1-D launches; [`crate::grid`] has the y and z dimensions).
//! [`lane`] and [`warp_index`] assume a 1-D block.

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
    thread_index() % crate::tuning::WARP_THREADS
}

/// This thread's warp in its block (0..8).
#[inline(always)]
pub fn warp_index() -> usize {
    (thread_index() / crate::tuning::WARP_THREADS) as usize
}

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

/// The block's dynamic shared memory, typed as `S`. The launcher passes
/// `size_of::<S>()` bytes as the launch's dynamic shared-memory size.
///
/// # Safety
/// The launch must have provided at least `size_of::<S>()` bytes; accesses through the
/// pointer must be ordered between threads with [`sync_threads`].
#[inline(always)]
pub unsafe fn dynamic_shared<S>() -> *mut S {
    core::intrinsics::gpu::gpu_launch_sized_workgroup_mem::<S>()
}

/// The block's dynamic shared memory at byte `offset`, typed as `S`.
///
/// # Safety
/// As [`dynamic_shared`], for `offset + size_of::<S>()` bytes; `offset` must be a multiple
/// of `align_of::<S>()` (the region's base is aligned for `S`).
#[inline(always)]
pub unsafe fn dynamic_shared_at<S>(offset: usize) -> *mut S {
    // SAFETY: inside the launch's dynamic shared memory (caller contract).
    unsafe { dynamic_shared::<S>().cast::<u8>().add(offset).cast::<S>() }
}

/// `v`, through an empty inline-assembly move that LLVM can neither see through nor move:
/// a loop whose counter advances through it has no computable trip count, so LLVM does not
/// unroll it, and values computed from it inside a loop are not hoisted out of it. The
/// stencil kernel uses both: unrolled 4 times, its tap loop held 32 loaded values at once,
/// and per-thread tile coordinates hoisted out of its tile loop stayed live across it (96 to
/// 148 registers instead of 60). ptxas removes the move.
#[inline(always)]
pub fn opaque(v: u32) -> u32 {
    let out: u32;
    // SAFETY: a register move; no memory is touched.
    unsafe {
        core::arch::asm!(
            "mov.u32 {o}, {i};",
            o = out(reg32) out,
            i = in(reg32) v,
            options(nomem, nostack),
        );
    }
    out
}

/// Marks the enclosing loop "do not unroll" for ptxas (`.pragma "nounroll"`, which applies
/// to the loop whose header block holds it: call it first thing in the loop body). ptxas
/// otherwise unrolls short loops with run-time trip counts by 4, which in the stencil's tap
/// loop keeps 4 taps' loaded values in registers at once.
#[inline(always)]
pub fn no_unroll() {
    // SAFETY: a directive to the assembler; no instruction is emitted.
    unsafe { core::arch::asm!(".pragma \"nounroll\";", options(nomem, nostack)) };
}
