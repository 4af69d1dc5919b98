//! The `extern "ptx-kernel"` wrappers of every user-instantiable family, as exported macros:
//! the stock lists (`kernels/`) and the user `instantiate_*!` macros ([`crate::user`])
//! expand to the same ones. Each names its entry point with [`crate::entry_name!`] and calls
//! a generic kernel body through its `$crate::kernels::...` path.

/// One entry point `parallax_<name>__<M>__<T>` taking `$params` and running the kernel at
/// `$crate::<path>` with
/// the generic arguments `<T, M, items_per_thread(size_of::<T>()) $(, extra)*>`: the shape
/// every reduce and scan entry point shares.
#[doc(hidden)]
#[macro_export]
macro_rules! __tile_entry_point {
    ($name:ident, $mt:ident: $m:ty, $tt:ident: $t:ty, $params:ty, $($kernel:ident)::+ $(, $extra:expr)*) => {
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!($name, $mt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $params) {
                // SAFETY: launched by parallaxis-device's launcher, which upholds the contract.
                unsafe {
                    $crate::$($kernel)::+::<
                        $t,
                        $m,
                        { $crate::policy::common::items_per_thread(::core::mem::size_of::<$t>()) },
                        $($extra),*
                    >(p)
                }
            }
        };
    };
}

/// `reduce`, `inclusive_scan` and `exclusive_scan` entry points for each (monoid, type)
/// pair: the stock list and [`instantiate_monoid!`](crate::instantiate_monoid) expand to this.
///
/// PTX: `parallax_reduce__<M>__<T>`, `parallax_inclusive_scan__<M>__<T>`,
/// `parallax_exclusive_scan__<M>__<T>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __monoid_entry_points {
    ($( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__tile_entry_point!(reduce, $mt: $m, $tt: $t,
            $crate::params::reduce::ReduceParams<$t, $m>, kernels::reduce::reduce);
        $crate::__tile_entry_point!(inclusive_scan, $mt: $m, $tt: $t,
            $crate::params::scan::ScanParams<$t, $m>, kernels::scan::scan, false);
        $crate::__tile_entry_point!(exclusive_scan, $mt: $m, $tt: $t,
            $crate::params::scan::ScanParams<$t, $m>, kernels::scan::scan, true);
    )* };
}

/// The segmented entry points for each (monoid, type) pair: inclusive and exclusive
/// segmented scans (by flags, keys or offsets, looking back; and the `_carry` pair for
/// flags and offsets, folding a tile's carry itself), the segmented-reduce gathers and the
/// one-pass reduce of runs (reduce by key). The stock list and
/// [`instantiate_monoid!`](crate::instantiate_monoid) expand to this.
///
/// PTX: `parallax_seg_inclusive_scan__<M>__<T>`, `parallax_seg_exclusive_scan__<M>__<T>`,
/// `parallax_seg_inclusive_scan_carry__<M>__<T>`,
/// `parallax_seg_exclusive_scan_carry__<M>__<T>`, `parallax_seg_gather__<M>__<T>`,
/// `parallax_run_gather__<M>__<T>`, `parallax_reduce_runs__<M>__<T>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __segmented_entry_points {
    ($( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__tile_entry_point!(seg_inclusive_scan, $mt: $m, $tt: $t,
            $crate::params::segmented::SegScanParams<$t, $m>, kernels::segmented::scan::seg_scan,
            false, false);
        $crate::__tile_entry_point!(seg_exclusive_scan, $mt: $m, $tt: $t,
            $crate::params::segmented::SegScanParams<$t, $m>, kernels::segmented::scan::seg_scan,
            true, false);
        $crate::__tile_entry_point!(seg_inclusive_scan_carry, $mt: $m, $tt: $t,
            $crate::params::segmented::SegScanParams<$t, $m>, kernels::segmented::scan::seg_scan,
            false, true);
        $crate::__tile_entry_point!(seg_exclusive_scan_carry, $mt: $m, $tt: $t,
            $crate::params::segmented::SegScanParams<$t, $m>, kernels::segmented::scan::seg_scan,
            true, true);
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(seg_gather, $mt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::segmented::SegGatherParams<$t, $m>) {
                // SAFETY: launched by parallaxis-device's launcher, which upholds the contract.
                unsafe { $crate::kernels::segmented::passes::seg_gather::<$t, $m>(p) }
            }
        };
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(run_gather, $mt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::segmented::RunGatherParams<$t, $m>) {
                // SAFETY: as above.
                unsafe { $crate::kernels::segmented::passes::run_gather::<$t, $m>(p) }
            }
        };
        $crate::__tile_entry_point!(reduce_runs, $mt: $m, $tt: $t,
            $crate::params::segmented::ReduceRunsParams<$t, $m>,
            kernels::segmented::reduce_runs::reduce_runs);
    )* };
}

