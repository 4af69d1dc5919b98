//! Launch shapes and shared-memory layouts, as plain data read by both the kernels and their
//! launchers. Partitions depend only on `n` and these constants, never on the GPU's
//! multiprocessor count, so a float reduce associates the same way on every GPU and its
//! result is reproducible bit for bit. A scan's tiles are fixed the same way, but across
//! tiles its look-back folds the aggregates back to the nearest tile whose prefix is already
//! published, and which one that is depends on timing: the grouping across tiles, and with it
//! the last bits of a float scan, can differ between runs (exact monoids are unaffected).

/// Threads per block for every kernel: 8 warps. 256 keeps 8 blocks resident per H100
/// multiprocessor at up to 32 registers per thread and lets the block scan fold its 8 warp
/// totals in one sequential pass.
pub const BLOCK_THREADS: u32 = 256;
/// Threads per warp.
pub const WARP_THREADS: u32 = 32;
/// Warps per block.
pub const BLOCK_WARPS: usize = (BLOCK_THREADS / WARP_THREADS) as usize;

/// Consecutive items each thread of a reduce or scan owns: 64 bytes, loaded as four 16-byte
/// vectors (16 × f32, 8 × f64, 4 × `AffineMap<i64>`). A scan tile is `BLOCK_THREADS` times
/// this: 4096 items of 4 bytes, 2048 of 8, 1024 of 16.
pub const fn items_per_thread(size: usize) -> usize {
    if size <= 4 {
        16
    } else if size <= 8 {
        8
    } else {
        4
    }
}

/// Items before a tile that an offsets scan folds for its carry instead of looking back
/// (`kernels::carry_window`): one warp's share of the tile, `WARP_THREADS · items_per_thread ·
/// SCAN_DEPTH`: 4 KiB of 4-, 8- and 16-byte values (256 threads fold at most 4 items each).
///
/// ```
/// use parallax_kernels::tuning::carry_window_items;
/// assert_eq!(carry_window_items(4), 1024);
/// assert_eq!(carry_window_items(8) * 8, 4096);
/// ```
pub const fn carry_window_items(size: usize) -> u64 {
    WARP_THREADS as u64 * (items_per_thread(size) * SCAN_DEPTH) as u64
}

/// Longest mean segment, in [`carry_window_items`]s, for which the launcher picks the offsets
/// entries that fold their carry; longer segments rarely start within the window before a
/// tile, so those scans take the look-back entries and skip the fold. The H100, `f32`
/// `scan_by_offsets`, one call, two passes each, the same build with the carry for every
/// offsets scan / for none (ms; `benches/results/h100-2026-11-25-offset-carry/`): runs of
/// 1000 (one window is 1024 items) at 2^28 0.751, 0.751 / 0.807, 0.810 (1.076x; 2^24-2^26
/// 1.045-1.059x); runs of 32 (every tile starts on a head and skips the fold) 0.98-1.02x;
/// runs of 2048 and 4096 (tiles of 8192 start on heads) 1.00-1.02x at 2^24-2^28; runs of 16384
/// 0.99-1.01x; runs of 65536 (no head in the window, the fold wasted) 0.978-0.995x. Since the
/// fold loads nothing when the head is further back, the carry entries for every offsets
/// scan / this rule: runs of 16384 0.991-1.008x, 65536 0.993-1.005x (within noise, so the rule
/// stays; `benches/results/h100-2026-11-25-flags-carry/ab-offsets-rule.txt`).
pub const OFFSET_CARRY_MAX_MEAN_WINDOWS: u64 = 2;

/// Whether flag scans take the entries that fold their carry (`kernels::carry_window`): a
/// flags tile cannot know its segments' lengths in advance, so each one reads the window's
/// flag bytes and loads values only when a head is there. The H100, `f32` `scan_by_flags`,
/// one call, two passes each, look-back / carry entries (ms;
/// `benches/results/h100-2026-11-25-flags-carry/`): runs of 1000 at 2^28 0.873, 0.877 /
/// 0.818, 0.830 (1.062x, 92.8% -> 98.8% of the copy roof), 2^26 1.054x, 2^24 1.017x; runs of
/// 32 and 4096 1.000-1.024x; runs of 65536 (no head in the window) 0.996-1.005x at 2^24-2^28.
pub const FLAGS_FOLD_CARRY: bool = true;

