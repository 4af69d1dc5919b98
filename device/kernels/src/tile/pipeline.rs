//! A block's walk over the tiles of a grid-stride loop with its tiles staged in shared memory
//! by asynchronous copies: with two stages, the copies of tile `b + grid` are in flight while
//! the block computes tile `b` (software pipelining; Kirk & Hwu's double buffering), so the
//! memory system stays busy through the computation instead of idling between a block's
//! load and its next load.

use crate::thread::{block_index, grid_blocks, sync_threads};
use crate::tile::async_copy::{commit, wait_all, wait_all_but};

/// For each tile `b = block, block + grid, ...` below `tiles`: `locate(b)` describes it once
/// (its coordinates), `issue(at, stage)` starts the copies of the tile into a stage, then,
/// once every thread's copies of it have landed and a barrier has passed, `fold(at, stage)`
/// computes it. `stages` is 2 (double buffering: the next tile is issued before the current
/// one is folded), 1 (one stage: issue, wait, fold), or 0 (nothing is staged; `fold` reads
/// global memory, and gets stage 0 unused).
///
/// Every iteration begins and ends with a block barrier, so work a block did before the call
/// (such as staging its taps) is visible to every `fold`, and a stage is refilled only after
/// every thread has finished reading it.
///
/// # Safety
/// Called by every thread of the block with the same arguments. `stage(s)` for `s < stages`
/// are disjoint shared areas that only `issue` and `fold` touch; `issue` writes its stage
/// only through `cp.async` (or plain stores, ordered by the same barrier); both are uniform
/// across the block where they call barriers.
#[inline(always)]
pub(crate) unsafe fn for_each_staged_tile<T, A: Copy>(
    tiles: u64,
    stages: u32,
    stage: impl Fn(u32) -> *mut T,
    locate: impl Fn(u64) -> A,
    mut issue: impl FnMut(A, *mut T),
    mut fold: impl FnMut(A, *mut T),
) {
    let grid = grid_blocks();
    let mut b = block_index();
    if b >= tiles {
        return;
    }
    let mut at = locate(b);
    let mut current = 0;
    if stages == 2 {
        issue(at, stage(0));
    }
    // SAFETY (this and every copy-group call below): uniform control flow; the groups order
    // only this thread's own copies.
    unsafe { commit() };
    loop {
        let next = b + grid;
        // (Located unconditionally, clamped: a select between two located tiles copied the
        // descriptor through local memory.)
        let next_at = locate(next.min(tiles - 1));
        if stages == 2 {
            if next < tiles {
                issue(next_at, stage(current ^ 1));
            }
            // SAFETY: as above; leaves only the next tile's group in flight.
            unsafe {
                commit();
                wait_all_but(1);
            }
        } else if stages == 1 {
            issue(at, stage(0));
            // SAFETY: as above.
            unsafe {
                commit();
                wait_all();
            }
        }
        // SAFETY: uniform loop (the caller's contract); every thread reaches both barriers.
        // The first publishes the staged tile, the second keeps the stage from being refilled
        // while a thread still reads it.
        unsafe { sync_threads() };
        fold(at, stage(current));
        // SAFETY: as above.
        unsafe { sync_threads() };
        if next >= tiles {
            return;
        }
        if stages == 2 {
            current ^= 1;
        }
        b = next;
        at = next_at;
    }
}
