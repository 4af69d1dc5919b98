//! Transforms fused into a reduce or a scan, one kernel where the kernels crate (or a user
//! crate) instantiated the triple, else a transform into a temporary and the reduce or scan.

mod binary;
mod binary_scan;
mod lookup;
mod unary;

pub use binary::{transform2_reduce, transform2_reduce_is_fused};
pub use binary_scan::{
    transform2_exclusive_scan, transform2_exclusive_scan_is_fused, transform2_inclusive_scan,
    transform2_inclusive_scan_is_fused,
};
pub use unary::{
    transform_exclusive_scan, transform_exclusive_scan_is_fused, transform_inclusive_scan,
    transform_inclusive_scan_is_fused, transform_reduce, transform_reduce_is_fused,
};
