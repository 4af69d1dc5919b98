//! Radix sort (onesweep): `histogram.rs` counts every digit of the keys in one read,
//! `offsets.rs` scans the counts into each bin's first destination per pass, and
//! `onesweep.rs` runs one pass per digit (per portion of the input), ranking, looking back
//! per bin and scattering in a single kernel. Keys: the radix sort family's declaration
//! (`entry/families/radix_sort.rs`); values move as 4- or 8-byte words (`u32`, `u64`) or not
//! at all (`()`).

mod histogram;
mod offsets;
mod onesweep;

use crate::params::sort::RadixOffsetsParams;

// The histogram and the three passes of each key type of the family's declaration
// (`entry/families/radix_sort.rs`), expanded here, where the bodies are visible.
crate::__radix_sort_family!(@stock @ptx);

#[unsafe(export_name = crate::entry_name!(radix_offsets, Bins, u64))]
unsafe extern "ptx-kernel" fn radix_offsets_entry(p: RadixOffsetsParams) {
    // SAFETY: launched by parallaxis-device's sort launcher, which upholds the contract.
    unsafe { offsets::radix_offsets(p) }
}
