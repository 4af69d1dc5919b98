//! A functor that reads device data: [`NearestNeighbour`] holds a
//! `parallaxis_core::DeviceRef` of the points and maps a query to the index of its nearest
//! point. One definition serves every backend: the CPU backends call it directly, and the
//! `instantiate_unary!` below gives it the library's `transform` kernel on the GPU. Beside
//! it, [`tiled`] is the same search hand-written as a kernel with a shared-memory tile of
//! points, for comparison.
//!
//! With the `cuda` feature this crate is compiled twice: by `build.rs` for nvptx64 (nightly)
//! and for the host, which embeds that PTX. Without it, it is a plain host crate.
#![no_std]
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]

mod functor;
mod nearest;
pub mod tiled;

pub use functor::NearestNeighbour;
pub use nearest::{Nearest, NO_POINT};

/// This crate's kernels, built for nvptx64 by `build.rs`: the kernel library
/// `parallaxis-ptx-builder` writes (PTX, and machine code where `ptxas` was found).
#[cfg(all(not(target_arch = "nvptx64"), feature = "cuda"))]
pub const KERNELS: parallaxis_device::Kernels =
    parallaxis_device::Kernels::library(include_bytes!(concat!(
        env!("OUT_DIR"),
        "/nearest_neighbour_kernels.kernels"
    )));

// The library's transform kernel for the functor. `NearestNeighbour<'_>`: the host impl is
// `impl UnaryKernel<f32> for NearestNeighbour<'_>` (every lifetime), and the entry point's
// parameter holds the functor with its lifetime erased (a kernel parameter outlives nothing).
#[cfg(any(target_arch = "nvptx64", feature = "cuda"))]
parallaxis_kernels::instantiate_unary! {
    kernels = crate::KERNELS;
    NearestNeighbour<'_> for f32;
}
