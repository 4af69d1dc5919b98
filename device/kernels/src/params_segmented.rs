//! Parameter structs and shared-memory layout of the segmented family (segmented scans,
//! segmented reduce, reduce by key), shared by the kernels (nvptx64) and their launchers.
//!
//! Every segmented operation runs the same single-pass segmented scan over a byte array of
//! head flags (`heads[i] != 0` starts a segment at `i`; index 0 always starts one). Flags
//! come from the caller (`scan_by_flags`), from keys ([`KeyHeadsParams`]) or from offsets
//! ([`OffsetHeadsParams`]). Sizes and indices are `u64`.

use crate::params::TileStatus;
use crate::tuning::STAGE_UNITS_PER_THREAD;
use crate::tuning::{scan_stages, staged_unit, BlockShared, BLOCK_THREADS, STAGE_UNIT};
use parallax_core::Flagged;

/// Single-pass segmented scan of `n` values by head flags, in tiles of
/// `BLOCK_THREADS * items_per_thread(size_of::<T>())` items, one tile per block. The scan
/// operator is `Segmented<M>` on `Flagged<T>`, so the look-back state holds flagged values.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SegScanParams<T, M> {
    /// Head flags, `n` bytes (0: continues the segment; anything else: starts one).
    pub heads: *const u8,
    /// Input, `n` values.
    pub x: *const T,
    /// Output, `n` values (may equal `x`).
    pub y: *mut T,
    /// Number of elements.
    pub n: u64,
    /// Look-back state, `ceil(n / tile)` slots.
    pub status: TileStatus<Flagged<T>>,
    /// The seed of every segment of an exclusive scan (ignored by the inclusive kernel).
    pub init: T,
    /// 1: move full value tiles through shared memory (when `scan_stages::<T>()`).
    pub staged: u32,
    /// The monoid.
    pub m: M,
}

/// Head flags from keys: `heads[i] = (i == 0 || keys[i] != keys[i-1])`, comparing keys as
/// words `W` (u8, u16, u32, u64: bitwise equality, which is `==` for integer keys). When
/// `counts` is not null it also writes `counts[i] = heads[i]` (the input of the run-index scan
/// of reduce by key).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct KeyHeadsParams<W> {
    /// Keys, `n` words.
    pub keys: *const W,
    /// Head flags, `n` bytes.
    pub heads: *mut u8,
    /// Optional run-start counts, `n` words (null: not written).
    pub counts: *mut u32,
    /// Number of elements.
    pub n: u64,
}

/// Head flags from offsets: `heads[offsets[s]] = 1` for every nonempty segment `s`
/// (`offsets[s] < offsets[s + 1]`). `heads` must be zeroed first.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OffsetHeadsParams {
    /// Validated offsets, `segments + 1` entries, `0 = o[0] <= ... <= o[segments] = n`.
    pub offsets: *const u64,
    /// Head flags, `n` bytes.
    pub heads: *mut u8,
    /// Number of segments.
    pub segments: u64,
}

/// Segmented reduce from an inclusive segmented scan `scanned`: `y[s] = identity ⊕
/// scanned[o[s+1] - 1]` for a nonempty segment, the identity for an empty one.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SegGatherParams<T, M> {
    /// Validated offsets, `segments + 1` entries.
    pub offsets: *const u64,
    /// Inclusive segmented scan of the values by these offsets.
    pub scanned: *const T,
    /// Output, one value per segment.
    pub y: *mut T,
    /// Number of segments.
    pub segments: u64,
    /// The monoid.
    pub m: M,
}

/// Reduce by key, last pass: every run's last element `i` (`i == n - 1` or `heads[i + 1]`)
/// writes its run `r = counts[i] - 1` (`counts`: inclusive sum of the head flags):
/// `values[r] = identity ⊕ scanned[i]` (values kernel) or `keys[r] = src[i]` (keys kernel).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RunScatterParams<S, M> {
    /// Head flags, `n` bytes.
    pub heads: *const u8,
    /// Inclusive sum of the head flags, `n` words.
    pub counts: *const u32,
    /// The per-element source: the segmented scan (values) or the keys (as words).
    pub src: *const S,
    /// Output, one entry per run.
    pub out: *mut S,
    /// Number of elements.
    pub n: u64,
    /// The monoid (values) or `()`-like zero-sized placeholder (keys).
    pub m: M,
}

/// A zero-sized operator placeholder for kernels that move words and combine nothing.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct NoOp;

/// Byte offset of the value staging area in a segmented scan block's dynamic shared memory:
/// after its `BlockShared<Flagged<T>>`, 16-byte aligned.
pub const fn seg_staging_offset<T>() -> usize {
    core::mem::size_of::<BlockShared<Flagged<T>>>().div_ceil(STAGE_UNIT) * STAGE_UNIT
}

/// Dynamic shared memory of a segmented scan block: `BlockShared<Flagged<T>>` plus, when the
/// value tile is staged, 18 KiB of padded staging units (as the plain scan).
pub const fn seg_scan_shared_bytes<T>() -> usize {
    let tile_units = BLOCK_THREADS as usize * STAGE_UNITS_PER_THREAD;
    let staging = if scan_stages::<T>() {
        staged_unit(tile_units) * STAGE_UNIT
    } else {
        0
    };
    seg_staging_offset::<T>() + staging
}
