//! One onesweep pass (Adinets & Merrill, "Onesweep: A Faster Least Significant Digit Radix
//! Sort for GPUs", 2022): a block per tile counts its keys per digit and publishes its count
//! of every bin, scans the counts into each warp's first slot of each bin, ranks its keys
//! from there (`block::rank_in_warp`), moves them into digit order in shared memory, looks
//! back per bin
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
use crate::thread::atomic_add::red_add_shared_u32;
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
        unroll!($j in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23; $body)
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
/// bytes of shared memory; `ITEMS = radix_items(size_of::<K>(), size_of::<V>())`.
#[inline(always)]
pub(super) unsafe fn radix_pass<K: SortKey, V: Copy, const ITEMS: usize>(p: RadixPassParams<K, V>) {
    const { assert!(ITEMS <= 24, "each_item! lists 24 items") };
    let tile_items = BLOCK_THREADS as usize * ITEMS;
    let (t, w, me) = (thread_index() as usize, warp_index(), lane() as usize);
    let tile = block_index();
    let first = tile * tile_items as u64;
    let valid = (p.n - first).min(tile_items as u64) as usize;
    // SAFETY: the launch provides `radix_pass_shared_bytes` bytes (contract): the fixed
    // part, then the exchange.
    let (sh, exchange) = unsafe {
        (
            dynamic_shared::<RadixShared>(),
            dynamic_shared_at::<u8>(radix_exchange_offset()),
        )
    };
    for row in 0..BLOCK_WARPS {
        // SAFETY: thread `t` zeroes its bin in every warp's row.
        unsafe { (*sh).warp_bins[row][t] = 0 };
    }

    // Warp `w` reads the stretch [w · 32 · ITEMS, (w + 1) · 32 · ITEMS) of the tile,
    // warp-striped: item `j` of lane `me` is slot `stretch + 32 j + me`.
    let stretch = w * WARP_THREADS as usize * ITEMS;
    let (flip, keep): (K::Bits, _) = (order(p.descending).mask(), K::Bits::from_low(p.keep));
    let shift = p.shift;
    let digit_of = move |key: K| key.order_bits().xor(flip).and(keep).digit(shift) as u32;
    // SAFETY: `n > 0`, so key 0 exists; it only fills the registers of padding slots.
    let filler = unsafe { p.keys_in.read() };
    let mut keys = [filler; ITEMS];
    // Per item its digit, then (once ranked) its slot in the tile.
    let mut at = [PAD_DIGIT; ITEMS];
    each_item!(j, {
        let slot = stretch + j * WARP_THREADS as usize + me;
        if slot < valid {
            // SAFETY: `first + slot < n`.
            keys[j] = unsafe { p.keys_in.add(first as usize + slot).read() };
            at[j] = digit_of(keys[j]);
        }
    });
    // SAFETY: every thread of the block reaches it (the rows are zeroed).
    unsafe { sync_threads() };

    // The tile's counts first (CUB's "early counts"): each warp counts its digits, so the
    // tile's count of every bin is published before the ranking, and each warp's counters
    // can start at the warp's first slot of the bin, which makes a rank the final slot.
    each_item!(j, {
        // SAFETY: this warp's row; digits below 256.
        unsafe { red_add_shared_u32(&raw mut (*sh).warp_bins[w][at[j] as usize], 1) };
    });
    // SAFETY: every thread of the block reaches it.
    unsafe { sync_threads() };

    // Thread `t` owns bin `t`: its count over the warps, and each warp's start within it.
    let mut count = 0_u32;
    let mut warp_start = [0_u32; BLOCK_WARPS];
    for (row, start) in warp_start.iter_mut().enumerate() {
        *start = count;
        // SAFETY: the bin's column, written before the barrier.
        count += unsafe { (*sh).warp_bins[row][t] };
    }
    // The padding slots all sit in the last bin; they are no keys of the portion.
    let real = if t == RADIX_BINS - 1 {
        count - (tile_items - valid) as u32
    } else {
        count
    };
    // SAFETY: this block's own tile and bin; the words hold `tiles · 256` (contract).
    unsafe { publish_bin_count(p.lookback, tile, t, real) };
    // SAFETY: every thread calls the block scan (its barriers also order the column reads
    // above before the writes below).
    let (before, _) =
        unsafe { block::exclusive_scan(Sum, Partial::some(count), &raw mut (*sh).scan) };
    let bin_start = if before.valid != 0 { before.value } else { 0 };
    for (row, start) in warp_start.iter().enumerate() {
        // SAFETY: the bin's column, this thread's alone until the barrier.
        unsafe { (*sh).warp_bins[row][t] = bin_start + start };
    }
    // SAFETY: every thread of the block reaches it.
    unsafe { sync_threads() };

    each_item!(j, {
        // SAFETY: the whole warp, items in order; its own row; digits below 256.
        at[j] = unsafe { block::rank_in_warp(at[j], &raw mut (*sh).warp_bins[w]) };
    });
    // Every key to its slot in digit order; the write-out recomputes each slot's digit from
    // its key, so no digit is stored beside it.
    each_item!(j, {
        // SAFETY: a slot below `tile_items`, one item's alone.
        unsafe { exchange.cast::<K>().add(at[j] as usize).write(keys[j]) };
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
    // Every slot of the exchange holds a key (padding slots their filler), so the reads, the
    // digits and the bins' bases need no bound check and run side by side; only the writes
    // are guarded (a check around each read made the slots go out one at a time). With
    // values, each slot's digit stays in a register for the values' writes.
    let mut bins = [0_u32; ITEMS];
    each_item!(k, {
        // SAFETY: a slot below `tile_items`, written before the barrier.
        keys[k] = unsafe {
            exchange
                .cast::<K>()
                .add(k * BLOCK_THREADS as usize + t)
                .read()
        };
        bins[k] = digit_of(keys[k]);
    });
    // SAFETY: `bins` are digits and `bin_base` was set before the barrier; the writes are
    // of slots below `valid` (the tile's keys) to destinations within the output (the
    // counts are exact).
    unsafe { write_out(p.keys_out, &keys, &bins, sh, valid) };
    if size_of::<V>() == 0 {
        return;
    }
    // SAFETY: `n > 0`; values are as long as keys. Padding slots keep this filler and land
    // in exchange slots past `valid`, which are read but never written out.
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
        unsafe { exchange.cast::<V>().add(at[j] as usize).write(values[j]) };
    });
    // SAFETY: every thread of the block reaches it.
    unsafe { sync_threads() };
    each_item!(k, {
        // SAFETY: as for the keys (padding slots hold the filler value).
        values[k] = unsafe {
            exchange
                .cast::<V>()
                .add(k * BLOCK_THREADS as usize + t)
                .read()
        };
    });
    // SAFETY: as for the keys; `bins[k]` is the digit of the key in this slot.
    unsafe { write_out(p.values_out, &values, &bins, sh, valid) };
}

