//! Host-only checks (no GPU needed) of the comparator merge sort's entry points: every
//! (comparator, type) pair of `for_each_compare_instance!` has its block sorts and tile
//! merges (keys alone, 4- and 8-byte values) and its partition in the PTX with the parameter
//! size of the host's struct; nothing else named `parallax_merge_` exists.

use crate::common;

use common::{assert_entry, PTX};
use parallaxis_device::kernels::params::merge::{BlockSortParams, MergeParams};
use parallaxis_device::CompareKernel;
use std::mem::size_of;

macro_rules! check_comparators {
    ($( ($ct:ident: $c:ty, $tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $(
        let (sorts, merges) = (<$c as CompareKernel<$t>>::BLOCK_SORT, <$c as CompareKernel<$t>>::MERGE);
        assert_entry(sorts[0], size_of::<BlockSortParams<$t, (), $c>>());
        assert_entry(sorts[1], size_of::<BlockSortParams<$t, u32, $c>>());
        assert_entry(sorts[2], size_of::<BlockSortParams<$t, u64, $c>>());
        assert_entry(merges[0], size_of::<MergeParams<$t, (), $c>>());
        assert_entry(merges[1], size_of::<MergeParams<$t, u32, $c>>());
        assert_entry(merges[2], size_of::<MergeParams<$t, u64, $c>>());
        assert_entry(<$c as CompareKernel<$t>>::PARTITION, size_of::<MergeParams<$t, (), $c>>());
        count += 7;
    )* count }};
}

#[test]
fn every_comparator_has_its_entry_points() {
    let entries = parallaxis_device::kernels::for_each_compare_instance!(check_comparators);
    assert_eq!(
        entries, 84,
        "(Less, Greater) x 6 types x (3 block sorts + partition + 3 merges)"
    );
    assert_eq!(
        PTX.matches(".visible .entry parallax_merge_").count(),
        entries
    );
    assert_eq!(
        <parallaxis_core::Greater as CompareKernel<f64>>::MERGE[2],
        "parallax_merge_tiles_v8__Greater__f64"
    );
}
