//! Host-only check (no GPU needed) of the extrema and search entry points: the declared ones
//! (`entry/families/arg_reduce.rs`, `entry/families/search.rs`) are among the rows `abi.rs`
//! checks against the PTX; here, that they are all there is under their names and that the
//! host names those entries.

use crate::common;

use common::PTX;

use parallaxis_device::{ArgReduceKernel, SearchKernel};

/// The declared rows whose name starts with one of `prefixes`.
fn declared(prefixes: &[&str]) -> usize {
    let mut count = 0;
    parallaxis_device::kernels::abi::for_each_entry(|e| {
        count += usize::from(prefixes.iter().any(|p| e.name.starts_with(p)));
    });
    count
}

/// The PTX entries whose name starts with one of `prefixes`.
fn in_ptx(prefixes: &[&str]) -> usize {
    let entries = PTX.split(".visible .entry ").skip(1);
    entries
        .filter(|e| prefixes.iter().any(|p| e.starts_with(p)))
        .count()
}

#[test]
fn every_extremum_and_search_instantiation_has_its_entry_point_with_the_host_size() {
    // ArgMin, ArgMax, ArgMinMax over the six numbers.
    let arg = ["parallax_arg_reduce__"];
    assert_eq!(declared(&arg), 18);
    assert_eq!(in_ptx(&arg), 18);
    // lower_bound, upper_bound, binary_search over the six numbers.
    let search = [
        "parallax_lower_bound__",
        "parallax_upper_bound__",
        "parallax_binary_search__",
    ];
    assert_eq!(declared(&search), 18);
    assert_eq!(in_ptx(&search), 18);
    assert_eq!(
        <parallaxis_core::ArgMinMax as ArgReduceKernel<i64>>::ARG_REDUCE,
        "parallax_arg_reduce__ArgMinMax__i64"
    );
    assert_eq!(
        <u32 as SearchKernel>::BINARY_SEARCH,
        "parallax_binary_search__Key__u32"
    );
}
