//! Host-side kernel traits of the extrema and search families, implemented from the kernels
//! crate's instantiation lists: the fused extremum reduce (`for_each_arg_reduce_instance!`)
//! and the vectorized searches (`for_each_search_instance!`).

use parallaxis_core::{ArgReduce, DeviceCopy, SearchKey};
use parallaxis_kernels::entry_name;

/// An `ArgReduce` monoid with a fused extremum reduce for elements `T`.
///
/// # Safety
/// `ARG_REDUCE` must name an entry point taking exactly `ArgReduceParams<T, Self::Pick,
/// Self>` that writes the pick to `out` and then raises `done` (as the stock entries do).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA arg-reduce kernel",
    label = "no GPU kernel for this type",
    note = "the stock pairs are listed by `for_each_arg_reduce_instance!` in `device/kernels/src/entry/instances.rs`",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait ArgReduceKernel<T: DeviceCopy>: ArgReduce<T> {
    /// The `arg_reduce` entry point.
    const ARG_REDUCE: &'static str;
}

macro_rules! arg_reduce_kernels {
    ($( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the kernels crate generates this entry point from the same list entry,
        // taking `ArgReduceParams<$t, Pick, $m>`.
        unsafe impl ArgReduceKernel<$t> for $m {
            const ARG_REDUCE: &'static str = entry_name!(arg_reduce, $mt, $tt);
        }
    )* };
}
parallaxis_kernels::for_each_arg_reduce_instance!(arg_reduce_kernels);

/// An element type with the vectorized search kernels.
///
/// # Safety
/// `LOWER_BOUND` and `UPPER_BOUND` must name entry points taking exactly
/// `SearchParams<Self, usize>`, `BINARY_SEARCH` one taking `SearchParams<Self, bool>`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA search kernel",
    label = "no GPU kernel for this type",
    note = "the stock key types are listed by `for_each_search_instance!` in `device/kernels/src/entry/instances.rs`",
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

macro_rules! search_kernels {
    ($( ($tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the kernels crate generates these entry points from the same list entry,
        // with the parameter types the trait names.
        unsafe impl SearchKernel for $t {
            const LOWER_BOUND: &'static str = entry_name!(lower_bound, Key, $tt);
            const UPPER_BOUND: &'static str = entry_name!(upper_bound, Key, $tt);
            const BINARY_SEARCH: &'static str = entry_name!(binary_search, Key, $tt);
        }
    )* };
}
parallaxis_kernels::for_each_search_instance!(search_kernels);
