//! The semiring family (`kernels/spmv/`): SpMV for each (semiring, element) pair, in CSR
//! (row per sub-warp and merge-based), COO and ELL for `u32` and for `u64` indices, and the
//! fix-up of rows crossing warp tiles (shared by both widths). The merge-based CSR's tile
//! coordinates are one entry per index width for every pair (`kernels/spmv/mod.rs`).
//!
//! PTX: `parallax_spmv_{csr_vector,csr_merge,coo,ell}_{u32,u64}__<S>__<T>`,
//! `parallax_spmv_fixup__<S>__<T>`.

/// The semiring family's declaration (`@stock`: the library's pairs) and what it expands to:
/// `@ptx` the entry points (expanded in `kernels/spmv/`, where the bodies are), `@host`
/// `parallaxis_device`'s `SemiringKernel`, `@abi` the entries' rows ([`crate::abi`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __semiring_family {
    // `PlusTimes` and `MinPlus` over the six primitive numbers, `MaxTimes` over both floats,
    // `OrAnd` over `bool`.
    (@stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__semiring_family] [$($mode)*]
            { $crate::ops::PlusTimes, $crate::ops::MinPlus for f32, f64, i32, u32, i64, u64; }
            { $crate::ops::MaxTimes for f32, f64; }
            { $crate::ops::OrAnd for bool; }
        }
    };

    (@ptx $( [[] {($($s:tt)*) [$($st:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        $crate::__semiring_family! { @ptx_index ($($s)*) [$($st)*] ($($t)*) [$($tt)*] u32 }
        $crate::__semiring_family! { @ptx_index ($($s)*) [$($st)*] ($($t)*) [$($tt)*] u64 }
        const _: () = {
            type T = $($t)*;
            #[unsafe(export_name = concat!("parallax_spmv_fixup__", $($st)*, "__", $($tt)*))]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::spmv::SpmvFixupParams<T, $($s)*>) {
                // SAFETY: launched by parallaxis-device's SpMV launcher, which upholds the
                // contract (the host impl names this entry with this parameter type).
                unsafe { $crate::kernels::spmv::fixup::<T, $($s)*>(p) }
            }
        };
    )* };
    // The four entry points of one index width `I`.
    (@ptx_index ($($s:tt)*) [$($st:tt)*] ($($t:tt)*) [$($tt:tt)*] $i:ident) => {
        const _: () = {
            type T = $($t)*;
            use $crate::params::spmv::{SpmvCsrVectorParams, SpmvEllParams, SpmvMergeParams};
            #[unsafe(export_name = concat!("parallax_spmv_csr_vector_", stringify!($i), "__", $($st)*, "__", $($tt)*))]
            unsafe extern "ptx-kernel" fn vector(p: SpmvCsrVectorParams<T, $i, $($s)*>) {
                // SAFETY: launched by parallaxis-device's SpMV launcher, which upholds the
                // contract (the host impl names this entry with this parameter type).
                unsafe { $crate::kernels::spmv::csr_vector::<T, $i, $($s)*>(p) }
            }
            #[unsafe(export_name = concat!("parallax_spmv_csr_merge_", stringify!($i), "__", $($st)*, "__", $($tt)*))]
            unsafe extern "ptx-kernel" fn merge(p: SpmvMergeParams<T, $i, $($s)*>) {
                // SAFETY: as above.
                unsafe { $crate::kernels::spmv::csr_merge::<T, $i, $($s)*>(p) }
            }
            #[unsafe(export_name = concat!("parallax_spmv_coo_", stringify!($i), "__", $($st)*, "__", $($tt)*))]
            unsafe extern "ptx-kernel" fn coo(p: SpmvMergeParams<T, $i, $($s)*>) {
                // SAFETY: as above.
                unsafe { $crate::kernels::spmv::coo::<T, $i, $($s)*>(p) }
            }
            #[unsafe(export_name = concat!("parallax_spmv_ell_", stringify!($i), "__", $($st)*, "__", $($tt)*))]
            unsafe extern "ptx-kernel" fn ell(p: SpmvEllParams<T, $i, $($s)*>) {
                // SAFETY: as above.
                unsafe { $crate::kernels::spmv::ell::<T, $i, $($s)*>(p) }
            }
        };
    };

    (@host $( [[] {($($s:tt)*) [$($st:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        // SAFETY: the same declaration, compiled for nvptx64, generates these entry points,
        // with the parameter structs documented on `SpmvEntries`.
        unsafe impl ::parallaxis_device::SemiringKernel<$($t)*> for $($s)* {
            const SPMV_U32: ::parallaxis_device::SpmvEntries =
                $crate::__semiring_family!(@entries [$($st)*] [$($tt)*] u32);
            const SPMV_U64: ::parallaxis_device::SpmvEntries =
                $crate::__semiring_family!(@entries [$($st)*] [$($tt)*] u64);
        }
    )* };
    (@entries [$($st:tt)*] [$($tt:tt)*] $i:ident) => {
        ::parallaxis_device::SpmvEntries {
            csr_vector: concat!("parallax_spmv_csr_vector_", stringify!($i), "__", $($st)*, "__", $($tt)*),
            csr_merge: concat!("parallax_spmv_csr_merge_", stringify!($i), "__", $($st)*, "__", $($tt)*),
            coo: concat!("parallax_spmv_coo_", stringify!($i), "__", $($st)*, "__", $($tt)*),
            ell: concat!("parallax_spmv_ell_", stringify!($i), "__", $($st)*, "__", $($tt)*),
            fixup: concat!("parallax_spmv_fixup__", $($st)*, "__", $($tt)*),
        }
    };

    (@abi $( [[] {($($s:tt)*) [$($st:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => {{
        use $crate::abi::Entry;
        use $crate::params::spmv::{
            SpmvCsrVectorParams, SpmvEllParams, SpmvFixupParams, SpmvMergeParams,
        };
        &[$({
            type T = $($t)*;
            type S = $($s)*;
            [
                Entry::of::<SpmvCsrVectorParams<T, u32, S>>(concat!("parallax_spmv_csr_vector_u32__", $($st)*, "__", $($tt)*)),
                Entry::of::<SpmvMergeParams<T, u32, S>>(concat!("parallax_spmv_csr_merge_u32__", $($st)*, "__", $($tt)*)),
                Entry::of::<SpmvMergeParams<T, u32, S>>(concat!("parallax_spmv_coo_u32__", $($st)*, "__", $($tt)*)),
                Entry::of::<SpmvEllParams<T, u32, S>>(concat!("parallax_spmv_ell_u32__", $($st)*, "__", $($tt)*)),
                Entry::of::<SpmvCsrVectorParams<T, u64, S>>(concat!("parallax_spmv_csr_vector_u64__", $($st)*, "__", $($tt)*)),
                Entry::of::<SpmvMergeParams<T, u64, S>>(concat!("parallax_spmv_csr_merge_u64__", $($st)*, "__", $($tt)*)),
                Entry::of::<SpmvMergeParams<T, u64, S>>(concat!("parallax_spmv_coo_u64__", $($st)*, "__", $($tt)*)),
                Entry::of::<SpmvEllParams<T, u64, S>>(concat!("parallax_spmv_ell_u64__", $($st)*, "__", $($tt)*)),
                Entry::of::<SpmvFixupParams<T, S>>(concat!("parallax_spmv_fixup__", $($st)*, "__", $($tt)*)),
            ]
        }),*]
    }};
}
