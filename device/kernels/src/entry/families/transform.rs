//! The element-wise families: `transform` for each (unary functor, input) pair, `transform2`
//! for each (binary functor, input) pair (both inputs of that type), `tabulate` for each
//! (index functor, output) pair.
//!
//! PTX: `parallax_transform__<F>__<A>`, `parallax_transform2__<F>__<A>`,
//! `parallax_tabulate__<F>__<T>`.

/// The element-wise families' declarations (`unary @stock`, `binary @stock`,
/// `tabulate @stock`) and what each expands to: `@ptx` the entry points, `@host KERNELS;`
/// `parallaxis_device`'s `UnaryKernel`, `BinaryKernel` or `TabulateKernel`, `@abi` the
/// entries' rows ([`crate::abi`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __transform_family {
    // `Square`, `Negate`, `Scale<T>` over the six primitive numbers; `Identity` over
    // `AffineMap<i64>` (`transform_reduce(Identity, Affine, ..)`: a fused pair whose monoid is
    // non-commutative); `PairWith`, each element beside a constant (how CUDA reads
    // `zip(&x, constant(c, n))`), for the element and second types of the stock `Both` pairs;
    // `ReplaceIf` of each stock predicate over the six numbers (`replace_if`, `replace`; one
    // predicate a line keeps each line's parse within the macro recursion limit).
    (unary @stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__transform_family] [unary $($mode)*]
            {
                $crate::ops::Square, $crate::ops::Negate, $crate::ops::Scale<T>
                    for f32, f64, i32, u32, i64, u64;
            }
            { $crate::ops::Identity for $crate::ops::AffineMap<i64>; }
            { $crate::ops::PairWith<u32>, $crate::ops::PairWith<f32> for f32; }
            { $crate::ops::PairWith<u64> for f64; }
            { $crate::ops::PairWith<i32> for i32; }
            {
                $crate::ops::ReplaceIf<$crate::ops::LessThan<T>, T>
                    for f32, f64, i32, u32, i64, u64;
            }
            {
                $crate::ops::ReplaceIf<$crate::ops::GreaterThan<T>, T>
                    for f32, f64, i32, u32, i64, u64;
            }
            {
                $crate::ops::ReplaceIf<$crate::ops::EqualTo<T>, T>
                    for f32, f64, i32, u32, i64, u64;
            }
            {
                $crate::ops::ReplaceIf<$crate::ops::NotEqualTo<T>, T>
                    for f32, f64, i32, u32, i64, u64;
            }
            {
                $crate::ops::ReplaceIf<$crate::ops::InRange<T>, T>
                    for f32, f64, i32, u32, i64, u64;
            }
            {
                $crate::ops::ReplaceIf<$crate::ops::NonZero, T>
                    for f32, f64, i32, u32, i64, u64;
            }
        }
    };
    // `SaxpyFunctor<T>`, `Plus`, `Minus` (also `adjacent_difference`, over the input shifted
    // by one) and `Times` over the six primitive numbers.
    (binary @stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__transform_family] [binary $($mode)*]
            {
                $crate::ops::SaxpyFunctor<T>, $crate::ops::Plus, $crate::ops::Minus,
                    $crate::ops::Times for f32, f64, i32, u32, i64, u64;
            }
        }
    };
    // `Sequence<T>` over the six primitive numbers.
    (tabulate @stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__transform_family] [tabulate $($mode)*]
            { $crate::ops::Sequence<T> for f32, f64, i32, u32, i64, u64; }
        }
    };

    (unary @ptx $( [[] {($($f:tt)*) [$($ft:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            #[unsafe(export_name = concat!("parallax_transform__", $($ft)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(
                p: $crate::params::transform::TransformParams<
                    T,
                    <$($f)* as $crate::ops::UnaryFunction<T>>::Output,
                    $($f)*,
                >,
            ) {
                // SAFETY: launched by parallaxis-device's launcher, which upholds the contract
                // (the host impl names this entry with this parameter type).
                unsafe { $crate::kernels::transform::transform::<T, $($f)*>(p) }
            }
        };
    )* };
    (binary @ptx $( [[] {($($f:tt)*) [$($ft:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            #[unsafe(export_name = concat!("parallax_transform2__", $($ft)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(
                p: $crate::params::transform::Transform2Params<
                    T,
                    T,
                    <$($f)* as $crate::ops::BinaryFunction<T, T>>::Output,
                    $($f)*,
                >,
            ) {
                // SAFETY: as for `transform`.
                unsafe { $crate::kernels::transform::transform2::<T, T, $($f)*>(p) }
            }
        };
    )* };
    (tabulate @ptx $( [[] {($($f:tt)*) [$($ft:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            #[unsafe(export_name = concat!("parallax_tabulate__", $($ft)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::transform::TabulateParams<T, $($f)*>) {
                // SAFETY: as for `transform`.
                unsafe { $crate::kernels::transform::tabulate::<$($f)*>(p) }
            }
        };
    )* };

    (unary @host $kernels:path; $( [[] {($($f:tt)*) [$($ft:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            // SAFETY: the same declaration, compiled for nvptx64 into `$kernels`, generates
            // the entry point taking `TransformParams<T, Output, F>`.
            unsafe impl ::parallaxis_device::UnaryKernel<T> for $($f)* {
                const KERNELS: ::parallaxis_device::Kernels = $kernels;
                const OP: &'static str = concat!($($ft)*);
                const TYPE: &'static str = concat!($($tt)*);
                const TRANSFORM: &'static str =
                    concat!("parallax_transform__", $($ft)*, "__", $($tt)*);
            }
        };
    )* };
    (binary @host $kernels:path; $( [[] {($($f:tt)*) [$($ft:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            // SAFETY: the same declaration, compiled for nvptx64 into `$kernels`, generates
            // the entry point taking `Transform2Params<T, T, Output, F>`.
            unsafe impl ::parallaxis_device::BinaryKernel<T, T> for $($f)* {
                const KERNELS: ::parallaxis_device::Kernels = $kernels;
                const OP: &'static str = concat!($($ft)*);
                const TYPE: &'static str = concat!($($tt)*);
                const TRANSFORM2: &'static str =
                    concat!("parallax_transform2__", $($ft)*, "__", $($tt)*);
            }
        };
    )* };
    (tabulate @host $kernels:path; $( [[] {($($f:tt)*) [$($ft:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            // SAFETY: the same declaration, compiled for nvptx64 into `$kernels`, generates
            // the entry point taking `TabulateParams<T, F>` (`T` is the functor's output).
            unsafe impl ::parallaxis_device::TabulateKernel for $($f)* {
                const KERNELS: ::parallaxis_device::Kernels = $kernels;
                const TABULATE: &'static str =
                    concat!("parallax_tabulate__", $($ft)*, "__", $($tt)*);
            }
        };
    )* };

    (unary @abi $( [[] {($($f:tt)*) [$($ft:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => {
        &[$({
            type T = $($t)*;
            [$crate::abi::Entry::of::<$crate::params::transform::TransformParams<
                T,
                <$($f)* as $crate::ops::UnaryFunction<T>>::Output,
                $($f)*,
            >>(concat!("parallax_transform__", $($ft)*, "__", $($tt)*))]
        }),*]
    };
    (binary @abi $( [[] {($($f:tt)*) [$($ft:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => {
        &[$({
            type T = $($t)*;
            [$crate::abi::Entry::of::<$crate::params::transform::Transform2Params<
                T,
                T,
                <$($f)* as $crate::ops::BinaryFunction<T, T>>::Output,
                $($f)*,
            >>(concat!("parallax_transform2__", $($ft)*, "__", $($tt)*))]
        }),*]
    };
    (tabulate @abi $( [[] {($($f:tt)*) [$($ft:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => {
        &[$({
            type T = $($t)*;
            [$crate::abi::Entry::of::<$crate::params::transform::TabulateParams<T, $($f)*>>(
                concat!("parallax_tabulate__", $($ft)*, "__", $($tt)*),
            )]
        }),*]
    };
}
