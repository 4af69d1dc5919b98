//! Instantiating the library's kernels for YOUR types, in your own crate.
//!
//! A GPU entry point must be concrete, so the library's PTX only holds the stock operator ×
//! type pairs of [`for_each_monoid_instance!`](crate::for_each_monoid_instance) and friends.
//! For your own monoid or functor, write a small `no_std` kernel crate that
//!
//! 1. defines the operator and element types (`#[repr(C)]`, `Copy`, and
//!    `parallax_core::DeviceCopy` for element types),
//! 2. invokes [`instantiate_monoid!`](crate::instantiate_monoid),
//!    [`instantiate_unary!`](crate::instantiate_unary) or
//!    [`instantiate_binary!`](crate::instantiate_binary) with them, and
//! 3. builds itself to PTX from its `build.rs` with `parallax-ptx-builder`, embedding the PTX
//!    as a `pub const PTX: &str` that the macros name.
//!
//! Each macro expands, when the crate is compiled for **nvptx64**, to the same entry points
//! the library generates for its stock list (the same generic kernel bodies, so the same
//! tuning and the same operand order), named by [`entry_name!`](crate::entry_name); and, when
//! it is compiled for the **host**, to the `parallax_device` kernel trait implementations
//! (`MonoidKernel<T>`, `UnaryKernel<A>`, `BinaryKernel<A, B>`) whose `PTX` is your PTX and
//! whose names are those entry points. Trait impls must live in the crate that defines the
//! type (orphan rule), which is why the macro runs in your kernel crate, and why that crate
//! has a host-only dependency on `parallax-device`:
//!
//! ```toml
//! [dependencies]
//! parallax-core = { version = "0.1", default-features = false }
//! parallax-kernels = "0.1"
//! [target.'cfg(not(target_arch = "nvptx64"))'.dependencies]
//! parallax-device = "0.1"
//! [build-dependencies]
//! parallax-ptx-builder = "0.1"
//! ```
//!
//! ```ignore
//! // src/lib.rs of the kernel crate
//! #![no_std]
//! #![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]
//!
//! #[cfg(not(target_arch = "nvptx64"))]
//! pub const PTX: &str = include_str!(concat!(env!("OUT_DIR"), "/my_kernels.ptx"));
//!
//! parallax_kernels::instantiate_monoid! {
//!     ptx = crate::PTX;
//!     (MatMul: crate::MatMul, Mat2: crate::Mat2),
//! }
//! ```
//!
//! An operator/type pair that was never instantiated has no kernel trait implementation, so a
//! GPU algorithm called with it does not compile (see `parallax_device::user` for a
//! `compile_fail` example). The tags (`MatMul`, `Mat2`) only name the entry points
//! (`parallax_reduce__MatMul__Mat2`); they must be unique within your crate.
//!
//! Adding a kernel family (say SpMV semirings) to the user macros takes three things: an
//! exported `__<family>_entry_points!` macro here holding the family's `extern "ptx-kernel"`
//! wrappers (which the stock list's callback in `kernels/mod.rs` also forwards to, so stock
//! and user kernels cannot drift apart), a `__<family>_host_impls!` macro implementing the
//! family's kernel trait from `parallax_device` with `const PTX = $ptx`, and an
//! `instantiate_<family>!` that dispatches on `target_arch` as the three below do.

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
                // SAFETY: launched by parallax-device's launcher, which upholds the contract.
                unsafe {
                    $crate::$($kernel)::+::<
                        $t,
                        $m,
                        { $crate::tuning::items_per_thread(::core::mem::size_of::<$t>()) },
                        $($extra),*
                    >(p)
                }
            }
        };
    };
}

