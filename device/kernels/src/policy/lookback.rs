//! Decoupled look-back tuning: which value types travel packed with their flag, and how long
//! a tile waits before its first poll.

/// Nanoseconds a plain scan's tile sleeps between publishing its aggregate and its first
/// look-back poll (CUB's H100 tuning sleeps an "L2 write latency" of 1140-1290 ns there).
/// By then the tiles before it have mostly published, so the walk takes fewer polls. The
/// H100, `gpu_bench --only scan_sum`, one device call, three passes each, ms (the mean) at
/// 2^28 without / 1200 / 2800 / 4000 ns: f32 inclusive 0.875 / 0.862 / 0.847 / 0.850, f64
/// 1.658 / 1.608 / 1.585 / 1.581, u64 exclusive 1.654 / 1.603 / 1.581 / 1.578 (CUB 1.58-1.66
/// in earlier calls); at 2^24-2^26 2800 ns is 1.023-1.059x faster over all 16 cases
/// (`benches/RESULTS.md#h100-2026-11-25-first-poll-delay`). Below
/// [`FIRST_POLL_DELAY_MIN_TILES`] nothing sleeps.
pub const SCAN_FIRST_POLL_DELAY_NS: u32 = 2800;

/// As [`SCAN_FIRST_POLL_DELAY_NS`], for the reduce of runs: reduce by key, and
/// `segmented_reduce`, which was not timed with it (4-byte values: only the packed layouts
/// sleep, see `lookback::tile_prefix`). Same call (`sweep-3.txt`), ms at 2^24 / 2^26 / 2^28,
/// u32 keys, runs of 1000, without / 1200 / 2800 ns: 0.0706, 0.2191, 0.8115 / 0.0709,
/// 0.2144, 0.7868 / 0.0715, 0.2150, 0.7802; u64 keys 0.0938, 0.3082, 1.1728 / 0.0932,
/// 0.3035, 1.1586 / 0.0951, 0.3079, 1.1623 (2800 ns loses at 2^24, 1200 does not).
pub const RUNS_FIRST_POLL_DELAY_NS: u32 = 1200;

/// As [`SCAN_FIRST_POLL_DELAY_NS`], for segmented scans: none. Their look-backs mostly stop
/// one tile back (a tile holding a head publishes its prefix at once), and the scans by key
/// gained nothing in the same call and the one before: 1200 ns 0.994-1.007x at 2^24-2^28,
/// 2800-4000 ns 0.971-0.983x at 2^24 with runs of 1000.
pub const SEGMENTED_FIRST_POLL_DELAY_NS: u32 = 0;

/// Launches of fewer tiles never sleep before their first poll: below about one wave (the
/// H100 holds 792 scan blocks at once) every tile starts at the same time, so a sleep adds
/// to the call. In the same call (`sweep-3.txt`), at 1000 / 2048 tiles from 2800 ns: 8-byte
/// scans at 2^22 (1024 tiles) 1.004-1.036x / 1.005-1.011x; 4-byte scans at 2^22 (512 tiles)
/// sleep in neither; in an earlier call with the limit at 500 tiles (`sweep-2.txt`), 2800 ns took
/// those to 0.955-0.971x.
pub const FIRST_POLL_DELAY_MIN_TILES: u64 = 1000;

/// Packed look-back words per tile for a scan over elements of `T` (see
/// [`crate::params::common::TileStatus`]): 1 for 4-byte types, 2 for 8-byte types (value bytes in
/// the words' high halves, the flag in each low byte), 0 (the split layout: a flag word plus
/// value slots, ordered by release and acquire) for every other type. Segmented scans pack
/// their `Flagged<T>` pairs the same way (the head rides in word 0).
///
/// Packing reads the value's bytes as an integer, so it is limited to types whose alignment
/// equals their size (f32, i32, u32, f64, i64, u64, and user types of one such field): those
/// have no padding, whose uninitialised bytes must not be read as an integer. A 4-byte
/// `(u16, u16)` or an 8-byte `(u32, u32)` struct takes the split layout.
///
/// ```
/// use parallax_kernels::policy::lookback::{packed_run_words, packed_words};
/// assert_eq!((packed_words::<f32>(), packed_words::<u32>()), (1, 1));
/// assert_eq!((packed_words::<f64>(), packed_words::<i64>()), (2, 2));
/// #[repr(C)]
/// #[derive(Clone, Copy)]
/// struct Pair(u32, u32);
/// assert_eq!(packed_words::<Pair>(), 0);
/// assert_eq!(packed_words::<[u16; 2]>(), 0);
/// assert_eq!(packed_words::<parallax_core::AffineMap<i64>>(), 0);
/// assert_eq!((packed_run_words::<f32>(), packed_run_words::<f64>()), (2, 0));
/// ```
pub const fn packed_words<T>() -> usize {
    let (size, align) = (core::mem::size_of::<T>(), core::mem::align_of::<T>());
    if size == 4 && align == 4 {
        1
    } else if size == 8 && align == 8 {
        2
    } else {
        0
    }
}

/// Packed look-back words per tile of reduce by key over values of `T`: the (value, run
/// count) pair takes 2 words when `T` has 4 bytes, else the split layout (0).
pub const fn packed_run_words<T>() -> usize {
    if packed_words::<T>() == 1 {
        2
    } else {
        0
    }
}