/// `transform` entry points for each (unary functor, input type) pair.
///
/// PTX: `parallax_transform__<F>__<A>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __unary_entry_points {
    ($( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(transform, $ft, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(
                p: $crate::params::transform::TransformParams<
                    $t,
                    <$f as $crate::ops::UnaryFunction<$t>>::Output,
                    $f,
                >,
            ) {
                // SAFETY: as for reduce.
                unsafe { $crate::kernels::transform::transform::<$t, $f>(p) }
            }
        };
    )* };
}

/// One fused entry point `parallax_<algo>__<F>__<M>__<A>` taking
/// `params::<params><A, F, Output, M>` and running `$crate::<kernel>::<A, Output, F, M,
/// extra...>` (the extras may name the output type `Out`).
#[doc(hidden)]
#[macro_export]
macro_rules! __fused_entry_point {
    ($algo:ident, $($params:ident)::+, $($kernel:ident)::+;
     ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty); $($extra:expr),*) => {
        const _: () = {
            type Out = <$f as $crate::ops::UnaryFunction<$t>>::Output;
            #[unsafe(export_name = $crate::fused_entry_name!($algo, $ft, $mt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::$($params)::+<$t, $f, Out, $m>) {
                // SAFETY: launched by parallaxis-device's fused launcher, with the parameters
                // the name's tags denote, which upholds the kernel's contract.
                unsafe { $crate::$($kernel)::+::<$t, Out, $f, $m, $($extra),*>(p) }
            }
        };
    };
}

/// Fused `transform_reduce` entry points for each (unary functor, monoid, input type) triple: the
/// stock list and [`instantiate_transform_reduce!`](crate::instantiate_transform_reduce) expand to
/// this. Items per thread: of the input in the first round, of the output in the fold tree.
///
/// PTX: `parallax_transform_reduce__<F>__<M>__<A>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __transform_reduce_entry_points {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__fused_entry_point!(
            transform_reduce, reduce::TransformReduceParams, kernels::reduce::transform_reduce;
            ($ft: $f, $mt: $m, $tt: $t);
            { $crate::policy::common::items_per_thread(::core::mem::size_of::<$t>()) },
            { $crate::policy::common::items_per_thread(::core::mem::size_of::<Out>()) }
        );
    )* };
}

/// Fused `transform_exclusive_scan` entry points for each (unary functor, monoid, input
/// type) triple: the stock list and
/// [`instantiate_transform_exclusive_scan!`](crate::instantiate_transform_exclusive_scan)
/// expand to this.
///
/// PTX: `parallax_transform_exclusive_scan__<F>__<M>__<A>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __transform_exclusive_scan_entry_points {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__fused_entry_point!(
            transform_exclusive_scan, scan::TransformScanParams, kernels::scan::transform_scan;
            ($ft: $f, $mt: $m, $tt: $t);
            { $crate::policy::common::items_per_thread(::core::mem::size_of::<Out>()) },
            true
        );
    )* };
}

/// Fused `transform2_reduce` entry points for each (binary functor, monoid, input type)
/// triple, both inputs of that type: the stock list and
/// [`instantiate_transform2_reduce!`](crate::instantiate_transform2_reduce) expand to this.
/// Items per thread: of a pair of inputs in the first round, of the output in the fold tree.
///
/// PTX: `parallax_transform2_reduce__<F>__<M>__<A>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __transform2_reduce_entry_points {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            type Out = <$f as $crate::ops::BinaryFunction<$t, $t>>::Output;
            #[unsafe(export_name = $crate::fused_entry_name!(transform2_reduce, $ft, $mt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(
                p: $crate::params::reduce::Transform2ReduceParams<$t, $t, $f, Out, $m>,
            ) {
                // SAFETY: launched by parallaxis-device's fused launcher, with the parameters
                // the name's tags denote, which upholds the kernel's contract.
                unsafe {
                    $crate::kernels::reduce::transform2_reduce::<
                        $t,
                        $t,
                        Out,
                        $f,
                        $m,
                        { $crate::policy::common::items_per_thread(2 * ::core::mem::size_of::<$t>()) },
                        { $crate::policy::common::items_per_thread(::core::mem::size_of::<Out>()) },
                    >(p)
                }
            }
        };
    )* };
}