/// Items in one scan tile (one block) for elements of `size` bytes.
pub const fn scan_tile_items(size: usize) -> u64 {
    BLOCK_THREADS as u64 * items_per_thread(size) as u64
}

/// Upper bound on reduce blocks. Below it every warp folds one warp tile (up to 2^31 f32 items,
/// 2^30 f64), but for the one-wave launches of [`reduce_grid`]; above it, each warp folds more consecutive warp tiles, one dependent round each,
/// which costs bandwidth. The H100, reduce_into Sum (ms, median of 20): with the flat fold of
/// the partials (before the fold tree), caps of 8192 / 32768 / 131072 blocks at 2^28 gave f32
/// 0.374 / 0.358 / 0.358, f64 0.917 / 0.751 / 0.740, and at 2^30 f32 1.72 / 1.64 / 1.41, f64
/// 3.75 / 3.70 / 2.95. With the fold tree, whose cost does not grow with the blocks, caps of
/// 131072 / 262144 / 524288 in one device call, two passes each: 2^30 f32 1.386 / 1.360 /
/// 1.362, f64 2.805 / 2.769 / 2.709, u64 2.800 / 2.769 / 2.713, i32 1.620 / 1.608 / 1.607 (CUB
/// in an earlier call: f32 1.391, f64 2.796); 2^20 to 2^28 equal within the noise (1-3%, both
/// ways).
pub const REDUCE_MAX_BLOCKS: u64 = 524288;

/// Partials one block folds in the reduce's fold tree: one pass of a block over elements of
/// `size` bytes (4096 of 4 bytes, 2048 of 8, 1024 larger), so a group's fold is one block pass
/// (four 16-byte loads per thread). Each block's partial goes to level 0; the last block of
/// every group of consecutive partials (by a ticket counter per group) folds the group into one
/// partial of the next level, and so on until a level holds one value, the result. Up to one
/// group of blocks (2^24 f32 items, 2^23 f64 and 2^22 16-byte items, counting the one-wave
/// launches of [`reduce_grid`]) that is the flat fold of the one-level kernel; up
/// to the cap of 524288 blocks it is two levels, so the block that finishes last folds two
/// groups. The flat fold had that block fold every partial: 131072 f64 (1 MiB) took 64
/// dependent load rounds per warp, about 35 us of a 2^28 f64 reduce_into (0.740 ms, CUB 0.704).
/// The H100, reduce_into Sum against CUB in the same call, groups of 512 partials for every
/// type: 2^28 f32 / f64 / u64 / i32 1.004 / 1.022 / 1.018 / 1.200 (flat fold: 0.989 / 0.951 /
/// 0.958 / 1.168), but 2^22 0.929 / 0.779 / 0.760 / 0.894 (flat: 1.095 / 0.900 / 0.939 /
/// 1.109): a level costs about 1.5 us (a ticket, a barrier, a dependent load), so a tree pays
/// only where the flat fold takes several rounds, hence groups of one block pass: in a later
/// call 2^22 f32 took 11.4-12.1 us again (512-groups 13.1, flat 11.8; CUB 12.1-12.9), 2^28 as
/// with 512-groups.
pub const fn reduce_group(size: usize) -> u64 {
    scan_tile_items(size)
}

/// Padding unit of a fold-tree level's partials, in items: a multiple of 16 items keeps
/// every level 16-byte aligned (the folds load 16-byte vectors) whatever the element size.
const REDUCE_LEVEL_ALIGN: u64 = 16;

