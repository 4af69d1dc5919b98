//! Sequential reference implementations: the definitions every backend is tested against.
//!
//! Each function states the exact formula, including the order in which operands are
//! combined (a plain left fold), so a backend's result can be compared with it bit for bit
//! on exact types. The functions never panic: inputs are assumed validated by the caller
//! (the `parallaxis` front doors check lengths and structure first); on mismatched lengths they
//! process the common prefix.

mod extrema;
mod gather;
mod histogram;
mod init;
mod merge;
#[cfg(feature = "alloc")]
mod merge_sort;
mod reduce;
mod scan;
mod search;
mod segmented;
mod select;
mod set_op;
#[cfg(feature = "alloc")]
mod sort;
mod spmv;
mod stencil;
mod transform;

// Elements: transform, tabulate.
pub use transform::{adjacent_difference, tabulate, transform, transform2, transform_in_place};

// Reductions and scans: plain, fused with a transform, from an initial value.
pub use init::{inclusive_scan_with_init, reduce_with_init};
pub use reduce::{reduce, transform2_reduce, transform_reduce};
pub use scan::{
    exclusive_scan, inclusive_scan, transform_exclusive_scan, transform_inclusive_scan,
};

// Segmented and by key.
pub use segmented::{
    reduce_by_key, scan_by_flags, scan_by_keys, scan_by_offsets, segmented_reduce,
};

// Selection.
pub use select::{
    copy_if, copy_if_stencil, count_if, find_if, is_sorted_until, mismatch, partition, remove_if,
    run_length_encode, unique, unique_by_key, unique_count,
};

// Sort and merge: the radix sort's order, comparator merge sorts and merges.
pub use merge::{merge_by, merge_by_key_with};
#[cfg(feature = "alloc")]
pub use merge_sort::{sort_by, sort_by_key_with};
pub use set_op::{set_op_by, set_op_by_key_with, set_op_count};
#[cfg(feature = "alloc")]
pub use set_op::{set_op_by_key_vec, set_op_vec};
#[cfg(feature = "alloc")]
pub use sort::{partial_sort, partial_sort_by_key, sort, sort_by_key};

// Search and extrema: vectorized search, extrema with positions.
pub use extrema::{arg_reduce, max_element, min_element, minmax_element};
pub use search::{binary_search, lower_bound, lower_bound_one, upper_bound, upper_bound_one};

// Histogram.
pub use histogram::{histogram_even, histogram_range};

// Gather, scatter, reverse.
pub use gather::{first_out_of_range, gather, gather_if, reverse, scatter, scatter_if};

// SpMV.
pub use spmv::{spmv_coo, spmv_csr, spmv_ell};

// Stencils.
pub use stencil::stencil;

/// Inclusive or exclusive, for the segmented scans.
///
/// ```
/// use parallaxis_core::reference::{scan_by_flags, ScanKind};
/// use parallaxis_core::Sum;
/// let (flags, x) = ([true, false, true, false], [1, 2, 3, 4]);
/// let mut y = [0; 4];
/// scan_by_flags(Sum, &flags, &x, &mut y, ScanKind::Inclusive);
/// assert_eq!(y, [1, 3, 3, 7]);
/// scan_by_flags(Sum, &flags, &x, &mut y, ScanKind::Exclusive(0));
/// assert_eq!(y, [0, 1, 0, 3]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanKind<T> {
    /// `y[i]` includes `x[i]`.
    Inclusive,
    /// `y[i]` covers the elements before `i` of its segment, starting from `init`.
    Exclusive(T),
}
