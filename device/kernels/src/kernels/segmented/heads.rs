//! Where segment heads come from, read per thread as a bit mask over its `ITEMS` items: head
//! flag bytes (`key_bytes == 0`: nonzero starts a segment), or keys of 1, 2, 4 or 8 bytes
//! (`key_bytes`), where item `i` starts a segment when `key[i] != key[i - 1]` as words. The
//! source is a uniform run-time choice, so one kernel serves flags, offsets (as flags) and
//! every key width: no extra entry points per key type, and no key-to-flag pre-pass.

use crate::policy::scan::SCAN_DEPTH;
use crate::thread::lane;
use crate::tile::{load_full, load_partial, DeepTile};
use crate::warp::{shuffle_idx, shuffle_up};
use core::mem::size_of;

/// Bit `j` of the result: item `base + j` starts a segment (no bits at or past `n`); bit 0 is
/// set when `base == 0`.
///
/// # Safety
/// `src` readable for `n` items of `key_bytes` bytes (1 byte for flags), 16-byte aligned;
/// `full` only when `base + ITEMS <= n`; `ITEMS <= 32`.
#[inline(always)]
pub(super) unsafe fn head_mask<const ITEMS: usize>(
    src: *const u8,
    key_bytes: u32,
    base: u64,
    n: u64,
    full: bool,
) -> u32 {
    if base >= n {
        return 0;
    }
    // SAFETY: as the caller guarantees, for the source's item width.
    let mask = unsafe {
        match key_bytes {
            1 => key_mask::<u8, ITEMS>(src, base, n, full),
            2 => key_mask::<u16, ITEMS>(src.cast(), base, n, full),
            4 => key_mask::<u32, ITEMS>(src.cast(), base, n, full),
            8 => key_mask::<u64, ITEMS>(src.cast(), base, n, full),
            _ => flag_mask::<ITEMS>(src, base, n, full),
        }
    };
    mask | u32::from(base == 0)
}

/// The heads of this thread's `SCAN_DEPTH` runs of a deep tile as one word: bit
/// `ITEMS·r + j` for item `j` of run `r` ([`head_mask`] of each run). One word rather than an
/// array indexed by the run, which would live in local memory (the loops over runs stay
/// loops: unrolled, the segmented scan took 67 registers instead of 44). Full tiles of 4- and
/// 8-byte keys take [`warp_key_bits`].
///
/// # Safety
/// As [`head_mask`], for every run of `io` (a tile of an input of `n` items); called by every
/// lane of the warp (the 4- and 8-byte key paths shuffle).
#[inline(always)]
pub(super) unsafe fn deep_head_bits<const ITEMS: usize>(
    src: *const u8,
    key_bytes: u32,
    io: DeepTile,
    n: u64,
) -> u64 {
    // A thread's `ITEMS * SCAN_DEPTH` keys are whole 16-byte chunks: `items_per_thread` gives
    // 4, 8 or 16 and `SCAN_DEPTH` is 2, so 8, 16 or 32 keys (`warp_key_bits` asserts it).
    if key_bytes == 4 && io.full() {
        // SAFETY: the tile is full, so the warp's keys are below `n` (contract).
        return u64::from(unsafe { warp_key_bits::<u32, 4, ITEMS>(src.cast(), io) });
    }
    if key_bytes == 8 && io.full() {
        // SAFETY: as above.
        return u64::from(unsafe { warp_key_bits::<u64, 2, ITEMS>(src.cast(), io) });
    }
    let mut heads = 0_u64;
    for r in 0..SCAN_DEPTH {
        // SAFETY: as the caller guarantees; `full` means every run is below `n`.
        let mask =
            unsafe { head_mask::<ITEMS>(src, key_bytes, io.run_base::<ITEMS>(r), n, io.full()) };
        heads |= u64::from(mask) << (r * ITEMS);
    }
    heads
}

