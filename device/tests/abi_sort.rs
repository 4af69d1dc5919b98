//! Host-only checks (no GPU needed) of the radix sort's entry points: the declared ones (a
//! histogram and three passes, keys alone, 4- and 8-byte values, per key type of
//! `entry/families/radix_sort.rs`) are among the rows `abi.rs` checks against the PTX; here
//! the one offsets kernel, that nothing else is named `parallax_radix_`, and that the host
//! names those entries.

use crate::common;

use common::{assert_entry, PTX};
use parallaxis_device::kernels::params::sort::RadixOffsetsParams;
use parallaxis_device::SortKernel;
use std::mem::size_of;

#[test]
fn every_sort_key_has_its_entry_points() {
    let mut declared = 0;
    parallaxis_device::kernels::abi::for_each_entry(|e| {
        declared += usize::from(e.name.starts_with("parallax_radix_"));
    });
    assert_eq!(declared, 40, "10 key types x (histogram + 3 passes)");
    assert_entry(
        "parallax_radix_offsets__Bins__u64",
        size_of::<RadixOffsetsParams>(),
    );
    assert_eq!(
        PTX.matches(".visible .entry parallax_radix_").count(),
        declared + 1
    );
    assert_eq!(
        <i8 as SortKernel>::HISTOGRAM,
        "parallax_radix_histogram__Key__i8"
    );
    assert_eq!(<f32 as SortKernel>::PASS_V0, "parallax_radix_pass__f32__V0");
    assert_eq!(
        <usize as SortKernel>::PASS_V4,
        "parallax_radix_pass__u64__V4"
    );
}
