//! The host side of the user `instantiate_*!` macros: the `parallaxis_device` kernel trait
//! implementations (`MonoidKernel<T>`, `UnaryKernel<A>`, `BinaryKernel<A, B>`, the fused kernels'
//! checks) whose `KERNELS` are the user's kernel library and whose names are the entry points
//! `entry/points.rs` generates.

/// Host side of [`instantiate_monoid!`](crate::instantiate_monoid).
#[doc(hidden)]
#[macro_export]
macro_rules! __monoid_host_impls {
    ($kernels:path; $( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the same macro invocation, compiled for nvptx64 into the kernels `$kernels`,
        // generates these three entry points taking `ReduceParams<$t, $m>` and
        // `ScanParams<$t, $m>`.
        unsafe impl ::parallaxis_device::MonoidKernel<$t> for $m {
            const KERNELS: ::parallaxis_device::Kernels = $kernels;
            const OP: &'static str = stringify!($mt);
            const TYPE: &'static str = stringify!($tt);
            const REDUCE: &'static str = $crate::entry_name!(reduce, $mt, $tt);
            const INCLUSIVE_SCAN: &'static str = $crate::entry_name!(inclusive_scan, $mt, $tt);
            const EXCLUSIVE_SCAN: &'static str = $crate::entry_name!(exclusive_scan, $mt, $tt);
        }
        // SAFETY: the same invocation generates the seven segmented entry points in `$kernels`
        // (`__segmented_entry_points!`), taking the parameter types the trait names.
        unsafe impl ::parallaxis_device::SegmentedKernel<$t> for $m {
            const SEG_INCLUSIVE_SCAN: &'static str =
                $crate::entry_name!(seg_inclusive_scan, $mt, $tt);
            const SEG_EXCLUSIVE_SCAN: &'static str =
                $crate::entry_name!(seg_exclusive_scan, $mt, $tt);
            const SEG_INCLUSIVE_SCAN_CARRY: &'static str =
                $crate::entry_name!(seg_inclusive_scan_carry, $mt, $tt);
            const SEG_EXCLUSIVE_SCAN_CARRY: &'static str =
                $crate::entry_name!(seg_exclusive_scan_carry, $mt, $tt);
            const SEG_GATHER: &'static str = $crate::entry_name!(seg_gather, $mt, $tt);
            const RUN_GATHER: &'static str = $crate::entry_name!(run_gather, $mt, $tt);
            const REDUCE_RUNS: &'static str = $crate::entry_name!(reduce_runs, $mt, $tt);
        }
    )* };
}

/// Host side of [`instantiate_unary!`](crate::instantiate_unary).
#[doc(hidden)]
#[macro_export]
macro_rules! __unary_host_impls {
    ($kernels:path; $( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the same invocation generates the entry point in `$kernels`, taking
        // `TransformParams<$t, Output, $f>`.
        unsafe impl ::parallaxis_device::UnaryKernel<$t> for $f {
            const KERNELS: ::parallaxis_device::Kernels = $kernels;
            const OP: &'static str = stringify!($ft);
            const TYPE: &'static str = stringify!($tt);
            const TRANSFORM: &'static str = $crate::entry_name!(transform, $ft, $tt);
        }
    )* };
}

/// Host side of [`instantiate_binary!`](crate::instantiate_binary).
#[doc(hidden)]
#[macro_export]
macro_rules! __binary_host_impls {
    ($kernels:path; $( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the same invocation generates the entry point in `$kernels`, taking
        // `Transform2Params<$t, $t, Output, $f>`.
        unsafe impl ::parallaxis_device::BinaryKernel<$t, $t> for $f {
            const KERNELS: ::parallaxis_device::Kernels = $kernels;
            const OP: &'static str = stringify!($ft);
            const TYPE: &'static str = stringify!($tt);
            const TRANSFORM2: &'static str = $crate::entry_name!(transform2, $ft, $tt);
        }
    )* };
}