/// Where level `level` of a reduce's fold tree over `blocks` blocks of elements of `size`
/// bytes lives: `(partials, first_partial, first_counter)`, the number of partials at that
/// level (level 0: one per block; level `l + 1`: one per group of [`reduce_group`] of level
/// `l`) and the offsets of its first partial slot and first group counter. Levels are laid
/// out one after another, each padded to 16 items; a level of one partial is the result,
/// which has no slot.
///
/// ```
/// use parallax_kernels::tuning::reduce_level;
/// // 2^28 f32: 65536 blocks in 16 groups of 4096, then one group of 16.
/// assert_eq!(reduce_level(65536, 4, 0), (65536, 0, 0));
/// assert_eq!(reduce_level(65536, 4, 1), (16, 65536, 16));
/// assert_eq!(reduce_level(65536, 4, 2), (1, 65552, 17));
/// assert_eq!(reduce_level(2050, 8, 1), (2, 2064, 2));
/// ```
pub const fn reduce_level(blocks: u64, size: usize, level: u32) -> (u64, u64, u64) {
    let group = reduce_group(size);
    let (mut count, mut first_partial, mut first_counter, mut l) = (blocks, 0, 0, 0);
    while l < level {
        first_partial += count.div_ceil(REDUCE_LEVEL_ALIGN) * REDUCE_LEVEL_ALIGN;
        count = count.div_ceil(group);
        first_counter += count;
        l += 1;
    }
    (count, first_partial, first_counter)
}

/// Partial slots and counters a reduce over `blocks` blocks of elements of `size` bytes
/// needs: every level of its fold tree but the last (the result). One block needs neither.
///
/// ```
/// use parallax_kernels::tuning::reduce_tree_slots;
/// assert_eq!(reduce_tree_slots(1, 4), (0, 0));
/// assert_eq!(reduce_tree_slots(3, 4), (16, 1));
/// assert_eq!(reduce_tree_slots(131072, 8), (131136, 65));
/// ```
pub const fn reduce_tree_slots(blocks: u64, size: usize) -> (u64, u64) {
    let mut level = 0;
    while reduce_level(blocks, size, level).0 > 1 {
        level += 1;
    }
    let (_, partials, counters) = reduce_level(blocks, size, level);
    (partials, counters)
}

/// Group counters every reduce may use: those of the largest grid with the smallest groups
/// (elements over 8 bytes). The scratch keeps this many zeroed words; each kernel leaves
/// them zero again.
pub const REDUCE_COUNTERS: u64 = reduce_tree_slots(REDUCE_MAX_BLOCKS, usize::MAX).1;

/// Items per thread per grid-stride step of transform, transform2, tabulate and fill: four
/// independent coalesced loads in flight per thread. The H100, one call, four builds, two
/// passes each (ms, saxpy / transform Square f32 at 2^28): 4 items 1.057 / 0.714, 8 items
/// 1.073 / 0.723; 2^26 0.269 / 0.184 against 0.273 / 0.185; equal within the noise at 2^20 -
/// 2^24.
pub const TRANSFORM_ITEMS: u64 = 4;
/// Upper bound on transform blocks; larger inputs loop (grid-stride). Up to 2^30 f32 items
/// every block takes one step: in the call above, a grid of 4096 looping blocks took 1.172 /
/// 0.783 ms at 2^28 (4 items; 8 items 1.165 / 0.795) against 1.057 / 0.714 with a block per
/// step.
pub const TRANSFORM_MAX_BLOCKS: u64 = 1 << 20;

