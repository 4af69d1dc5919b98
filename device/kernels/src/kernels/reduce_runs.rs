//! Reduce by key in one pass over the values: the segmented scan of
//! [`segmented`](super::segmented) over [`RunAgg`] pairs, which carry the number of heads
//! seen besides the segmented fold, so every item knows its run index. Each run's last item
//! writes the run's fold (`identity ⊕ fold`, as the reference starts every run from the
//! identity) and its own index, compacted; nothing else is written. Heads come from keys
//! directly (see [`super::heads`]); the keys of the runs are gathered afterwards by their
//! last indices.

use super::heads::{head_mask, is_head};
use super::scan::TileIo;
use super::segmented::seen;
use crate::block;
use crate::params_segmented::{seg_staging_offset, ReduceRunsParams, RunAgg, RunOp};
use crate::simt::{dynamic_shared, dynamic_shared_at};
use crate::tile::{draw_tile, tile_prefix, RunPair, Unit};
use crate::tuning::{scan_stages, BlockShared, Partial};
use parallax_core::Monoid;

/// Runs `$body` with `$j` bound to each constant `0..$items` (`$items <= 16`), unrolled.
macro_rules! unroll_16 {
    ($j:ident, $items:expr, $body:block) => {
        unroll_16!(@ $j, $items, $body, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
    };
    (@ $j:ident, $items:expr, $body:block, $($k:literal)*) => {
        $( if $k < $items { let $j: usize = $k; $body } )*
    };
}

/// Reduce runs (see [`ReduceRunsParams`]).
///
/// # Safety
/// `heads`, `x` readable for `0 < n <= u32::MAX` elements, 16-byte aligned; `values`,
/// `tails` writable for `n` entries and `runs` for one; `status` has `ceil(n / tile)` zeroed
/// slots and a null or zeroed counter; launched with exactly that many blocks of `BLOCK_THREADS`
/// threads and `reduce_runs_shared_bytes::<T>()` bytes of dynamic shared memory.
#[inline(always)]
pub unsafe fn reduce_runs<T: Copy, M: Monoid<T>, const ITEMS: usize>(p: ReduceRunsParams<T, M>) {
    let m = p.m;
    let ro = RunOp(m);
    // SAFETY: the launch provides `reduce_runs_shared_bytes::<T>()` bytes (contract).
    let (shared, staging) = unsafe {
        (
            dynamic_shared::<BlockShared<RunAgg<T>>>(),
            dynamic_shared_at::<Unit>(seg_staging_offset::<RunAgg<T>>()),
        )
    };
    // SAFETY: every thread is here, before any other use of `shared`.
    let tile = unsafe { draw_tile(p.status, shared) };
    let io = TileIo::new::<ITEMS>(tile, p.n, p.staged, scan_stages::<T>(), staging);
    let base = io.base;
    // Heads first, so keys and values are never live together (as in the segmented scan).
    // SAFETY: `heads` as the contract says; `full` means this thread's run is below `n`.
    let heads = unsafe { head_mask::<ITEMS>(p.heads, p.key_bytes, base, p.n, io.full) };
    // SAFETY: every thread is here; `x` as the contract says.
    let (mut vals, count) = unsafe { io.load::<T, ITEMS>(p.x, p.n, m.identity()) };
    // Bit `j`: item `base + j` ends its run (the next item starts one, or it is the last).
    let after = base + ITEMS as u64;
    // SAFETY: `is_head` reads only inside the source.
    let next_head = unsafe { is_head(p.heads, p.key_bytes, after, p.n) };
    let mut tails = (heads >> 1) | (u32::from(next_head) << (ITEMS - 1));
    if base < p.n && p.n - base <= ITEMS as u64 {
        tails |= 1 << (p.n - base - 1);
    }
    let head = |j: usize| heads & (1 << j) != 0;
    let mut last = vals[0];
    #[allow(clippy::needless_range_loop)] // constant trip count: unrolls, stays in registers
    for j in 0..ITEMS {
        if j > 0 && !head(j) {
            vals[j] = m.combine(vals[j - 1], vals[j]);
        }
        if j < count {
            last = vals[j];
        }
    }
    let run = if count > 0 {
        let real = if count >= 32 {
            u32::MAX
        } else {
            (1_u32 << count) - 1
        };
        Partial::some(RunAgg {
            value: last,
            heads: (heads & real).count_ones(),
        })
    } else {
        Partial::none(ro.identity())
    };
    // SAFETY: every thread calls the block scan, then `tile_prefix` after its barrier.
    let (before, total) = unsafe { block::exclusive_scan(ro, run, shared) };
    // SAFETY: as above; one slot per launched tile.
    let seed = Partial::none(ro.identity());
    let prefix = unsafe { tile_prefix::<_, _, RunPair>(ro, p.status, tile, seed, total, shared) }
        .join(ro, before);
    let carry = prefix.valid != 0;
    let runs_before = if carry { prefix.value.heads } else { 0 };
    // First every item's run fold through it (branch-free, so the loop unrolls and `vals`
    // stays in registers), then the stores of the run ends.
    #[allow(clippy::needless_range_loop)] // constant trip count: unrolls, stays in registers
    for j in 0..ITEMS {
        let fold = if carry && !seen(heads, j) {
            m.combine(prefix.value.value, vals[j])
        } else {
            vals[j]
        };
        vals[j] = m.combine(m.identity(), fold);
    }
    let real = if count >= 32 {
        u32::MAX
    } else {
        (1_u32 << count) - 1
    };
    let ends = tails & real;
    // Unrolled by hand: LLVM unrolled this loop of conditional stores only by 2, which put
    // `vals` in local memory.
    const { assert!(ITEMS <= 16, "unrolled for at most 16 items per thread") };
    unroll_16!(j, ITEMS, {
        if ends & (1 << j) != 0 {
            // Item 0 is a head, so every item has at least one head at or before it.
            let r = runs_before + (heads & (u32::MAX >> (31 - j))).count_ones() - 1;
            // SAFETY: `r < runs <= n` and exactly one item (the run's last) writes slot `r`;
            // `base + j < n <= u32::MAX`.
            unsafe {
                p.values.add(r as usize).write(vals[j]);
                p.tails.add(r as usize).write((base + j as u64) as u32);
            }
        }
    });
    if count > 0 && base + count as u64 == p.n {
        // SAFETY: one word; only the thread holding item `n - 1` writes it.
        unsafe { p.runs.write(runs_before + (heads & real).count_ones()) };
    }
}
