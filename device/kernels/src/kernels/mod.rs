//! The entry points: one `extern "ptx-kernel"` function per (algorithm, operator, type) in
//! the instantiation lists, named by `entry_name!` and taking one `#[repr(C)]` parameter
//! struct from [`crate::params`]. The generic bodies live in one file per algorithm.

// The operators are zero-sized or plain structs of one number type (`Scale`, `SaxpyFunctor`,
// `Sequence`) from parallax-core; host and device compile the same definitions, so the
// layouts agree. (`#[repr(C)]` on those core structs would make this guaranteed rather than
// de facto; see the crate README.)
#![allow(improper_ctypes_definitions)]

mod heads;
mod reduce;
mod reduce_runs;
mod scan;
mod segmented;
mod segmented_aux;
mod segmented_entries;
mod spmv;
mod spmv_merge;
mod stencil;
mod transform;

use crate::params::{
    FillParams, ReduceParams, ScanParams, TabulateParams, Transform2Params, TransformParams,
};
use crate::tuning::items_per_thread;
use core::mem::size_of;

/// `reduce`, `inclusive_scan` and `exclusive_scan` for each (monoid, type) pair.
macro_rules! monoid_entry_points {
    ($( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(reduce, $mt, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: ReduceParams<$t, $m>) {
                // SAFETY: launched by parallax-device's launcher, which upholds the contract.
                unsafe { reduce::reduce::<$t, $m, { items_per_thread(size_of::<$t>()) }>(p) }
            }
        };
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(inclusive_scan, $mt, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: ScanParams<$t, $m>) {
                // SAFETY: as for reduce.
                unsafe { scan::scan::<$t, $m, { items_per_thread(size_of::<$t>()) }, false>(p) }
            }
        };
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(exclusive_scan, $mt, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: ScanParams<$t, $m>) {
                // SAFETY: as for reduce.
                unsafe { scan::scan::<$t, $m, { items_per_thread(size_of::<$t>()) }, true>(p) }
            }
        };
    )* };
}
crate::for_each_monoid_instance!(monoid_entry_points);

/// `transform` for each (unary functor, input type) pair.
macro_rules! unary_entry_points {
    ($( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(transform, $ft, $tt))]
            unsafe extern "ptx-kernel" fn entry(
                p: TransformParams<$t, <$f as parallax_core::UnaryFunction<$t>>::Output, $f>,
            ) {
                // SAFETY: as for reduce.
                unsafe { transform::transform::<$t, $f>(p) }
            }
        };
    )* };
}
crate::for_each_unary_instance!(unary_entry_points);

/// `transform2` for each (binary functor, type) pair (both inputs of that type).
macro_rules! binary_entry_points {
    ($( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(transform2, $ft, $tt))]
            unsafe extern "ptx-kernel" fn entry(
                p: Transform2Params<
                    $t,
                    $t,
                    <$f as parallax_core::BinaryFunction<$t, $t>>::Output,
                    $f,
                >,
            ) {
                // SAFETY: as for reduce.
                unsafe { transform::transform2::<$t, $t, $f>(p) }
            }
        };
    )* };
}
crate::for_each_binary_instance!(binary_entry_points);

/// `tabulate` for each (index functor, output type) pair.
macro_rules! tabulate_entry_points {
    ($( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(tabulate, $ft, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: TabulateParams<$t, $f>) {
                // SAFETY: as for reduce.
                unsafe { transform::tabulate::<$f>(p) }
            }
        };
    )* };
}
crate::for_each_tabulate_instance!(tabulate_entry_points);

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
