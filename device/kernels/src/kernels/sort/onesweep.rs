//! One onesweep pass (Adinets & Merrill, "Onesweep: A Faster Least Significant Digit Radix
//! Sort for GPUs", 2022): a block per tile ranks its keys by the pass's digit
//! (`block::rank_in_warp`, then a block scan of the bin counts), publishes its count of
//! every bin, moves its keys into digit order in shared memory, looks back per bin
//! (`lookback::look_back_bin`) for the count of that bin in earlier tiles, and writes every
//! key to its bin's start plus its position: one read and one write of the keys per digit.
//! Values follow through the same shared exchange. Keys stay in their own type in memory;
//! their order bits are recomputed from them (`SortKey::order_bits`), so the first pass needs
//! no transform in and the last none out.
//!
//! Stability: within a tile, ranks follow input order (warp-striped stretches in warp
//! order, then block positions by bin); across tiles, the look-back counts every earlier
//! tile's keys of the bin first; across portions, `bins_in` counts every earlier portion's.

use super::histogram::order;
use crate::block;
use crate::lookback::{look_back_bin, publish_bin_count};
use crate::params::sort::RadixPassParams;
use crate::policy::common::{Partial, BLOCK_THREADS, BLOCK_WARPS, WARP_THREADS};
use crate::policy::sort::{radix_exchange_offset, RadixShared, RADIX_BINS};
use crate::thread::{
    block_index, dynamic_shared, dynamic_shared_at, grid_blocks, lane, sync_threads, thread_index,
    warp_index,
};
use core::mem::size_of;
use parallaxis_core::{RadixBits, SortKey, Sum};

/// Runs `$body` for each item `$j` of a thread as a constant (`unroll!`), so the per-item
/// arrays stay in registers (a loop of 16 that LLVM only partly unrolls put them in 320-384
/// bytes of local memory under ptxas 13, sm_90).
macro_rules! each_item {
    ($j:ident, $body:block) => {
        unroll!($j in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; $body)
    };
}

/// The pass's digit of every out-of-range slot of the last tile: the last bin, so that those
/// slots rank after every real key of the tile.
const PAD_DIGIT: u32 = RADIX_BINS as u32 - 1;