/// [`deep_head_bits`] from keys `W` (4 or 8 bytes, `K = 16 / size_of::<W>()` a chunk) of a
/// full tile, read by the whole warp as coalesced 16-byte chunks (lane `l` reads chunks
/// `32 i + l` of the warp's `32 P / K`, `P = ITEMS · SCAN_DEPTH` keys a thread) instead of
/// each thread reading its own `P` keys: the key before a chunk comes from the lane before it
/// (a shuffle), one load a warp for the key before the warp; each lane's `K`-bit head groups
/// are then gathered by their owner thread with `P / K` shuffles.
///
/// Why: per thread, a warp's 16-byte key loads were 128 bytes apart, each instruction touching
/// 32 lines, plus a scalar load of the key before each run. ncu, 2^26 u32 keys, f32 values
/// (`benches/RESULTS.md#h100-2026-11-25-fused-dot-exclusive-scan`): that kernel moved 51% more
/// bytes through L1 and 15% more through L2 than CUB's scan by key, and drew 8% less DRAM
/// throughput. With the warp's loads coalesced, the H100, one call, two passes each (ms,
/// before / after): `scan_by_keys` runs of 32 at 2^28 1.308, 1.314 / 1.206, 1.203 (CUB 1.195 in
/// the last full run), 2^24 0.1045, 0.1060 / 0.0928, 0.0939; `reduce_by_key_into` runs of
/// 1000 at 2^28 0.974, 0.977 / 0.811, 0.811 (CUB 1.068), 2^24 0.0856, 0.0860 / 0.0735, 0.0728.
/// An earlier version that read 1- and 2-byte keys this way too (16 and 8 a chunk) made the
/// 4-byte case 1-3% slower at 2^28-2^30; this one takes 4- and 8-byte keys only. Taking
/// 8-byte keys too, the H100, one call, two passes each, f32
/// values (ms, per-thread 8-byte keys / this): `scan_by_keys` u64 runs of 32 at 2^28 1.597,
/// 1.597 / 1.415, 1.424 (1.13x), 2^24 0.118, 0.119 / 0.104, 0.104, runs of 1000 1.13-1.15x
/// at 2^24-2^30; `reduce_by_key_into` u64 runs of 1000 2^28 1.388, 1.387 / 1.283, 1.283
/// (1.08x). The 4-byte rows at 2^28-2^30 stayed at 1.000-1.002x, at 2^24-2^26 0.99-1.00x but
/// the allocating `reduce_by_key` (0.97x, its host round trip in the timed call; registers
/// unchanged: 48 for the f32 entries);
/// `benches/RESULTS.md#h100-2026-11-25-conv2d-cuda-model`. 1- and
/// 2-byte keys keep the per-thread loads (a thread's keys are one or two 16-byte loads).
///
/// The chunks are loaded in rounds of [`KEY_ROUND`], every load of a round issued before its
/// shuffles: a loop over the chunks was unrolled by 4, so 8-byte keys under 4-byte values (16
/// chunks a thread) took four dependent trips to DRAM per tile. ncu, `reduce_by_key_into` u64
/// runs of 1000 at 2^26 (`benches/RESULTS.md#h100-2026-11-25-key-rounds`): 76% of DRAM
/// bandwidth against 87% for the scan by the same keys, the largest stall waiting on those
/// loads (9.2 of 23.3 cycles between issues), 5 blocks per SM (registers and shared memory
/// alike). In rounds of 8, the H100, one call, two passes each (µs, before / after):
/// `reduce_by_key_into` u64 at 2^28 1233, 1245 / 1134, 1131 (1.09x), 2^24-2^30 1.08-1.10x;
/// scans by u64 key 1.00-1.02x; the 4-byte key rows (8 chunks: one round now, two before)
/// 0.997-1.003x at 2^26-2^30. Registers unchanged (48 for the f32 entries). Rounds of 16 made
/// LLVM split the chunks into 8-byte loads that ptxas no longer kept in flight together; an
/// L2 prefetch of the warp's keys ahead of the loop (`prefetch.global.L2`, one per line) made
/// the u64 rows 9-12% slower instead.
///
/// # Safety
/// `keys` 16-byte aligned and readable through the end of `io`'s (full) tile; `K` keys of
/// `W` are 16 bytes and divide `ITEMS · SCAN_DEPTH`; called by every lane of the warp.
#[inline(always)]
unsafe fn warp_key_bits<W: Copy + PartialEq + Default, const K: usize, const ITEMS: usize>(
    keys: *const W,
    io: DeepTile,
) -> u32 {
    const {
        assert!(
            K * size_of::<W>() == 16 && (ITEMS * SCAN_DEPTH) % K == 0 && ITEMS * SCAN_DEPTH <= 32,
            "a chunk is 16 bytes of keys, a thread's keys are whole chunks and its head bits one word"
        )
    };
    let per_thread = (ITEMS * SCAN_DEPTH) as u64;
    let chunks = ITEMS * SCAN_DEPTH / K;
    let me = lane();
    let warp_start = io.run_base::<ITEMS>(0) - u64::from(me) * per_thread;
    // The key before the warp's first (global index 0 is a head whatever it is compared to).
    let mut before_chunk = if warp_start == 0 {
        W::default()
    } else {
        // SAFETY: `warp_start - 1` is an earlier key of the input.
        unsafe { keys.add(warp_start as usize - 1).read() }
    };
    let mut groups = 0_u32;
    let mut first = 0;
    while first < chunks {
        let mut k = [[W::default(); K]; KEY_ROUND];
        #[allow(clippy::needless_range_loop)] // constant trip count: unrolls, stays in registers
        for r in 0..KEY_ROUND {
            if first + r < chunks {
                let c = (32 * (first + r)) as u64 + u64::from(me);
                // SAFETY: chunk `c` lies in the warp's keys, inside the full tile; 16-byte aligned.
                k[r] = unsafe { load_full(keys.add((warp_start + K as u64 * c) as usize)) };
            }
        }
        #[allow(clippy::needless_range_loop)] // as above; `r` also numbers the chunk
        for r in 0..KEY_ROUND {
            let i = first + r;
            if i < chunks {
                let k = k[r];
                let from_left = shuffle_up(k[K - 1], 1);
                let before = if me == 0 { before_chunk } else { from_left };
                let mut m = u32::from(k[0] != before);
                for j in 1..K {
                    m |= u32::from(k[j] != k[j - 1]) << j;
                }
                if i == 0 && me == 0 && warp_start == 0 {
                    m |= 1;
                }
                groups |= m << (K * i);
                before_chunk = shuffle_idx(k[K - 1], 31);
            }
        }
        first += KEY_ROUND;
    }
    // Thread `me` owns chunks `me · chunks + s`, held by lane `(me · chunks + s) % 32` as its
    // group `(me · chunks + s) / 32`.
    let mask = (1_u32 << K) - 1;
    let mut bits = 0_u32;
    for s in 0..chunks {
        let c = me as usize * chunks + s;
        let v = shuffle_idx(groups, (c % 32) as u32);
        bits |= ((v >> (K * (c / 32))) & mask) << (K * s);
    }
    bits
}

