//! What several families share: the decoupled look-back state ([`TileStatus`], its flags and
//! epochs) and the signal that hands a result to the host ([`HostSignal`]).

/// Tile status: nothing published yet.
pub const TILE_EMPTY: u32 = 0;

/// Tile status: the tile's own aggregate is published.
pub const TILE_AGGREGATE: u32 = 1;

/// Tile status: the inclusive prefix through the tile is published.
pub const TILE_PREFIX: u32 = 2;

/// Tells the host that a kernel's result, written into mapped host memory, is complete:
/// after its last write of the result the kernel stores `seq` to `flag` with a system-scope
/// release, and the host, which changed `seq` since the last launch, watches `flag` instead
/// of synchronizing the stream. A null `flag` signals nothing (results left on the device).
///
/// Why: a stream synchronize wakes the host about 1 µs later than a watched word does:
/// `benches/RESULTS.md#h100-2026-11-24-host-flag-one-wave`.
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

/// Decoupled look-back state (Merrill & Garland 2016), one slot per tile, empty at each
/// launch (packed words: tagged with another epoch, see [`TileStatus::epoch`]; split flags:
/// zeroed). A tile's status is [`crate::params::common::TILE_EMPTY`], then
/// [`crate::params::common::TILE_AGGREGATE`] with the fold of the tile, then
/// [`crate::params::common::TILE_PREFIX`] with the fold of tiles `0..=t`. Two layouts
/// (the kernel's codec picks by the value type):
///
/// - packed ([`crate::policy::lookback::packed_words`] `k` = 1 or 2 words a tile): `words[k·t..]`
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
