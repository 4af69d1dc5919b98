//! Host-only checks (no GPU needed) of the radix sort's entry points: every key type of
//! `for_each_sort_key_instance!` has its histogram and its three passes (keys alone, 4- and
//! 8-byte values) in the PTX with the parameter size of the host's struct, and the one
//! offsets kernel; nothing else named `parallax_radix_` exists.

use crate::common;

use common::{assert_entry, PTX};
use parallaxis_device::kernels::params::sort::{
    RadixHistParams, RadixOffsetsParams, RadixPassParams,
};
use parallaxis_device::SortKernel;
use std::mem::size_of;

macro_rules! check_sort_keys {
    ($($kt:ident: $k:ty),* $(,)?) => {{ let mut count = 0; $(
        assert_entry(<$k as SortKernel>::HISTOGRAM, size_of::<RadixHistParams<$k>>());
        assert_entry(<$k as SortKernel>::PASS_V0, size_of::<RadixPassParams<$k, ()>>());
        assert_entry(<$k as SortKernel>::PASS_V4, size_of::<RadixPassParams<$k, u32>>());
        assert_entry(<$k as SortKernel>::PASS_V8, size_of::<RadixPassParams<$k, u64>>());
        count += 4;
    )* count }};
}

#[test]
fn every_sort_key_has_its_entry_points() {
    let keys = parallaxis_device::kernels::for_each_sort_key_instance!(check_sort_keys);
    assert_eq!(keys, 40, "10 key types x (histogram + 3 passes)");
    assert_entry(
        "parallax_radix_offsets__Bins__u64",
        size_of::<RadixOffsetsParams>(),
    );
    assert_eq!(
        PTX.matches(".visible .entry parallax_radix_").count(),
        keys + 1
    );
    assert_eq!(
        <usize as SortKernel>::PASS_V4,
        "parallax_radix_pass__u64__V4"
    );
}
