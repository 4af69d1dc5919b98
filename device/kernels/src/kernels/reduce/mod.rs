//! Reduce in one launch (the "last block" pattern, as a tree): every warp folds a
//! contiguous run of warp tiles (`32 * ITEMS` items, each lane loading its `ITEMS`
//! consecutive items as 16-byte vectors) and each block folds its 8 warps in order into one
//! partial. Blocks come in groups of one block pass of partials (`reduce_group`); the block
//! that draws a group's last ticket (from the group's `atom.acq_rel.gpu` counter) folds the
//! group's partials in order into one partial of the next level, and so on until a level
//! has one partial, which goes to `out`. The partition and the tree depend only on `n`
//! ([`crate::policy::reduce::reduce_grid`], [`crate::policy::reduce::reduce_level`]), so
//! float results are reproducible; every fold is in index order, so the monoid need not
//! commute.
//!
//! Why one launch: on the H100 the first pass alone ran at CUB's speed (353.7 µs for 2^28 f32
//! under ncu), but the two-launch call took 441 µs, and 26 µs at 2^16-2^20 against CUB's
//! 15 µs: the second launch, the gap before it and the synchronous copy cost more than the
//! fold of 8192 partials itself. Why a tree: a flat last-block fold of up to 131072 partials (the cap then)
//! is one block's dependent loads (64 rounds per warp for f64); in the tree, the block that
//! finishes last folds at most two groups, one load per thread each. `reduce_into` leaves the
//! result on the device (CUB's contract).

// The fused extremum reduce (min_element, max_element, minmax_element).
pub mod arg;
mod source;

use crate::block::fold_warps;
use crate::params::reduce::{ReduceParams, Transform2ReduceParams, TransformReduceParams};
use crate::policy::common::{BlockShared, Partial, BLOCK_WARPS, WARP_THREADS};
use crate::policy::reduce::{reduce_group, reduce_level, REDUCE_MAX_BLOCKS};
use crate::thread::atomics::{fetch_add_acq_rel, raise};
use crate::thread::{
    block_index, dynamic_shared, grid_blocks, lane, sync_threads, thread_index, warp_index,
};
use crate::warp;
use core::mem::size_of;
use parallaxis_core::{BinaryFunction, DeviceCopy, Identity, Monoid, UnaryFunction};
use source::{Mapped, Source, Zipped};

/// The fold of this lane's items of warp tile `t` of `src` (`n` items), each mapped first.
///
/// # Safety
/// `src` holds `n` items and its inputs are 16-byte aligned; warp tile `t` starts below `n`.
#[inline(always)]
unsafe fn lane_fold<T: Copy, S: Source<T>, M: Monoid<T>, const ITEMS: usize>(
    m: M,
    src: S,
    n: u64,
    t: u64,
) -> Partial<T> {
    let warp_tile = u64::from(WARP_THREADS) * ITEMS as u64;
    let start = t * warp_tile + u64::from(lane()) * ITEMS as u64;
    if (t + 1) * warp_tile <= n {
        // A commutative monoid folds the tile in any order, so it reads it striped (each
        // warp load instruction on 512 contiguous bytes): on the H200 that closed most of the
        // gap to CUB, `benches/RESULTS.md#h200-2026-11-27-reduce-shape`.
        let items: [S::Item; ITEMS] = if M::COMMUTATIVE {
            // SAFETY: the whole warp tile is below `n` and starts at a multiple of the warp
            // tile; the inputs are 16-byte aligned (contract).
            unsafe { src.striped(t * warp_tile, lane()) }
        } else {
            // SAFETY: the whole warp tile is below `n`; `start` is a multiple of ITEMS items;
            // the inputs are 16-byte aligned (contract).
            unsafe { src.full(start) }
        };
        let mut acc = src.map(items[0]);
        // Constant-trip index loop: it unrolls fully and keeps the array in registers (an
        // iterator over the array by value made LLVM place it in local memory).
        #[allow(clippy::needless_range_loop)]
        for j in 1..ITEMS {
            acc = m.combine(acc, src.map(items[j]));
        }
        Partial::some(acc)
    } else {
        // SAFETY: `n` is the source's length.
        let (items, count) = unsafe { src.partial::<ITEMS>(start, n) };
        let mut acc = Partial::none(m.identity());
        for (j, &v) in items.iter().enumerate() {
            if j < count {
                acc = acc.join(m, Partial::some(src.map(v)));
            }
        }
        acc
    }
}

