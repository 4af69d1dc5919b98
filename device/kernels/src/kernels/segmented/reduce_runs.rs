//! Reduce by key in one pass over the values: the segmented scan of
//! [`segmented`](super::segmented) over [`RunAgg`] pairs, which carry the number of heads
//! seen besides the segmented fold, so every item knows its run index. Each run's last item
//! writes the run's fold (`identity ⊕ fold`, as the reference starts every run from the
//! identity) and its end, compacted: its key (reduce by key; read back from the keys, which
//! are in L2 from the head comparison) or, for flag heads, its own index (segmented reduce);
//! nothing else is written. Heads come from keys directly (see [`super::heads`]).

use super::heads::{deep_head_bits, is_head, write_run_end};
use super::scan::{last_of, real_items, run_scan, seen};
use crate::block;
use crate::lookback::{draw_tile, looked_back_prefix, RunPair};
use crate::params::segmented::{ReduceRunsParams, RunAgg, RunOp};
use crate::policy::common::{BlockShared, Partial};
use crate::policy::lookback::RUNS_FIRST_POLL_DELAY_NS;
use crate::policy::scan::{scan_stages, SCAN_DEPTH};
use crate::policy::segmented::seg_staging_offset;
use crate::thread::atomics::raise;
use crate::thread::{dynamic_shared, dynamic_shared_at};
use crate::tile::{DeepTile, Unit};
use parallaxis_core::Monoid;

/// Runs `$body` with `$j` bound to each constant `0..$items` (`$items <= 16`), unrolled.
macro_rules! unroll_16 {
    ($j:ident, $items:expr, $body:block) => {
        unroll_16!(@ $j, $items, $body, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
    };
    (@ $j:ident, $items:expr, $body:block, $($k:literal)*) => {
        $( if $k < $items { let $j: usize = $k; $body } )*
    };
}

/// Reduce runs (see [`ReduceRunsParams`]) over deep tiles (`tile::deep`, as the plain scan):
/// the heads of the thread's `SCAN_DEPTH` runs become one bit word, a first pass folds the
/// runs, the block scan and look-back give the thread's prefix, and a second pass folds them
/// again and writes the run ends.
///
/// PTX: `parallax_reduce_runs__<M>__<T>`.
///
/// # Safety
/// `heads`, `x` readable for `0 < n <= u32::MAX` elements, 16-byte aligned; `values`,
/// `ends` writable for `n` entries (keys of `key_bytes`, or `u32` for flag heads) and `runs`
/// for one; `done` null or a `u32` no one else writes during the launch; `status` has
/// `ceil(n / deep_scan_tile_items)` zeroed slots and a null or zeroed counter; launched with
/// exactly that many blocks of `BLOCK_THREADS` threads and `reduce_runs_shared_bytes::<T>()`
/// bytes of dynamic shared memory.
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
    let io = DeepTile::new::<ITEMS>(tile, p.n, p.staged, scan_stages::<T>(), staging);
    let base = io.run_base::<ITEMS>(0);
    let span = (ITEMS * SCAN_DEPTH) as u64;
    // SAFETY: every thread is here; `x` as the contract says.
    unsafe { io.issue(p.x) };
    // The heads are read while the values are in flight, as one word.
    // SAFETY: `heads` as the contract says.
    let heads = unsafe { deep_head_bits::<ITEMS>(p.heads, p.key_bytes, io, p.n) };
    // Bit `i`: item `base + i` ends its run (the next item starts one, or it is the last).
    // SAFETY: `is_head` reads only inside the source.
    let next_head = unsafe { is_head(p.heads, p.key_bytes, base + span, p.n) };
    let mut tails = (heads >> 1) | (u64::from(next_head) << (span - 1));
    let count = p.n.saturating_sub(base).min(span);
    if count > 0 && base + count == p.n {
        tails |= 1 << (count - 1);
    }
    let real = if count >= 64 {
        u64::MAX
    } else {
        (1_u64 << count) - 1
    };
    let run_mask = |r: usize| (heads >> (r * ITEMS)) as u32 & real_items(ITEMS);
    // SAFETY: every thread is here, after `issue`.
    unsafe { io.land() };
    let mut prev = m.identity();
    let mut last = m.identity();
    for r in 0..SCAN_DEPTH {
        // SAFETY: after `land`; `x` as the contract says.
        let (mut vals, count) = unsafe { io.run::<T, ITEMS>(p.x, p.n, r, || m.identity()) };
        prev = run_scan(m, None, &mut vals, run_mask(r), prev, r == 0);
        if let Some(v) = last_of(&vals, count) {
            last = v;
        }
    }
    let run = if count > 0 {
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
    let prefix = unsafe {
        looked_back_prefix::<_, _, RunPair>(
            ro,
            p.status,
            tile,
            seed,
            total,
            RUNS_FIRST_POLL_DELAY_NS,
            shared,
        )
    }
    .join(ro, before);
    let carry = prefix.valid != 0;
    let runs_before = if carry { prefix.value.heads } else { 0 };
    let ends = tails & real;
    let mut prev = m.identity();
    for r in 0..SCAN_DEPTH {
        let mask = run_mask(r);
        // SAFETY: as in the first pass.
        let (mut vals, _) = unsafe { io.run::<T, ITEMS>(p.x, p.n, r, || m.identity()) };
        prev = run_scan(m, None, &mut vals, mask, prev, r == 0);
        // Every item's run fold through it first (branch-free, so the loop unrolls and
        // `vals` stays in registers), then the stores of the run ends.
        let open = carry && (heads & ((1_u64 << (r * ITEMS)) - 1)) == 0;
        #[allow(clippy::needless_range_loop)] // constant trip count: unrolls, stays in registers
        for j in 0..ITEMS {
            let fold = if open && !seen(mask, j) {
                m.combine(prefix.value.value, vals[j])
            } else {
                vals[j]
            };
            vals[j] = m.combine(m.identity(), fold);
        }
        let run_ends = (ends >> (r * ITEMS)) as u32 & real_items(ITEMS);
        // Unrolled by hand: LLVM unrolled this loop of conditional stores only by 2, which
        // put `vals` in local memory.
        const { assert!(ITEMS <= 16, "unrolled for at most 16 items per thread") };
        unroll_16!(j, ITEMS, {
            if run_ends & (1 << j) != 0 {
                let i = r * ITEMS + j;
                // Item 0 is a head, so every item has at least one head at or before it.
                let k = runs_before + (heads & (u64::MAX >> (63 - i))).count_ones() - 1;
                // SAFETY: `k < runs <= n` and exactly one item (the run's last) writes slot
                // `k`; `base + i < n <= u32::MAX`.
                unsafe {
                    p.values.add(k as usize).write(vals[j]);
                    write_run_end(p.heads, p.key_bytes, p.ends, k as usize, base + i as u64);
                }
            }
        });
    }
    if count > 0 && base + count == p.n {
        // SAFETY: one word; only the thread holding item `n - 1` writes it.
        unsafe {
            p.runs
                .write(u64::from(runs_before + (heads & real).count_ones()));
            raise(p.done);
        };
    }
}
