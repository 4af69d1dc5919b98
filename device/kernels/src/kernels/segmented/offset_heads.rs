//! Segment heads of a deep tile straight from offsets (`key_bytes == HEADS_FROM_OFFSETS`):
//! the block finds the first offset at or after its tile (one warp, a 32-way search), marks
//! the offsets inside the tile in a bit map in shared memory, and each thread takes its
//! items' bits. This replaces a pre-pass that zeroed `n` flag bytes and wrote one per
//! segment, and the scan's read of those bytes (2 of the 10 bytes an item cost with flags).

use crate::policy::common::{BLOCK_THREADS, WARP_THREADS};
use crate::policy::segmented::OFFSET_HEAD_WORDS;
use crate::thread::{lane, sync_threads, thread_index, warp_index};
use crate::warp::ballot;
use core::arch::asm;

const THREADS: u64 = BLOCK_THREADS as u64;

/// The bits of this thread's `span` items (`span` divides 32): bit `i` is set when item
/// `start + span·t + i` starts a nonempty segment. `start` is the tile's first item; the
/// tile holds `256 · span` items, those below `n` real.
///
/// # Safety
/// Called by every thread of the block, with block-uniform arguments; `offsets` holds
/// `segments + 1` validated offsets (`0 = o[0] <= ... <= o[segments] = n`); `start < n`;
/// `map` is this block's `OFFSET_HEAD_WORDS` words of shared memory, 8-byte aligned, not
/// in use.
#[inline(always)]
pub(super) unsafe fn offset_head_bits(
    offsets: *const u64,
    segments: u64,
    start: u64,
    n: u64,
    span: usize,
    map: *mut u32,
) -> u32 {
    let t = u64::from(thread_index());
    let end = (start + THREADS * span as u64).min(n);
    let bit_words = OFFSET_HEAD_WORDS - 2;
    if (t as usize) < bit_words {
        // SAFETY: inside the map; nothing reads it before the barrier below.
        unsafe { map.add(t as usize).write(0) };
    }
    let first_at = map.wrapping_add(bit_words).cast::<u64>();
    if warp_index() == 0 {
        // SAFETY: as the caller guarantees.
        let first = unsafe { first_at_or_after(offsets, segments, start, n) };
        if lane() == 0 {
            // SAFETY: the map's last two words, 8-byte aligned (contract).
            unsafe { first_at.write(first) };
        }
    }
    // SAFETY: every thread is here (contract).
    unsafe { sync_threads() };
    // SAFETY: written before the barrier.
    let mut k = unsafe { first_at.read() } + t;
    // Offsets are sorted: each thread walks its own stride until it leaves the tile.
    while k <= segments {
        // SAFETY: `k <= segments`, inside the offsets.
        let o = unsafe { offsets.add(k as usize).read() };
        if o >= end {
            break;
        }
        let i = o - start;
        // SAFETY: `i < 256 · span <= 32 · bit_words`, inside the map.
        unsafe { or_shared(map.add((i / 32) as usize), 1 << (i % 32)) };
        k += THREADS;
    }
    // SAFETY: every thread is here (contract).
    unsafe { sync_threads() };
    let first_bit = t as usize * span;
    // SAFETY: inside the map, written before the barrier.
    let word = unsafe { map.add(first_bit / 32).read() } >> (first_bit % 32);
    if span >= 32 {
        word
    } else {
        word & ((1 << span) - 1)
    }
}

/// The smallest `k <= segments` with `offsets[k] >= start` (it exists: `offsets[segments] =
/// n > start`), in every lane of the calling warp.
///
/// The first round probes the 32 offsets around the guess `start · segments / n` (where
/// segments of even length put the answer): when it lies among them that round finds it.
/// Otherwise the probes bound it from one side and the search goes on over the rest: each
/// round the 32 lanes probe 32 evenly spaced offsets and keep the gap where the answer lies,
/// so 2^23 offsets take 5 more rounds. Each round is a dependent global load, 0.5-2 µs on a
/// busy H100 against ~22 µs for a whole tile at 2^28. The H100, one call, two passes each
/// (ms; the plain 32-way search / with the guess first): `scan_by_offsets` runs of 32 at 2^28
/// 0.898, 0.898 / 0.757, 0.754 (82.5% / 98.0% of the copy roof), at 2^30 3.837, 3.832 /
/// 2.965, 2.965; runs of 1000 at 2^28 0.857, 0.855 / 0.814, 0.810
/// (`benches/RESULTS.md#h100-2026-11-25-settled-lookback`).
///
/// # Safety
/// Called by all 32 lanes of one warp; offsets as for [`offset_head_bits`]; `start < n`.
#[inline(always)]
unsafe fn first_at_or_after(offsets: *const u64, segments: u64, start: u64, n: u64) -> u64 {
    let width = u64::from(WARP_THREADS);
    let me = u64::from(lane());
    // Probes at or past `segments` count as "at or after" (offsets[segments] = n is).
    // SAFETY: reads only `probe < segments`.
    let at_or_after =
        |probe: u64| probe >= segments || unsafe { offsets.add(probe as usize).read() } >= start;
    // `start / n < 1`, so the guess is at most `segments` (the product is rounded, and the
    // cast saturates; `min` keeps it in range whatever the rounding).
    let guess = ((start as f64 / n as f64) * segments as f64) as u64;
    let window = guess.min(segments).saturating_sub(width / 2);
    let votes = ballot(at_or_after(window + me));
    // The first lane at or after `start` (32: none); every lane before it is before.
    let l = u64::from(votes.trailing_zeros());
    let (mut lo, mut hi) = if l == 0 {
        (0, window)
    } else if l < width {
        return window + l;
    } else {
        (window + width, segments)
    };
    while lo < hi {
        let step = (hi - lo).div_ceil(width);
        let probe = lo + step * me;
        // Probes at or past `hi` count as "at or after" (offsets[hi] is).
        let votes = ballot(probe >= hi || at_or_after(probe));
        let l = u64::from(votes.trailing_zeros());
        if l == 0 {
            hi = lo;
        } else {
            let below = lo + step * (l - 1);
            hi = if l == width {
                hi
            } else {
                (lo + step * l).min(hi)
            };
            lo = below + 1;
        }
    }
    lo
}

/// `red.shared.or.b32`: `*p |= v` as one atomic shared-memory operation.
///
/// # Safety
/// `p` is a 4-byte aligned shared address.
#[inline(always)]
unsafe fn or_shared(p: *mut u32, v: u32) {
    // SAFETY: as the caller guarantees; an atomic read-modify-write of 4 bytes at `p`.
    unsafe {
        asm!(
            "{{ .reg .b64 s; cvta.to.shared.u64 s, {p}; red.shared.or.b32 [s], {v}; }}",
            p = in(reg64) p,
            v = in(reg32) v,
        );
    }
}