/// Nanoseconds a plain scan's tile sleeps between publishing its aggregate and its first
/// look-back poll (CUB's H100 tuning sleeps an "L2 write latency" of 1140-1290 ns there).
/// By then the tiles before it have mostly published, so the walk takes fewer polls. The
/// H100, `gpu_bench --only scan_sum`, one device call, three passes each, ms (the mean) at
/// 2^28 without / 1200 / 2800 / 4000 ns: f32 inclusive 0.875 / 0.862 / 0.847 / 0.850, f64
/// 1.658 / 1.608 / 1.585 / 1.581, u64 exclusive 1.654 / 1.603 / 1.581 / 1.578 (CUB 1.58-1.66
/// in earlier calls); at 2^24-2^26 2800 ns is 1.023-1.059x faster over all 16 cases
/// (`benches/results/h100-2026-11-25-first-poll-delay/sweep-3.txt`). Below
/// [`FIRST_POLL_DELAY_MIN_TILES`] nothing sleeps.
pub const SCAN_FIRST_POLL_DELAY_NS: u32 = 2800;
/// As [`SCAN_FIRST_POLL_DELAY_NS`], for the reduce of runs: reduce by key, and
/// `segmented_reduce`, which was not timed with it (4-byte values: only the packed layouts
/// sleep, see `tile::tile_prefix`). Same call (`sweep-3.txt`), ms at 2^24 / 2^26 / 2^28,
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

/// Tile status: nothing published yet.
pub const TILE_EMPTY: u32 = 0;
/// Tile status: the tile's own aggregate is published.
pub const TILE_AGGREGATE: u32 = 1;
/// Tile status: the inclusive prefix through the tile is published.
pub const TILE_PREFIX: u32 = 2;

/// Packed look-back words per tile for a scan over elements of `T` (see
/// [`crate::params::TileStatus`]): 1 for 4-byte types, 2 for 8-byte types (value bytes in
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
/// use parallax_kernels::tuning::{packed_run_words, packed_words};
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

/// A value that may be absent: the kernels carry "no item yet" explicitly instead of
/// combining the identity in, so an inclusive scan never combines the identity (a `-0.0`
/// stays `-0.0`, as in the sequential reference). `valid` is 0 or 1; a `u32` shuffles as one
/// 32-bit word.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Partial<T> {
    /// The value (unspecified when `valid == 0`).
    pub value: T,
    /// 1 when `value` holds a fold of at least one item.
    pub valid: u32,
}

/// Dynamic shared memory of the reduce and scan kernels: one partial per warp, the tile
/// index a scan block drew, and the tile's incoming prefix. The launcher passes
/// `size_of::<BlockShared<T>>()` bytes at launch.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct BlockShared<T> {
    /// One partial per warp (warp totals of a block scan, warp folds of a reduce).
    pub warps: [Partial<T>; BLOCK_WARPS],
    /// The prefix of everything before this block's tile (scan).
    pub prefix: Partial<T>,
    /// The tile index this block drew (scan); the block's round (reduce).
    pub tile: u32,
}

/// The partition of a fold over `n` items of `size` bytes: `(blocks, tiles_per_warp)`, where a
/// warp tile is `32 * items_per_thread(size)` items and each warp folds `tiles_per_warp`
/// consecutive warp tiles. The reduce's launch ([`reduce_grid`]) passes
/// [`REDUCE_MAX_BLOCKS`] or [`REDUCE_WAVE_BLOCKS`] as `max_blocks` (its fold tree's groups
/// need no plan: each is one block pass). Every block launched has at least one
/// warp tile.
/// `n == 0` gives `(0, 0)`.
///
/// ```
/// use parallax_kernels::tuning::reduce_plan;
/// // 2^28 f32: 2^19 warp tiles over 8192 blocks of 8 warps, 8 warp tiles each.
/// assert_eq!(reduce_plan(1 << 28, 4, 8192), (8192, 8));
/// assert_eq!(reduce_plan(33, 4, 8192), (1, 1));
/// assert_eq!(reduce_plan(8192, 4, 1), (1, 2));
/// ```
pub const fn reduce_plan(n: u64, size: usize, max_blocks: u64) -> (u64, u64) {
    let warp_tile = WARP_THREADS as u64 * items_per_thread(size) as u64;
    let warp_tiles = n.div_ceil(warp_tile);
    if warp_tiles == 0 {
        return (0, 0);
    }
    let warps_max = max_blocks * BLOCK_WARPS as u64;
    let per_warp = warp_tiles.div_ceil(warps_max);
    let blocks = warp_tiles.div_ceil(per_warp * BLOCK_WARPS as u64);
    (blocks, per_warp)
}

