//! Parameters of the select family (`kernels/select/`): stream compaction by a predicate, by
//! stencil flags or by runs of equal items (with values beside the keys for
//! `unique_by_key`), and stable partition.

use super::common::{HostSignal, TileStatus};

/// One single-pass select over `n` items of `T` in tiles of
/// `policy::select::select_tile_items(max(size_of T, size_of V))` items, one tile per block.
/// Item `i` is selected by the entry point's test (`pred(x[i]) == (keep != 0)`, `flags[i]
/// != 0`, or `x[i]` differs from `x[i - 1]`); the selected items go, in order, to the front
/// of `y` (and, with values, `values[i]` to the front of `y_values`). With `split` set, the
/// rejected items go, in order, to `y[*split..]` (stable partition; `*split` is the number
/// selected, counted before); with `rejects_from_end`, they go to the back of `y` in reverse
/// order instead (the one-pass partition, CUB's `DevicePartition::If`). The number selected
/// goes to `count` (unless null), and `done` is raised after it.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SelectParams<T, V, P> {
    /// Items tested and copied, `n`.
    pub x: *const T,
    /// Values copied beside the selected items (`unique_by_key`), `n`; else null.
    pub values: *const V,
    /// Stencil flags, one 0/1 byte per item (`select_flagged`); else null.
    pub flags: *const u8,
    /// Output of the selected items (room for `n`; a partition's rejected items too).
    pub y: *mut T,
    /// Output of the selected items' values (with `values`), room for `n`; else null.
    pub y_values: *mut V,
    /// Number of items.
    pub n: u64,
    /// Look-back state over the selection counts, `ceil(n / tile)` slots.
    pub status: TileStatus<u64>,
    /// The number selected (one word), or null.
    pub count: *mut u64,
    /// Raised once `count` is written (other blocks may still be writing `y`: only work
    /// queued after the kernel may read it).
    pub done: HostSignal,
    /// Partition: the number selected (one word, written before the launch); null: the
    /// rejected items are dropped.
    pub split: *const u64,
    /// 1: the rejected items go to `y[n - 1]`, `y[n - 2]`, ... in input order (so the back of
    /// `y` holds them reversed), without a count before (`split` is null); 0: as `split` says.
    pub rejects_from_end: u32,
    /// 1: select the items the predicate holds for; 0: those it fails (`remove_if`).
    pub keep: u32,
    /// Nanoseconds a tile sleeps before its first look-back poll (0: none; see
    /// `policy::select::SELECT_FIRST_POLL_DELAY_NS`).
    pub poll_delay_ns: u32,
    /// The predicate (a zero-sized placeholder for the entries without one).
    pub pred: P,
}

/// Find: lowers `*first` to the least position `i < n` whose item the predicate answers
/// `want` for (`kernels/select/find.rs`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct FindParams<T, P> {
    /// The items, `n`.
    pub x: *const T,
    /// Number of items.
    pub n: u64,
    /// One word, `u64::MAX` before the launch: the least position found.
    pub first: *mut u64,
    /// 1: find where the predicate holds (`find_if`); 0: where it fails (`find_if_not`).
    pub want: u32,
    /// The predicate.
    pub pred: P,
}

/// Mismatch: lowers `*first` to the least position `i < n` with `x[i] != y[i]`
/// (`kernels/select/find.rs`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MismatchParams<T> {
    /// The first input, `n` items.
    pub x: *const T,
    /// The second input, `n` items.
    pub y: *const T,
    /// Number of items compared (the shorter input's length).
    pub n: u64,
    /// One word, `u64::MAX` before the launch: the least position found.
    pub first: *mut u64,
}

/// Sorted until: lowers `*first` to the least position `0 < i < n` with
/// `cmp.less(x[i], x[i - 1])`, the end of the sorted prefix (`kernels/select/find.rs`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SortedUntilParams<T, C> {
    /// The items, `n`.
    pub x: *const T,
    /// Number of items.
    pub n: u64,
    /// One word, `u64::MAX` before the launch: the least position found.
    pub first: *mut u64,
    /// The order.
    pub cmp: C,
}
