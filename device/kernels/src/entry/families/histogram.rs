//! The histogram family (`kernels/histogram/`): `histogram_even` and `histogram_range` for
//! each sample type, with `u32` and with `u64` counters.
//!
//! PTX: `parallax_histogram_{even,range}__<T>__{u32,u64}`.

/// The histogram family's declaration (`@stock`: the library's sample types) and what it
/// expands to: `@ptx` the entry points (expanded in `kernels/histogram/`, where the bodies
/// are), `@host` `parallaxis_device`'s `HistogramKernel`, `@abi` the entries' rows
/// ([`crate::abi`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __histogram_family {
    // The integers of 1, 2 and 4 bytes and both floats.
    (@stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__histogram_family] [$($mode)*]
            { u8, i8, u16, i16, u32, i32, f32, f64; }
        }
    };

    (@ptx $( [{($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        $crate::__histogram_family! { @ptx_counter ($($t)*) [$($tt)*] u32 }
        $crate::__histogram_family! { @ptx_counter ($($t)*) [$($tt)*] u64 }
    )* };
    (@ptx_counter ($($t:tt)*) [$($tt:tt)*] $c:ident) => {
        const _: () = {
            type T = $($t)*;
            // The samples in one 16-byte run.
            const ITEMS: usize = 16 / ::core::mem::size_of::<T>();
            use $crate::kernels::histogram::{histogram_even, histogram_range};
            use $crate::params::histogram::{HistogramEvenParams, HistogramRangeParams};
            #[unsafe(export_name = concat!("parallax_histogram_even__", $($tt)*, "__", stringify!($c)))]
            unsafe extern "ptx-kernel" fn even(p: HistogramEvenParams<T, $c>) {
                // SAFETY: launched by parallaxis-device's histogram launcher, which upholds
                // the contract (the host impl names this entry with this parameter type).
                unsafe { histogram_even::<T, $c, ITEMS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_histogram_range__", $($tt)*, "__", stringify!($c)))]
            unsafe extern "ptx-kernel" fn range(p: HistogramRangeParams<T, $c>) {
                // SAFETY: as above.
                unsafe { histogram_range::<T, $c, ITEMS>(p) }
            }
        };
    };

    (@host $( [{($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        $crate::__histogram_family! { @host_counter ($($t)*) [$($tt)*] u32 }
        $crate::__histogram_family! { @host_counter ($($t)*) [$($tt)*] u64 }
    )* };
    (@host_counter ($($t:tt)*) [$($tt:tt)*] $c:ident) => {
        // SAFETY: the same declaration, compiled for nvptx64, generates these entry points,
        // taking `HistogramEvenParams<T, C>` and `HistogramRangeParams<T, C>`.
        unsafe impl ::parallaxis_device::HistogramKernel<$c> for $($t)* {
            const EVEN: &'static str =
                concat!("parallax_histogram_even__", $($tt)*, "__", stringify!($c));
            const RANGE: &'static str =
                concat!("parallax_histogram_range__", $($tt)*, "__", stringify!($c));
        }
    };

    (@abi $( [{($($t:tt)*) [$($tt:tt)*]}] )*) => {{
        use $crate::abi::Entry;
        use $crate::params::histogram::{HistogramEvenParams, HistogramRangeParams};
        &[$({
            type T = $($t)*;
            [
                Entry::of::<HistogramEvenParams<T, u32>>(concat!("parallax_histogram_even__", $($tt)*, "__u32")),
                Entry::of::<HistogramRangeParams<T, u32>>(concat!("parallax_histogram_range__", $($tt)*, "__u32")),
                Entry::of::<HistogramEvenParams<T, u64>>(concat!("parallax_histogram_even__", $($tt)*, "__u64")),
                Entry::of::<HistogramRangeParams<T, u64>>(concat!("parallax_histogram_range__", $($tt)*, "__u64")),
            ]
        }),*]
    }};
}
