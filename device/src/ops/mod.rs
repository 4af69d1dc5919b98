//! The safe operations, by algorithm: check lengths and devices and enter the device (the
//! prologue they share, `prologue.rs`), build the kernel's parameter struct from live
//! buffers and launch through [`crate::launch`]. Operations whose results stay on the
//! device return once queued (see `LEGACY_STREAM` in `lib.rs`): their kernels may still run, which
//! is safe because every later operation queues behind them on the same stream and a
//! buffer's free is ordered on the stream after them (`memory.rs`).

mod extrema;
mod fused;
mod gather;
mod histogram;
mod init;
mod least_position;
mod merge;
mod plan;
mod prologue;
mod reduce;
mod scan;
mod search;
mod segmented;
mod select;
mod set_op;
mod sort;
mod spmv;
mod stencil;
mod transform;
mod zip;

pub use fused::{
    transform2_exclusive_scan, transform2_exclusive_scan_is_fused, transform2_inclusive_scan,
    transform2_inclusive_scan_is_fused, transform2_reduce, transform2_reduce_is_fused,
    transform_exclusive_scan, transform_exclusive_scan_is_fused, transform_inclusive_scan,
    transform_inclusive_scan_is_fused, transform_reduce, transform_reduce_is_fused,
};
pub use gather::{first_out_of_range, gather, reverse, scatter};
pub use histogram::{histogram_even, histogram_range};
pub use plan::{tile_order, TileOrder};
pub use reduce::{reduce, reduce_into};
pub use scan::{exclusive_scan, inclusive_scan, scan_with_layout, ScanLayout};
pub use segmented::{
    reduce_by_key, reduce_by_key_into, scan_by_flags, scan_by_keys, scan_by_offsets,
    segmented_reduce,
};
pub use select::{
    copy_if, copy_if_into, copy_if_stencil, copy_if_stencil_into, count_if, find_if,
    is_sorted_until, mismatch, partition_into, partition_unstable_into, unique, unique_by_key,
    unique_by_key_into, unique_into,
};
pub use sort::{sort, sort_by_key};
pub use spmv::{spmv_coo, spmv_csr, spmv_csr_with_kernel, spmv_ell};
pub use stencil::stencil;
pub use transform::{adjacent_difference, tabulate, transform, transform2, transform_in_place};
pub use zip::{zip3_into, zip_into};
// Extrema with positions, init values, vectorized search.
pub use extrema::{arg_reduce, arg_reduce_into};
pub use init::{inclusive_scan_with_init, reduce_with_init_into};
pub use merge::{merge_by, merge_by_key_with, sort_by, sort_by_key_with};
pub use search::{binary_search, bound};
pub use set_op::{set_op_by, set_op_by_key_with};