/// Block `block`'s share of `src` (`n` items), mapped: its warp `w` folds warp tiles
/// `[(8 block + w) tiles_per_warp, (8 block + w + 1) tiles_per_warp)` in order, and the
/// warps' folds are folded in warp order. The result is in thread 0 (absent if the block had
/// no item).
///
/// # Safety
/// `src` holds `n` items and its inputs are 16-byte aligned; called by every thread of the
/// block, which owns `shared`'s warp slots until the barrier after this call.
#[inline(always)]
unsafe fn fold_block<T: Copy, S: Source<T>, M: Monoid<T>, const ITEMS: usize>(
    m: M,
    (src, n): (S, u64),
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
        let mine = unsafe { lane_fold::<T, S, M, ITEMS>(m, src, n, t) };
        // The warp's fold of tile `t` lands in lane 31, where `acc` is kept.
        acc = acc.join(m, warp::reduce(m, mine));
        t += 1;
    }
    // SAFETY: every thread reaches this (the loop bound is uniform per warp, and no thread
    // returned early).
    unsafe { fold_warps(m, acc, shared) }
}

/// The plain input `x` of a round: items read as they are.
#[inline(always)]
fn plain<T: Copy, M: Monoid<T>>(m: M, x: *const T) -> Mapped<T, Identity, impl Fn() -> T + Copy> {
    Mapped {
        x,
        f: Identity,
        filler: move || m.identity(),
    }
}

/// The value of a block's fold (the identity only if the block had no item, which
/// `reduce_grid` never lets happen: every block has at least one warp tile).
#[inline(always)]
fn value<T: Copy, M: Monoid<T>>(m: M, total: Partial<T>) -> T {
    if total.valid != 0 {
        total.value
    } else {
        m.identity()
    }
}

/// A reduce block's round, kept by thread 0 in `BlockShared::tile` (the slot where a scan
/// block keeps its tile ticket): the fold-tree level whose partial this round produces in
/// the top 8 bits, the partial's index in that level below them (at most 2^24 blocks:
/// `REDUCE_MAX_BLOCKS` is 2^19), or [`DONE`]. The other threads read it only after the
/// barrier in [`finish_round`], and thread 0 next writes it after the barrier in the next
/// round's `fold_warps`, so the word needs no further synchronization.
const LEVEL_SHIFT: u32 = 24;
const _: () = assert!(
    REDUCE_MAX_BLOCKS < 1 << LEVEL_SHIFT,
    "a partial's index fits below the level"
);
/// Nothing left for this block to do.
const DONE: u32 = u32::MAX;

/// The round that produces partial `unit` of level `level`.
#[inline(always)]
fn round(level: u32, unit: u64) -> u32 {
    (level << LEVEL_SHIFT) | unit as u32
}

/// `(level, unit)` of a [`round`].
#[inline(always)]
fn unpack(round: u32) -> (u32, u64) {
    (
        round >> LEVEL_SHIFT,
        u64::from(round & ((1 << LEVEL_SHIFT) - 1)),
    )
}

