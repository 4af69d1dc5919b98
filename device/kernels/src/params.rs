//! Kernel parameter structs, shared by the kernels (nvptx64) and their launchers (host).
//!
//! Every kernel takes exactly one of these by value. They are `#[repr(C)]`, so the rustc
//! `ptx-kernel` ABI passes each as one `.param .align N .b8 [size]` aggregate and the host
//! passes a pointer to an identical struct to `cuLaunchKernel`. Zero-sized operators (`Sum`,
//! `Square`) occupy no bytes on either side; operators with parameters (`Scale { factor }`,
//! `SaxpyFunctor { a }`) travel inside the struct. Pointers are device addresses; lengths and
//! indices are `u64`, so `n >= 2^31` works everywhere.

/// `y[i] = f(x[i])` for `i < n`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TransformParams<A, O, F> {
    /// Input, `n` elements.
    pub x: *const A,
    /// Output, `n` elements.
    pub y: *mut O,
    /// Number of elements.
    pub n: u64,
    /// The unary functor.
    pub f: F,
}

/// `y[i] = f(a[i], b[i])` for `i < n`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Transform2Params<A, B, O, F> {
    /// First input, `n` elements.
    pub a: *const A,
    /// Second input, `n` elements.
    pub b: *const B,
    /// Output, `n` elements.
    pub y: *mut O,
    /// Number of elements.
    pub n: u64,
    /// The binary functor.
    pub f: F,
}

/// `y[i] = f(i)` for `i < n`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TabulateParams<O, F> {
    /// Output, `n` elements.
    pub y: *mut O,
    /// Number of elements.
    pub n: u64,
    /// The index functor.
    pub f: F,
}

/// Repeats a `period`-word pattern `count` times: `y[e * period + w] = pattern[w]`.
/// `fill` of any `DeviceCopy` element goes through this with `W = u32` (element size a
/// multiple of 4) or `W = u8`, so fill never reads a value's bytes as a typed integer on the
/// host.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct FillParams<W> {
    /// Output, `count * period` words.
    pub y: *mut W,
    /// Number of elements (pattern repetitions).
    pub count: u64,
    /// The element's bytes as words, in device memory.
    pub pattern: *const W,
    /// Words per element.
    pub period: u64,
}

/// Tells the host that a kernel's result, written into mapped host memory, is complete:
/// after its last write of the result the kernel stores `seq` to `flag` with a system-scope
/// release, and the host, which changed `seq` since the last launch, watches `flag` instead
/// of synchronizing the stream. A null `flag` signals nothing (results left on the device).
///
/// Why: a stream synchronize wakes the host about 1 µs later than a watched word does. The
/// H100, a one-launch reduce handing one value to the host (event-timed, median of 40):
/// 2^16 items 11.3 µs with `cuStreamSynchronize`, 10.4 µs watching the word (7.4 µs
/// without handing anything over); 2^20 12.1 / 11.0 (8.1); 2^22 14.0 / 12.8 (9.7).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HostSignal {
    /// The watched word (mapped host memory), or null.
    pub flag: *mut u32,
    /// The value to store there.
    pub seq: u32,
}

impl HostSignal {
    /// Signals nothing.
    pub const NONE: Self = Self {
        flag: core::ptr::null_mut(),
        seq: 0,
    };
}

/// Reduce in one launch of `blocks = gridDim.x` blocks (`kernels/reduce.rs`):
/// warp `w` (global index) folds warp tiles `[w * tiles_per_warp, (w + 1) * tiles_per_warp)`
/// of `32 * ITEMS` items each, in order, and each block the ordered fold of its 8 warps. With
/// one block that fold is the result. Otherwise the blocks' folds are level 0 of a fold tree
/// ([`crate::tuning::reduce_level`]): each partial goes to its level's slots in `partials`,
/// and the block that draws the last ticket of a group of `reduce_group(size_of::<T>())` partials (from the
/// group's counter, which it puts back to 0) folds the group in order into a partial of the
/// next level; the fold of a level of one partial is written to `out[0]`. Every fold is in
/// index order, so the monoid needs no commutativity.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ReduceParams<T, M> {
    /// Input, `n` elements.
    pub x: *const T,
    /// Number of elements.
    pub n: u64,
    /// Warp tiles per warp over `x` (see [`crate::tuning::reduce_grid`]).
    pub tiles_per_warp: u64,
    /// The fold tree's partials: `reduce_tree_slots(blocks, size_of::<T>()).0` slots, 16-byte aligned
    /// (unused with one block).
    pub partials: *mut T,
    /// The tree's group counters: `reduce_tree_slots(blocks, size_of::<T>()).1` words, 0 at launch and 0
    /// again when the kernel ends (unused with one block).
    pub counters: *mut u32,
    /// The result, one element.
    pub out: *mut T,
    /// Raised once `out` is written.
    pub done: HostSignal,
    /// The monoid.
    pub m: M,
}

/// Reduce of `x` mapped by a unary functor, in one launch (`kernels/reduce.rs`,
/// `transform_reduce`): the first round folds `f(x[i])` as it loads `x`, with the partition
/// `reduce_grid(n, size_of::<A>())`; everything else (`n`, `tiles_per_warp`, the fold tree,
/// `out`, `done`) is `reduce`'s, whose `reduce.x` this kernel does not read (null).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TransformReduceParams<A, F, T, M> {
    /// Input, `reduce.n` elements of `A`.
    pub x: *const A,
    /// The map applied to each input element.
    pub f: F,
    /// The reduce of the mapped values.
    pub reduce: ReduceParams<T, M>,
}