/// Host side of the fused-kernel macros: the host finds a fused entry by the operators'
/// kernel-trait tags, so each triple's tags must be those tags (a typo, or a functor whose
/// output is not the monoid's type, would name an entry with other parameter types): checked
/// at compile time, which also type-checks the triple against the host traits.
#[doc(hidden)]
#[macro_export]
macro_rules! __fused_host_checks {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            type Out = <$f as $crate::ops::UnaryFunction<$t>>::Output;
            assert!(
                $crate::tag_is(<$f as ::parallaxis_device::UnaryKernel<$t>>::OP, stringify!($ft))
                    && $crate::tag_is(
                        <$f as ::parallaxis_device::UnaryKernel<$t>>::TYPE,
                        stringify!($tt)
                    )
                    && $crate::tag_is(
                        <$m as ::parallaxis_device::MonoidKernel<Out>>::OP,
                        stringify!($mt)
                    ),
                "a fused triple's tags must be those of its functor's and monoid's \
                 instantiate_unary! / instantiate_monoid! entries"
            );
        };
    )* };
}

/// Host side of [`instantiate_transform2_reduce!`](crate::instantiate_transform2_reduce): as
/// `__fused_host_checks!`, against the binary functor's `BinaryKernel` tags.
#[doc(hidden)]
#[macro_export]
macro_rules! __fused2_host_checks {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            type Out = <$f as $crate::ops::BinaryFunction<$t, $t>>::Output;
            assert!(
                $crate::tag_is(
                    <$f as ::parallaxis_device::BinaryKernel<$t, $t>>::OP,
                    stringify!($ft)
                ) && $crate::tag_is(
                    <$f as ::parallaxis_device::BinaryKernel<$t, $t>>::TYPE,
                    stringify!($tt)
                ) && $crate::tag_is(
                    <$m as ::parallaxis_device::MonoidKernel<Out>>::OP,
                    stringify!($mt)
                ),
                "a fused triple's tags must be those of its functor's and monoid's \
                 instantiate_binary! / instantiate_monoid! entries"
            );
        };
    )* };
}

/// Host side of [`instantiate_predicate!`](crate::instantiate_predicate).
#[doc(hidden)]
#[macro_export]
macro_rules! __predicate_host_impls {
    ($kernels:path; $( ($pt:ident: $p:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the same invocation generates both entry points in `$kernels`
        // (`__predicate_entry_points!`), taking `SelectParams<$t, $t, $p>` and
        // `TransformReduceParams<$t, Indicator<$p>, u64, Sum>`.
        unsafe impl ::parallaxis_device::PredicateKernel<$t> for $p {
            const KERNELS: ::parallaxis_device::Kernels = $kernels;
            const SELECT_IF: &'static str = $crate::entry_name!(select_if, $pt, $tt);
            const COUNT_IF: &'static str = $crate::entry_name!(count_if, $pt, $tt);
        }
    )* };
}

/// Host side of [`instantiate_compare!`](crate::instantiate_compare).
#[doc(hidden)]
#[macro_export]
macro_rules! __compare_host_impls {
    ($kernels:path; $( ($ct:ident: $c:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the same invocation generates every entry point in `$kernels`
        // (`__compare_entry_points!`), taking `BlockSortParams<$t, V, $c>` and
        // `MergeParams<$t, V, $c>` for `V` = `()`, `u32`, `u64` as named.
        unsafe impl ::parallaxis_device::CompareKernel<$t> for $c {
            const KERNELS: ::parallaxis_device::Kernels = $kernels;
            const BLOCK_SORT: [&'static str; 3] = [
                $crate::entry_name!(merge_block_sort, $ct, $tt),
                $crate::entry_name!(merge_block_sort_v4, $ct, $tt),
                $crate::entry_name!(merge_block_sort_v8, $ct, $tt),
            ];
            const PARTITION: &'static str = $crate::entry_name!(merge_partition, $ct, $tt);
            const MERGE: [&'static str; 3] = [
                $crate::entry_name!(merge_tiles, $ct, $tt),
                $crate::entry_name!(merge_tiles_v4, $ct, $tt),
                $crate::entry_name!(merge_tiles_v8, $ct, $tt),
            ];
        }
    )* };
}
