//! Reduce in one launch (the "last block" pattern): every warp folds a contiguous run of warp
//! tiles (`32 * ITEMS` items, each lane loading its `ITEMS` consecutive items as 16-byte
//! vectors), each block folds its 8 warps in order into one partial, and the block that
//! finishes last (the one drawing the last ticket from an `atom.acq_rel.gpu` counter) folds
//! the partials in block order and writes the result. The fold of the partials is the very
//! code, on the very arguments, of the second launch this replaces (one block over `blocks`
//! items), so results are bit for bit those of the two-launch version; the partition depends
//! only on `n` ([`crate::tuning::reduce_plan`]), so float results are reproducible.
//!
//! Why one launch: on the H100 the first pass alone ran at CUB's speed (353.7 µs for 2^28 f32
//! under ncu), but the call took 441 µs, and 26 µs at 2^16-2^20 against CUB's 15 µs: the
//! second launch, the gap before it and the synchronous copy cost more than the fold of 8192
//! partials itself. Here the last block starts folding as soon as the others are done, and
//! `reduce_into` leaves the result on the device (CUB's contract).

use crate::atomics::fetch_add_acq_rel;
use crate::block::fold_warps;
use crate::params::ReduceParams;
use crate::simt::{
    block_index, dynamic_shared, grid_blocks, lane, sync_threads, thread_index, warp_index,
};
use crate::tile::{load_full, load_partial};
use crate::tuning::{BlockShared, Partial, BLOCK_WARPS, WARP_THREADS};
use crate::warp;
use parallax_core::Monoid;

/// The fold of this lane's items of warp tile `t` of `x[..n]`.
///
/// # Safety
/// `x` readable for `n` elements and 16-byte aligned; warp tile `t` starts below `n`.
#[inline(always)]
unsafe fn lane_fold<T: Copy, M: Monoid<T>, const ITEMS: usize>(
    m: M,
    x: *const T,
    n: u64,
    t: u64,
) -> Partial<T> {
    let warp_tile = u64::from(WARP_THREADS) * ITEMS as u64;
    let start = t * warp_tile + u64::from(lane()) * ITEMS as u64;
    if (t + 1) * warp_tile <= n {
        // SAFETY: the whole warp tile is below `n`; `start` is a multiple of ITEMS items.
        let items: [T; ITEMS] = unsafe { load_full(x.add(start as usize)) };
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
        let (items, count) = unsafe { load_partial::<T, ITEMS>(x, start, n, m.identity()) };
        let mut acc = Partial::none(m.identity());
        for (j, &v) in items.iter().enumerate() {
            if j < count {
                acc = acc.join(m, Partial::some(v));
            }
        }
        acc
    }
}

/// Block `block`'s share of `x[..n]`: its warp `w` folds warp tiles
/// `[(8 block + w) tiles_per_warp, (8 block + w + 1) tiles_per_warp)` in order, and the
/// warps' folds are folded in warp order. The result is in thread 0 (absent if the block had
/// no item).
///
/// # Safety
/// `x` readable for `n` elements and 16-byte aligned; called by every thread of the block,
/// which owns `shared`'s warp slots until the barrier after this call.
#[inline(always)]
unsafe fn fold_block<T: Copy, M: Monoid<T>, const ITEMS: usize>(
    m: M,
    x: *const T,
    n: u64,
    tiles_per_warp: u64,
    block: u64,
    shared: *mut BlockShared<T>,
) -> Partial<T> {
    let warp_tile = u64::from(WARP_THREADS) * ITEMS as u64;
    let tiles = n.div_ceil(warp_tile);
    let warp_id = block * BLOCK_WARPS as u64 + warp_index() as u64;
    let first = warp_id * tiles_per_warp;
    let last = (first + tiles_per_warp).min(tiles);
    let mut acc = Partial::none(m.identity());
    let mut t = first;
    while t < last {
        // SAFETY: `t` is a warp tile below `tiles`.
        let mine = unsafe { lane_fold::<T, M, ITEMS>(m, x, n, t) };
        // The warp's fold of tile `t` lands in lane 31, where `acc` is kept.
        acc = acc.join(m, warp::reduce(m, mine));
        t += 1;
    }
    // SAFETY: every thread reaches this (the loop bound is uniform per warp, and no thread
    // returned early).
    unsafe { fold_warps(m, acc, shared) }
}

/// The value of a block's fold (the identity only if the block had no item, which
/// `reduce_plan` never lets happen: every block has at least one warp tile).
#[inline(always)]
fn value<T: Copy, M: Monoid<T>>(m: M, total: Partial<T>) -> T {
    if total.valid != 0 {
        total.value
    } else {
        m.identity()
    }
}