/// Blocks a reduce keeps to (see [`reduce_grid`]): about one wave of resident blocks on the
/// H100 (132 multiprocessors, 8 blocks of 256 threads at 32 registers: 1056; the 34-register
/// Min and Max f64 kernels fit 7 blocks, 924). A constant, not the GPU's count, so the
/// partition still depends on `n` alone.
pub const REDUCE_WAVE_BLOCKS: u64 = 1024;
/// The most warp tiles per warp [`reduce_grid`] accepts to keep to [`REDUCE_WAVE_BLOCKS`].
pub const REDUCE_WAVE_TILES: u64 = 4;

/// The reduce's launch `(blocks, tiles_per_warp)` for `n` items of `size` bytes:
/// [`reduce_plan`] under [`REDUCE_MAX_BLOCKS`], one warp tile per warp, except where that
/// gives between [`REDUCE_WAVE_BLOCKS`] and 4 times as many blocks: then
/// `reduce_plan(n, size, REDUCE_WAVE_BLOCKS)`, 2 to [`REDUCE_WAVE_TILES`] tiles per warp over
/// 513-1024 blocks. The H100, `reduce_into` Sum, one call, two passes (µs, a block per warp
/// tile / one wave): 2^22 f64 18.5 / 18.5 against 14.9 / 14.7, u64 17.7 / 18.5 against
/// 14.7 / 15.1 (CUB 15.2-16.2 in other calls); 2^24 f32 32.3 / 33.7 against 31.5 / 31.6;
/// 2^20 and 2^26 unchanged (and so were 2048-block caps, two waves, at 2^22 f64: 18.6 /
/// 18.2). Just past the threshold, where the rule halves the blocks, another call (two
/// passes, µs, a block per tile / this rule / the rule from 1536 blocks only): 1025 blocks'
/// worth of f32 12.9, 12.5 / 12.2, 11.9 / 12.6, 12.5; 1280 blocks' 14.1, 14.3 / 12.8, 12.5 /
/// 14.4, 14.4; f64 1025 13.0, 11.8 / 12.2, 12.8 / 12.8, 13.0; 1280 14.7, 13.5 / 13.3, 13.8 /
/// 14.3, 14.4; 2048 18.7, 17.5 / 15.8, 16.1 / 15.5, 15.5.
///
/// ```
/// use parallax_kernels::tuning::reduce_grid;
/// assert_eq!(reduce_grid(1 << 22, 4), (1024, 1)); // 2^22 f32: one wave already
/// assert_eq!(reduce_grid(1 << 22, 8), (1024, 2)); // 2^22 f64: 2048 blocks become 1024
/// assert_eq!(reduce_grid(1 << 24, 4), (1024, 4));
/// assert_eq!(reduce_grid(1 << 24, 8), (8192, 1)); // past 4 tiles a warp: a block per tile
/// ```
pub const fn reduce_grid(n: u64, size: usize) -> (u64, u64) {
    let (blocks, per_warp) = reduce_plan(n, size, REDUCE_MAX_BLOCKS);
    if blocks > REDUCE_WAVE_BLOCKS && blocks <= REDUCE_WAVE_BLOCKS * REDUCE_WAVE_TILES {
        reduce_plan(n, size, REDUCE_WAVE_BLOCKS)
    } else {
        (blocks, per_warp)
    }
}

/// Blocks for an element-wise kernel over `n` items (at least 1, at most
/// [`TRANSFORM_MAX_BLOCKS`]).
pub const fn transform_blocks(n: u64) -> u64 {
    let per_block = BLOCK_THREADS as u64 * TRANSFORM_ITEMS;
    let b = n.div_ceil(per_block);
    if b == 0 {
        1
    } else if b > TRANSFORM_MAX_BLOCKS {
        TRANSFORM_MAX_BLOCKS
    } else {
        b
    }
}

