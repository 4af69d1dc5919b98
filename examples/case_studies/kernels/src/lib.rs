//! The GPU kernels of the case studies, written on parallaxis's public SIMT primitives
//! (`parallaxis_kernels::thread`: indices, barriers, dynamic shared memory) and launched through
//! `parallaxis_device::UserKernel`. One module per case; in each, the `#[repr(C)]` parameter
//! struct is shared by both sides, `device` holds the kernels (nvptx64 only) and `host` the
//! launchers (host only).
//!
//! Every variant of a case is its own entry point (a const-generic body behind a
//! `#[no_mangle]` wrapper), so `ptxas -v` reports each variant's registers.
#![cfg_attr(target_arch = "nvptx64", no_std)]
#![cfg_attr(
    target_arch = "nvptx64",
    feature(abi_ptx, asm_experimental_arch, core_intrinsics)
)]
// `core_intrinsics` (for `fmaf32`) is marked internal.
#![cfg_attr(target_arch = "nvptx64", allow(internal_features))]

pub mod coulomb;
pub mod gauss_jordan;
pub mod stencil7;
pub mod xcorr;

#[cfg(target_arch = "nvptx64")]
mod fast_math;
#[cfg(not(target_arch = "nvptx64"))]
mod launch;

#[cfg(not(target_arch = "nvptx64"))]
pub use launch::{blocks_for, KERNELS};
