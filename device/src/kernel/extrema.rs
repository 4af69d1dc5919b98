//! Host-side kernel traits of the extrema and search families, implemented by the kernels
//! crate's family declarations (`entry/families/`): the fused extremum reduce
//! (`arg_reduce.rs`) and the vectorized searches (`search.rs`).

use parallaxis_core::{ArgReduce, DeviceCopy, SearchKey};

/// An `ArgReduce` monoid with a fused extremum reduce for elements `T`.
///
/// # Safety
/// `ARG_REDUCE` must name an entry point taking exactly `ArgReduceParams<T, Self::Pick,
/// Self>` that writes the pick to `out` and then raises `done` (as the stock entries do).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA arg-reduce kernel",
    label = "no GPU kernel for this type",
    note = "the stock pairs are listed by declared in `device/kernels/src/entry/families/arg_reduce.rs`",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait ArgReduceKernel<T: DeviceCopy>: ArgReduce<T> {
    /// The `arg_reduce` entry point.
    const ARG_REDUCE: &'static str;
}

// The stock pairs of the extremum family's declaration: the same declaration generates the
// entry points, so a pair has both or neither.
parallaxis_kernels::__arg_reduce_family!(@stock @host);

/// An element type with the vectorized search kernels.
///
/// # Safety
/// `LOWER_BOUND` and `UPPER_BOUND` must name entry points taking exactly
/// `SearchParams<Self, usize>`, `BINARY_SEARCH` one taking `SearchParams<Self, bool>`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA search kernel",
    label = "no GPU kernel for this type",
    note = "the stock key types are listed by declared in `device/kernels/src/entry/families/search.rs`",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait SearchKernel: SearchKey + DeviceCopy {
    /// The `lower_bound` entry point.
    const LOWER_BOUND: &'static str;
    /// The `upper_bound` entry point.
    const UPPER_BOUND: &'static str;
    /// The `binary_search` entry point.
    const BINARY_SEARCH: &'static str;
}

// The stock key types of the search family's declaration, as for the extrema.
parallaxis_kernels::__search_family!(@stock @host);