/// Fused `transform_inclusive_scan` entry points for each (unary functor, monoid, input
/// type) triple: the stock list and
/// [`instantiate_transform_inclusive_scan!`](crate::instantiate_transform_inclusive_scan)
/// expand to this.
///
/// PTX: `parallax_transform_inclusive_scan__<F>__<M>__<A>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __transform_scan_entry_points {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__fused_entry_point!(
            transform_inclusive_scan, scan::TransformScanParams, kernels::scan::transform_scan;
            ($ft: $f, $mt: $m, $tt: $t);
            { $crate::policy::common::items_per_thread(::core::mem::size_of::<Out>()) },
            false
        );
    )* };
}

/// One fused two-input scan entry point `parallax_<algo>__<F>__<M>__<A>` (both inputs of
/// `A`) taking `Transform2ScanParams<A, A, F, Output, M>`: the inclusive
/// (`$exclusive = false`) or exclusive scan of `f(x[i], y[i])`.
#[doc(hidden)]
#[macro_export]
macro_rules! __transform2_scan_entry_point {
    ($algo:ident, $exclusive:expr; ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty)) => {
        const _: () = {
            type Out = <$f as $crate::ops::BinaryFunction<$t, $t>>::Output;
            #[unsafe(export_name = $crate::fused_entry_name!($algo, $ft, $mt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(
                p: $crate::params::scan::Transform2ScanParams<$t, $t, $f, Out, $m>,
            ) {
                // SAFETY: launched by parallaxis-device's fused launcher, with the parameters
                // the name's tags denote, which upholds the kernel's contract.
                unsafe {
                    $crate::kernels::scan::transform2_scan::<
                        $t,
                        $t,
                        Out,
                        $f,
                        $m,
                        { $crate::policy::common::items_per_thread(::core::mem::size_of::<Out>()) },
                        $exclusive,
                    >(p)
                }
            }
        };
    };
}

/// Fused `transform2_inclusive_scan` entry points for each (binary functor, monoid, input
/// type) triple, both inputs of that type: the stock list and
/// [`instantiate_transform2_inclusive_scan!`](crate::instantiate_transform2_inclusive_scan)
/// expand to this.
///
/// PTX: `parallax_transform2_inclusive_scan__<F>__<M>__<A>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __transform2_inclusive_scan_entry_points {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__transform2_scan_entry_point!(
            transform2_inclusive_scan, false; ($ft: $f, $mt: $m, $tt: $t)
        );
    )* };
}

/// Fused `transform2_exclusive_scan` entry points, as
/// [`__transform2_inclusive_scan_entry_points!`](crate::__transform2_inclusive_scan_entry_points)
/// (and [`instantiate_transform2_exclusive_scan!`](crate::instantiate_transform2_exclusive_scan)).
///
/// PTX: `parallax_transform2_exclusive_scan__<F>__<M>__<A>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __transform2_exclusive_scan_entry_points {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__transform2_scan_entry_point!(
            transform2_exclusive_scan, true; ($ft: $f, $mt: $m, $tt: $t)
        );
    )* };
}

/// `transform2` entry points for each (binary functor, type) pair (both inputs that type).
///
/// PTX: `parallax_transform2__<F>__<A>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __binary_entry_points {
    ($( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(transform2, $ft, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(
                p: $crate::params::transform::Transform2Params<
                    $t,
                    $t,
                    <$f as $crate::ops::BinaryFunction<$t, $t>>::Output,
                    $f,
                >,
            ) {
                // SAFETY: as for reduce.
                unsafe { $crate::kernels::transform::transform2::<$t, $t, $f>(p) }
            }
        };
    )* };
}

/// `select_if` (copy_if, remove_if, stable partition) and the fused `count_if` (a
/// `transform_reduce` of the predicate's `Indicator` with `Sum` into a `u64`) for each
/// (predicate, type) pair: the stock list and
/// [`instantiate_predicate!`](crate::instantiate_predicate) expand to this.
///
/// PTX: `parallax_select_if__<P>__<T>`, `parallax_count_if__<P>__<T>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __predicate_entry_points {
    ($( ($pt:ident: $p:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(select_if, $pt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::select::SelectParams<$t, $t, $p>) {
                // SAFETY: launched by parallaxis-device's select launcher, which upholds the
                // contract.
                unsafe {
                    $crate::kernels::select::select_if::<
                        $t,
                        $p,
                        { $crate::policy::common::items_per_thread(::core::mem::size_of::<$t>()) },
                    >(p)
                }
            }
        };
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(count_if, $pt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(
                p: $crate::params::reduce::TransformReduceParams<
                    $t,
                    $crate::ops::Indicator<$p>,
                    u64,
                    $crate::ops::Sum,
                >,
            ) {
                // SAFETY: as above.
                unsafe {
                    $crate::kernels::reduce::transform_reduce::<
                        $t,
                        u64,
                        $crate::ops::Indicator<$p>,
                        $crate::ops::Sum,
                        { $crate::policy::common::items_per_thread(::core::mem::size_of::<$t>()) },
                        { $crate::policy::common::items_per_thread(8) },
                    >(p)
                }
            }
        };
    )* };
}

