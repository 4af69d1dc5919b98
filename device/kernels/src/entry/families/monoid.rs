//! The monoid family: `reduce`, `inclusive_scan`, `exclusive_scan` and the segmented kernels
//! (scans by flags, keys or offsets, looking back or folding a tile's carry; the
//! segmented-reduce gathers; the one-pass reduce of runs) for each (monoid, element) pair.
//!
//! PTX: `parallax_{reduce,inclusive_scan,exclusive_scan}__<M>__<T>`,
//! `parallax_seg_{inclusive,exclusive}_scan{,_carry}__<M>__<T>`,
//! `parallax_{seg_gather,run_gather,reduce_runs}__<M>__<T>`.

/// The monoid family's declaration (`@stock`: the library's pairs) and what it expands to:
/// `@ptx` the entry points (`@ptx_tile` and `@ptx_segmented` each half), `@host KERNELS;` `parallaxis_device`'s `MonoidKernel` and
/// `SegmentedKernel`, `@abi` the entries' rows ([`crate::abi`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __monoid_family {
    // `Sum`, `Min`, `Max` over the six primitive numbers; `Affine` over `AffineMap<i64>` (a
    // non-commutative monoid, which proves operand order); `Product` and the bitwise monoids
    // over the integers (wrapping, exact); `ArgMin` / `ArgMax` over `Indexed<T>` (reduce, the
    // scans, reduce_by_key: segmented argmax); `Both` over the pairs of a zip (a mean's
    // (sum, count) in one reduce, a (smallest, largest) range).
    (@stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__monoid_family] [$($mode)*]
            { $crate::ops::Sum, $crate::ops::Min, $crate::ops::Max for f32, f64, i32, u32, i64, u64; }
            { $crate::ops::Affine for $crate::ops::AffineMap<i64>; }
            {
                $crate::ops::Product, $crate::ops::BitAnd, $crate::ops::BitOr, $crate::ops::BitXor
                    for i32, u32, i64, u64;
            }
            {
                $crate::ops::ArgMin, $crate::ops::ArgMax for
                    $crate::ops::Indexed<f32>, $crate::ops::Indexed<f64>, $crate::ops::Indexed<i32>,
                    $crate::ops::Indexed<u32>, $crate::ops::Indexed<i64>, $crate::ops::Indexed<u64>;
            }
            {
                $crate::ops::Both<$crate::ops::Sum, $crate::ops::Sum>
                    for $crate::ops::Pair<f32, u32>, $crate::ops::Pair<f64, u64>;
            }
            {
                $crate::ops::Both<$crate::ops::Min, $crate::ops::Max>
                    for $crate::ops::Pair<f32, f32>, $crate::ops::Pair<i32, i32>;
            }
        }
    };

    // The reduce and scans of every pair, then the segmented kernels of every pair (the
    // stock entries expand the two halves in `kernels/mod.rs` and `kernels/segmented/`).
    (@ptx $($items:tt)*) => {
        $crate::__monoid_family! { @ptx_tile $($items)* }
        $crate::__monoid_family! { @ptx_segmented $($items)* }
    };
    (@ptx_tile $( [[] {($($m:tt)*) [$($mt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            const ITEMS: usize = $crate::policy::common::items_per_thread(::core::mem::size_of::<T>());
            use $crate::params::{reduce::ReduceParams, scan::ScanParams};
            use $crate::kernels::{reduce::reduce, scan::scan};

            #[unsafe(export_name = concat!("parallax_reduce__", $($mt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn r(p: ReduceParams<T, $($m)*>) {
                // SAFETY: launched by parallaxis-device's launcher, which upholds the contract
                // (the host impls name this entry with this parameter type).
                unsafe { reduce::<T, $($m)*, ITEMS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_inclusive_scan__", $($mt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn is(p: ScanParams<T, $($m)*>) {
                // SAFETY: as above.
                unsafe { scan::<T, $($m)*, ITEMS, false>(p) }
            }
            #[unsafe(export_name = concat!("parallax_exclusive_scan__", $($mt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn es(p: ScanParams<T, $($m)*>) {
                // SAFETY: as above.
                unsafe { scan::<T, $($m)*, ITEMS, true>(p) }
            }
        };
    )* };
    (@ptx_segmented $( [[] {($($m:tt)*) [$($mt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            const ITEMS: usize = $crate::policy::common::items_per_thread(::core::mem::size_of::<T>());
            use $crate::params::segmented as seg;
            use $crate::kernels::segmented as k;

            #[unsafe(export_name = concat!("parallax_seg_inclusive_scan__", $($mt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn sis(p: seg::SegScanParams<T, $($m)*>) {
                // SAFETY: launched by parallaxis-device's segmented launchers, which uphold
                // the contract (the host impls name this entry with this parameter type).
                unsafe { k::scan::seg_scan::<T, $($m)*, ITEMS, false, false>(p) }
            }
            #[unsafe(export_name = concat!("parallax_seg_exclusive_scan__", $($mt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn ses(p: seg::SegScanParams<T, $($m)*>) {
                // SAFETY: as above.
                unsafe { k::scan::seg_scan::<T, $($m)*, ITEMS, true, false>(p) }
            }
            #[unsafe(export_name = concat!("parallax_seg_inclusive_scan_carry__", $($mt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn sisc(p: seg::SegScanParams<T, $($m)*>) {
                // SAFETY: as above.
                unsafe { k::scan::seg_scan::<T, $($m)*, ITEMS, false, true>(p) }
            }
            #[unsafe(export_name = concat!("parallax_seg_exclusive_scan_carry__", $($mt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn sesc(p: seg::SegScanParams<T, $($m)*>) {
                // SAFETY: as above.
                unsafe { k::scan::seg_scan::<T, $($m)*, ITEMS, true, true>(p) }
            }
            #[unsafe(export_name = concat!("parallax_seg_gather__", $($mt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn sg(p: seg::SegGatherParams<T, $($m)*>) {
                // SAFETY: as above.
                unsafe { k::passes::seg_gather::<T, $($m)*>(p) }
            }
            #[unsafe(export_name = concat!("parallax_run_gather__", $($mt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn rg(p: seg::RunGatherParams<T, $($m)*>) {
                // SAFETY: as above.
                unsafe { k::passes::run_gather::<T, $($m)*>(p) }
            }
            #[unsafe(export_name = concat!("parallax_reduce_runs__", $($mt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn rr(p: seg::ReduceRunsParams<T, $($m)*>) {
                // SAFETY: as above.
                unsafe { k::reduce_runs::reduce_runs::<T, $($m)*, ITEMS>(p) }
            }
        };
    )* };

    (@host $kernels:path; $( [[] {($($m:tt)*) [$($mt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            // SAFETY: the same declaration, compiled for nvptx64 into `$kernels`, generates
            // these entry points (`@ptx` above) with the parameter types the traits name.
            unsafe impl ::parallaxis_device::MonoidKernel<T> for $($m)* {
                const KERNELS: ::parallaxis_device::Kernels = $kernels;
                const OP: &'static str = concat!($($mt)*);
                const TYPE: &'static str = concat!($($tt)*);
                const REDUCE: &'static str = concat!("parallax_reduce__", $($mt)*, "__", $($tt)*);
                const INCLUSIVE_SCAN: &'static str =
                    concat!("parallax_inclusive_scan__", $($mt)*, "__", $($tt)*);
                const EXCLUSIVE_SCAN: &'static str =
                    concat!("parallax_exclusive_scan__", $($mt)*, "__", $($tt)*);
            }
            // SAFETY: as above.
            unsafe impl ::parallaxis_device::SegmentedKernel<T> for $($m)* {
                const SEG_INCLUSIVE_SCAN: &'static str =
                    concat!("parallax_seg_inclusive_scan__", $($mt)*, "__", $($tt)*);
                const SEG_EXCLUSIVE_SCAN: &'static str =
                    concat!("parallax_seg_exclusive_scan__", $($mt)*, "__", $($tt)*);
                const SEG_INCLUSIVE_SCAN_CARRY: &'static str =
                    concat!("parallax_seg_inclusive_scan_carry__", $($mt)*, "__", $($tt)*);
                const SEG_EXCLUSIVE_SCAN_CARRY: &'static str =
                    concat!("parallax_seg_exclusive_scan_carry__", $($mt)*, "__", $($tt)*);
                const SEG_GATHER: &'static str =
                    concat!("parallax_seg_gather__", $($mt)*, "__", $($tt)*);
                const RUN_GATHER: &'static str =
                    concat!("parallax_run_gather__", $($mt)*, "__", $($tt)*);
                const REDUCE_RUNS: &'static str =
                    concat!("parallax_reduce_runs__", $($mt)*, "__", $($tt)*);
            }
        };
    )* };

    (@abi $( [[] {($($m:tt)*) [$($mt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => {{
        use $crate::abi::Entry;
        use $crate::params::{reduce::ReduceParams, scan::ScanParams, segmented as seg};
        &[$({
            type T = $($t)*;
            [
                Entry::of::<ReduceParams<T, $($m)*>>(concat!("parallax_reduce__", $($mt)*, "__", $($tt)*)),
                Entry::of::<ScanParams<T, $($m)*>>(concat!("parallax_inclusive_scan__", $($mt)*, "__", $($tt)*)),
                Entry::of::<ScanParams<T, $($m)*>>(concat!("parallax_exclusive_scan__", $($mt)*, "__", $($tt)*)),
                Entry::of::<seg::SegScanParams<T, $($m)*>>(concat!("parallax_seg_inclusive_scan__", $($mt)*, "__", $($tt)*)),
                Entry::of::<seg::SegScanParams<T, $($m)*>>(concat!("parallax_seg_exclusive_scan__", $($mt)*, "__", $($tt)*)),
                Entry::of::<seg::SegScanParams<T, $($m)*>>(concat!("parallax_seg_inclusive_scan_carry__", $($mt)*, "__", $($tt)*)),
                Entry::of::<seg::SegScanParams<T, $($m)*>>(concat!("parallax_seg_exclusive_scan_carry__", $($mt)*, "__", $($tt)*)),
                Entry::of::<seg::SegGatherParams<T, $($m)*>>(concat!("parallax_seg_gather__", $($mt)*, "__", $($tt)*)),
                Entry::of::<seg::RunGatherParams<T, $($m)*>>(concat!("parallax_run_gather__", $($mt)*, "__", $($tt)*)),
                Entry::of::<seg::ReduceRunsParams<T, $($m)*>>(concat!("parallax_reduce_runs__", $($mt)*, "__", $($tt)*)),
            ]
        }),*]
    }};
}