/// The end of a round, in every thread of the block, with the round's `total` in thread 0:
/// writes `total` to `out` when its level holds one partial (the result), else publishes it
/// as partial `unit` of its level and draws a ticket from its group's counter. Returns the
/// next round: folding that group into the next level when this block drew the group's last
/// ticket (and so sees every partial of the group), else [`DONE`].
///
/// # Safety
/// As [`reduce`]; called by every thread of the block.
#[inline(always)]
unsafe fn finish_round<T: Copy, M: Monoid<T>>(
    p: &ReduceParams<T, M>,
    total: Partial<T>,
    shared: *mut BlockShared<T>,
) -> u32 {
    if thread_index() == 0 {
        let v = value(p.m, total);
        // SAFETY: only thread 0 touches the word before the barrier below (see `LEVEL_SHIFT`).
        let state = unsafe { &mut (*shared).tile };
        let (level, unit) = unpack(*state);
        let (count, first_partial, first_counter) =
            reduce_level(grid_blocks(), size_of::<T>(), level);
        if count == 1 {
            // `reduce_with_init_into`: the seed joins once, leftmost, on the complete fold.
            let v = if p.seeded != 0 {
                p.m.combine(p.init, v)
            } else {
                v
            };
            // SAFETY: one slot out, and `done` this launch's (contract).
            unsafe {
                p.out.write(v);
                raise(p.done);
            }
            *state = DONE;
        } else {
            let group_size = reduce_group(size_of::<T>());
            let group = unit / group_size;
            let members = (count - group * group_size).min(group_size);
            // SAFETY: the level's slots and counters lie within `reduce_tree_slots(blocks)`
            // (contract); `unit < count`.
            let counter = unsafe { p.counters.add((first_counter + group) as usize) };
            // SAFETY: as above. The store is ordered before the ticket by the add's release
            // half: whoever acquires a later count sees it.
            unsafe { p.partials.add((first_partial + unit) as usize).write(v) };
            // SAFETY: a zeroed global `u32` of this launch (contract).
            let ticket = unsafe { fetch_add_acq_rel(counter, 1) };
            if u64::from(ticket) == members - 1 {
                // Every member of the group has drawn its ticket, so nothing else touches the
                // counter in this launch; the next launch on the stream starts after this.
                // SAFETY: as above.
                unsafe { counter.write(0) };
                *state = round(level + 1, group);
            } else {
                *state = DONE;
            }
        }
    }
    // SAFETY: every thread of the block reaches this barrier.
    unsafe { sync_threads() };
    // In the group's last block, every other member's add came before ours in the counter's
    // order, and thread 0's acquire made their partials visible to it; the barrier extends
    // that to the whole block.
    // SAFETY: written by thread 0 before the barrier.
    unsafe { (*shared).tile }
}

/// The reduce kernel (see [`ReduceParams`]).
///
/// PTX: `parallax_reduce__<M>__<T>`.
///
/// # Safety
/// `x` readable for `n > 0` elements and 16-byte aligned; `out` writable for one element;
/// `done` null or a `u32` no one else writes during the launch; with more than one block, `partials` writable for `reduce_tree_slots(blocks, size_of::<T>()).0` elements
/// and 16-byte aligned, and `counters` the first of `reduce_tree_slots(blocks, size_of::<T>()).1` `u32`s in
/// global memory that are 0 at launch and that no other kernel touches while this one runs;
/// launched with `BLOCK_THREADS` threads, `size_of::<BlockShared<T>>()` bytes of dynamic
/// shared memory and the grid and `tiles_per_warp` of
/// `reduce_grid(n, size_of::<T>())`; `ITEMS == items_per_thread(size_of::<T>())`.
#[inline(always)]
pub unsafe fn reduce<T: DeviceCopy, M: Monoid<T>, const ITEMS: usize>(p: ReduceParams<T, M>) {
    let m = p.m;
    // SAFETY: the launch provides a `BlockShared<T>` (contract).
    let shared = unsafe { dynamic_shared::<BlockShared<T>>() };
    if thread_index() == 0 {
        // SAFETY: see `LEVEL_SHIFT`.
        unsafe { (*shared).tile = round(0, block_index()) };
    }
    // Every round runs the one loop rather than its own copy of the fold, so ptxas sees one
    // fold. ptxas 13 -arch=sm_90: 32 registers or fewer (8 blocks of 256 per SM) for every
    // Sum, Min and Max kernel but Min and Max f64 (34, 7 blocks), and for the bit operations
    // and Product (34 for 8 of them with the flat fold); two inlined copies of the fold took
    // 33-36 for most types, and a round flag kept in a register instead of in `shared` took
    // 34 for Sum i32.
    let (mut x, mut n, mut tiles_per_warp, mut block) = (p.x, p.n, p.tiles_per_warp, block_index());
    loop {
        // SAFETY: `x` readable for `n` elements, 16-byte aligned (contract); the whole block
        // calls this, and the barrier in `finish_round` separates the rounds' uses of
        // `shared`.
        let total = unsafe {
            fold_block::<T, _, M, ITEMS>(m, (plain(m, x), n), tiles_per_warp, block, shared)
        };
        // SAFETY: the contract of `reduce`; every thread is here.
        let next = unsafe { finish_round(&p, total, shared) };
        if next == DONE {
            return;
        }
        // SAFETY: `next` is a group fold this block drew (contract of `reduce`).
        (x, n) = unsafe { group_input(&p, next) };
        // A group is one pass of the block (`reduce_group`): one warp tile per warp.
        tiles_per_warp = 1;
        block = 0;
    }
}

