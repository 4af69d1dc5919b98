//! Radix sort tuning (`kernels/sort/`): 8-bit digits (256 bins, one per thread of a block),
//! tiles of `BLOCK_THREADS · radix_items(key, value)` keys per onesweep pass, and portions: each
//! pass is launched once per portion of at most [`RADIX_PORTION_MAX`] keys, so a bin's count
//! within a portion fits the 30 bits of a look-back word.

use crate::policy::common::{BLOCK_THREADS, BLOCK_WARPS};

/// Bits per digit: one pass per byte of the key.
pub const RADIX_BITS: u32 = 8;

/// Bins per digit: one per thread of a block (the ranking and the look-back rely on it).
pub const RADIX_BINS: usize = 1 << RADIX_BITS;

const _: () = assert!(RADIX_BINS == BLOCK_THREADS as usize, "a thread per bin");

/// Keys per thread in a onesweep pass over keys of `key_size` bytes beside values of
/// `value_size` (0: keys alone): 16 for keys of 1 to 4 bytes alone (tiles of 4096 keys at
/// four blocks per multiprocessor); 24 for them beside 4-byte values (tiles of 6144 at two
/// blocks, `policy::launch_bounds`: their passes move twice the bytes per key, and the
/// larger tile has fewer look-backs and barriers per key); 16 beside 8-byte values (24
/// would need more than the 48 KiB of shared memory a launch gets without opt-in); 12 for
/// 8-byte keys (3072, the same bound). Measured: `benches/RESULTS.md#radix-sort-early-counts`.
pub const fn radix_items(key_size: usize, value_size: usize) -> usize {
    if key_size > 4 {
        12
    } else if value_size == 4 {
        24
    } else {
        16
    }
}

/// Keys per onesweep tile.
pub const fn radix_tile_items(key_size: usize, value_size: usize) -> usize {
    BLOCK_THREADS as usize * radix_items(key_size, value_size)
}

/// The most keys of one portion (a pass launch): a bin's count in a portion must stay below
/// 2^30 (the look-back word's value bits); 2^28 also bounds the look-back words of a launch
/// (a 4-byte word per tile and bin: 64 MiB for 2^28 4-byte keys).
pub const RADIX_PORTION_MAX: usize = 1 << 28;

/// Tiles per portion (the last portion may have fewer).
pub const fn radix_portion_tiles(key_size: usize, value_size: usize) -> usize {
    RADIX_PORTION_MAX / radix_tile_items(key_size, value_size)
}

/// Keys per thread of the histogram kernel, and its grid: at most this many blocks per SM
/// loop over the input (each flushes its shared counts once).
pub const RADIX_HIST_ITEMS: usize = 16;

/// Histogram blocks per SM (grid-stride over the input; the launcher multiplies by the SM
/// count).
pub const RADIX_HIST_BLOCKS_PER_SM: u64 = 8;

/// Byte offset of the exchange buffer in a pass's shared memory (after `RadixShared`).
pub const fn radix_exchange_offset() -> usize {
    core::mem::size_of::<RadixShared>().next_multiple_of(16)
}

/// Dynamic shared memory of a onesweep pass over keys of `key_size` bytes with values of
/// `value_size` (0: keys alone): [`RadixShared`] and the exchange buffer (a tile of keys,
/// then of values).
pub const fn radix_pass_shared_bytes(key_size: usize, value_size: usize) -> usize {
    let tile = radix_tile_items(key_size, value_size);
    let widest = if value_size > key_size {
        value_size
    } else {
        key_size
    };
    radix_exchange_offset() + tile * widest
}

/// Dynamic shared memory of the histogram kernel: a `u32` count per (pass, bin).
pub const fn radix_hist_shared_bytes(key_size: usize) -> usize {
    key_size * RADIX_BINS * 4
}

/// The fixed part of a onesweep pass's shared memory.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct RadixShared {
    /// The block scan's warp totals (one per warp) over the bins' counts.
    pub scan: crate::policy::common::BlockShared<u32>,
    /// Per warp and bin: the warp's count, then its counter while ranking: the tile slot of
    /// the warp's next key of that bin.
    pub warp_bins: [[u32; RADIX_BINS]; BLOCK_WARPS],
    /// Per bin: the global index of the tile's slot 0 as that bin sees it (the bin's
    /// destination start minus its tile start, wrapping).
    pub bin_base: [u64; RADIX_BINS],
}