/// Reduce of `f(x[i], y[i])` over two inputs of `reduce.n` elements, in one launch
/// (`kernels/reduce.rs`, `transform2_reduce`): an inner product is `Times` then `Sum`. The
/// partition is `reduce_grid(n, size_of::<A>() + size_of::<C>())`; everything else is
/// `reduce`'s, whose `reduce.x` this kernel does not read (null).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Transform2ReduceParams<A, C, F, T, M> {
    /// Left input, `reduce.n` elements of `A`.
    pub x: *const A,
    /// Right input, `reduce.n` elements of `C`.
    pub y: *const C,
    /// The binary map applied to each pair.
    pub f: F,
    /// The reduce of the mapped values.
    pub reduce: ReduceParams<T, M>,
}

/// Decoupled look-back state (Merrill & Garland 2016), one slot per tile, empty at each
/// launch (packed words: tagged with another epoch, see [`TileStatus::epoch`]; split flags:
/// zeroed). A tile's status is [`crate::tuning::TILE_EMPTY`], then
/// [`crate::tuning::TILE_AGGREGATE`] with the fold of the tile, then
/// [`crate::tuning::TILE_PREFIX`] with the fold of tiles `0..=t`. Two layouts
/// (the kernel's codec picks by the value type):
///
/// - packed ([`crate::tuning::packed_words`] `k` = 1 or 2 words a tile): `words[k·t..]`
///   hold the value's bytes in their high halves and the flag in each low byte; each word is
///   written and read as one single-copy-atomic 8-byte access (for `k = 1` CUB's layout), and
///   a reader takes a pair only when both flags agree: one load per tile while looking back,
///   and no release fence when publishing;
/// - split (every other type): `flags[t]` written with `st.release.gpu` after the value in
///   `aggregates[t]` or `inclusives[t]`, read with `ld.acquire.gpu` before it.
///
/// The unused layout's pointers are null. Tile `t` is block `t` when `counter` is null
/// (blocks start in index order on NVIDIA GPUs, the assumption CUB's scans make), otherwise
/// blocks draw tile indices from `counter` in the order they start, so every tile a block
/// waits on belongs to a block already running whatever the dispatch order.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TileStatus<T> {
    /// Packed status word per tile (packed layout).
    pub words: *mut u64,
    /// Status flag per tile (split layout).
    pub flags: *mut u32,
    /// Tile aggregates (split layout).
    pub aggregates: *mut T,
    /// Inclusive prefixes through each tile (split layout).
    pub inclusives: *mut T,
    /// The next tile index to hand out, or null for tile = block index.
    pub counter: *mut u32,
    /// Packed layout: this launch's epoch, `1..=`[`LOOKBACK_EPOCH_MAX`]. Every packed word
    /// carries its writer's epoch in bits [`LOOKBACK_EPOCH_SHIFT`]`..32`, and a word with
    /// another epoch reads as empty, so the words are never zeroed between launches (the
    /// host hands each launch a new epoch and zeroes them only when the epochs run out).
    /// Ignored by the split layout, whose flags are zeroed before every launch.
    pub epoch: u32,
}

/// The lowest bit of a packed look-back word's epoch: bits 0-7 hold the tile's flag, bit 8
/// a segmented scan's head.
pub const LOOKBACK_EPOCH_SHIFT: u32 = 9;

/// The largest epoch (23 bits): after this many launches the host zeroes the words once.
pub const LOOKBACK_EPOCH_MAX: u32 = (1 << (32 - LOOKBACK_EPOCH_SHIFT)) - 1;

/// Single-pass inclusive or exclusive scan of `n` elements in tiles of
/// `BLOCK_THREADS * ITEMS` items, one tile per block.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ScanParams<T, M> {
    /// Input, `n` elements.
    pub x: *const T,
    /// Output, `n` elements (may equal `x`: each block reads its tile before writing it).
    pub y: *mut T,
    /// Number of elements.
    pub n: u64,
    /// Look-back state, `ceil(n / tile)` slots.
    pub status: TileStatus<T>,
    /// The seed of an exclusive scan (ignored by the inclusive kernel).
    pub init: T,
    /// 1: move full tiles through shared memory with coalesced 16-byte accesses (when
    /// [`crate::tuning::scan_stages`] allows); 0: each thread loads and stores its own
    /// 64 bytes directly.
    pub staged: u32,
    /// The monoid.
    pub m: M,
}

/// Fused `transform_inclusive_scan` and `transform_exclusive_scan` (`kernels/scan.rs`,
/// `transform_scan`; the exclusive one seeded with `scan.init`): the scan of `f(x[i])`, each
/// item mapped as the kernel reads it; `A` has `T`'s size and alignment, and everything else
/// is `scan`'s, whose `scan.x` this kernel does not read (null).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TransformScanParams<A, F, T, M> {
    /// Input, `scan.n` elements of `A`.
    pub x: *const A,
    /// The map applied to each input element.
    pub f: F,
    /// The scan of the mapped values.
    pub scan: ScanParams<T, M>,
}
