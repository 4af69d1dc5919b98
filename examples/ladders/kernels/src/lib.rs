//! The classic case-study kernels as user kernels on parallaxis's public SIMT primitives
//! (`parallaxis_kernels::{thread, warp, block}`), one module per ladder:
//!
//! - [`matmul`]: `C = A·B` in `f32`, naive, shared `T × T` tiles padded with zeros at the
//!   edges, then register tiles of 2×2 and 4×4 outputs per thread;
//! - [`reduce`]: a block-sum of `u32` with interleaved (divergent) addressing, sequential
//!   addressing, two loads per thread, and warp shuffles;
//! - [`scan`]: a block inclusive scan of `u32`, Kogge-Stone (double-buffered) and Brent-Kung
//!   (work-efficient), plus the pass that adds the scanned block totals.
//!
//! Each module's parameter struct is the kernel's parameter on the device and the launch
//! argument on the host, where the module's `host` half launches it through
//! `parallaxis_device::UserKernel`. The binaries of the `ladders` crate time and check them.
#![cfg_attr(target_arch = "nvptx64", no_std)]
// `core_float_math`: `core::f32::math::mul_add`, the fused multiply-add of the matmul's
// inner loop (`f32::mul_add` is std-only, and the kernels are `no_std`).
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx, core_float_math))]

pub mod matmul;
pub mod reduce;
pub mod scan;

#[cfg(not(target_arch = "nvptx64"))]
mod host {
    use parallaxis_device::{Error, Kernels};

    /// This crate's kernels, built for nvptx64 by `build.rs` (PTX, and machine code where
    /// `ptxas` was found).
    pub const KERNELS: Kernels = Kernels::library(include_bytes!(concat!(
        env!("OUT_DIR"),
        "/ladder_kernels.kernels"
    )));

    /// `ceil(n / per)` as a grid dimension, or an error naming the launch.
    pub(crate) fn blocks(during: &'static str, n: u64, per: u64) -> Result<u32, Error> {
        u32::try_from(n.div_ceil(per)).map_err(|_| Error::Cuda {
            during,
            reason: format!("{n} elements need more than 2^32 blocks"),
        })
    }

    /// [`Error::LengthMismatch`] unless `actual == expected`.
    pub(crate) fn same_len(what: &'static str, expected: u64, actual: usize) -> Result<(), Error> {
        if actual as u64 == expected {
            Ok(())
        } else {
            Err(Error::LengthMismatch {
                what,
                expected: expected as usize,
                actual,
            })
        }
    }
}
#[cfg(not(target_arch = "nvptx64"))]
pub use host::KERNELS;