impl<T: Copy> Partial<T> {
    /// A present value.
    #[inline(always)]
    pub const fn some(value: T) -> Self {
        Self { value, valid: 1 }
    }

    /// No value; `filler` only occupies the slot (kernels pass the monoid's identity).
    #[inline(always)]
    pub const fn none(filler: T) -> Self {
        Self {
            value: filler,
            valid: 0,
        }
    }

    /// `self` (lower indices) followed by `later`: absent sides are skipped, so the identity
    /// is never combined in.
    #[inline(always)]
    pub fn join<M: parallax_core::Monoid<T>>(self, m: M, later: Self) -> Self {
        if self.valid == 0 {
            later
        } else if later.valid == 0 {
            self
        } else {
            Self::some(m.combine(self.value, later.value))
        }
    }
}

/// Bytes of one staging unit: the 16-byte vector the staged scan moves.
pub const STAGE_UNIT: usize = 16;
/// Units each thread owns in a staged tile (64 bytes: [`items_per_thread`] values).
pub const STAGE_UNITS_PER_THREAD: usize = 4;

/// `true` when a scan tile of `T` can be staged through shared memory: each thread's
/// `items_per_thread` values are exactly four 16-byte units (f32, f64, `AffineMap<i64>`, and
/// every 2-, 4-, 8- or 16-byte type).
pub const fn scan_stages<T>() -> bool {
    let size = core::mem::size_of::<T>();
    items_per_thread(size) * size == STAGE_UNITS_PER_THREAD * STAGE_UNIT
}

/// Runs of 64 bytes per thread in a plain scan's tile (see `tile::deep`): 2 makes a tile of
/// 8192 f32 (32 KiB) held in shared memory, 6 blocks per SM (registers and shared memory
/// both allow 6). The H100, inclusive Sum at 2^28, one device call (ms, f32 / f64): depth 1
/// 1.058 / 1.902, depth 2 0.888 / 1.662, depth 3 (4 blocks) 0.93 / 1.68, depth 4 (3 blocks,
/// 68 KiB opted in) 0.906 / 1.675; CUB 0.885 / 1.656; the register tile this replaced 1.009 /
/// 1.887. The same kernel with the look-back skipped (wrong sums, timing only) took 0.737 /
/// 1.459 ms, 98% of the copy roof: the remaining gap to the roof is tiles waiting for their
/// predecessors. At mid sizes depth 1 is no better either (one call, two passes each, µs,
/// inclusive f64 / u64): 2^20 19.9 / 20.5 at depth 2 against 24.9, 19.6 / 19.4, 19.9 at
/// depth 1; 2^22 43.8 / 44.4 against 47.4, 44.8 / 45.4, 46.0; 2^24 119.6 / 119.9 against
/// 133.3 / 134.9 (`benches/results/h100-2026-11-24-fused-transforms/`).
/// Depths 3 and 4 need more than 48 KiB of dynamic shared memory, which the
/// launcher does not opt in to (the experiments did); the assertion below keeps the staging
/// area, with 4 KiB left for `BlockShared` and the offsets bit map, under that limit.
/// Persistent blocks with two depth-2 staging areas, loading the next tile while looking back
/// for the current one, ran 2-3x slower (2^28 f32 1.58-1.67 ms against 0.87; a prefetched
/// tile's aggregate waits for its block's previous tile, and later look-backs on it:
/// `benches/results/h100-2026-11-25-fused-dot-exclusive-scan/`).
pub const SCAN_DEPTH: usize = 2;

const _: () = assert!(
    deep_staged_unit(BLOCK_THREADS as usize * STAGE_UNITS_PER_THREAD * SCAN_DEPTH) * STAGE_UNIT
        + 4096
        <= 48 * 1024,
    "a deep scan tile must fit CUDA's default 48 KiB of dynamic shared memory"
);