/// Chunks of keys [`warp_key_bits`] loads before it shuffles any of them: 32 registers of
/// keys in flight a thread.
const KEY_ROUND: usize = 8;

/// `true` when item `i < n` starts a segment (`false` at or past `n`).
///
/// # Safety
/// As [`head_mask`].
#[inline(always)]
pub(super) unsafe fn is_head(src: *const u8, key_bytes: u32, i: u64, n: u64) -> bool {
    if i >= n {
        return false;
    }
    if i == 0 {
        return true;
    }
    let at = i as usize;
    // SAFETY: `i - 1 < i < n`, inside the source.
    unsafe {
        match key_bytes {
            1 => src.add(at).read() != src.add(at - 1).read(),
            2 => differs(src.cast::<u16>(), at),
            4 => differs(src.cast::<u32>(), at),
            8 => differs(src.cast::<u64>(), at),
            _ => src.add(at).read() != 0,
        }
    }
}

/// Writes the end of run `k` at item `i` to `out`: for keys (`key_bytes` 1, 2, 4, 8) the
/// run's key, copied from `src`; for flag heads the index `i` as a `u32`.
///
/// # Safety
/// `i` inside the source; `out` writable at entry `k` of the chosen width.
#[inline(always)]
pub(super) unsafe fn write_run_end(src: *const u8, key_bytes: u32, out: *mut u8, k: usize, i: u64) {
    let at = i as usize;
    // SAFETY: as the caller guarantees.
    unsafe {
        match key_bytes {
            1 => out.add(k).write(src.add(at).read()),
            2 => copy_word(src.cast::<u16>(), out.cast(), k, at),
            4 => copy_word(src.cast::<u32>(), out.cast(), k, at),
            8 => copy_word(src.cast::<u64>(), out.cast(), k, at),
            _ => out.cast::<u32>().add(k).write(i as u32),
        }
    }
}

