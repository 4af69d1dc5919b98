//! Parameters of the segmented family (segmented scans, segmented reduce, reduce by key).
//!
//! Every segmented operation runs the same single-pass segmented scan, whose heads (index 0
//! always starts a segment) come from flag bytes, from keys compared as words, or from
//! offsets read by the kernel itself ([`HEADS_FROM_OFFSETS`]; [`OffsetHeadsParams`] is the
//! pre-pass that `segmented_reduce`'s reduce-runs path uses). Sizes and indices are `u64`.

use super::common::{HostSignal, TileStatus};
use parallaxis_core::{Flagged, Monoid};

/// Single-pass segmented scan of `n` values by head flags, in tiles of
/// `BLOCK_THREADS * items_per_thread(size_of::<T>())` items, one tile per block. The scan
/// operator is `Segmented<M>` on `Flagged<T>`, so the look-back state holds flagged values.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SegScanParams<T, M> {
    /// The head source: `n` flag bytes (0: continues the segment; anything else: starts
    /// one) when `key_bytes == 0`, else `n` keys of `key_bytes` bytes (a new key starts one).
    pub heads: *const u8,
    /// Input, `n` values.
    pub x: *const T,
    /// Output, `n` values, not overlapping `x` (the carry entries read items of the tile
    /// before theirs, which that tile may already have written).
    pub y: *mut T,
    /// Number of elements.
    pub n: u64,
    /// Look-back state, `ceil(n / tile)` slots.
    pub status: TileStatus<Flagged<T>>,
    /// The seed of every segment of an exclusive scan (ignored by the inclusive kernel).
    pub init: T,
    /// 1: move full value tiles through shared memory (when `scan_stages::<T>()`).
    pub staged: u32,
    /// 0: `heads` are flag bytes; 1, 2, 4, 8: `heads` are keys of that many bytes;
    /// [`HEADS_FROM_OFFSETS`]: `heads` are `segments + 1` validated `u64` offsets.
    pub key_bytes: u32,
    /// Number of segments when `key_bytes == HEADS_FROM_OFFSETS` (else unused).
    pub segments: u64,
    /// The monoid.
    pub m: M,
}

/// `SegScanParams::key_bytes` for heads read from offsets (`kernels::segmented::offset_heads`).
pub const HEADS_FROM_OFFSETS: u32 = 16;

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

/// Segmented reduce from the compacted runs of [`ReduceRunsParams`] over offset heads:
/// `y[s] = values[r]` where run `r` is the one whose last index is `o[s+1] - 1` (found by
/// binary search in `tails`), the identity for an empty segment.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RunGatherParams<T, M> {
    /// Validated offsets, `segments + 1` entries.
    pub offsets: *const u64,
    /// One fold per nonempty segment, in order.
    pub values: *const T,
    /// The last index of each nonempty segment, increasing.
    pub tails: *const u32,
    /// Number of nonempty segments.
    pub runs: u64,
    /// Output, one value per segment.
    pub y: *mut T,
    /// Number of segments.
    pub segments: u64,
    /// The monoid.
    pub m: M,
}

/// A run-aware scan element: `value` folds the items since the last head of its range (or
/// all of them when it has none), `heads` counts the heads in its range. Combining sums the
/// counts, so the inclusive scan at item `i` also gives `i`'s run index plus one.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RunAgg<T> {
    /// The fold since the range's last head.
    pub value: T,
    /// Heads in the range.
    pub heads: u32,
}

/// The monoid on [`RunAgg`]: `a` then `b` is `b.value` when `b` has a head, else
/// `a.value ⊕ b.value`; the head counts add (wrapping, as the `u32` run indices of at most
/// `u32::MAX` elements never overflow). Associative whenever `M` is.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunOp<M>(pub M);

impl<T, M: Monoid<T>> Monoid<RunAgg<T>> for RunOp<M> {
    #[inline(always)]
    fn identity(&self) -> RunAgg<T> {
        RunAgg {
            value: self.0.identity(),
            heads: 0,
        }
    }

    #[inline(always)]
    fn combine(&self, a: RunAgg<T>, b: RunAgg<T>) -> RunAgg<T> {
        RunAgg {
            value: if b.heads != 0 {
                b.value
            } else {
                self.0.combine(a.value, b.value)
            },
            heads: a.heads.wrapping_add(b.heads),
        }
    }
}

/// Reduce by key or by head flags in one pass: a segmented scan over [`RunAgg`] whose every
/// run end `i` (`i == n - 1` or `heads[i + 1] != 0`) writes `values[r] = identity ⊕ fold of
/// the run` and `ends[r]` for its run index `r` (its key, or `i` for flag heads); the element
/// `n - 1` writes the number of runs to `runs`. Needs `n <= u32::MAX`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ReduceRunsParams<T, M> {
    /// The head source, as in [`SegScanParams`].
    pub heads: *const u8,
    /// Input, `n` values.
    pub x: *const T,
    /// Number of elements.
    pub n: u64,
    /// Look-back state, `ceil(n / tile)` slots.
    pub status: TileStatus<RunAgg<T>>,
    /// One fold per run (room for `n`).
    pub values: *mut T,
    /// Each run's end (room for `n`): with keys (`key_bytes` 1, 2, 4, 8) the run's key, with
    /// flag heads (`key_bytes == 0`) its last index as a `u32`.
    pub ends: *mut u8,
    /// The number of runs (one 8-byte word, so a caller's `usize` count can take it).
    pub runs: *mut u64,
    /// Raised once `runs` is written (other blocks may still be writing `values` and
    /// `ends`: only work queued after the kernel may read those).
    pub done: HostSignal,
    /// 1: move full value tiles through shared memory (when `scan_stages::<T>()`).
    pub staged: u32,
    /// 0: `heads` are flag bytes; 1, 2, 4, 8: `heads` are keys of that many bytes.
    pub key_bytes: u32,
    /// The monoid.
    pub m: M,
}
