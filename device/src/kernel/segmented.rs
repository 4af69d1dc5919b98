//! Host-side kernel traits of the segmented family, implemented from the kernels crate's
//! monoid family declaration together with [`crate::MonoidKernel`] (`kernel/mod.rs`),
//! and the key types the keyed kernels compare and copy as plain words.

use crate::kernel::MonoidKernel;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::entry_name;

/// A monoid with the segmented kernels for elements `T`: segmented scans by head flags, the
/// segmented-reduce gather and the one-pass reduce of runs (reduce by key).
///
/// # Safety
/// The four scan entry points must take exactly `SegScanParams<T, Self>` (the `_CARRY`
/// ones for flags and offsets only), `SEG_GATHER`
/// `SegGatherParams<T, Self>`, `RUN_GATHER` `RunGatherParams<T, Self>` and `REDUCE_RUNS`
/// `ReduceRunsParams<T, Self>`; `REDUCE_RUNS` writes the run count to `runs` and then
/// raises `done` (as the `parallaxis_kernels` instantiation macros' entries do:
/// `reduce_by_key` waits for that signal).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA monoid kernel for `{T}`",
    label = "no GPU kernel was instantiated for this monoid and element type",
    note = "a closure cannot run on CUDA: the GPU needs a kernel compiled to PTX for each operator type; use a named `#[repr(C)]` type implementing `Monoid<{T}>` and instantiate its kernels with `parallaxis_kernels::instantiate_monoid!` in a kernel crate (see `parallaxis_kernels::user` and `examples/gpu_user_monoid`)",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait SegmentedKernel<T: DeviceCopy>: MonoidKernel<T> {
    /// The inclusive segmented scan entry point.
    const SEG_INCLUSIVE_SCAN: &'static str;
    /// The exclusive segmented scan entry point.
    const SEG_EXCLUSIVE_SCAN: &'static str;
    /// The inclusive segmented scan entry point for flags and offsets that folds the carry
    /// into a tile itself when the segment's head is close (`kernels::carry_window`).
    const SEG_INCLUSIVE_SCAN_CARRY: &'static str;
    /// The exclusive form of [`Self::SEG_INCLUSIVE_SCAN_CARRY`].
    const SEG_EXCLUSIVE_SCAN_CARRY: &'static str;
    /// The per-segment gather of segmented reduce, from a segmented scan.
    const SEG_GATHER: &'static str;
    /// The per-segment gather of segmented reduce, from compacted runs.
    const RUN_GATHER: &'static str;
    /// The one-pass reduce of runs of reduce by key.
    const REDUCE_RUNS: &'static str;
}

/// A key type the GPU compares and copies as a plain word of its size (1, 2, 4 or 8 bytes).
/// Implemented only for the primitive integers, whose bitwise equality is exactly their
/// `PartialEq`; keys of other types (floats, where `-0.0 == 0.0` and `NaN != NaN`) have no
/// GPU keyed operations.
///
/// # Safety
/// `size_of::<Self>()` is 1, 2, 4 or 8, and two keys are `==` exactly when their bytes are.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA segment key kernel",
    label = "no GPU kernel for this type",
    note = "segment keys on CUDA are the integer types (u8 to u64, i8 to i64, usize, isize)",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait KeyKernel: DeviceCopy + PartialEq {}

macro_rules! key_kernels {
    ($( $k:ty ),* $(,)?) => { $(
        // SAFETY: a primitive integer of 1, 2, 4 or 8 bytes; integer equality is bitwise.
        unsafe impl KeyKernel for $k {}
    )* };
}
key_kernels!(u8, i8, u16, i16, u32, i32, u64, i64);
#[cfg(target_pointer_width = "64")]
key_kernels!(usize, isize);

/// The offsets-to-head-flags entry point.
pub(crate) const OFFSET_HEADS: &str = entry_name!(offset_heads, Offsets, u64);