/// The partials the round `next` folds: group `group` of level `level - 1`, all published.
///
/// # Safety
/// `next` a round that [`finish_round`] returned (not [`DONE`]); `p` as in [`reduce`].
#[inline(always)]
unsafe fn group_input<T: Copy, M: Monoid<T>>(p: &ReduceParams<T, M>, next: u32) -> (*const T, u64) {
    let (level, group) = unpack(next);
    let (count, first_partial, _) = reduce_level(grid_blocks(), size_of::<T>(), level - 1);
    let group_size = reduce_group(size_of::<T>());
    let first = group * group_size;
    // SAFETY: the group's slots lie within the partials (contract).
    let x = unsafe { p.partials.add((first_partial + first) as usize) }.cast_const();
    (x, (count - first).min(group_size))
}

/// `reduce` of `x` mapped by `f` (see [`TransformReduceParams`]), in one launch: the first
/// round folds `f(x[i])` straight from the input (warp tiles of `ITEMS_IN` items of `A`, the
/// partition `reduce_grid(n, size_of::<A>())`), so the mapped values never touch memory; the
/// fold tree above it is the plain reduce's, over partials of `T` (`ITEMS` per thread).
/// Unlike [`reduce`], the first round and the tree rounds are two inlined folds (of `A` and
/// of `T`): ptxas 13, sm_90, 34-35 registers for the `Square` triples over 4-byte types and
/// the 8-byte integers, 38 for f64, 40 for `Identity` / `Affine` (plain reduce: 32, 34 for
/// Min / Max f64, 44 `Affine`), above the 32 that keep 8 blocks of 256 per SM; the 2^28 f32
/// sum of squares still ran at 97% of the copy roof (0.373 ms, the plain reduce 0.354).
///
/// PTX: `parallax_transform_reduce__<F>__<M>__<A>`.
///
/// # Safety
/// As [`reduce`], with `p.x` (of `A`) for the input, `p.reduce.x` unused, the grid and
/// `tiles_per_warp` of `reduce_grid(n, size_of::<A>())`, `ITEMS_IN ==
/// items_per_thread(size_of::<A>())` and `ITEMS == items_per_thread(size_of::<T>())` (other
/// values would skip items, not read out of bounds).
#[inline(always)]
pub unsafe fn transform_reduce<A, T, F, M, const ITEMS_IN: usize, const ITEMS: usize>(
    p: TransformReduceParams<A, F, T, M>,
) where
    A: Copy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
{
    let x = p.x;
    let src = Mapped {
        x,
        f: p.f,
        // SAFETY: the filler reads the first item, which exists (`n > 0`, contract).
        filler: move || unsafe { x.read() },
    };
    // SAFETY: the contract of `transform_reduce`.
    unsafe { fused_reduce::<T, _, M, ITEMS_IN, ITEMS>(src, &p.reduce) }
}