/// `reduce`, `inclusive_scan` and `exclusive_scan` entry points for each (monoid, type)
/// pair: the stock list and [`instantiate_monoid!`](crate::instantiate_monoid) expand to this.
#[doc(hidden)]
#[macro_export]
macro_rules! __monoid_entry_points {
    ($( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__tile_entry_point!(reduce, $mt: $m, $tt: $t,
            $crate::params::ReduceParams<$t, $m>, kernels::reduce::reduce);
        $crate::__tile_entry_point!(inclusive_scan, $mt: $m, $tt: $t,
            $crate::params::ScanParams<$t, $m>, kernels::scan::scan, false);
        $crate::__tile_entry_point!(exclusive_scan, $mt: $m, $tt: $t,
            $crate::params::ScanParams<$t, $m>, kernels::scan::scan, true);
    )* };
}

/// The segmented entry points for each (monoid, type) pair: inclusive and exclusive
/// segmented scans (by flags, keys or offsets, looking back; and the `_carry` pair for
/// flags and offsets, folding a tile's carry itself), the segmented-reduce gathers and the
/// one-pass reduce of runs (reduce by key). The stock list and
/// [`instantiate_monoid!`](crate::instantiate_monoid) expand to this.
#[doc(hidden)]
#[macro_export]
macro_rules! __segmented_entry_points {
    ($( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__tile_entry_point!(seg_inclusive_scan, $mt: $m, $tt: $t,
            $crate::params_segmented::SegScanParams<$t, $m>, kernels::segmented::seg_scan,
            false, false);
        $crate::__tile_entry_point!(seg_exclusive_scan, $mt: $m, $tt: $t,
            $crate::params_segmented::SegScanParams<$t, $m>, kernels::segmented::seg_scan,
            true, false);
        $crate::__tile_entry_point!(seg_inclusive_scan_carry, $mt: $m, $tt: $t,
            $crate::params_segmented::SegScanParams<$t, $m>, kernels::segmented::seg_scan,
            false, true);
        $crate::__tile_entry_point!(seg_exclusive_scan_carry, $mt: $m, $tt: $t,
            $crate::params_segmented::SegScanParams<$t, $m>, kernels::segmented::seg_scan,
            true, true);
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(seg_gather, $mt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params_segmented::SegGatherParams<$t, $m>) {
                // SAFETY: launched by parallax-device's launcher, which upholds the contract.
                unsafe { $crate::kernels::segmented_aux::seg_gather::<$t, $m>(p) }
            }
        };
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(run_gather, $mt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params_segmented::RunGatherParams<$t, $m>) {
                // SAFETY: as above.
                unsafe { $crate::kernels::segmented_aux::run_gather::<$t, $m>(p) }
            }
        };
        $crate::__tile_entry_point!(reduce_runs, $mt: $m, $tt: $t,
            $crate::params_segmented::ReduceRunsParams<$t, $m>,
            kernels::reduce_runs::reduce_runs);
    )* };
}

/// `transform` entry points for each (unary functor, input type) pair.
#[doc(hidden)]
#[macro_export]
macro_rules! __unary_entry_points {
    ($( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(transform, $ft, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(
                p: $crate::params::TransformParams<
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
    ($algo:ident, $params:ident, $($kernel:ident)::+;
     ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty); $($extra:expr),*) => {
        const _: () = {
            type Out = <$f as $crate::ops::UnaryFunction<$t>>::Output;
            #[unsafe(export_name = $crate::fused_entry_name!($algo, $ft, $mt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::$params<$t, $f, Out, $m>) {
                // SAFETY: launched by parallax-device's fused launcher, with the parameters
                // the name's tags denote, which upholds the kernel's contract.
                unsafe { $crate::$($kernel)::+::<$t, Out, $f, $m, $($extra),*>(p) }
            }
        };
    };
}

/// Fused `transform_reduce` entry points for each (unary functor, monoid, input type)
/// triple: the stock list and [`instantiate_transform_reduce!`](crate::instantiate_transform_reduce)
/// expand to this. Items per thread: of the input in the first round, of the output in the
/// fold tree.
#[doc(hidden)]
#[macro_export]
macro_rules! __transform_reduce_entry_points {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__fused_entry_point!(
            transform_reduce, TransformReduceParams, kernels::reduce::transform_reduce;
            ($ft: $f, $mt: $m, $tt: $t);
            { $crate::tuning::items_per_thread(::core::mem::size_of::<$t>()) },
            { $crate::tuning::items_per_thread(::core::mem::size_of::<Out>()) }
        );
    )* };
}