/// One onesweep pass over one portion (see [`RadixPassParams`]).
///
/// PTX: `parallax_radix_pass__<K>__V0`, `__V4`, `__V8` (`V` = `()`, `u32`, `u64`).
///
/// # Safety
/// `keys_in` (and `values_in` unless `V` is `()`) readable for `n > 0` items; outputs
/// writable at every destination the counts give (the whole sort's length); `bins_in` the
/// starts of the portion's bins, `bins_out` 256 writable `u64`s; `lookback` `tiles · 256`
/// zeroed words; launched with `tiles = ceil(n / (BLOCK_THREADS · ITEMS))` blocks of
/// `BLOCK_THREADS` threads and `radix_pass_shared_bytes(size_of::<K>(), size_of::<V>())`
/// bytes of shared memory; `ITEMS = radix_items(size_of::<K>())`.
#[inline(always)]
pub(super) unsafe fn radix_pass<K: SortKey, V: Copy, const ITEMS: usize>(p: RadixPassParams<K, V>) {
    const { assert!(ITEMS <= 16, "each_item! lists 16 items") };
    let tile_items = BLOCK_THREADS as usize * ITEMS;
    let (t, w, me) = (thread_index() as usize, warp_index(), lane() as usize);
    let tile = block_index();
    let first = tile * tile_items as u64;
    let valid = (p.n - first).min(tile_items as u64) as usize;
    // SAFETY: the launch provides `radix_pass_shared_bytes` bytes (contract): the fixed
    // part, then the exchange, then a digit byte per slot.
    let (sh, exchange, digits_at) = unsafe {
        let exchange = dynamic_shared_at::<u8>(radix_exchange_offset());
        let widest = size_of::<K>().max(size_of::<V>());
        (
            dynamic_shared::<RadixShared>(),
            exchange,
            exchange.add(tile_items * widest),
        )
    };
    for row in 0..BLOCK_WARPS {
        // SAFETY: thread `t` zeroes its bin in every warp's row.
        unsafe { (*sh).warp_bins[row][t] = 0 };
    }
    // SAFETY: every thread of the block reaches it.
    unsafe { sync_threads() };

    // Warp `w` reads the stretch [w · 32 · ITEMS, (w + 1) · 32 · ITEMS) of the tile,
    // warp-striped: item `j` of lane `me` is slot `stretch + 32 j + me`.
    let stretch = w * WARP_THREADS as usize * ITEMS;
    let mask: K::Bits = order(p.descending).mask();
    let shift = p.shift;
    // SAFETY: `n > 0`, so key 0 exists; it only fills the registers of padding slots.
    let filler = unsafe { p.keys_in.read() };
    let mut keys = [filler; ITEMS];
    // Per item its digit in bits 0-7 and, once ranked, its rank in the warp above them (a
    // rank is below 32 · 16), in one register. ptxas 13, sm_90: 96 registers for 4- and
    // 8-byte keys alone, 128 for 4-byte keys with values, 109-117 for 8-byte keys with values.
    let mut dr = [PAD_DIGIT; ITEMS];
    each_item!(j, {
        let slot = stretch + j * WARP_THREADS as usize + me;
        if slot < valid {
            // SAFETY: `first + slot < n`.
            keys[j] = unsafe { p.keys_in.add(first as usize + slot).read() };
            dr[j] = keys[j].order_bits().xor(mask).digit(shift) as u32;
        }
    });
    each_item!(j, {
        // SAFETY: the whole warp, items in order; its own row; digits below 256.
        let rank = unsafe { block::rank_in_warp(dr[j], &raw mut (*sh).warp_bins[w]) };
        dr[j] |= rank << 8;
    });
    // SAFETY: every thread of the block reaches it.
    unsafe { sync_threads() };

    // Thread `t` owns bin `t`: the warps' counts become each warp's start within the bin.
    let mut count = 0_u32;
    for row in 0..BLOCK_WARPS {
        // SAFETY: the bin's column; written before the barrier.
        unsafe {
            let c = (*sh).warp_bins[row][t];
            (*sh).warp_bins[row][t] = count;
            count += c;
        }
    }
    // The padding slots all sit in the last bin; they are no keys of the portion.
    let real = if t == RADIX_BINS - 1 {
        count - (tile_items - valid) as u32
    } else {
        count
    };
    // SAFETY: this block's own tile and bin; the words hold `tiles · 256` (contract).
    unsafe { publish_bin_count(p.lookback, tile, t, real) };
    // SAFETY: every thread calls the block scan.
    let (before, _) =
        unsafe { block::exclusive_scan(Sum, Partial::some(count), &raw mut (*sh).scan) };
    let bin_start = if before.valid != 0 { before.value } else { 0 };
    for row in 0..BLOCK_WARPS {
        // SAFETY: the bin's column, this thread's alone until the barrier.
        unsafe { (*sh).warp_bins[row][t] += bin_start };
    }
    // SAFETY: every thread of the block reaches it.
    unsafe { sync_threads() };

    // Every key to its slot in digit order. With values, each slot's digit goes beside it
    // (the values' writes need it after the keys left the exchange); keys alone recompute
    // it from the key when they leave, which saves a scattered byte store per key (the
    // exchange's stores ran at 2.7-way bank conflicts: `benches/RESULTS.md#h200-2026-11-27-radix-profile`).
    let keys_only = size_of::<V>() == 0;
    // SAFETY (every call): the warp's row, read after the barrier, never written again.
    let slot_of = move |dr: u32| unsafe { slot(sh, w, dr) };
    each_item!(j, {
        let slot = slot_of(dr[j]);
        // SAFETY: a slot below `tile_items`.
        unsafe {
            exchange.cast::<K>().add(slot).write(keys[j]);
            if !keys_only {
                digits_at.add(slot).write(dr[j] as u8);
            }
        }
    });
    // The bin's keys in earlier tiles of the portion, then where the tile's keys of bin `t`
    // go: `bin_base[t] + slot` for a slot of bin `t`.
    // SAFETY: published above for this (tile, bin); earlier blocks have started.
    let earlier = unsafe { look_back_bin(p.lookback, tile, t, real) };
    // SAFETY: `bins_in` holds 256 starts (contract).
    let start = unsafe { p.bins_in.add(t).read() } + u64::from(earlier);
    // SAFETY: this thread's bin.
    unsafe { (*sh).bin_base[t] = start.wrapping_sub(u64::from(bin_start)) };
    if tile + 1 == grid_blocks() {
        // SAFETY: `bins_out` holds 256 `u64`s; the last tile alone writes them.
        unsafe { p.bins_out.add(t).write(start + u64::from(real)) };
    }
    // SAFETY: every thread of the block reaches it.
    unsafe { sync_threads() };

    // Slot `k · 256 + t` of the tile, in order: a bin's keys go out as consecutive writes.
    each_item!(k, {
        let slot = k * BLOCK_THREADS as usize + t;
        if slot < valid {
            // SAFETY: slots below `valid` hold the tile's keys, written before the barrier;
            // the destination is within the output (the counts are exact).
            unsafe {
                let key = exchange.cast::<K>().add(slot).read();
                let bin = if keys_only {
                    key.order_bits().xor(mask).digit(shift) as usize
                } else {
                    digits_at.add(slot).read() as usize
                };
                p.keys_out.add(at_bin(sh, bin, slot)).write(key);
            }
        }
    });
    if size_of::<V>() == 0 {
        return;
    }
    // SAFETY: `n > 0`; values are as long as keys. Padding slots keep this filler and land
    // in exchange slots past `valid`, which nothing reads.
    let mut values = [unsafe { p.values_in.read() }; ITEMS];
    each_item!(j, {
        let slot = stretch + j * WARP_THREADS as usize + me;
        if slot < valid {
            // SAFETY: `first + slot < n`.
            values[j] = unsafe { p.values_in.add(first as usize + slot).read() };
        }
    });
    // SAFETY: every thread is done reading the keys of the exchange.
    unsafe { sync_threads() };
    each_item!(j, {
        // SAFETY: the slot this item went to, below `tile_items`.
        unsafe { exchange.cast::<V>().add(slot_of(dr[j])).write(values[j]) };
    });
    // SAFETY: every thread of the block reaches it.
    unsafe { sync_threads() };
    each_item!(k, {
        let slot = k * BLOCK_THREADS as usize + t;
        if slot < valid {
            // SAFETY: as for the keys.
            unsafe {
                let v = exchange.cast::<V>().add(slot).read();
                p.values_out.add(destination(sh, digits_at, slot)).write(v);
            }
        }
    });
}

