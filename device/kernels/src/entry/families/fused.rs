//! The fused families: a transform folded into a reduce or a scan in one kernel, for each
//! (functor, monoid, input) triple. Unary (`transform_reduce`, `transform_inclusive_scan`,
//! `transform_exclusive_scan`) and binary over two inputs of one type (`transform2_reduce`,
//! `transform2_inclusive_scan`, `transform2_exclusive_scan`). Every other pair of a transform
//! and a reduce or scan runs as a transform into a temporary and the reduce or scan; the lists
//! are short because each triple is a whole reduce or scan kernel in the PTX. A fused scan
//! needs the functor's output to have its input's size and alignment.
//!
//! The host finds a fused entry by the operators' kernel-trait tags at run time
//! (`parallaxis_device`'s `ops/fused/`), so the host side of a declaration is a compile-time
//! check that each triple's tags are those tags.
//!
//! PTX: `parallax_<algo>__<F>__<M>__<A>`.

/// The fused families' declarations (`<algo> @stock`) and what each expands to: `<algo> @ptx`
/// the entry points, `<algo> @host` the tag checks, `<algo> @abi` the entries' rows
/// ([`crate::abi`]); `<algo>` is one of `transform_reduce`, `transform_inclusive_scan`,
/// `transform_exclusive_scan`, `transform2_reduce`, `transform2_inclusive_scan`,
/// `transform2_exclusive_scan`.
#[doc(hidden)]
#[macro_export]
macro_rules! __fused_family {
    // The scans' triples, `Square` with `Max` over the six primitive numbers (sums of squares,
    // norms, the largest square) and `PairWith` with `Both(Sum, Sum)` over f32 and f64 (a
    // mean's (sum, count) of `zip(&x, constant(1, n))` in one pass).
    (transform_reduce @stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__fused_family] [transform_reduce $($mode)*]
            {
                $crate::ops::Square with $crate::ops::Sum, $crate::ops::Max
                    for f32, f64, i32, u32, i64, u64;
            }
            { $crate::ops::Identity with $crate::ops::Affine for $crate::ops::AffineMap<i64>; }
            {
                $crate::ops::PairWith<u32> with $crate::ops::Both<$crate::ops::Sum, $crate::ops::Sum>
                    for f32;
            }
            {
                $crate::ops::PairWith<u64> with $crate::ops::Both<$crate::ops::Sum, $crate::ops::Sum>
                    for f64;
            }
        }
    };
    // `Square` with `Sum` over the six primitive numbers and `Identity` with `Affine` over
    // `AffineMap<i64>` (a non-commutative monoid, which proves operand order).
    ($algo:ident @stock $($mode:tt)*) => {
        $crate::__fused_family! { @stock2 $algo [$algo $($mode)*] }
    };
    (@stock2 transform_inclusive_scan $mode:tt) => { $crate::__fused_family! { @unary_scans $mode } };
    (@stock2 transform_exclusive_scan $mode:tt) => { $crate::__fused_family! { @unary_scans $mode } };
    (@unary_scans $mode:tt) => {
        $crate::__declare! { [$crate::__fused_family] $mode
            { $crate::ops::Square with $crate::ops::Sum for f32, f64, i32, u32, i64, u64; }
            { $crate::ops::Identity with $crate::ops::Affine for $crate::ops::AffineMap<i64>; }
        }
    };
    // `Times` with `Sum` over two inputs of the six primitive numbers: the inner product
    // (`dot`) of every conjugate-gradient iteration, and its running scans.
    (@stock2 $algo:ident $mode:tt) => {
        $crate::__declare! { [$crate::__fused_family] $mode
            { $crate::ops::Times with $crate::ops::Sum for f32, f64, i32, u32, i64, u64; }
        }
    };

    // One entry point per triple; `Out` is the functor's output. Items per thread: of the
    // input (a pair of inputs for `transform2_reduce`) in a reduce's first round, of the
    // output in its fold tree and in the scans.
    ($algo:ident @ptx $( [[{($($f:tt)*) [$($ft:tt)*]}] {($($m:tt)*) [$($mt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            $crate::__fused_family!(@out $algo T, $($f)*);
            #[unsafe(export_name = concat!("parallax_", stringify!($algo), "__", $($ft)*, "__", $($mt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::__fused_family!(@params $algo T, $($f)*; $($m)*)) {
                // SAFETY: launched by parallaxis-device's fused launcher, with the parameters
                // the name's tags denote, which upholds the kernel's contract.
                unsafe { $crate::__fused_family!(@call $algo T, $($f)*; $($m)*)(p) }
            }
        };
    )* };
    (@out transform_reduce $t:ty, $f:ty) => { type Out = <$f as $crate::ops::UnaryFunction<$t>>::Output; };
    (@out transform_inclusive_scan $t:ty, $f:ty) => { type Out = <$f as $crate::ops::UnaryFunction<$t>>::Output; };
    (@out transform_exclusive_scan $t:ty, $f:ty) => { type Out = <$f as $crate::ops::UnaryFunction<$t>>::Output; };
    (@out $algo:ident $t:ty, $f:ty) => { type Out = <$f as $crate::ops::BinaryFunction<$t, $t>>::Output; };
    (@params transform_reduce $t:ty, $f:ty; $m:ty) => { $crate::params::reduce::TransformReduceParams<$t, $f, Out, $m> };
    (@params transform_inclusive_scan $t:ty, $f:ty; $m:ty) => { $crate::params::scan::TransformScanParams<$t, $f, Out, $m> };
    (@params transform_exclusive_scan $t:ty, $f:ty; $m:ty) => { $crate::params::scan::TransformScanParams<$t, $f, Out, $m> };
    (@params transform2_reduce $t:ty, $f:ty; $m:ty) => { $crate::params::reduce::Transform2ReduceParams<$t, $t, $f, Out, $m> };
    (@params $algo:ident $t:ty, $f:ty; $m:ty) => { $crate::params::scan::Transform2ScanParams<$t, $t, $f, Out, $m> };
    (@call transform_reduce $t:ty, $f:ty; $m:ty) => {
        $crate::kernels::reduce::transform_reduce::<
            $t, Out, $f, $m,
            { $crate::policy::common::items_per_thread(::core::mem::size_of::<$t>()) },
            { $crate::policy::common::items_per_thread(::core::mem::size_of::<Out>()) },
        >
    };
    (@call transform_inclusive_scan $t:ty, $f:ty; $m:ty) => {
        $crate::kernels::scan::transform_scan::<
            $t, Out, $f, $m,
            { $crate::policy::common::items_per_thread(::core::mem::size_of::<Out>()) },
            false,
        >
    };
    (@call transform_exclusive_scan $t:ty, $f:ty; $m:ty) => {
        $crate::kernels::scan::transform_scan::<
            $t, Out, $f, $m,
            { $crate::policy::common::items_per_thread(::core::mem::size_of::<Out>()) },
            true,
        >
    };
    (@call transform2_reduce $t:ty, $f:ty; $m:ty) => {
        $crate::kernels::reduce::transform2_reduce::<
            $t, $t, Out, $f, $m,
            { $crate::policy::common::items_per_thread(2 * ::core::mem::size_of::<$t>()) },
            { $crate::policy::common::items_per_thread(::core::mem::size_of::<Out>()) },
        >
    };
    (@call transform2_inclusive_scan $t:ty, $f:ty; $m:ty) => {
        $crate::kernels::scan::transform2_scan::<
            $t, $t, Out, $f, $m,
            { $crate::policy::common::items_per_thread(::core::mem::size_of::<Out>()) },
            false,
        >
    };
    (@call transform2_exclusive_scan $t:ty, $f:ty; $m:ty) => {
        $crate::kernels::scan::transform2_scan::<
            $t, $t, Out, $f, $m,
            { $crate::policy::common::items_per_thread(::core::mem::size_of::<Out>()) },
            true,
        >
    };

    // The host looks a fused entry up by the operators' kernel-trait tags, so each triple's
    // tags must be those tags (a functor whose output is not the monoid's type would name an
    // entry with other parameter types): checked at compile time, which also type-checks the
    // triple against the host traits.
    ($algo:ident @host $( [[{($($f:tt)*) [$($ft:tt)*]}] {($($m:tt)*) [$($mt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            $crate::__fused_family!(@out $algo T, $($f)*);
            assert!(
                $crate::tag_is($crate::__fused_family!(@tag $algo OP T, $($f)*), concat!($($ft)*))
                    && $crate::tag_is($crate::__fused_family!(@tag $algo TYPE T, $($f)*), concat!($($tt)*))
                    && $crate::tag_is(
                        <$($m)* as ::parallaxis_device::MonoidKernel<Out>>::OP,
                        concat!($($mt)*)
                    ),
                "a fused triple's operators must have the kernels of instantiate_unary! (or \
                 instantiate_binary!) and instantiate_monoid! in this crate"
            );
        };
    )* };
    (@tag transform_reduce $c:ident $t:ty, $f:ty) => { <$f as ::parallaxis_device::UnaryKernel<$t>>::$c };
    (@tag transform_inclusive_scan $c:ident $t:ty, $f:ty) => { <$f as ::parallaxis_device::UnaryKernel<$t>>::$c };
    (@tag transform_exclusive_scan $c:ident $t:ty, $f:ty) => { <$f as ::parallaxis_device::UnaryKernel<$t>>::$c };
    (@tag $algo:ident $c:ident $t:ty, $f:ty) => { <$f as ::parallaxis_device::BinaryKernel<$t, $t>>::$c };

    ($algo:ident @abi $( [[{($($f:tt)*) [$($ft:tt)*]}] {($($m:tt)*) [$($mt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => {
        &[$({
            type T = $($t)*;
            $crate::__fused_family!(@out $algo T, $($f)*);
            [$crate::abi::Entry::of::<$crate::__fused_family!(@params $algo T, $($f)*; $($m)*)>(
                concat!("parallax_", stringify!($algo), "__", $($ft)*, "__", $($mt)*, "__", $($tt)*),
            )]
        }),*]
    };
}
