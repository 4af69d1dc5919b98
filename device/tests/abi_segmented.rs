//! Host-only checks (no GPU needed) that the segmented family's entry points exist in the
//! embedded PTX with a parameter of exactly the host struct's size, for every pair of the
//! monoid list and every key type.

use crate::common;

use common::assert_entry;

use parallaxis_device::kernels::params::segmented::OffsetHeadsParams;
use parallaxis_device::{KeyKernel, SegmentedKernel};
use std::mem::size_of;

fn check_key<K: KeyKernel>() {
    assert!([1, 2, 4, 8].contains(&size_of::<K>()));
}

#[test]
fn segment_keys_and_the_offsets_pass_match_the_host() {
    check_key::<u8>();
    check_key::<i8>();
    check_key::<u16>();
    check_key::<i16>();
    check_key::<u32>();
    check_key::<i32>();
    check_key::<u64>();
    check_key::<i64>();
    check_key::<usize>();
    assert_entry(
        "parallax_offset_heads__Offsets__u64",
        size_of::<OffsetHeadsParams>(),
    );
    assert_eq!(
        <parallaxis_core::Affine as SegmentedKernel<parallaxis_core::AffineMap<i64>>>::SEG_EXCLUSIVE_SCAN,
        "parallax_seg_exclusive_scan__Affine__AffineMap_i64"
    );
}