/// Writes `items[k]`, read from tile slot `k · 256 + t` and of bin `bins[k]`, to its bin's
/// base plus its slot, for the slots below `valid`. A full tile (every tile but a portion's
/// last) writes without checks, so the bases' reads and the writes of all items overlap; a
/// check per item made them go out one at a time.
///
/// # Safety
/// `bins[k] < 256`; `bin_base` set before a barrier this thread has passed; every
/// destination of a slot below `valid` lies within `out`.
#[inline(always)]
unsafe fn write_out<T: Copy, const ITEMS: usize>(
    out: *mut T,
    items: &[T; ITEMS],
    bins: &[u32; ITEMS],
    sh: *mut RadixShared,
    valid: usize,
) {
    let t = thread_index() as usize;
    if valid == BLOCK_THREADS as usize * ITEMS {
        each_item!(k, {
            let slot = k * BLOCK_THREADS as usize + t;
            // SAFETY: as the caller guarantees; every slot is below `valid`.
            unsafe { out.add(at_bin(sh, bins[k] as usize, slot)).write(items[k]) };
        });
    } else {
        each_item!(k, {
            let slot = k * BLOCK_THREADS as usize + t;
            if slot < valid {
                // SAFETY: as the caller guarantees.
                unsafe { out.add(at_bin(sh, bins[k] as usize, slot)).write(items[k]) };
            }
        });
    }
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
