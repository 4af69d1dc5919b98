//! Host-side kernel trait of the comparator merge sort, merge and `is_sorted_until`, implemented from the
//! kernels crate's comparator family declaration (`kernel/mod.rs`: `Less` and `Greater`
//! over the six numbers) and by a user crate's `instantiate_compare!`.

use parallaxis_core::{Compare, DeviceCopy};

/// A comparator with merge sort and merge kernels for elements `T`.
///
/// # Safety
/// `BLOCK_SORT[w]` must name an entry point of `KERNELS` taking exactly
/// `BlockSortParams<T, V, Self>` and `MERGE[w]` one taking `MergeParams<T, V, Self>`, with
/// `V` = `()`, `u32`, `u64` for `w` = 0, 1, 2; `PARTITION` one taking
/// `MergeParams<T, (), Self>`; each running the `kernels::merge` body of its name (as the
/// instantiation macros generate); `SORTED_UNTIL` one taking `SortedUntilParams<T, Self>`
/// and running `kernels::select::sorted_until`; `SET_PARTITION` one taking
/// `SetOpParams<T, (), Self>` running `kernels::merge::set_partition`, and `SET_TILES[w]` one
/// taking `SetOpParams<T, V, Self>` running `kernels::merge::set_tiles`.
pub unsafe trait CompareKernel<T: DeviceCopy>: Compare<T> {
    /// Where the entry points are: the library's own [`crate::KERNELS`] unless a user crate
    /// instantiated the kernels in its own kernel library.
    const KERNELS: crate::Kernels = crate::KERNELS;
    /// The block sort for keys alone, with 4-byte and with 8-byte values.
    const BLOCK_SORT: [&'static str; 3];
    /// The merge-path partition.
    const PARTITION: &'static str;
    /// The tile merge for keys alone, with 4-byte and with 8-byte values.
    const MERGE: [&'static str; 3];
    /// The end of the sorted prefix (`is_sorted_until`).
    const SORTED_UNTIL: &'static str;
    /// The set operations' balanced-path partition.
    const SET_PARTITION: &'static str;
    /// The set operations' tile pass for keys alone, with 4-byte and with 8-byte values.
    const SET_TILES: [&'static str; 3];
}
