//! The search family: the vectorized searches (`kernels/search/`: `lower_bound`,
//! `upper_bound`, `binary_search`) for each key type.
//!
//! PTX: `parallax_{lower_bound,upper_bound,binary_search}__Key__<T>`.

/// The search family's declaration (`@stock`: the library's key types) and what it expands
/// to: `@ptx` the entry points, `@host` `parallaxis_device`'s `SearchKernel`, `@abi` the
/// entries' rows ([`crate::abi`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __search_family {
    // The six primitive numbers, in `SearchKey` order.
    (@stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__search_family] [$($mode)*]
            { f32, f64, i32, u32, i64, u64; }
        }
    };

    (@ptx $( [{($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            use $crate::kernels::search::{search, HIT, LOWER, UPPER};
            use $crate::params::search::SearchParams;
            #[unsafe(export_name = concat!("parallax_lower_bound__Key__", $($tt)*))]
            unsafe extern "ptx-kernel" fn lower(p: SearchParams<T, usize>) {
                // SAFETY: launched by parallaxis-device's search launcher (the contract; the
                // host impl names this entry with this parameter type).
                unsafe { search::<T, usize, { LOWER }>(p, |i, _| i as usize) }
            }
            #[unsafe(export_name = concat!("parallax_upper_bound__Key__", $($tt)*))]
            unsafe extern "ptx-kernel" fn upper(p: SearchParams<T, usize>) {
                // SAFETY: as above.
                unsafe { search::<T, usize, { UPPER }>(p, |i, _| i as usize) }
            }
            #[unsafe(export_name = concat!("parallax_binary_search__Key__", $($tt)*))]
            unsafe extern "ptx-kernel" fn hit(p: SearchParams<T, bool>) {
                // SAFETY: as above.
                unsafe { search::<T, bool, { HIT }>(p, |_, hit| hit) }
            }
        };
    )* };

    (@host $( [{($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        // SAFETY: the same declaration, compiled for nvptx64, generates these entry points,
        // taking `SearchParams<T, usize>` (the bounds) and `SearchParams<T, bool>`.
        unsafe impl ::parallaxis_device::SearchKernel for $($t)* {
            const LOWER_BOUND: &'static str = concat!("parallax_lower_bound__Key__", $($tt)*);
            const UPPER_BOUND: &'static str = concat!("parallax_upper_bound__Key__", $($tt)*);
            const BINARY_SEARCH: &'static str = concat!("parallax_binary_search__Key__", $($tt)*);
        }
    )* };

    (@abi $( [{($($t:tt)*) [$($tt:tt)*]}] )*) => {{
        use $crate::abi::Entry;
        use $crate::params::search::SearchParams;
        &[$({
            type T = $($t)*;
            [
                Entry::of::<SearchParams<T, usize>>(concat!("parallax_lower_bound__Key__", $($tt)*)),
                Entry::of::<SearchParams<T, usize>>(concat!("parallax_upper_bound__Key__", $($tt)*)),
                Entry::of::<SearchParams<T, bool>>(concat!("parallax_binary_search__Key__", $($tt)*)),
            ]
        }),*]
    }};
}
