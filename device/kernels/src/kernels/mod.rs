//! The entry points: one `extern "ptx-kernel"` function per (algorithm, operator, type) in
//! the instantiation lists, named by `entry_name!` and taking one `#[repr(C)]` parameter
//! struct from [`crate::params`]. The generic bodies live in one file or folder per family
//! (`reduce/`, `scan/`, `transform.rs`, `segmented/`, `spmv/`, `stencil/`); a family's
//! files share helpers through its `common.rs` and import nothing from another family, so
//! each family compiles on top of the tiers alone.

// The operators are zero-sized or plain structs of one number type (`Scale`, `SaxpyFunctor`,
// `Sequence`) from parallaxis-core; host and device compile the same definitions, so the
// layouts agree. (`#[repr(C)]` on those core structs would make this guaranteed rather than
// de facto; see the crate README.)
#![allow(improper_ctypes_definitions)]

/// Runs `$body` with `$i` bound to each listed constant below `$n`, each copy separately:
/// constant indices keep arrays in registers, and LLVM does not unroll these nests itself (a
/// partially unrolled loop indexes its arrays at run time, in local memory). The list bounds
/// every index the body can form, also in copies the `$n` test discards.
macro_rules! unroll {
    ($i:ident in $n:expr; $($k:literal)*; $body:block) => { $(
        if $k < $n {
            #[allow(non_upper_case_globals)]
            const $i: usize = $k;
            $body
        }
    )* };
}

mod gather;
mod histogram;
mod search;
mod sort;
mod spmv;
mod stencil;

// Public (hidden) so that `instantiate_*!` expansions in user crates reach the bodies.
#[doc(hidden)]
pub mod merge;
#[doc(hidden)]
pub mod reduce;
#[doc(hidden)]
pub mod scan;
#[doc(hidden)]
pub mod segmented;
#[doc(hidden)]
pub mod select;
#[doc(hidden)]
pub mod transform;

use crate::params::transform::FillParams;

// The stock instances of the families declared in `entry/families/`.
crate::__monoid_family!(@stock @ptx_tile);
crate::__transform_family!(unary @stock @ptx);
crate::__transform_family!(binary @stock @ptx);
crate::__transform_family!(tabulate @stock @ptx);
crate::__fused_family!(transform_reduce @stock @ptx);
crate::__fused_family!(transform_inclusive_scan @stock @ptx);
crate::__fused_family!(transform_exclusive_scan @stock @ptx);
crate::__fused_family!(transform2_reduce @stock @ptx);
crate::__fused_family!(transform2_inclusive_scan @stock @ptx);
crate::__fused_family!(transform2_exclusive_scan @stock @ptx);
crate::__predicate_family!(@stock @ptx);
crate::__predicate_family!(flagged @stock @ptx);
crate::__predicate_family!(by_key @stock @ptx);
crate::__compare_family!(@stock @ptx);

/// `fill` by 32-bit words (element sizes divisible by 4) and by bytes (all others).
macro_rules! fill_entry_points {
    ($($w:ident),*) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(fill, Pattern, $w))]
            unsafe extern "ptx-kernel" fn entry(p: FillParams<$w>) {
                // SAFETY: as for reduce.
                unsafe { transform::fill::<$w>(p) }
            }
        };
    )* };
}
fill_entry_points!(u32, u8);

// The fused extremum reduce and the vectorized searches, declared in `entry/families/`.
crate::__arg_reduce_family!(@stock @ptx);
crate::__search_family!(@stock @ptx);
