//! parallaxis-kernels: parallaxis's GPU kernels, written in `no_std` Rust and compiled to PTX by
//! rustc's `nvptx64-nvidia-cuda` backend (the recipe and its traps: `docs/ptx-build.md`;
//! the build itself: `device/build.rs`).
//!
//! The crate builds for two targets. For **the host**, as a dependency of `parallaxis-device`,
//! it compiles what host and device must agree on, so both read the same definitions:
//! - [`params`]: the `#[repr(C)]` kernel parameter structs, one file per family;
//! - [`policy`]: tuning as data, one file per algorithm (launch shapes, constants,
//!   shared-memory layouts), each constant with its reason and its measurement's pointer;
//! - `entry/`: one declaration per kernel family (`entry/families/`: the stock instances
//!   and the `__<family>_family!` macro that wraps kernel bodies into entry points, implements
//!   `parallaxis-device`'s kernel traits and gives the [`abi`] rows), the data-movement list
//!   ([`for_each_move_word!`], whose words and map indices are not a family's instances) and
//!   the entry-point names ([`entry_name!`]); [`user`]: the `instantiate_*!` macros that do
//!   the same for your types.
//!
//! For **nvptx64** it also compiles the tiers, each built on the ones before it (CUB's
//! layout): `thread/` (indices, barriers, dynamic shared memory, atomics), `warp/`
//! (shuffles, warp reduce and scan), `block/` (block reduce and scan), `tile/` (tile loads
//! and stores, staging, deep tiles, async copies), `lookback/` (the decoupled look-back
//! protocol), and `kernels/`, the kernel bodies and their entry points grouped by family
//! (`reduce/`, `scan.rs`, `transform.rs`, `segmented/`, `spmv/`, `stencil/`); a family
//! imports the tiers and nothing of another family.
//!
//! Entry points are generated from (algorithm, operator, type) by [`entry_name!`], e.g.
//! `parallax_reduce__Sum__f32`; `parallaxis-device` looks them up through the same macro, and
//! each kernel body's doc spells its PTX name pattern (`PTX: parallax_...`), so grepping a
//! name from the PTX finds its source.
//!
//! ```
//! assert_eq!(parallaxis_kernels::entry_name!(reduce, Sum, f32), "parallax_reduce__Sum__f32");
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

#[cfg(not(target_arch = "nvptx64"))]
pub mod abi;
pub mod args;
mod entry;
pub use entry::{tag_has_separator, tag_is};
pub mod params;
pub mod policy;
pub mod user;

/// The operator and element types the instantiation lists name, re-exported so the list
/// macros expand to `$crate::ops::...` paths in any crate.
pub mod ops {
    pub use parallaxis_core::{
        Affine, AffineMap, BinaryFunction, Max, Min, Minus, Negate, Plus, SaxpyFunctor, Scale,
        Sequence, Square, Sum, Times, UnaryFunction,
    };
    pub use parallaxis_core::{BitAnd, BitOr, BitXor, Identity, Product};
    pub use parallaxis_core::{
        EqualTo, GreaterThan, InRange, Indicator, LessThan, NonZero, NotEqualTo, Predicate,
        ReplaceIf,
    };
    pub use parallaxis_core::{MaxTimes, MinPlus, OrAnd, PlusTimes};
    // Extrema with positions.
    pub use parallaxis_core::{ArgMax, ArgMin, ArgMinMax, Indexed, MinMax};
    // The stock comparators of the merge sort.
    pub use parallaxis_core::{Compare, Greater, Less};
    // The elements of zipped sequences and the monoid over them.
    pub use parallaxis_core::{Both, Pair, PairWith};
}

#[cfg(target_arch = "nvptx64")]
pub mod block;
#[cfg(target_arch = "nvptx64")]
#[doc(hidden)]
pub mod kernels;
#[cfg(target_arch = "nvptx64")]
mod lookback;
#[cfg(target_arch = "nvptx64")]
pub mod thread;
#[cfg(target_arch = "nvptx64")]
mod tile;
#[cfg(target_arch = "nvptx64")]
pub mod warp;
