//! The selection families: by predicate, `select_if` (copy_if, remove_if, stable partition),
//! the fused `count_if` (a `transform_reduce` of the predicate's `Indicator` with `Sum`
//! into a `u64`) and `find_if` (the first item the predicate answers for, stopping early) for
//! each (predicate, element) pair; by flags and by equality,
//! `select_flagged` (copy_if with a stencil), `select_unique` and `mismatch` (the first
//! position two inputs differ at, stopping early) for each element type; and
//! `unique_by_key` for each (key, value) pair, items per thread of the wider.
//!
//! PTX: `parallax_select_if__<P>__<T>`, `parallax_count_if__<P>__<T>`,
//! `parallax_find_if__<P>__<T>`,
//! `parallax_select_flagged__Flags__<T>`, `parallax_select_unique__Equal__<T>`,
//! `parallax_mismatch__<T>`,
//! `parallax_unique_by_key__<K>__<V>`.

/// The selection families' declarations (`@stock` by predicate, `flagged @stock`,
/// `by_key @stock`) and what each expands to: `@ptx` the entry points, `@host`
/// `parallaxis_device`'s `PredicateKernel` (with `KERNELS;`), `SelectKernel` or
/// `UniqueByKeyKernel`, `@abi` the entries' rows ([`crate::abi`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __predicate_family {
    // The stock predicates (`EqualTo` is also `count`) over the six primitive numbers.
    (@stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__predicate_family] [$($mode)*]
            {
                $crate::ops::LessThan<T>, $crate::ops::GreaterThan<T>, $crate::ops::EqualTo<T>,
                    $crate::ops::NotEqualTo<T>, $crate::ops::InRange<T>, $crate::ops::NonZero
                    for f32, f64, i32, u32, i64, u64;
            }
        }
    };

    (@ptx $( [[] {($($p:tt)*) [$($pt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            const ITEMS: usize = $crate::policy::common::items_per_thread(::core::mem::size_of::<T>());
            #[unsafe(export_name = concat!("parallax_select_if__", $($pt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn select(p: $crate::params::select::SelectParams<T, T, $($p)*>) {
                // SAFETY: launched by parallaxis-device's select launcher, which upholds the
                // contract (the host impl names this entry with this parameter type).
                unsafe { $crate::kernels::select::select_if::<T, $($p)*, ITEMS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_count_if__", $($pt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn count(
                p: $crate::params::reduce::TransformReduceParams<
                    T,
                    $crate::ops::Indicator<$($p)*>,
                    u64,
                    $crate::ops::Sum,
                >,
            ) {
                // SAFETY: as above.
                unsafe {
                    $crate::kernels::reduce::transform_reduce::<
                        T,
                        u64,
                        $crate::ops::Indicator<$($p)*>,
                        $crate::ops::Sum,
                        ITEMS,
                        { $crate::policy::common::items_per_thread(8) },
                    >(p)
                }
            }
            #[unsafe(export_name = concat!("parallax_find_if__", $($pt)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn find(p: $crate::params::select::FindParams<T, $($p)*>) {
                // SAFETY: as above (the find launcher).
                unsafe { $crate::kernels::select::find_if::<T, $($p)*, ITEMS>(p) }
            }
        };
    )* };

    (@host $kernels:path; $( [[] {($($p:tt)*) [$($pt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            // SAFETY: the same declaration, compiled for nvptx64 into `$kernels`, generates
            // the three entry points, taking `SelectParams<T, T, P>`,
            // `TransformReduceParams<T, Indicator<P>, u64, Sum>` and `FindParams<T, P>`.
            unsafe impl ::parallaxis_device::PredicateKernel<T> for $($p)* {
                const KERNELS: ::parallaxis_device::Kernels = $kernels;
                const SELECT_IF: &'static str = concat!("parallax_select_if__", $($pt)*, "__", $($tt)*);
                const COUNT_IF: &'static str = concat!("parallax_count_if__", $($pt)*, "__", $($tt)*);
                const FIND_IF: &'static str = concat!("parallax_find_if__", $($pt)*, "__", $($tt)*);
            }
        };
    )* };

    (@abi $( [[] {($($p:tt)*) [$($pt:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => {
        &[$({
            type T = $($t)*;
            [
                $crate::abi::Entry::of::<$crate::params::select::SelectParams<T, T, $($p)*>>(
                    concat!("parallax_select_if__", $($pt)*, "__", $($tt)*),
                ),
                $crate::abi::Entry::of::<$crate::params::reduce::TransformReduceParams<
                    T,
                    $crate::ops::Indicator<$($p)*>,
                    u64,
                    $crate::ops::Sum,
                >>(concat!("parallax_count_if__", $($pt)*, "__", $($tt)*)),
                $crate::abi::Entry::of::<$crate::params::select::FindParams<T, $($p)*>>(
                    concat!("parallax_find_if__", $($pt)*, "__", $($tt)*),
                ),
            ]
        }),*]
    };

    // The six primitive numbers.
    (flagged @stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__predicate_family] [flagged $($mode)*]
            { f32, f64, i32, u32, i64, u64; }
        }
    };
    (flagged @ptx $( [{($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            const ITEMS: usize = $crate::policy::common::items_per_thread(::core::mem::size_of::<T>());
            #[unsafe(export_name = concat!("parallax_select_flagged__Flags__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn flagged(p: $crate::params::select::SelectParams<T, T, ()>) {
                // SAFETY: launched by parallaxis-device's select launcher, which upholds the
                // contract.
                unsafe { $crate::kernels::select::select_flagged::<T, ITEMS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_select_unique__Equal__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn unique(p: $crate::params::select::SelectParams<T, T, ()>) {
                // SAFETY: as above.
                unsafe { $crate::kernels::select::select_unique::<T, ITEMS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_mismatch__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn mismatch(p: $crate::params::select::MismatchParams<T>) {
                // SAFETY: launched by parallaxis-device's mismatch launcher, which upholds the
                // contract.
                unsafe { $crate::kernels::select::mismatch::<T, ITEMS>(p) }
            }
        };
    )* };
    (flagged @host $kernels:path; $( [{($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        // SAFETY: the same declaration generates the three entry points, taking
        // `SelectParams<T, T, ()>` and `MismatchParams<T>`.
        unsafe impl ::parallaxis_device::SelectKernel for $($t)* {
            const SELECT_FLAGGED: &'static str = concat!("parallax_select_flagged__Flags__", $($tt)*);
            const SELECT_UNIQUE: &'static str = concat!("parallax_select_unique__Equal__", $($tt)*);
            const MISMATCH: &'static str = concat!("parallax_mismatch__", $($tt)*);
        }
    )* };
    (flagged @abi $( [{($($t:tt)*) [$($tt:tt)*]}] )*) => {
        &[$([
            $crate::abi::Entry::of::<$crate::params::select::SelectParams<$($t)*, $($t)*, ()>>(
                concat!("parallax_select_flagged__Flags__", $($tt)*),
            ),
            $crate::abi::Entry::of::<$crate::params::select::SelectParams<$($t)*, $($t)*, ()>>(
                concat!("parallax_select_unique__Equal__", $($tt)*),
            ),
            $crate::abi::Entry::of::<$crate::params::select::MismatchParams<$($t)*>>(
                concat!("parallax_mismatch__", $($tt)*),
            ),
        ]),*]
    };

    // `u32` and `u64` keys beside values of the six primitive numbers.
    (by_key @stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__predicate_family] [by_key $($mode)*]
            { u32, u64 for f32, f64, i32, u32, i64, u64; }
        }
    };
    (by_key @ptx $( [[] {($($k:tt)*) [$($kt:tt)*]} {($($v:tt)*) [$($vt:tt)*]}] )*) => { $(
        const _: () = {
            type K = $($k)*;
            type V = $($v)*;
            #[unsafe(export_name = concat!("parallax_unique_by_key__", $($kt)*, "__", $($vt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::select::SelectParams<K, V, ()>) {
                // SAFETY: launched by parallaxis-device's select launcher, which upholds the
                // contract.
                unsafe {
                    $crate::kernels::select::unique_by_key::<
                        K,
                        V,
                        {
                            $crate::policy::common::items_per_thread(
                                if ::core::mem::size_of::<K>() > ::core::mem::size_of::<V>() {
                                    ::core::mem::size_of::<K>()
                                } else {
                                    ::core::mem::size_of::<V>()
                                },
                            )
                        },
                    >(p)
                }
            }
        };
    )* };
    (by_key @host $kernels:path; $( [[] {($($k:tt)*) [$($kt:tt)*]} {($($v:tt)*) [$($vt:tt)*]}] )*) => { $(
        // SAFETY: the same declaration generates the entry point, taking
        // `SelectParams<K, V, ()>`.
        unsafe impl ::parallaxis_device::UniqueByKeyKernel<$($v)*> for $($k)* {
            const UNIQUE_BY_KEY: &'static str =
                concat!("parallax_unique_by_key__", $($kt)*, "__", $($vt)*);
        }
    )* };
    (by_key @abi $( [[] {($($k:tt)*) [$($kt:tt)*]} {($($v:tt)*) [$($vt:tt)*]}] )*) => {
        &[$([$crate::abi::Entry::of::<$crate::params::select::SelectParams<$($k)*, $($v)*, ()>>(
            concat!("parallax_unique_by_key__", $($kt)*, "__", $($vt)*),
        )]),*]
    };
}
