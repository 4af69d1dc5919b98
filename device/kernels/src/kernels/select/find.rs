//! Find with early exit (Thrust's `find_if` / `find_if_not`, CUB's `DeviceFind::FindIf`): the
//! least position whose element the predicate answers `want` for. Blocks take tiles in index
//! order (tile `b`, then `b + grid`, ...; the grid is a few blocks per multiprocessor, so the
//! tiles in flight are the front of the input); every warp checks the position found so far
//! before each tile and stops once it lies before the tile. So a hit near the front ends the
//! kernel after about one wave of tiles, and an input without a hit is read once, as a
//! reduce reads it.
//!
//! A thread holds `ITEMS` consecutive items (vector loads); its first hit is the warp's when
//! no lower lane has one (a ballot picks the lowest lane), and that lane lowers the found
//! position with one atomic minimum: at most one atomic per warp and tile.

use crate::params::select::FindParams;
use crate::policy::common::BLOCK_THREADS;
use crate::thread::atomic_add::red_min_global_u64;
use crate::thread::atomics::load_relaxed_u64;
use crate::thread::{block_index, grid_blocks, lane, thread_index};
use crate::tile::{load_full, load_partial};
use crate::warp::{ballot, shuffle_idx};
use parallaxis_core::{DeviceCopy, Predicate};

/// Lowers `*p.first` to the least position `i < n` with `p.pred.test(x[i]) == (p.want != 0)`.
///
/// PTX: `parallax_find_if__<P>__<T>`.
///
/// # Safety
/// `p.x` readable for `n` items of `T`, 16-byte aligned; `p.first` one live `u64`, at least
/// `n` before the launch (`u64::MAX`: nothing found yet), that only atomic minima change while
/// the kernel runs.
#[inline(always)]
pub unsafe fn find_if<T: DeviceCopy, P: Predicate<T>, const ITEMS: usize>(p: FindParams<T, P>) {
    let tile_items = u64::from(BLOCK_THREADS) * ITEMS as u64;
    let stride = grid_blocks() * tile_items;
    let want = p.want != 0;
    let mut start = block_index() * tile_items;
    while start < p.n {
        // Lane 0 reads the position found so far and the warp follows it: the warp stays
        // converged for the ballot below, whatever other warps write meanwhile.
        // SAFETY: one live word (contract); other threads change it only atomically.
        let found = shuffle_idx(
            if lane() == 0 {
                unsafe { load_relaxed_u64(p.first) }
            } else {
                0
            },
            0,
        );
        if found <= start {
            return;
        }
        let base = start + u64::from(thread_index()) * ITEMS as u64;
        let items: [T; ITEMS] = if start + tile_items <= p.n {
            // SAFETY: the whole tile is below `n`; `base` is a multiple of ITEMS items from
            // an aligned start.
            unsafe { load_full(p.x.add(base as usize)) }
        } else {
            // SAFETY: reads only positions below `n`. The filler (an item of this tile that
            // exists: `start < n`) is never tested: positions past `n` are masked below.
            let filler = unsafe { p.x.add(start as usize).read() };
            unsafe { load_partial(p.x, base, p.n, filler) }.0
        };
        let mut first_hit = u64::MAX;
        for (j, v) in items.iter().enumerate().rev() {
            let i = base + j as u64;
            if i < p.n && p.pred.test(*v) == want {
                first_hit = i;
            }
        }
        let lanes = ballot(first_hit != u64::MAX);
        if lanes != 0 {
            let first = shuffle_idx(first_hit, lanes.trailing_zeros());
            if lane() == 0 {
                // SAFETY: one live word (contract).
                unsafe { red_min_global_u64(p.first, first) };
            }
        }
        start += stride;
    }
}
