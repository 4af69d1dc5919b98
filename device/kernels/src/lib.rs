//! parallax-kernels: parallax's GPU kernels, written in `no_std` Rust and compiled to PTX by
//! rustc's `nvptx64-nvidia-cuda` backend (see DESIGN §3 and `device/build.rs`).
//!
//! The crate builds for two targets:
//! - **the host**, as a dependency of `parallax-device`: the `#[repr(C)]` kernel parameter
//!   structs ([`params`]), the tuning constants and shared-memory layouts ([`tuning`]) and the
//!   instantiation lists ([`for_each_monoid_instance!`] and friends), so host and device agree on
//!   every layout, launch shape and entry-point name because both read the same definitions;
//! - **nvptx64**, where the modules named for who runs the code are compiled too: `simt`
//!   (indices, barriers, dynamic shared memory), `warp/` (shuffles, warp reduce and scan),
//!   `block/` (block reduce and scan), `tile/` (tile loads and stores, decoupled look-back),
//!   `atomics` (`.gpu`-scope acquire/release in inline PTX) and `kernels/` (the entry points).
//!
//! Entry points are generated from (algorithm, operator, type) by [`entry_name!`], e.g.
//! `parallax_reduce__Sum__f32`; `parallax-device` looks them up through the same macro.
//!
//! ```
//! assert_eq!(parallax_kernels::entry_name!(reduce, Sum, f32), "parallax_reduce__Sum__f32");
//! ```
#![no_std]
#![cfg_attr(
    target_arch = "nvptx64",
    feature(
        abi_ptx,
        stdarch_nvptx,
        link_llvm_intrinsics,
        gpu_intrinsics,
        gpu_launch_sized_workgroup_mem,
        asm_experimental_arch,
        core_intrinsics
    )
)]
// `link_llvm_intrinsics` and `core_intrinsics` are marked internal; they are the documented
// way to reach warp shuffles and dynamic shared memory.
#![cfg_attr(target_arch = "nvptx64", allow(internal_features))]

pub mod args;
mod instances;
pub use instances::{tag_has_separator, tag_is};
pub mod params;
pub mod params_segmented;
pub mod params_spmv;
pub mod params_stencil;
pub mod params_stencil_march;
pub mod tuning;
pub mod user;

/// The operator and element types the instantiation lists name, re-exported so the list
/// macros expand to `$crate::ops::...` paths in any crate.
pub mod ops {
    pub use parallax_core::{
        Affine, AffineMap, BinaryFunction, Max, Min, Negate, Plus, SaxpyFunctor, Scale, Sequence,
        Square, Sum, Times, UnaryFunction,
    };
    pub use parallax_core::{BitAnd, BitOr, BitXor, Identity, Product};
    pub use parallax_core::{MaxTimes, MinPlus, OrAnd, PlusTimes};
}

#[cfg(target_arch = "nvptx64")]
mod atomics;
#[cfg(target_arch = "nvptx64")]
pub mod block;
#[cfg(target_arch = "nvptx64")]
mod cache_hints;
#[cfg(target_arch = "nvptx64")]
pub mod grid;
#[cfg(target_arch = "nvptx64")]
#[doc(hidden)]
pub mod kernels;
#[cfg(target_arch = "nvptx64")]
pub mod simt;
#[cfg(target_arch = "nvptx64")]
mod tile;
#[cfg(target_arch = "nvptx64")]
pub mod warp;
