//! parallaxis-host: the rayon backend's algorithms, on plain slices.
//!
//! Every function here has the signature and the exact semantics of its sequential reference
//! in `parallaxis_core::reference` (the doc of each names it), and runs on rayon's global pool.
//! Inputs are assumed validated by the `parallaxis` front doors (lengths, sparse structure);
//! given mismatched lengths a function processes the common prefix and never panics.
//!
//! Work is split into chunks whose boundaries depend only on the input size, never on the
//! number of threads, so results (floats included) are identical for any `RAYON_NUM_THREADS`.

mod chunk;
mod elementwise;
mod extrema;
mod gather;
mod histogram;
pub mod indexed;
mod memory;
mod merge;
mod reduce;
#[cfg(test)]
mod robustness;
mod scan;
mod search;
mod segmented;
mod select;
mod set_op;
mod sort;
mod spmv;
mod stencil;

pub use chunk::split::CHUNK;
pub use elementwise::{adjacent_difference, tabulate, transform, transform2, transform_in_place};
pub use gather::{first_out_of_range, gather, gather_if, reverse, scatter, scatter_if};
pub use histogram::{histogram_even, histogram_range};
pub use memory::{copy, fill, zeroed_vec};
pub use merge::{merge_by, merge_by_key_with, sort_by, sort_by_key_with};
pub use reduce::{reduce, transform2_reduce, transform_reduce};
pub use scan::{
    exclusive_scan, inclusive_scan, transform_exclusive_scan, transform_inclusive_scan,
};
pub use segmented::reduce::segmented_reduce;
pub use segmented::reduce_by_key::{reduce_by_key, reduce_by_key_into};
pub use segmented::scan::{scan_by_flags, scan_by_keys, scan_by_offsets};
pub use select::{
    copy_if, copy_if_stencil, copy_if_stencil_vec, copy_if_vec, count_if, find_if, is_sorted_until,
    mismatch, partition, remove_if, remove_if_vec, unique, unique_by_key, unique_by_key_vec,
    unique_count, unique_vec,
};
pub use set_op::{set_op_by_key_vec, set_op_vec};
pub use sort::{
    partial_sort, partial_sort_by_key, partial_sort_by_key_segmented, partial_sort_segmented, sort,
    sort_by_key, sort_by_key_segmented, sort_segmented,
};
pub use spmv::coo::spmv_coo;
pub use spmv::csr::spmv_csr;
pub use spmv::ell::spmv_ell;
pub use stencil::groups::stencil;
// Extrema, init values, vectorized search.
pub use extrema::{arg_reduce, reduce_with_init};
pub use scan::inclusive_scan_with_init;
pub use search::{binary_search, lower_bound, upper_bound};
