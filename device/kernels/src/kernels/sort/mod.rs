//! Radix sort (onesweep): `histogram.rs` counts every digit of the keys in one read,
//! `offsets.rs` scans the counts into each bin's first destination per pass, and
//! `onesweep.rs` runs one pass per digit (per portion of the input), ranking, looking back
//! per bin and scattering in a single kernel. Keys: `for_each_sort_key_instance!`; values
//! move as 4- or 8-byte words (`u32`, `u64`) or not at all (`()`).

mod histogram;
mod offsets;
mod onesweep;

use crate::params::sort::{RadixHistParams, RadixOffsetsParams, RadixPassParams};
use crate::policy::sort::radix_items;

/// The histogram entry and the three pass entries (keys alone, 4- and 8-byte values) of
/// each key type.
macro_rules! sort_entry_points {
    ($($kt:ident: $k:ty),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(radix_histogram, Key, $kt))]
            unsafe extern "ptx-kernel" fn entry(p: RadixHistParams<$k>) {
                // SAFETY: launched by parallaxis-device's sort launcher, which upholds the
                // contract.
                unsafe { histogram::radix_histogram::<$k>(p) }
            }
        };
        sort_entry_points!(@pass $kt: $k, V0: ());
        sort_entry_points!(@pass $kt: $k, V4: u32);
        sort_entry_points!(@pass $kt: $k, V8: u64);
    )* };
    (@pass $kt:ident: $k:ty, $vt:ident: $v:ty) => {
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(radix_pass, $kt, $vt))]
            unsafe extern "ptx-kernel" fn entry(p: RadixPassParams<$k, $v>) {
                // SAFETY: as above.
                unsafe {
                    onesweep::radix_pass::<$k, $v, { radix_items(core::mem::size_of::<$k>()) }>(p)
                }
            }
        };
    };
}
crate::for_each_sort_key_instance!(sort_entry_points);

#[unsafe(export_name = crate::entry_name!(radix_offsets, Bins, u64))]
unsafe extern "ptx-kernel" fn radix_offsets_entry(p: RadixOffsetsParams) {
    // SAFETY: as above.
    unsafe { offsets::radix_offsets(p) }
}
