//! What every case's host side shares: the embedded kernel library and grid arithmetic.

use parallaxis_device::{Error, Kernels};

/// This crate's kernels, built for nvptx64 by `build.rs` (PTX, and machine code where
/// `ptxas` was found at build time).
pub const KERNELS: Kernels = Kernels::library(include_bytes!(concat!(
    env!("OUT_DIR"),
    "/case_studies_kernels.kernels"
)));

/// `ceil(n / per)` blocks, or an error when that many do not fit a grid dimension.
///
/// # Errors
/// [`Error::Cuda`] when the count exceeds `u32::MAX` (or `per` is 0).
pub fn blocks_for(n: u64, per: u64, during: &'static str) -> Result<u32, Error> {
    n.checked_div(per)
        .map(|_| n.div_ceil(per))
        .and_then(|b| u32::try_from(b).ok())
        .ok_or_else(|| Error::Cuda {
            during,
            reason: format!("{n} items in blocks of {per} do not fit a grid dimension"),
        })
}
