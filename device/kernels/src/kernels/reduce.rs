//! Reduce, in two passes of the same kernel: every warp folds a contiguous run of warp tiles
//! (`32 * ITEMS` items, each lane loading its `ITEMS` consecutive items as 16-byte vectors),
//! each block folds its 8 warps in order and writes one partial, and a one-block second
//! pass folds the partials. Every fold is in index order, so any monoid works; the partition
//! depends only on `n` ([`crate::tuning::reduce_plan`]), so float results are reproducible.

use crate::block::fold_warps;
use crate::params::ReduceParams;
use crate::simt::{block_index, dynamic_shared, lane, thread_index, warp_index};
use crate::tile::{load_full, load_partial};
use crate::tuning::{BlockShared, Partial, BLOCK_WARPS, WARP_THREADS};
use crate::warp;
use parallax_core::Monoid;

/// The fold of this lane's items of warp tile `t`.
#[inline(always)]
unsafe fn lane_fold<T: Copy, M: Monoid<T>, const ITEMS: usize>(
    p: &ReduceParams<T, M>,
    t: u64,
) -> Partial<T> {
    let m = p.m;
    let warp_tile = u64::from(WARP_THREADS) * ITEMS as u64;
    let start = t * warp_tile + u64::from(lane()) * ITEMS as u64;
    if (t + 1) * warp_tile <= p.n {
        // SAFETY: the whole warp tile is below `n`; `start` is a multiple of ITEMS items.
        let items: [T; ITEMS] = unsafe { load_full(p.x.add(start as usize)) };
        let mut acc = items[0];
        // Constant-trip index loop: it unrolls fully and keeps the array in registers (an
        // iterator over the array by value made LLVM place it in local memory).
        #[allow(clippy::needless_range_loop)]
        for j in 1..ITEMS {
            acc = m.combine(acc, items[j]);
        }
        Partial::some(acc)
    } else {
        // SAFETY: `load_partial` reads only indices below `n`.
        let (items, count) = unsafe { load_partial::<T, ITEMS>(p.x, start, p.n, m.identity()) };
        let mut acc = Partial::none(m.identity());
        for (j, &v) in items.iter().enumerate() {
            if j < count {
                acc = acc.join(m, Partial::some(v));
            }
        }
        acc
    }
}

/// One reduce pass (see [`ReduceParams`]).
///
/// # Safety
/// `x` readable for `n` elements and 16-byte aligned; `out` writable for one element per
/// block; launched with `BLOCK_THREADS` threads, `size_of::<BlockShared<T>>()` bytes of
/// dynamic shared memory and the grid of `reduce_plan`.
#[inline(always)]
pub unsafe fn reduce<T: Copy, M: Monoid<T>, const ITEMS: usize>(p: ReduceParams<T, M>) {
    let m = p.m;
    // SAFETY: the launch provides a `BlockShared<T>` (contract).
    let shared = unsafe { dynamic_shared::<BlockShared<T>>() };
    let warp_tile = u64::from(WARP_THREADS) * ITEMS as u64;
    let tiles = p.n.div_ceil(warp_tile);
    let warp_id = block_index() * BLOCK_WARPS as u64 + warp_index() as u64;
    let first = warp_id * p.tiles_per_warp;
    let last = (first + p.tiles_per_warp).min(tiles);
    let mut acc = Partial::none(m.identity());
    let mut t = first;
    while t < last {
        // SAFETY: `t` is a warp tile below `tiles`.
        let mine = unsafe { lane_fold::<T, M, ITEMS>(&p, t) };
        // The warp's fold of tile `t` lands in lane 31, where `acc` is kept.
        acc = acc.join(m, warp::reduce(m, mine));
        t += 1;
    }
    // SAFETY: every thread reaches this (the loop bound is uniform per warp, and no thread
    // returned early).
    let total = unsafe { fold_warps(m, acc, shared) };
    if thread_index() == 0 {
        let v = if total.valid != 0 {
            total.value
        } else {
            m.identity()
        };
        // SAFETY: one slot per block (contract).
        unsafe { p.out.add(block_index() as usize).write(v) };
    }
}