/// `select_flagged` and `select_unique` for each element type.
///
/// PTX: `parallax_select_flagged__Flags__<T>`, `parallax_select_unique__Equal__<T>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __select_type_entry_points {
    ($( ($tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(select_flagged, Flags, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::select::SelectParams<$t, $t, ()>) {
                // SAFETY: launched by parallaxis-device's select launcher (contract).
                unsafe {
                    $crate::kernels::select::select_flagged::<
                        $t,
                        { $crate::policy::common::items_per_thread(::core::mem::size_of::<$t>()) },
                    >(p)
                }
            }
        };
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(select_unique, Equal, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::select::SelectParams<$t, $t, ()>) {
                // SAFETY: as above.
                unsafe {
                    $crate::kernels::select::select_unique::<
                        $t,
                        { $crate::policy::common::items_per_thread(::core::mem::size_of::<$t>()) },
                    >(p)
                }
            }
        };
    )* };
}

/// `unique_by_key` for each (key type, value type) pair; items per thread of the wider.
///
/// PTX: `parallax_unique_by_key__<K>__<V>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __unique_by_key_entry_points {
    ($( ($kt:ident: $k:ty, $vt:ident: $v:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(unique_by_key, $kt, $vt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::select::SelectParams<$k, $v, ()>) {
                // SAFETY: launched by parallaxis-device's select launcher (contract).
                unsafe {
                    $crate::kernels::select::unique_by_key::<
                        $k,
                        $v,
                        {
                            $crate::policy::common::items_per_thread(
                                if ::core::mem::size_of::<$k>() > ::core::mem::size_of::<$v>() {
                                    ::core::mem::size_of::<$k>()
                                } else {
                                    ::core::mem::size_of::<$v>()
                                },
                            )
                        },
                    >(p)
                }
            }
        };
    )* };
}

/// The comparator merge sort and merge for each (comparator, type) pair: the stock list
/// and [`instantiate_compare!`](crate::instantiate_compare) expand to this. Keys alone, and
/// beside 4- and 8-byte values (moved as `u32` / `u64` words); the partition is shared.
///
/// PTX: `parallax_merge_block_sort{,_v4,_v8}__<C>__<T>`, `parallax_merge_partition__<C>__<T>`,
/// `parallax_merge_tiles{,_v4,_v8}__<C>__<T>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __compare_entry_points {
    ($( ($ct:ident: $c:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__compare_entry_points!(@values $ct: $c, $tt: $t,
            merge_block_sort merge_tiles (),
            merge_block_sort_v4 merge_tiles_v4 u32,
            merge_block_sort_v8 merge_tiles_v8 u64);
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(merge_partition, $ct, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::merge::MergeParams<$t, (), $c>) {
                // SAFETY: launched by parallaxis-device's merge launcher (the contract).
                unsafe {
                    $crate::kernels::merge::partition::<$t, (), $c>(
                        p,
                        $crate::policy::merge::merge_tile_items(::core::mem::size_of::<$t>()) as u64,
                    )
                }
            }
        };
    )* };
    (@values $ct:ident: $c:ty, $tt:ident: $t:ty, $($sort:ident $merge:ident $v:ty),*) => { $(
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!($sort, $ct, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::merge::BlockSortParams<$t, $v, $c>) {
                // SAFETY: launched by parallaxis-device's merge launcher (the contract).
                unsafe {
                    $crate::kernels::merge::block_sort::<
                        $t,
                        $v,
                        $c,
                        { $crate::policy::merge::merge_items(::core::mem::size_of::<$t>()) },
                    >(p)
                }
            }
        };
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!($merge, $ct, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::merge::MergeParams<$t, $v, $c>) {
                // SAFETY: as above.
                unsafe {
                    $crate::kernels::merge::merge_tiles::<
                        $t,
                        $v,
                        $c,
                        { $crate::policy::merge::merge_items(::core::mem::size_of::<$t>()) },
                    >(p)
                }
            }
        };
    )* };
}
