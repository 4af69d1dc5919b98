//! The fused extremum reduce (`min_element`, `max_element`, `minmax_element`): the reduce
//! of `lift(x[i], i)` by an `ArgReduce` monoid, each element lifted with its index as it is
//! loaded (no vector of pairs). The monoids pick by a total order, so the pick does not
//! depend on the order of combining: each lane folds its items of all its warp's tiles into
//! one running pick and the warp combines them once at the end (the plain reduce's fold
//! combines the warp after every tile, in order: here that would be one warp reduce of 16-
//! to 40-byte picks per 512 items). The fold tree above the first round is the plain
//! reduce's, over picks.

use super::{finish_round, fold_block, group_input, plain, round, DONE};
use crate::block::fold_warps;
use crate::params::extrema::ArgReduceParams;
use crate::policy::common::{BlockShared, Partial, BLOCK_WARPS, WARP_THREADS};
use crate::thread::{block_index, dynamic_shared, lane, thread_index, warp_index};
use crate::tile::{load_full, load_partial};
use crate::warp;
use parallaxis_core::{ArgReduce, DeviceCopy};

/// The lane's pick over its items of warp tiles `[first, last)` of `x` (`n` items).
///
/// # Safety
/// `x` readable for `n` elements and 16-byte aligned; the tiles start below `n`.
#[inline(always)]
unsafe fn lane_picks<T, M, const ITEMS: usize>(
    m: M,
    x: *const T,
    n: u64,
    (first, last): (u64, u64),
) -> M::Pick
where
    T: Copy,
    M: ArgReduce<T>,
{
    const {
        assert!(
            ITEMS <= 16 && ITEMS.is_power_of_two(),
            "the unrolled folds below halve up to 16 items"
        )
    };
    let warp_tile = u64::from(WARP_THREADS) * ITEMS as u64;
    let mut acc = m.identity();
    let mut t = first;
    while t < last {
        let start = t * warp_tile + u64::from(lane()) * ITEMS as u64;
        if (t + 1) * warp_tile <= n {
            // SAFETY: the whole warp tile is below `n`; `start` is a multiple of ITEMS; the
            // input is 16-byte aligned (contract).
            let items: [T; ITEMS] = unsafe { load_full(x.add(start as usize)) };
            // The tile's picks pairwise (16 -> 8 -> 4 -> 2 -> 1: four dependent combines, not a
            // chain of 16; the pick does not depend on the order). Unrolled by hand: as loops,
            // LLVM left the 16 items of a 4-byte type in local memory (ptxas: 64 bytes of
            // stack), the combine's branches being too big a body.
            let mut p = [m.lift(items[0], start); ITEMS];
            unroll!(j in ITEMS; 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
                p[j] = m.lift(items[j], start + j as u64);
            });
            unroll!(j in ITEMS / 2; 0 1 2 3 4 5 6 7; {
                p[j] = m.combine(p[2 * j], p[2 * j + 1]);
            });
            unroll!(j in ITEMS / 4; 0 1 2 3; {
                p[j] = m.combine(p[2 * j], p[2 * j + 1]);
            });
            unroll!(j in ITEMS / 8; 0 1; {
                p[j] = m.combine(p[2 * j], p[2 * j + 1]);
            });
            unroll!(j in ITEMS / 16; 0; {
                p[j] = m.combine(p[2 * j], p[2 * j + 1]);
            });
            acc = m.combine(acc, p[0]);
        } else {
            // SAFETY: `n` is the input's length, `n >= 1`; the filler reads item 0.
            let (items, count) = unsafe { load_partial::<T, ITEMS>(x, start, n, x.read()) };
            unroll!(j in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
                if j < count {
                    acc = m.combine(acc, m.lift(items[j], start + j as u64));
                }
            });
        }
        t += 1;
    }
    acc
}

/// The fused extremum reduce kernel (see [`ArgReduceParams`]).
///
/// PTX: `parallax_arg_reduce__<M>__<T>`.
///
/// # Safety
/// As the plain reduce (`super::reduce`) for picks `M::Pick`, with `p.x` (of `T`) readable for
/// `n > 0` elements and 16-byte aligned, `p.reduce.x` unused, the grid and `tiles_per_warp`
/// of `policy::extrema::arg_reduce_grid(n, size_of::<T>(), max_blocks)` (any `reduce_plan` partition), `ITEMS_IN == items_per_thread(size_of::<T>())` and
/// `ITEMS == items_per_thread(size_of::<M::Pick>())`; `BlockShared<M::Pick>` shared memory.
#[inline(always)]
pub unsafe fn arg_reduce<T, M, const ITEMS_IN: usize, const ITEMS: usize>(
    p: ArgReduceParams<T, M::Pick, M>,
) where
    T: DeviceCopy,
    M: ArgReduce<T>,
{
    let r = &p.reduce;
    let m = r.m;
    // SAFETY: the launch provides a `BlockShared<M::Pick>` (contract).
    let shared = unsafe { dynamic_shared::<BlockShared<M::Pick>>() };
    if thread_index() == 0 {
        // SAFETY: see `LEVEL_SHIFT` in the parent module.
        unsafe { (*shared).tile = round(0, block_index()) };
    }
    let warp_tile = u64::from(WARP_THREADS) * ITEMS_IN as u64;
    let warp_id = block_index() * BLOCK_WARPS as u64 + warp_index() as u64;
    let first = warp_id * r.tiles_per_warp;
    let last = (first + r.tiles_per_warp).min(r.n.div_ceil(warp_tile));
    // SAFETY: `x` readable for `n` elements, aligned (contract); the tiles start below `n`.
    let mine = unsafe { lane_picks::<T, M, ITEMS_IN>(m, p.x, r.n, (first, last)) };
    let per_warp = warp::reduce(m, Partial::some(mine));
    // SAFETY: every thread of the block is here.
    let total = unsafe { fold_warps(m, per_warp, shared) };
    // SAFETY: the contract of the plain reduce; every thread is here.
    let mut next = unsafe { finish_round(r, total, shared) };
    while next != DONE {
        // SAFETY: `next` is a group fold this block drew.
        let (x, n) = unsafe { group_input(r, next) };
        // SAFETY: as in the plain reduce's tree rounds.
        let total =
            unsafe { fold_block::<M::Pick, _, M, ITEMS>(m, (plain(m, x), n), 1, 0, shared) };
        // SAFETY: as above.
        next = unsafe { finish_round(r, total, shared) };
    }
}