/// The tile slot of an item of warp `w` whose digit and rank `dr` packs: the warp's start
/// in the digit's bin plus the rank.
///
/// # Safety
/// `sh` is the pass's shared memory, whose `warp_bins` hold the warps' starts (after the
/// barrier that follows the bin scan).
#[inline(always)]
unsafe fn slot(sh: *const RadixShared, w: usize, dr: u32) -> usize {
    // SAFETY: as the caller guarantees; `w < BLOCK_WARPS`, the digit below 256.
    (unsafe { (*sh).warp_bins[w][(dr & 0xff) as usize] } + (dr >> 8)) as usize
}

/// Where the item in exchange slot `slot`, of bin `bin`, goes: the bin's base plus the slot.
///
/// # Safety
/// `bin < 256`; `bin_base` is set before a barrier this thread has passed.
#[inline(always)]
unsafe fn at_bin(sh: *mut RadixShared, bin: usize, slot: usize) -> usize {
    // SAFETY: as the caller guarantees.
    unsafe { (*sh).bin_base[bin].wrapping_add(slot as u64) as usize }
}

/// Where the item in exchange slot `slot` goes, by the digit byte written beside it.
///
/// # Safety
/// `slot` holds an item of the tile (its digit byte written) and `bin_base` is set, both
/// before a barrier this thread has passed.
#[inline(always)]
unsafe fn destination(sh: *mut RadixShared, digits_at: *mut u8, slot: usize) -> usize {
    // SAFETY: as the caller guarantees; the digit is below 256.
    unsafe { at_bin(sh, digits_at.add(slot).read() as usize, slot) }
}