/// Fused `transform_exclusive_scan` entry points for each (unary functor, monoid, input
/// type) triple: the stock list and
/// [`instantiate_transform_exclusive_scan!`](crate::instantiate_transform_exclusive_scan)
/// expand to this.
#[doc(hidden)]
#[macro_export]
macro_rules! __transform_exclusive_scan_entry_points {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__fused_entry_point!(
            transform_exclusive_scan, TransformScanParams, kernels::scan::transform_scan;
            ($ft: $f, $mt: $m, $tt: $t);
            { $crate::tuning::items_per_thread(::core::mem::size_of::<Out>()) },
            true
        );
    )* };
}

/// Fused `transform2_reduce` entry points for each (binary functor, monoid, input type)
/// triple, both inputs of that type: the stock list and
/// [`instantiate_transform2_reduce!`](crate::instantiate_transform2_reduce) expand to this.
/// Items per thread: of a pair of inputs in the first round, of the output in the fold tree.
#[doc(hidden)]
#[macro_export]
macro_rules! __transform2_reduce_entry_points {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            type Out = <$f as $crate::ops::BinaryFunction<$t, $t>>::Output;
            #[unsafe(export_name = $crate::fused_entry_name!(transform2_reduce, $ft, $mt, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(
                p: $crate::params::Transform2ReduceParams<$t, $t, $f, Out, $m>,
            ) {
                // SAFETY: launched by parallax-device's fused launcher, with the parameters
                // the name's tags denote, which upholds the kernel's contract.
                unsafe {
                    $crate::kernels::reduce::transform2_reduce::<
                        $t,
                        $t,
                        Out,
                        $f,
                        $m,
                        { $crate::tuning::items_per_thread(2 * ::core::mem::size_of::<$t>()) },
                        { $crate::tuning::items_per_thread(::core::mem::size_of::<Out>()) },
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
#[doc(hidden)]
#[macro_export]
macro_rules! __transform_scan_entry_points {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        $crate::__fused_entry_point!(
            transform_inclusive_scan, TransformScanParams, kernels::scan::transform_scan;
            ($ft: $f, $mt: $m, $tt: $t);
            { $crate::tuning::items_per_thread(::core::mem::size_of::<Out>()) },
            false
        );
    )* };
}

