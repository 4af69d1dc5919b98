//! Host-side kernel traits of the radix sort: [`SortKernel`] for every key type of the
//! kernels crate's radix sort family declaration (`entry/families/radix_sort.rs`, which
//! generates the entry points; `usize` sorts on the `u64` kernels), and [`SortValue`] for the value types the
//! passes move as 4- or 8-byte words. A sort of any other key or value type does not compile.

use parallaxis_core::{DeviceCopy, SortKey};

/// A key type with radix sort kernels.
///
/// # Safety
/// `HISTOGRAM` must take exactly `RadixHistParams<K>` and the `PASS_*` entries
/// `RadixPassParams<K, V>` (`V` = `()`, `u32`, `u64`) for a `K` with the size, alignment and
/// [`SortKey::order_bits`] of `Self`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA radix sort kernel",
    label = "no GPU kernel for this type",
    note = "CUDA sorts u8, i8, u16, i16, u32, i32, f32, u64, i64, f64 and usize keys; the CPU backends sort every integer type",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait SortKernel: SortKey {
    /// The histogram of every digit.
    const HISTOGRAM: &'static str;
    /// A onesweep pass over keys alone.
    const PASS_V0: &'static str;
    /// A onesweep pass moving 4-byte values.
    const PASS_V4: &'static str;
    /// A onesweep pass moving 8-byte values.
    const PASS_V8: &'static str;
}

// The stock key types of the radix sort family's declaration: the same declaration
// generates the entry points, so a key type has both or neither.
parallaxis_kernels::__radix_sort_family!(@stock @host);

// SAFETY: `usize` is `u64` on every 64-bit target CUDA runs on (size, alignment, and
// `order_bits` is the value as `u64` for both), so the `u64` kernels sort it.
#[cfg(target_pointer_width = "64")]
unsafe impl SortKernel for usize {
    const HISTOGRAM: &'static str = u64::HISTOGRAM;
    const PASS_V0: &'static str = u64::PASS_V0;
    const PASS_V4: &'static str = u64::PASS_V4;
    const PASS_V8: &'static str = u64::PASS_V8;
}

/// A value type the radix sort moves with its key, as a word of its size.
///
/// # Safety
/// `Word` is `u32` or `u64` and has the size of `Self` (values are copied bitwise).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA sort_by_key value kernel",
    label = "no GPU kernel for this type",
    note = "CUDA sorts 4- and 8-byte values alongside the keys",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait SortValue: DeviceCopy {
    /// The word the kernels move.
    type Word: DeviceCopy;
    /// The pass entry point of key type `K` for values of this size.
    fn pass<K: SortKernel>() -> &'static str;
}

macro_rules! sort_values {
    ($w:ty, $entry:ident: $($v:ty),*) => { $(
        // SAFETY: `$v` has the size of `$w` (checked at compile time below).
        unsafe impl SortValue for $v {
            type Word = $w;
            fn pass<K: SortKernel>() -> &'static str {
                K::$entry
            }
        }
        const _: () = assert!(size_of::<$v>() == size_of::<$w>());
    )* };
}
sort_values!(u32, PASS_V4: u32, i32, f32);
sort_values!(u64, PASS_V8: u64, i64, f64, usize);
