//! The extremum family: the fused extremum reduce (`kernels/reduce/arg.rs`: `min_element`,
//! `max_element`, `minmax_element`) for each (`ArgReduce` monoid, element) pair.
//!
//! PTX: `parallax_arg_reduce__<M>__<T>`.

/// The extremum family's declaration (`@stock`: the library's pairs) and what it expands to:
/// `@ptx` the entry points, `@host` `parallaxis_device`'s `ArgReduceKernel`, `@abi` the
/// entries' rows ([`crate::abi`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __arg_reduce_family {
    // `ArgMin`, `ArgMax` and `ArgMinMax` over the six primitive numbers.
    (@stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__arg_reduce_family] [$($mode)*]
            {
                $crate::ops::ArgMin, $crate::ops::ArgMax, $crate::ops::ArgMinMax
                    for f32, f64, i32, u32, i64, u64;
            }
        }
    };

    (@ptx $( [[] {($($m:tt)*) [$($mt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            type Pick = <$($m)* as ::parallaxis_core::ArgReduce<T>>::Pick;
            #[unsafe(export_name = concat!("parallax_arg_reduce__", $($mt)*, "__", $($tt)*))]
            unsafe extern "ptx-kernel" fn entry(
                p: $crate::params::extrema::ArgReduceParams<T, Pick, $($m)*>,
            ) {
                // SAFETY: launched by parallaxis-device's extremum launcher, which upholds the
                // contract of `arg_reduce` (the host impl names this entry with this
                // parameter type).
                unsafe {
                    $crate::kernels::reduce::arg::arg_reduce::<
                        T,
                        $($m)*,
                        { $crate::policy::common::items_per_thread(::core::mem::size_of::<T>()) },
                        { $crate::policy::common::items_per_thread(::core::mem::size_of::<Pick>()) },
                    >(p)
                }
            }
        };
    )* };

    (@host $( [[] {($($m:tt)*) [$($mt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        // SAFETY: the same declaration, compiled for nvptx64, generates this entry point,
        // taking `ArgReduceParams<T, Pick, M>`.
        unsafe impl ::parallaxis_device::ArgReduceKernel<$($t)*> for $($m)* {
            const ARG_REDUCE: &'static str =
                concat!("parallax_arg_reduce__", $($mt)*, "__", $($tt)*);
        }
    )* };

    (@abi $( [[] {($($m:tt)*) [$($mt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => {{
        use $crate::abi::Entry;
        use $crate::params::extrema::ArgReduceParams;
        &[$({
            type T = $($t)*;
            type Pick = <$($m)* as ::parallaxis_core::ArgReduce<T>>::Pick;
            [Entry::of::<ArgReduceParams<T, Pick, $($m)*>>(
                concat!("parallax_arg_reduce__", $($mt)*, "__", $($tt)*),
            )]
        }),*]
    }};
}