/// Items in one scan tile (one block) for elements of `size` bytes: [`SCAN_DEPTH`] runs of
/// [`items_per_thread`] per thread. Plain and segmented scans and reduce by key all use it.
///
/// ```
/// use parallax_kernels::tuning::{deep_scan_tile_items, SCAN_DEPTH};
/// assert_eq!(deep_scan_tile_items(4), 4096 * SCAN_DEPTH as u64);
/// ```
pub const fn deep_scan_tile_items(size: usize) -> u64 {
    scan_tile_items(size) * SCAN_DEPTH as u64
}

/// Where unit `u` of a deep tile lives in shared memory: one unit of padding after every
/// `max(8, 4 · SCAN_DEPTH)` units (after every thread's runs, or every 8 units when that is
/// shorter), so the coalesced accesses (unit `k·256 + t`) and the per-thread ones (unit
/// `4·D·t + 4r + j`) of 8 consecutive threads hit 8 different 16-byte bank groups (a
/// 16-byte access is served 8 threads at a time): from depth 2 on, the padded per-thread
/// stride `4·D + 1` is odd, and a coalesced group of 8 never straddles a pad when the pad
/// period is a multiple of 8 (`SCAN_DEPTH` a power of two). `tests::deep_staging_is_conflict_free`
/// checks both.
pub const fn deep_staged_unit(u: usize) -> usize {
    let period = if 4 * SCAN_DEPTH > 8 {
        4 * SCAN_DEPTH
    } else {
        8
    };
    u + u / period
}

/// Byte offset of the staging area in a scan block's dynamic shared memory (after its
/// [`BlockShared`], 16-byte aligned).
pub const fn staging_offset<T>() -> usize {
    core::mem::size_of::<BlockShared<T>>().div_ceil(STAGE_UNIT) * STAGE_UNIT
}

/// Dynamic shared memory of a plain scan block: [`BlockShared`] plus, when the tile is
/// staged, its `1024 · SCAN_DEPTH` units with their padding (36 KiB at depth 2).
pub const fn scan_shared_bytes<T>() -> usize {
    let tile_units = BLOCK_THREADS as usize * STAGE_UNITS_PER_THREAD * SCAN_DEPTH;
    let staging = if scan_stages::<T>() {
        deep_staged_unit(tile_units) * STAGE_UNIT
    } else {
        0
    };
    staging_offset::<T>() + staging
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 16-byte bank group (of 8) a padded unit lands in.
    fn group(u: usize) -> usize {
        deep_staged_unit(u) % 8
    }

    /// A 16-byte shared access is served 8 threads at a time; it is conflict-free when those
    /// 8 threads hit 8 different bank groups.
    fn conflict_free(units: impl Fn(usize) -> usize) -> bool {
        (0..BLOCK_THREADS as usize / 8).all(|phase| {
            let mut seen = [false; 8];
            (0..8).all(|i| !core::mem::replace(&mut seen[group(units(phase * 8 + i))], true))
        })
    }

    #[test]
    fn deep_staging_is_conflict_free() {
        let runs = STAGE_UNITS_PER_THREAD * SCAN_DEPTH;
        for k in 0..runs {
            // Coalesced: thread t moves unit k·256 + t.
            assert!(
                conflict_free(|t| k * BLOCK_THREADS as usize + t),
                "coalesced step {k}"
            );
        }
        for r in 0..SCAN_DEPTH {
            for j in 0..STAGE_UNITS_PER_THREAD {
                // Per thread: unit j of run r of thread t.
                assert!(
                    conflict_free(|t| t * runs + r * STAGE_UNITS_PER_THREAD + j),
                    "run {r} unit {j}"
                );
            }
        }
    }

    #[test]
    fn deep_staging_fits_its_area() {
        let units = BLOCK_THREADS as usize * STAGE_UNITS_PER_THREAD * SCAN_DEPTH;
        let last = deep_staged_unit(units - 1);
        assert!((last + 1) * STAGE_UNIT + staging_offset::<f32>() <= scan_shared_bytes::<f32>());
        // The padded slots are distinct (the padding only inserts gaps).
        assert!((1..units).all(|u| deep_staged_unit(u) > deep_staged_unit(u - 1)));
    }
}
