//! Single-pass segmented scan by head flags with decoupled look-back: the plain scan's tile,
//! block and look-back machinery run over `Flagged<T>` pairs with the `Segmented<M>` lift
//! (Blelloch's construction; a head restarts the fold). Each thread owns `ITEMS` consecutive
//! items: their values (staged like the plain scan) and their head bytes (one 16-byte vector
//! for 4-byte values) or their keys (see [`super::heads`]).
//!
//! Exclusive scans reuse the inclusive machinery: a head's value is replaced by
//! `init ⊕ x[head]` before the scan, and item `i` then outputs `init` at a head, else the
//! inclusive result of item `i - 1`. By associativity this equals the reference's left fold
//! `((init ⊕ x[h]) ⊕ x[h+1]) ⊕ ...` bit for bit on exact types.

use super::heads::head_mask;
use super::scan::TileIo;
use crate::block;
use crate::params_segmented::{seg_staging_offset, SegScanParams};
use crate::simt::{dynamic_shared, dynamic_shared_at};
use crate::tile::{draw_tile, tile_prefix, FlaggedPair, Unit};
use crate::tuning::{scan_stages, BlockShared, Partial};
use parallax_core::{Flagged, Monoid, Segmented};

/// `true` when a head lies at or before item `j` of the thread.
#[inline(always)]
pub(super) fn seen(mask: u32, j: usize) -> bool {
    mask & (u32::MAX >> (31 - j)) != 0
}

/// Inclusive (`EXCLUSIVE = false`) or exclusive segmented scan (see [`SegScanParams`]).
///
/// # Safety
/// `heads`, `x` readable and `y` writable for `n > 0` elements, 16-byte aligned; `status`
/// has `ceil(n / tile)` zeroed slots and a null or zeroed counter; launched with exactly that many
/// blocks of `BLOCK_THREADS` threads and `seg_scan_shared_bytes::<T>()` bytes of dynamic
/// shared memory.
#[inline(always)]
pub unsafe fn seg_scan<T: Copy, M: Monoid<T>, const ITEMS: usize, const EXCLUSIVE: bool>(
    p: SegScanParams<T, M>,
) {
    let m = p.m;
    let sm = Segmented(m);
    // SAFETY: the launch provides `seg_scan_shared_bytes::<T>()` bytes (contract).
    let (shared, staging) = unsafe {
        (
            dynamic_shared::<BlockShared<Flagged<T>>>(),
            dynamic_shared_at::<Unit>(seg_staging_offset::<Flagged<T>>()),
        )
    };
    // SAFETY: every thread is here, before any other use of `shared`.
    let tile = unsafe { draw_tile(p.status, shared) };
    let io = TileIo::new::<ITEMS>(tile, p.n, p.staged, scan_stages::<T>(), staging);
    // Heads first: the keys (up to 16 words) are reduced to a mask before the values are
    // loaded, so they are never live together.
    // SAFETY: `heads` as the contract says; `full` means this thread's run is below `n`.
    let heads = unsafe { head_mask::<ITEMS>(p.heads, p.key_bytes, io.base, p.n, io.full) };
    // SAFETY: every thread is here; `x` as the contract says.
    let (mut vals, count) = unsafe { io.load::<T, ITEMS>(p.x, p.n, m.identity()) };
    let head = |j: usize| heads & (1 << j) != 0;
    // Thread scan in place: `vals[j]` becomes the fold from the last head at or before `j`
    // within the thread (or from the thread's first item); at a head of an exclusive scan the
    // item is seeded with `init` first. Branch-free over all ITEMS (items past `n` are
    // identity fillers with no head and are never stored), so the loops unroll and the
    // arrays stay in registers.
    let mut last = vals[0];
    #[allow(clippy::needless_range_loop)] // constant trip count: unrolls, stays in registers
    for j in 0..ITEMS {
        let x = vals[j];
        let v = if EXCLUSIVE && head(j) {
            m.combine(p.init, x)
        } else {
            x
        };
        if j > 0 && !head(j) {
            vals[j] = m.combine(vals[j - 1], v);
        } else {
            vals[j] = v;
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
        Partial::some(Flagged::new(last, heads & real != 0))
    } else {
        Partial::none(sm.identity())
    };
    // SAFETY: every thread calls the block scan, then `tile_prefix` after its barrier.
    let (before, total) = unsafe { block::exclusive_scan(sm, run, shared) };
    // SAFETY: as above; one slot per launched tile.
    let seed = Partial::none(sm.identity());
    let prefix =
        unsafe { tile_prefix::<_, _, FlaggedPair>(sm, p.status, tile, seed, total, shared) }
            .join(sm, before);
    // Each item joined with everything before the thread (absent only before global index
    // 0, which is a head).
    let carry = prefix.valid != 0;
    let pv = prefix.value.value;
    let mut out = [pv; ITEMS];
    #[allow(clippy::needless_range_loop)] // constant trip count: unrolls, stays in registers
    for j in 0..ITEMS {
        let inc = if carry && !seen(heads, j) {
            m.combine(pv, vals[j])
        } else {
            vals[j]
        };
        if EXCLUSIVE {
            if j + 1 < ITEMS {
                out[j + 1] = inc;
            }
        } else {
            out[j] = inc;
        }
    }
    if EXCLUSIVE {
        // `out[0]` is `pv`: item 0 of a thread that is not a head is not global index 0, so
        // everything before it is present.
        #[allow(clippy::needless_range_loop)]
        for j in 0..ITEMS {
            if head(j) {
                out[j] = p.init;
            }
        }
    }
    // SAFETY: every thread is here; the block scan's barriers separate `load`'s staging
    // reads from `store`'s writes; `y` as the contract says.
    unsafe { io.store(p.y, p.n, out) };
}
