//! Decoupled look-back tuning: which value types travel packed with their flag, how long
//! a tile waits before its first poll, and how long between polls.

/// Nanoseconds a plain scan's tile sleeps between publishing its aggregate and its first
/// look-back poll (CUB's H100 tuning sleeps an "L2 write latency" of 1140-1290 ns there).
/// By then the tiles before it have mostly published, so the walk takes fewer polls. 2800
/// ns was the fastest of 0 / 1200 / 2800 / 4000 ns over the plain scans from 2^24 up
/// (2-6%): `benches/RESULTS.md#h100-2026-11-25-first-poll-delay`. Below
/// [`FIRST_POLL_DELAY_MIN_TILES`] nothing sleeps.
pub const SCAN_FIRST_POLL_DELAY_NS: u32 = 2800;

/// As [`SCAN_FIRST_POLL_DELAY_NS`], for the reduce of runs: reduce by key, and
/// `segmented_reduce`, which was not timed with it (4-byte values: only the packed layouts
/// sleep, see `lookback::tile_prefix`). 1200 ns, because 2800 ns lost at 2^24 with u64 keys
/// while 1200 ns gained 1-3% from 2^26 up: `benches/RESULTS.md#h100-2026-11-25-first-poll-delay`.
pub const RUNS_FIRST_POLL_DELAY_NS: u32 = 1200;

/// As [`SCAN_FIRST_POLL_DELAY_NS`], for segmented scans: none. Their look-backs mostly stop
/// one tile back (a tile holding a head publishes its prefix at once), and the scans by key
/// gained nothing from 1200 ns and lost 2-3% at 2^24 from 2800-4000 ns:
/// `benches/RESULTS.md#h100-2026-11-25-first-poll-delay`,
/// `benches/RESULTS.md#h100-2026-11-25-conv2d-experiments`.
pub const SEGMENTED_FIRST_POLL_DELAY_NS: u32 = 0;

/// Launches of fewer tiles never sleep before their first poll: below about one wave (the
/// H100 holds 792 scan blocks at once) every tile starts at the same time, so a sleep adds to
/// the call; a limit of 500 tiles made the 2^22 scans 3-5% slower, 1000 does not:
/// `benches/RESULTS.md#h100-2026-11-25-first-poll-delay`.
pub const FIRST_POLL_DELAY_MIN_TILES: u64 = 1000;

/// Backoff between polls of a window that still has an empty tile, in nanoseconds. 256 ns
/// against 32 ns: a small gain, mostly at mid sizes (median 1.005x over the 120 look-back
/// cases; CUB's H100 tuning sleeps longer still, 576-688 ns):
/// `benches/RESULTS.md#h100-2026-11-23-spmv-staged-merge`.
pub const POLL_BACKOFF_NS: u32 = 256;

/// Packed look-back words per tile for a scan over elements of `T` (see
/// [`crate::params::common::TileStatus`]): 1 for 4-byte types, 2 for 8-byte types (value
/// bytes in the words' high halves, the flag in each low byte), 0 (the split layout: a flag
/// word plus value slots, ordered by release and acquire) for every other type. Packing
/// saves a fence per publication and a load per polled tile:
/// `benches/RESULTS.md#h100-2026-11-23-packed-lookback`. Segmented scans pack
/// their `Flagged<T>` pairs the same way (the head rides in word 0).
///
/// Packing reads the value's bytes as an integer, so it is limited to types whose alignment
/// equals their size (f32, i32, u32, f64, i64, u64, and user types of one such field): those
/// have no padding, whose uninitialised bytes must not be read as an integer. A 4-byte
/// `(u16, u16)` or an 8-byte `(u32, u32)` struct takes the split layout.
///
/// ```
/// use parallaxis_kernels::policy::lookback::{packed_run_words, packed_words};
/// assert_eq!((packed_words::<f32>(), packed_words::<u32>()), (1, 1));
/// assert_eq!((packed_words::<f64>(), packed_words::<i64>()), (2, 2));
/// #[repr(C)]
/// #[derive(Clone, Copy)]
/// struct Pair(u32, u32);
/// assert_eq!(packed_words::<Pair>(), 0);
/// assert_eq!(packed_words::<[u16; 2]>(), 0);
/// assert_eq!(packed_words::<parallaxis_core::AffineMap<i64>>(), 0);
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