/// `out[k] = keys[at]`.
///
/// # Safety
/// Both inside their buffers.
#[inline(always)]
unsafe fn copy_word<W: Copy>(keys: *const W, out: *mut W, k: usize, at: usize) {
    // SAFETY: as the caller guarantees.
    unsafe { out.add(k).write(keys.add(at).read()) }
}

/// `keys[at] != keys[at - 1]`.
///
/// # Safety
/// Both readable.
#[inline(always)]
unsafe fn differs<W: Copy + PartialEq>(keys: *const W, at: usize) -> bool {
    // SAFETY: as the caller guarantees.
    unsafe { keys.add(at).read() != keys.add(at - 1).read() }
}

/// Head bits from flag bytes.
///
/// # Safety
/// As [`head_mask`], with `base < n`.
#[inline(always)]
unsafe fn flag_mask<const ITEMS: usize>(flags: *const u8, base: u64, n: u64, full: bool) -> u32 {
    let bytes: [u8; ITEMS] = if full {
        // SAFETY: the run is below `n`; `base` is a multiple of ITEMS.
        unsafe { load_full(flags.add(base as usize)) }
    } else {
        // SAFETY: reads only indices below `n`.
        unsafe { load_partial(flags, base, n, 0).0 }
    };
    let mut mask = 0;
    #[allow(clippy::needless_range_loop)] // constant trip count: unrolls, stays in registers
    for j in 0..ITEMS {
        mask |= u32::from(bytes[j] != 0) << j;
    }
    mask
}

/// Head bits from keys compared as words `W` (bit 0 compares with the key before `base`).
///
/// # Safety
/// As [`head_mask`], with `base < n`.
#[inline(always)]
unsafe fn key_mask<W: Copy + PartialEq, const ITEMS: usize>(
    keys: *const W,
    base: u64,
    n: u64,
    full: bool,
) -> u32 {
    let at = base as usize;
    // SAFETY: `base < n`, and `base - 1` when `base > 0`.
    let before = unsafe { keys.add(at.saturating_sub(1)).read() };
    let (k, count): ([W; ITEMS], usize) = if full {
        // SAFETY: the run is below `n`; `base` is a multiple of ITEMS.
        (unsafe { load_full(keys.add(at)) }, ITEMS)
    } else {
        // SAFETY: reads only indices below `n`.
        unsafe { load_partial(keys, base, n, before) }
    };
    let mut mask = 0;
    let mut prev = before;
    #[allow(clippy::needless_range_loop)] // constant trip count: unrolls, stays in registers
    for j in 0..ITEMS {
        mask |= u32::from(k[j] != prev) << j;
        prev = k[j];
    }
    let real = if count >= 32 {
        u32::MAX
    } else {
        (1_u32 << count) - 1
    };
    mask & real
}