/// `BlockShared::tile` of a reduce block: thread 0 keeps the block's state there, in the
/// slot where a scan block keeps its tile ticket. The other threads read it only after the
/// barrier in [`finish_round`], and thread 0 next writes it after the barrier in the next
/// round's `fold_warps`, so the word needs no further synchronization.
const FOLDING_INPUT: u32 = 0;
/// The block drew the last ticket: fold the partials next.
const FOLDING_PARTIALS: u32 = 1;
/// Nothing left for this block to do.
const DONE: u32 = 2;

/// The end of a round, in every thread of the block, with the round's `total` in thread 0:
/// after the input round, publishes `total` as the block's partial and draws a ticket; after
/// the partials round, writes `total` to `out`. Returns `true` when the block folds the
/// partials next (it drew the last ticket, and then sees every block's partial).
///
/// # Safety
/// As [`reduce`] with more than one block; called by every thread of the block.
#[inline(always)]
unsafe fn finish_round<T: Copy, M: Monoid<T>>(
    p: &ReduceParams<T, M>,
    total: Partial<T>,
    shared: *mut BlockShared<T>,
) -> bool {
    if thread_index() == 0 {
        let v = value(p.m, total);
        // SAFETY: only thread 0 touches the word before the barrier below (see the states).
        let state = unsafe { &mut (*shared).tile };
        if *state == FOLDING_INPUT {
            // SAFETY: one partial slot per block (contract). The store is ordered before the
            // ticket by the add's release half: whoever acquires a later count sees it.
            unsafe { p.partials.add(block_index() as usize).write(v) };
            // SAFETY: `counter` is a global `u32` (contract).
            let ticket = unsafe { fetch_add_acq_rel(p.counter, 1) };
            if u64::from(ticket) == grid_blocks() - 1 {
                // Every block has drawn its ticket, so nothing else touches the counter in
                // this launch; the next launch on the stream starts after this store.
                // SAFETY: `counter` is a live global `u32` (contract).
                unsafe { p.counter.write(0) };
                *state = FOLDING_PARTIALS;
            } else {
                *state = DONE;
            }
        } else {
            // SAFETY: one slot out (contract).
            unsafe { p.out.write(v) };
            *state = DONE;
        }
    }
    // SAFETY: every thread of the block reaches this barrier.
    unsafe { sync_threads() };
    // In the last block, every other block's add came before ours in the counter's order,
    // and thread 0's acquire made their partials visible to it; the barrier extends that to
    // the whole block.
    // SAFETY: written by thread 0 before the barrier.
    unsafe { (*shared).tile == FOLDING_PARTIALS }
}

/// The reduce kernel (see [`ReduceParams`]).
///
/// # Safety
/// `x` readable for `n > 0` elements and 16-byte aligned; `out` writable for one element;
/// with more than one block, `partials` writable for one element per block and 16-byte
/// aligned, `counter` a `u32` in global memory that is 0 at launch and that no other kernel
/// touches while this one runs; launched with `BLOCK_THREADS` threads,
/// `size_of::<BlockShared<T>>()` bytes of dynamic shared memory and the grid and
/// `tiles_per_warp` of `reduce_plan(n, size_of::<T>(), REDUCE_MAX_BLOCKS)`.
#[inline(always)]
pub unsafe fn reduce<T: Copy, M: Monoid<T>, const ITEMS: usize>(p: ReduceParams<T, M>) {
    let m = p.m;
    // SAFETY: the launch provides a `BlockShared<T>` (contract).
    let shared = unsafe { dynamic_shared::<BlockShared<T>>() };
    if thread_index() == 0 {
        // SAFETY: see `FOLDING_INPUT`.
        unsafe { (*shared).tile = FOLDING_INPUT };
    }
    // Two rounds of one loop rather than two copies of the fold: the last block's fold of
    // the partials runs the very code of the input round (with the old second launch's
    // arguments), and ptxas sees one fold. ptxas -arch=sm_90: every Sum, Min and Max kernel
    // stays at <= 32 registers (8 blocks of 256 per SM), as in the two-launch version; two
    // inlined copies took 33-36 for most types (6 blocks per SM), and a round flag kept in a
    // register instead of in `shared` took 34 for Sum i32.
    let (mut x, mut n, mut tiles_per_warp, mut block) = (p.x, p.n, p.tiles_per_warp, block_index());
    loop {
        // SAFETY: `x` readable for `n` elements, 16-byte aligned (contract); the whole block
        // calls this, and the barrier in `finish_round` separates the rounds' uses of
        // `shared`.
        let total = unsafe { fold_block::<T, M, ITEMS>(m, x, n, tiles_per_warp, block, shared) };
        if grid_blocks() == 1 {
            if thread_index() == 0 {
                // SAFETY: one slot out (contract).
                unsafe { p.out.write(value(m, total)) };
            }
            return;
        }
        // SAFETY: more than one block (contract for `partials` and `counter`).
        if !unsafe { finish_round(&p, total, shared) } {
            return;
        }
        (x, n, tiles_per_warp, block) = (p.partials, grid_blocks(), p.final_tiles_per_warp, 0);
    }
}
