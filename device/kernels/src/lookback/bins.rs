//! Decoupled look-back per bin, for the onesweep radix sort (Adinets & Merrill, "Onesweep",
//! 2022): every tile publishes, for each of the 256 bins, its count of keys in that bin and
//! later the inclusive count of that bin over all tiles up to it; thread `b` of a block walks
//! back over the tiles before its own for bin `b`. A word is 4 bytes: the flag in bits 30-31,
//! the count in bits 0-29 (a portion holds fewer than 2^30 keys, `policy::sort`), so one
//! relaxed load gives flag and count together. The words are zeroed before every launch.

use crate::policy::sort::RADIX_BINS;
use crate::thread::relaxed::{load_relaxed_u32, store_relaxed_u32};

/// The tile's own count of the bin is published.
const BIN_AGGREGATE: u32 = 1 << 30;
/// The count of the bin over every tile up to this one is published.
const BIN_PREFIX: u32 = 2 << 30;
/// The count's bits.
const BIN_COUNT: u32 = (1 << 30) - 1;

/// The word of `bin` for `tile`.
///
/// # Safety
/// `words` holds `RADIX_BINS` words per tile for more than `tile` tiles.
#[inline(always)]
unsafe fn word(words: *mut u32, tile: u64, bin: usize) -> *mut u32 {
    // SAFETY: in bounds by the caller's contract.
    unsafe { words.add(tile as usize * RADIX_BINS + bin) }
}

/// Publishes `tile`'s count of `bin`: as a prefix for tile 0 (nothing is before it), else as
/// its aggregate.
///
/// # Safety
/// As [`word`]; one thread per (tile, bin) calls this once per launch, `count < 2^30`.
#[inline(always)]
pub(crate) unsafe fn publish_bin_count(words: *mut u32, tile: u64, bin: usize, count: u32) {
    let flag = if tile == 0 { BIN_PREFIX } else { BIN_AGGREGATE };
    // SAFETY: as the caller guarantees.
    unsafe { store_relaxed_u32(word(words, tile, bin), flag | count) };
}

/// Predecessor words one look-back step loads at once: the walk's cost is its chain of
/// dependent loads (each an L2 round trip), so it reads a window of tiles together and
/// adds them up nearest first (profile: `benches/RESULTS.md#radix-sort-early-counts`).
const WINDOW: u64 = 4;

/// The count of `bin` in tiles `0..tile` (0 for tile 0); publishes `tile`'s inclusive count
/// `before + count` for its successors.
///
/// # Safety
/// As [`publish_bin_count`], after it for the same (tile, bin); every earlier tile belongs to
/// a block that has started (blocks start in index order, as for the scans) and publishes.
#[inline(always)]
pub(crate) unsafe fn look_back_bin(words: *mut u32, tile: u64, bin: usize, count: u32) -> u32 {
    if tile == 0 {
        return 0;
    }
    let mut before = 0_u32;
    // Tiles `t - WINDOW .. t` are the next window, read nearest (`t - 1`) first.
    let mut t = tile;
    'walk: while t > 0 {
        let mut window = [0_u32; WINDOW as usize];
        for (k, w) in window.iter_mut().enumerate() {
            if (k as u64) < t {
                // SAFETY: `t - 1 - k < tile`, a valid slot.
                *w = unsafe { load_relaxed_u32(word(words, t - 1 - k as u64, bin)) };
            }
        }
        for (k, &loaded) in window.iter().enumerate() {
            if k as u64 >= t {
                break 'walk;
            }
            let mut w = loaded;
            while w & (BIN_AGGREGATE | BIN_PREFIX) == 0 {
                // SAFETY: as above; that tile has not published yet, so poll it again.
                w = unsafe { load_relaxed_u32(word(words, t - 1 - k as u64, bin)) };
            }
            before += w & BIN_COUNT;
            if w & BIN_PREFIX != 0 {
                break 'walk;
            }
        }
        t -= WINDOW;
    }
    // SAFETY: as the caller guarantees; the inclusive count stays below 2^30 (a portion).
    unsafe { store_relaxed_u32(word(words, tile, bin), BIN_PREFIX | (before + count)) };
    before
}
