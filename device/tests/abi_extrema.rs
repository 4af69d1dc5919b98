//! Host-only check (no GPU needed) that the extrema and search entry points are in the embedded PTX,
//! each taking one parameter of exactly the host's struct size: the fused extremum reduce
//! (`ArgReduceParams<T, Pick, M>`) and the searches (`SearchParams<T, usize | bool>`).

use crate::common;

use common::{param_size, PTX};

use parallaxis_core::ArgReduce;
use parallaxis_device::kernels::params::{extrema::ArgReduceParams, search::SearchParams};
use parallaxis_device::{ArgReduceKernel, SearchKernel};
use std::mem::size_of;

macro_rules! check_arg_reduce {
    ($( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $( {
        let name = <$m as ArgReduceKernel<$t>>::ARG_REDUCE;
        type Pick = <$m as ArgReduce<$t>>::Pick;
        assert_eq!(
            param_size(name),
            Some(size_of::<ArgReduceParams<$t, Pick, $m>>()),
            "entry point {name}"
        );
        count += 1;
    } )* count }};
}

macro_rules! check_search {
    ($( ($tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $(
        for name in [<$t as SearchKernel>::LOWER_BOUND, <$t as SearchKernel>::UPPER_BOUND] {
            let want = size_of::<SearchParams<$t, usize>>();
            assert_eq!(param_size(name), Some(want), "entry point {name}");
        }
        let name = <$t as SearchKernel>::BINARY_SEARCH;
        let want = size_of::<SearchParams<$t, bool>>();
        assert_eq!(param_size(name), Some(want), "entry point {name}");
        count += 3;
    )* count }};
}

#[test]
fn every_extremum_and_search_instantiation_has_its_entry_point_with_the_host_size() {
    // ArgMin, ArgMax, ArgMinMax over the six numbers.
    let count = parallaxis_device::kernels::for_each_arg_reduce_instance!(check_arg_reduce);
    assert_eq!(count, 18);
    assert_eq!(
        PTX.matches(".visible .entry parallax_arg_reduce__").count(),
        18
    );
    // lower_bound, upper_bound, binary_search over the six numbers.
    let count = parallaxis_device::kernels::for_each_search_instance!(check_search);
    assert_eq!(count, 18);
    let searches = [
        ".entry parallax_lower_bound__",
        ".entry parallax_upper_bound__",
    ]
    .iter()
    .chain(&[".entry parallax_binary_search__"])
    .map(|p| PTX.matches(p).count())
    .sum::<usize>();
    assert_eq!(searches, 18);
}
