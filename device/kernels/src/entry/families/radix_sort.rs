//! The radix sort family (`kernels/sort/`): for each key type, the histogram of every digit
//! and the onesweep pass over keys alone and beside 4- and 8-byte values (moved as `u32` /
//! `u64` words). The offsets scan is one entry for every key type (`kernels/sort/mod.rs`).
//!
//! PTX: `parallax_radix_histogram__Key__<K>`, `parallax_radix_pass__<K>__{V0,V4,V8}`.

/// The radix sort family's declaration (`@stock`: the library's key types) and what it
/// expands to: `@ptx` the entry points (expanded in `kernels/sort/`, where the bodies are
/// visible), `@host` `parallaxis_device`'s `SortKernel`, `@abi` the entries' rows
/// ([`crate::abi`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __radix_sort_family {
    // Every fixed-width integer (1, 2, 4 and 8 bytes) and both floats (`usize` sorts on the
    // `u64` kernels).
    (@stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__radix_sort_family] [$($mode)*]
            { u8, i8, u16, i16, u32, i32, f32, u64, i64, f64; }
        }
    };

    (@ptx $( [{($($k:tt)*) [$($kt:tt)*]}] )*) => { $(
        const _: () = {
            type K = $($k)*;
            use $crate::policy::sort::radix_items;
            use ::core::mem::size_of;
            use $crate::kernels::sort::{histogram::radix_histogram, onesweep::radix_pass};
            use $crate::params::sort::{RadixHistParams, RadixPassParams};
            #[unsafe(export_name = concat!("parallax_radix_histogram__Key__", $($kt)*))]
            unsafe extern "ptx-kernel" fn h(p: RadixHistParams<K>) {
                // SAFETY: launched by parallaxis-device's sort launcher, which upholds the
                // contract (the host impl names this entry with this parameter type).
                unsafe { radix_histogram::<K>(p) }
            }
            #[unsafe(export_name = concat!("parallax_radix_pass__", $($kt)*, "__V0"))]
            unsafe extern "ptx-kernel" fn p0(p: RadixPassParams<K, ()>) {
                // SAFETY: as above.
                unsafe { radix_pass::<K, (), { radix_items(size_of::<K>(), 0) }>(p) }
            }
            #[unsafe(export_name = concat!("parallax_radix_pass__", $($kt)*, "__V4"))]
            unsafe extern "ptx-kernel" fn p4(p: RadixPassParams<K, u32>) {
                // SAFETY: as above.
                unsafe { radix_pass::<K, u32, { radix_items(size_of::<K>(), 4) }>(p) }
            }
            #[unsafe(export_name = concat!("parallax_radix_pass__", $($kt)*, "__V8"))]
            unsafe extern "ptx-kernel" fn p8(p: RadixPassParams<K, u64>) {
                // SAFETY: as above.
                unsafe { radix_pass::<K, u64, { radix_items(size_of::<K>(), 8) }>(p) }
            }
        };
    )* };

    (@host $( [{($($k:tt)*) [$($kt:tt)*]}] )*) => { $(
        // SAFETY: the same declaration, compiled for nvptx64, generates these entry points,
        // taking `RadixHistParams<K>` and `RadixPassParams<K, V>` for `V` = `()`, `u32`,
        // `u64` as named.
        unsafe impl ::parallaxis_device::SortKernel for $($k)* {
            const HISTOGRAM: &'static str = concat!("parallax_radix_histogram__Key__", $($kt)*);
            const PASS_V0: &'static str = concat!("parallax_radix_pass__", $($kt)*, "__V0");
            const PASS_V4: &'static str = concat!("parallax_radix_pass__", $($kt)*, "__V4");
            const PASS_V8: &'static str = concat!("parallax_radix_pass__", $($kt)*, "__V8");
        }
    )* };

    (@abi $( [{($($k:tt)*) [$($kt:tt)*]}] )*) => {{
        use $crate::abi::Entry;
        use $crate::params::sort::{RadixHistParams, RadixPassParams};
        &[$({
            type K = $($k)*;
            [
                Entry::of::<RadixHistParams<K>>(concat!("parallax_radix_histogram__Key__", $($kt)*)),
                Entry::of::<RadixPassParams<K, ()>>(concat!("parallax_radix_pass__", $($kt)*, "__V0")),
                Entry::of::<RadixPassParams<K, u32>>(concat!("parallax_radix_pass__", $($kt)*, "__V4")),
                Entry::of::<RadixPassParams<K, u64>>(concat!("parallax_radix_pass__", $($kt)*, "__V8")),
            ]
        }),*]
    }};
}
