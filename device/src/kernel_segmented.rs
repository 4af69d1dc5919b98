//! Host-side kernel traits of the segmented family, implemented from the kernels crate's
//! instantiation lists (`for_each_monoid_instance!` for the monoid kernels, the key word list
//! for keys), exactly as [`crate::MonoidKernel`] is.

use crate::kernel::MonoidKernel;
use parallax_core::DeviceCopy;
use parallax_kernels::entry_name;

/// A monoid with the segmented kernels for elements `T`: segmented scans by head flags, the
/// segmented-reduce gather and the one-pass reduce of runs (reduce by key).
///
/// # Safety
/// The scan entry points must take exactly `SegScanParams<T, Self>`, `SEG_GATHER`
/// `SegGatherParams<T, Self>`, `RUN_GATHER` `RunGatherParams<T, Self>` and `REDUCE_RUNS`
/// `ReduceRunsParams<T, Self>`.
pub unsafe trait SegmentedKernel<T: DeviceCopy>: MonoidKernel<T> {
    /// The inclusive segmented scan entry point.
    const SEG_INCLUSIVE_SCAN: &'static str;
    /// The exclusive segmented scan entry point.
    const SEG_EXCLUSIVE_SCAN: &'static str;
    /// The per-segment gather of segmented reduce, from a segmented scan.
    const SEG_GATHER: &'static str;
    /// The per-segment gather of segmented reduce, from compacted runs.
    const RUN_GATHER: &'static str;
    /// The one-pass reduce of runs of reduce by key.
    const REDUCE_RUNS: &'static str;
}

/// A key type the GPU compares and moves as an unsigned word of its size. Implemented only
/// for the primitive integers, whose bitwise equality is exactly their `PartialEq`; keys of
/// other types (floats, where `-0.0 == 0.0` and `NaN != NaN`) have no GPU keyed operations.
///
/// # Safety
/// `Word` has the size and alignment of `Self`; `GATHER_KEYS` takes exactly
/// `GatherKeysParams<Self::Word>`; two
/// keys are `==` exactly when their words are.
pub unsafe trait KeyKernel: DeviceCopy + PartialEq {
    /// The PTX module holding the entry points.
    const PTX: &'static str = crate::PTX;
    /// The unsigned word type of the same size.
    type Word: DeviceCopy;
    /// The key gather of reduce by key.
    const GATHER_KEYS: &'static str;
}

macro_rules! segmented_kernels {
    ($( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the kernels crate generates these entry points from the same list entry,
        // with the parameter types the trait names.
        unsafe impl SegmentedKernel<$t> for $m {
            const SEG_INCLUSIVE_SCAN: &'static str = entry_name!(seg_inclusive_scan, $mt, $tt);
            const SEG_EXCLUSIVE_SCAN: &'static str = entry_name!(seg_exclusive_scan, $mt, $tt);
            const SEG_GATHER: &'static str = entry_name!(seg_gather, $mt, $tt);
            const RUN_GATHER: &'static str = entry_name!(run_gather, $mt, $tt);
            const REDUCE_RUNS: &'static str = entry_name!(reduce_runs, $mt, $tt);
        }
    )* };
}
parallax_kernels::for_each_monoid_instance!(segmented_kernels);

macro_rules! key_kernels {
    ($( $k:ty => $w:ident ),* $(,)?) => { $(
        // SAFETY: `$w` is the unsigned integer of `$k`'s size and alignment; integer
        // equality is bitwise; the key word list generates both entry points for `$w`.
        unsafe impl KeyKernel for $k {
            type Word = $w;
            const GATHER_KEYS: &'static str = entry_name!(gather_keys, Word, $w);
        }
    )* };
}
key_kernels!(u8 => u8, i8 => u8, u16 => u16, i16 => u16, u32 => u32, i32 => u32,
             u64 => u64, i64 => u64);
#[cfg(target_pointer_width = "64")]
key_kernels!(usize => u64, isize => u64);

/// The offsets-to-head-flags entry point.
pub(crate) const OFFSET_HEADS: &str = entry_name!(offset_heads, Offsets, u64);