/// `reduce` of `f(x[i], y[i])` over two inputs of one length (see
/// [`Transform2ReduceParams`]; an inner product is `Times` then `Sum`), in one launch as
/// [`transform_reduce`]: the first round reads a warp tile of `ITEMS_IN` pairs per lane, both
/// inputs as 16-byte vectors, partitioned as one input of `size_of::<A>() + size_of::<C>()`
/// bytes an item (`reduce_grid(n, size_of::<A>() + size_of::<C>())`; the entry points and
/// the host spell it `2 · size_of::<A>()`, both inputs being of one type), so for pairs of
/// up to 8 bytes a lane has the plain reduce's 64 bytes in flight a tile (a 16-byte pair,
/// 4 a lane: 128). ptxas 13, sm_90: 40 registers for `Times` / `Sum` over the six numbers,
/// 6 blocks of 256 per SM, so the one-wave launches of `reduce_grid` (1024 blocks, sized
/// for 8 a SM) run in about 1.3 waves; the dot product still beat Thrust's `inner_product`
/// at every size on the H100 (1.08-3.2x at 2^16-2^30).
///
/// PTX: `parallax_transform2_reduce__<F>__<M>__<A>`.
///
/// # Safety
/// As [`transform_reduce`], with `p.x` and `p.y` readable for `n` elements each and 16-byte
/// aligned, the grid and `tiles_per_warp` of `reduce_grid(n, size_of::<A>() +
/// size_of::<C>())` and `ITEMS_IN == items_per_thread(size_of::<A>() + size_of::<C>())`.
#[inline(always)]
pub unsafe fn transform2_reduce<A, C, T, F, M, const ITEMS_IN: usize, const ITEMS: usize>(
    p: Transform2ReduceParams<A, C, F, T, M>,
) where
    A: Copy,
    C: Copy,
    T: DeviceCopy,
    F: BinaryFunction<A, C, Output = T>,
    M: Monoid<T>,
{
    let src = Zipped {
        x: p.x,
        y: p.y,
        f: p.f,
    };
    // SAFETY: the contract of `transform2_reduce`.
    unsafe { fused_reduce::<T, _, M, ITEMS_IN, ITEMS>(src, &p.reduce) }
}

/// The fused reduces' body: the first round folds `src` (the partition in `r`), the fold
/// tree's rounds fold the partials as the plain reduce does.
///
/// # Safety
/// As [`reduce`], with `src` for the input (`r.x` unused) and `ITEMS_IN` the items per lane
/// of `r`'s partition.
#[inline(always)]
unsafe fn fused_reduce<T, S, M, const ITEMS_IN: usize, const ITEMS: usize>(
    src: S,
    r: &ReduceParams<T, M>,
) where
    T: DeviceCopy,
    S: Source<T>,
    M: Monoid<T>,
{
    let m = r.m;
    // SAFETY: the launch provides a `BlockShared<T>` (contract).
    let shared = unsafe { dynamic_shared::<BlockShared<T>>() };
    if thread_index() == 0 {
        // SAFETY: see `LEVEL_SHIFT`.
        unsafe { (*shared).tile = round(0, block_index()) };
    }
    // SAFETY: `src` holds `n` items (contract); the whole block calls this.
    let total = unsafe {
        fold_block::<T, S, M, ITEMS_IN>(m, (src, r.n), r.tiles_per_warp, block_index(), shared)
    };
    // SAFETY: the contract of `reduce`; every thread is here.
    let mut next = unsafe { finish_round(r, total, shared) };
    while next != DONE {
        // SAFETY: `next` is a group fold this block drew.
        let (x, n) = unsafe { group_input(r, next) };
        // SAFETY: as in `reduce`'s tree rounds.
        let total = unsafe { fold_block::<T, _, M, ITEMS>(m, (plain(m, x), n), 1, 0, shared) };
        // SAFETY: as above.
        next = unsafe { finish_round(r, total, shared) };
    }
}
