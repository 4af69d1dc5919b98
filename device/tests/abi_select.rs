//! Host-only checks (no GPU) of the select family: every instantiated predicate, element
//! type and (key, value) pair has its entry points in the embedded PTX, each taking one
//! parameter of exactly the host's `#[repr(C)]` struct's size.

use crate::common;

use common::assert_entry;
use parallaxis_core::{Indicator, Sum};
use parallaxis_device::kernels::params::{reduce::TransformReduceParams, select::SelectParams};
use parallaxis_device::{PredicateKernel, SelectKernel, UniqueByKeyKernel};
use std::mem::size_of;

macro_rules! check_predicates {
    ($( ($pt:ident: $p:ty, $tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $(
        assert_entry(<$p as PredicateKernel<$t>>::SELECT_IF, size_of::<SelectParams<$t, $t, $p>>());
        assert_entry(
            <$p as PredicateKernel<$t>>::COUNT_IF,
            size_of::<TransformReduceParams<$t, Indicator<$p>, u64, Sum>>(),
        );
        count += 2;
    )* count }};
}

macro_rules! check_types {
    ($( ($tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $(
        assert_entry(<$t as SelectKernel>::SELECT_FLAGGED, size_of::<SelectParams<$t, $t, ()>>());
        assert_entry(<$t as SelectKernel>::SELECT_UNIQUE, size_of::<SelectParams<$t, $t, ()>>());
        count += 2;
    )* count }};
}

macro_rules! check_by_key {
    ($( ($kt:ident: $k:ty, $vt:ident: $v:ty) ),* $(,)?) => {{ let mut count = 0; $(
        assert_entry(
            <$k as UniqueByKeyKernel<$v>>::UNIQUE_BY_KEY,
            size_of::<SelectParams<$k, $v, ()>>(),
        );
        count += 1;
    )* count }};
}

#[test]
fn every_select_instantiation_has_its_entry_points() {
    let n = parallaxis_device::kernels::for_each_predicate_instance!(check_predicates)
        + parallaxis_device::kernels::for_each_select_type!(check_types)
        + parallaxis_device::kernels::for_each_unique_by_key_instance!(check_by_key);
    assert_eq!(n, 36 * 2 + 6 * 2 + 12);
}