/// `transform2` entry points for each (binary functor, type) pair (both inputs that type).
#[doc(hidden)]
#[macro_export]
macro_rules! __binary_entry_points {
    ($( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = $crate::entry_name!(transform2, $ft, $tt))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(
                p: $crate::params::Transform2Params<
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

/// Host side of [`instantiate_monoid!`](crate::instantiate_monoid).
#[doc(hidden)]
#[macro_export]
macro_rules! __monoid_host_impls {
    ($ptx:path; $( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the same macro invocation, compiled for nvptx64 into the PTX `$ptx`,
        // generates these three entry points taking `ReduceParams<$t, $m>` and
        // `ScanParams<$t, $m>`.
        unsafe impl ::parallax_device::MonoidKernel<$t> for $m {
            const PTX: &'static str = $ptx;
            const OP: &'static str = stringify!($mt);
            const TYPE: &'static str = stringify!($tt);
            const REDUCE: &'static str = $crate::entry_name!(reduce, $mt, $tt);
            const INCLUSIVE_SCAN: &'static str = $crate::entry_name!(inclusive_scan, $mt, $tt);
            const EXCLUSIVE_SCAN: &'static str = $crate::entry_name!(exclusive_scan, $mt, $tt);
        }
        // SAFETY: the same invocation generates the seven segmented entry points in `$ptx`
        // (`__segmented_entry_points!`), taking the parameter types the trait names.
        unsafe impl ::parallax_device::SegmentedKernel<$t> for $m {
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
    ($ptx:path; $( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the same invocation generates the entry point in `$ptx`, taking
        // `TransformParams<$t, Output, $f>`.
        unsafe impl ::parallax_device::UnaryKernel<$t> for $f {
            const PTX: &'static str = $ptx;
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
    ($ptx:path; $( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the same invocation generates the entry point in `$ptx`, taking
        // `Transform2Params<$t, $t, Output, $f>`.
        unsafe impl ::parallax_device::BinaryKernel<$t, $t> for $f {
            const PTX: &'static str = $ptx;
            const OP: &'static str = stringify!($ft);
            const TYPE: &'static str = stringify!($tt);
            const TRANSFORM2: &'static str = $crate::entry_name!(transform2, $ft, $tt);
        }
    )* };
}

/// Instantiates `reduce`, `inclusive_scan`, `exclusive_scan` and the segmented family
/// (segmented scans by flags, keys and offsets, `segmented_reduce`, `reduce_by_key`) for your
/// own (monoid, element type) pairs, in your kernel crate (see the [module docs](crate::user)).
///
/// ```ignore
/// parallax_kernels::instantiate_monoid! {
///     ptx = crate::PTX;                       // your embedded PTX (host builds only)
///     (MatMul: crate::MatMul, Mat2: crate::Mat2),
///     (Last: crate::LastNonZero, u32: u32),
/// }
/// ```
///
/// On nvptx64 it generates the entry points `parallax_{reduce,inclusive_scan,exclusive_scan}
/// __<op tag>__<type tag>` and the seven segmented ones; on the host it implements
/// `parallax_device::MonoidKernel<T>` and `SegmentedKernel<T>` for the monoid with
/// `PTX = ptx`, so every monoid algorithm on `DeviceVector<T, Cuda>` accepts it. The kernel crate must enable
/// `#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]` and depend on `parallax-device`
/// on the host.
#[macro_export]
macro_rules! instantiate_monoid {
    (ptx = $ptx:path; $( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__monoid_entry_points! { $( ($mt: $m, $tt: $t) ),* }
        #[cfg(target_arch = "nvptx64")]
        $crate::__segmented_entry_points! { $( ($mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__monoid_host_impls! { $ptx; $( ($mt: $m, $tt: $t) ),* }
    };
}

/// Instantiates `transform` for your own (unary functor, input type) pairs; as
/// [`instantiate_monoid!`](crate::instantiate_monoid), implementing
/// `parallax_device::UnaryKernel<A>` on the host.
///
/// ```ignore
/// parallax_kernels::instantiate_unary! { ptx = crate::PTX; (Det: crate::Det, Mat2: crate::Mat2) }
/// ```
#[macro_export]
macro_rules! instantiate_unary {
    (ptx = $ptx:path; $( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__unary_entry_points! { $( ($ft: $f, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__unary_host_impls! { $ptx; $( ($ft: $f, $tt: $t) ),* }
    };
}

/// Instantiates a fused `transform_reduce` kernel for your own (unary functor, monoid,
/// input type) triples. The functor's `transform` kernel and the monoid's `reduce` kernel
/// (for the functor's output) must both be instantiated in this crate, with the same tags:
/// the host looks the entry point up by those tags in the module that holds both when
/// `transform_reduce` is first called with the triple (a triple without one runs as a
/// transform and a reduce, as does a functor and a monoid from different modules). On the
/// host this expands to compile-time checks that the triple's tags are the operators'
/// kernel-trait tags. Tags must not contain `__` (the name separator; the host does not
/// fuse with such a tag).
///
/// ```ignore
/// parallax_kernels::instantiate_transform_reduce! {
///     (Transpose: crate::Transpose, MatMul: crate::MatMul, Mat2: crate::Mat2)
/// }
/// ```
#[macro_export]
macro_rules! instantiate_transform_reduce {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__transform_reduce_entry_points! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__fused_host_checks! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
    };
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
                $crate::tag_is(<$f as ::parallax_device::UnaryKernel<$t>>::OP, stringify!($ft))
                    && $crate::tag_is(
                        <$f as ::parallax_device::UnaryKernel<$t>>::TYPE,
                        stringify!($tt)
                    )
                    && $crate::tag_is(
                        <$m as ::parallax_device::MonoidKernel<Out>>::OP,
                        stringify!($mt)
                    ),
                "a fused triple's tags must be those of its functor's and monoid's \
                 instantiate_unary! / instantiate_monoid! entries"
            );
        };
    )* };
}

/// Instantiates a fused `transform_inclusive_scan` kernel for your own (unary functor,
/// monoid, input type) triples, found by the host as
/// [`instantiate_transform_reduce!`](crate::instantiate_transform_reduce)'s are; the
/// functor's output must have its input's size and alignment (a compile-time error in the
/// PTX build otherwise).
///
/// ```ignore
/// parallax_kernels::instantiate_transform_inclusive_scan! {
///     (Transpose: crate::Transpose, MatMul: crate::MatMul, Mat2: crate::Mat2)
/// }
/// ```
#[macro_export]
macro_rules! instantiate_transform_inclusive_scan {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__transform_scan_entry_points! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__fused_host_checks! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
    };
}

/// Instantiates a fused `transform_exclusive_scan` kernel for your own (unary functor,
/// monoid, input type) triples, as
/// [`instantiate_transform_inclusive_scan!`](crate::instantiate_transform_inclusive_scan)
/// does the inclusive one.
///
/// ```ignore
/// parallax_kernels::instantiate_transform_exclusive_scan! {
///     (Transpose: crate::Transpose, MatMul: crate::MatMul, Mat2: crate::Mat2)
/// }
/// ```
#[macro_export]
macro_rules! instantiate_transform_exclusive_scan {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__transform_exclusive_scan_entry_points! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__fused_host_checks! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
    };
}

/// Instantiates a fused `transform2_reduce` kernel for your own (binary functor, monoid,
/// input type) triples (both inputs of that type), found by the host as
/// [`instantiate_transform_reduce!`](crate::instantiate_transform_reduce)'s are: the
/// functor's `transform2` kernel ([`instantiate_binary!`](crate::instantiate_binary)) and the
/// monoid's `reduce` kernel must both be instantiated in this crate with the same tags.
///
/// ```ignore
/// parallax_kernels::instantiate_transform2_reduce! {
///     (MatMul2: crate::MatMul2, MatMul: crate::MatMul, Mat2: crate::Mat2)
/// }
/// ```
#[macro_export]
macro_rules! instantiate_transform2_reduce {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__transform2_reduce_entry_points! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__fused2_host_checks! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
    };
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
                    <$f as ::parallax_device::BinaryKernel<$t, $t>>::OP,
                    stringify!($ft)
                ) && $crate::tag_is(
                    <$f as ::parallax_device::BinaryKernel<$t, $t>>::TYPE,
                    stringify!($tt)
                ) && $crate::tag_is(
                    <$m as ::parallax_device::MonoidKernel<Out>>::OP,
                    stringify!($mt)
                ),
                "a fused triple's tags must be those of its functor's and monoid's \
                 instantiate_binary! / instantiate_monoid! entries"
            );
        };
    )* };
}

/// Instantiates `transform2` for your own (binary functor, type) pairs (both inputs of that
/// type); as [`instantiate_monoid!`](crate::instantiate_monoid), implementing
/// `parallax_device::BinaryKernel<T, T>` on the host.
#[macro_export]
macro_rules! instantiate_binary {
    (ptx = $ptx:path; $( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__binary_entry_points! { $( ($ft: $f, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__binary_host_impls! { $ptx; $( ($ft: $f, $tt: $t) ),* }
    };
}
