//! The comparator family: the merge sort and merge (`kernels/merge/`) for each (comparator,
//! element) pair. Keys alone, and beside 4- and 8-byte values (moved as `u32` / `u64` words);
//! the partition is shared. And the end of the sorted prefix (`is_sorted_until`, a search
//! with early exit: `kernels/select/find.rs`), and the set operations
//! (`kernels/merge/set_op.rs`), keys alone and beside 4- and 8-byte values.
//!
//! PTX: `parallax_merge_block_sort{,_v4,_v8}__<C>__<T>`, `parallax_merge_partition__<C>__<T>`,
//! `parallax_merge_tiles{,_v4,_v8}__<C>__<T>`, `parallax_sorted_until__<C>__<T>`,
//! `parallax_set_partition__<C>__<T>`, `parallax_set_tiles{,_v4,_v8}__<C>__<T>`.

/// The comparator family's declaration (`@stock`: the library's pairs) and what it expands
/// to: `@ptx` the entry points, `@host KERNELS;` `parallaxis_device`'s `CompareKernel`,
/// `@abi` the entries' rows ([`crate::abi`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __compare_family {
    // `Less` and `Greater` over the six primitive numbers (in `SortKey` order, so floats sort
    // as the radix sort does).
    (@stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__compare_family] [$($mode)*]
            { $crate::ops::Less, $crate::ops::Greater for f32, f64, i32, u32, i64, u64; }
        }
    };

    (@ptx $( [[] {($($c:tt)*) [$($ct:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            const ITEMS: usize = $crate::policy::merge::merge_items(::core::mem::size_of::<T>());
            const STEPS: usize = $crate::policy::merge::set_steps(::core::mem::size_of::<T>());
            use $crate::kernels::merge::{block_sort, merge_tiles, partition};
            use $crate::params::merge::{BlockSortParams, MergeParams};
            #[unsafe(export_name = concat!("parallax_merge_block_sort__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn s0(p: BlockSortParams<T, (), $($c)*>) {
                // SAFETY: launched by parallaxis-device's merge launcher, which upholds the
                // contract (the host impl names this entry with this parameter type).
                unsafe { block_sort::<T, (), $($c)*, ITEMS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_merge_block_sort_v4__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn s4(p: BlockSortParams<T, u32, $($c)*>) {
                // SAFETY: as above.
                unsafe { block_sort::<T, u32, $($c)*, ITEMS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_merge_block_sort_v8__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn s8(p: BlockSortParams<T, u64, $($c)*>) {
                // SAFETY: as above.
                unsafe { block_sort::<T, u64, $($c)*, ITEMS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_merge_tiles__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn m0(p: MergeParams<T, (), $($c)*>) {
                // SAFETY: as above.
                unsafe { merge_tiles::<T, (), $($c)*, ITEMS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_merge_tiles_v4__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn m4(p: MergeParams<T, u32, $($c)*>) {
                // SAFETY: as above.
                unsafe { merge_tiles::<T, u32, $($c)*, ITEMS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_merge_tiles_v8__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn m8(p: MergeParams<T, u64, $($c)*>) {
                // SAFETY: as above.
                unsafe { merge_tiles::<T, u64, $($c)*, ITEMS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_merge_partition__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn part(p: MergeParams<T, (), $($c)*>) {
                // SAFETY: as above.
                unsafe {
                    partition::<T, (), $($c)*>(
                        p,
                        $crate::policy::merge::merge_tile_items(::core::mem::size_of::<T>()) as u64,
                    )
                }
            }
            #[unsafe(export_name = concat!("parallax_sorted_until__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn sorted(p: $crate::params::select::SortedUntilParams<T, $($c)*>) {
                // SAFETY: launched by parallaxis-device's sorted-until launcher, which upholds
                // the contract.
                unsafe {
                    $crate::kernels::select::sorted_until::<
                        T,
                        $($c)*,
                        { $crate::policy::common::items_per_thread(::core::mem::size_of::<T>()) },
                    >(p)
                }
            }
            #[unsafe(export_name = concat!("parallax_set_partition__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn set_part(p: $crate::params::merge::SetOpParams<T, (), $($c)*>) {
                // SAFETY: launched by parallaxis-device's set-operation launcher, which
                // upholds the contract.
                unsafe { $crate::kernels::merge::set_partition::<T, (), $($c)*>(p) }
            }
            #[unsafe(export_name = concat!("parallax_set_tiles__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn set0(p: $crate::params::merge::SetOpParams<T, (), $($c)*>) {
                // SAFETY: as above.
                unsafe { $crate::kernels::merge::set_tiles::<T, (), $($c)*, STEPS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_set_tiles_v4__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn set4(p: $crate::params::merge::SetOpParams<T, u32, $($c)*>) {
                // SAFETY: as above.
                unsafe { $crate::kernels::merge::set_tiles::<T, u32, $($c)*, STEPS>(p) }
            }
            #[unsafe(export_name = concat!("parallax_set_tiles_v8__", $($ct)*, "__", $($tt)*))]
            #[allow(improper_ctypes_definitions)]
            unsafe extern "ptx-kernel" fn set8(p: $crate::params::merge::SetOpParams<T, u64, $($c)*>) {
                // SAFETY: as above.
                unsafe { $crate::kernels::merge::set_tiles::<T, u64, $($c)*, STEPS>(p) }
            }
        };
    )* };

    (@host $kernels:path; $( [[] {($($c:tt)*) [$($ct:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            // SAFETY: the same declaration, compiled for nvptx64 into `$kernels`, generates
            // every entry point, taking `BlockSortParams<T, V, C>` and `MergeParams<T, V, C>`
            // for `V` = `()`, `u32`, `u64` as named, `SortedUntilParams<T, C>`, and
            // `SetOpParams<T, V, C>` (the partition with `V` = `()`).
            unsafe impl ::parallaxis_device::CompareKernel<T> for $($c)* {
                const KERNELS: ::parallaxis_device::Kernels = $kernels;
                const BLOCK_SORT: [&'static str; 3] = [
                    concat!("parallax_merge_block_sort__", $($ct)*, "__", $($tt)*),
                    concat!("parallax_merge_block_sort_v4__", $($ct)*, "__", $($tt)*),
                    concat!("parallax_merge_block_sort_v8__", $($ct)*, "__", $($tt)*),
                ];
                const PARTITION: &'static str =
                    concat!("parallax_merge_partition__", $($ct)*, "__", $($tt)*);
                const MERGE: [&'static str; 3] = [
                    concat!("parallax_merge_tiles__", $($ct)*, "__", $($tt)*),
                    concat!("parallax_merge_tiles_v4__", $($ct)*, "__", $($tt)*),
                    concat!("parallax_merge_tiles_v8__", $($ct)*, "__", $($tt)*),
                ];
                const SORTED_UNTIL: &'static str =
                    concat!("parallax_sorted_until__", $($ct)*, "__", $($tt)*);
                const SET_PARTITION: &'static str =
                    concat!("parallax_set_partition__", $($ct)*, "__", $($tt)*);
                const SET_TILES: [&'static str; 3] = [
                    concat!("parallax_set_tiles__", $($ct)*, "__", $($tt)*),
                    concat!("parallax_set_tiles_v4__", $($ct)*, "__", $($tt)*),
                    concat!("parallax_set_tiles_v8__", $($ct)*, "__", $($tt)*),
                ];
            }
        };
    )* };

    (@abi $( [[] {($($c:tt)*) [$($ct:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => {{
        use $crate::abi::Entry;
        use $crate::params::merge::{BlockSortParams, MergeParams, SetOpParams};
        &[$({
            type T = $($t)*;
            [
                Entry::of::<BlockSortParams<T, (), $($c)*>>(concat!("parallax_merge_block_sort__", $($ct)*, "__", $($tt)*)),
                Entry::of::<BlockSortParams<T, u32, $($c)*>>(concat!("parallax_merge_block_sort_v4__", $($ct)*, "__", $($tt)*)),
                Entry::of::<BlockSortParams<T, u64, $($c)*>>(concat!("parallax_merge_block_sort_v8__", $($ct)*, "__", $($tt)*)),
                Entry::of::<MergeParams<T, (), $($c)*>>(concat!("parallax_merge_tiles__", $($ct)*, "__", $($tt)*)),
                Entry::of::<MergeParams<T, u32, $($c)*>>(concat!("parallax_merge_tiles_v4__", $($ct)*, "__", $($tt)*)),
                Entry::of::<MergeParams<T, u64, $($c)*>>(concat!("parallax_merge_tiles_v8__", $($ct)*, "__", $($tt)*)),
                Entry::of::<MergeParams<T, (), $($c)*>>(concat!("parallax_merge_partition__", $($ct)*, "__", $($tt)*)),
                Entry::of::<$crate::params::select::SortedUntilParams<T, $($c)*>>(concat!("parallax_sorted_until__", $($ct)*, "__", $($tt)*)),
                Entry::of::<SetOpParams<T, (), $($c)*>>(concat!("parallax_set_partition__", $($ct)*, "__", $($tt)*)),
                Entry::of::<SetOpParams<T, (), $($c)*>>(concat!("parallax_set_tiles__", $($ct)*, "__", $($tt)*)),
                Entry::of::<SetOpParams<T, u32, $($c)*>>(concat!("parallax_set_tiles_v4__", $($ct)*, "__", $($tt)*)),
                Entry::of::<SetOpParams<T, u64, $($c)*>>(concat!("parallax_set_tiles_v8__", $($ct)*, "__", $($tt)*)),
            ]
        }),*]
    }};
}
