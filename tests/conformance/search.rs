// Conformance body for the vectorized searches (lower_bound, upper_bound, binary_search and
// their `_into` forms) over the six numbers, against `parallaxis::reference` and against a
// count (the number of elements before the query, independent of any search), at every size
// of the ladder; floats with -0.0 / +0.0 and NaNs last; unsorted input (any position, no
// panic, no read out of bounds).

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceVector, ops::SearchKey, backend::SearchOps};
use proptest::prelude::*;

/// All three searches equal the reference, and on sorted input the counts.
fn check<T: SearchKey>(sorted: &[T], queries: &[T], what: &str)
where
    B: SearchOps<T>,
{
    let (n, m) = (sorted.len(), queries.len());
    let (s, q) = (dv::<T, B>(sorted), dv::<T, B>(queries));
    let mut want = vec![0; m];
    r::lower_bound(sorted, queries, &mut want);
    let got = host(&parallaxis::lower_bound(&s, &q).unwrap());
    assert_eq!(got, want, "lower_bound {what} n={n} m={m}");
    let is_sorted = sorted.windows(2).all(|w| w[0].search_key() <= w[1].search_key());
    if is_sorted {
        let count: Vec<usize> = queries
            .iter()
            .map(|q| sorted.iter().filter(|s| s.search_key() < q.search_key()).count())
            .collect();
        assert_eq!(got, count, "lower_bound {what} against counts");
    } else {
        assert!(got.iter().all(|&i| i <= n), "lower_bound {what} unsorted: in range");
    }
    let mut out = DeviceVector::<usize, B>::filled(m, 7).unwrap();
    parallaxis::lower_bound_into(&s, &q, &mut out).unwrap();
    assert_eq!(host(&out), want, "lower_bound_into {what}");

    r::upper_bound(sorted, queries, &mut want);
    let got = host(&parallaxis::upper_bound(&s, &q).unwrap());
    assert_eq!(got, want, "upper_bound {what} n={n} m={m}");
    parallaxis::upper_bound_into(&s, &q, &mut out).unwrap();
    assert_eq!(host(&out), want, "upper_bound_into {what}");

    let mut found = vec![false; m];
    r::binary_search(sorted, queries, &mut found);
    assert_eq!(host(&parallaxis::binary_search(&s, &q).unwrap()), found, "binary_search {what}");
    if is_sorted {
        let member: Vec<bool> = queries
            .iter()
            .map(|q| sorted.iter().any(|s| s.search_key() == q.search_key()))
            .collect();
        assert_eq!(found, member, "binary_search {what} against membership");
    }
    let mut bits = DeviceVector::<bool, B>::filled(m, true).unwrap();
    parallaxis::binary_search_into(&s, &q, &mut bits).unwrap();
    assert_eq!(host(&bits), found, "binary_search_into {what}");
}

/// Sorted values with duplicates (`i / 3`, scaled), and queries around and beyond them.
fn case<T: SearchKey>(n: usize, m: usize, seed: u64) -> (Vec<T>, Vec<T>) {
    let sorted: Vec<T> = (0..n).map(|i| T::from_u64((i / 3) as u64 * 2)).collect();
    let top = (n / 3 * 2 + 4) as u64;
    let queries = pseudo_random(m, seed).iter().map(|&z| T::from_u64(z % top)).collect();
    (sorted, queries)
}

fn check_types(n: usize, m: usize, seed: u64) {
    let (s, q) = case::<f32>(n, m, seed);
    check(&s, &q, "f32");
    let (s, q) = case::<f64>(n, m, seed);
    check(&s, &q, "f64");
    let (s, q) = case::<i32>(n, m, seed);
    check(&s, &q, "i32");
    let (s, q) = case::<u32>(n, m, seed);
    check(&s, &q, "u32");
    let (s, q) = case::<i64>(n, m, seed);
    check(&s, &q, "i64");
    let (s, q) = case::<u64>(n, m, seed);
    check(&s, &q, "u64");
}

#[test]
fn search_size_ladder() {
    require_gpu!();
    for n in edge_sizes() {
        // Queries of the same count, and a few; the sorted side at every size.
        check_types(n, n.min(4000), n as u64);
        check_types(n, 5, n as u64 + 1);
    }
}

#[test]
fn search_many_queries() {
    require_gpu!();
    let (s, q) = case::<u32>(1 << 12, (1 << 20) + 77, 3);
    let mut want = vec![0; q.len()];
    r::lower_bound(&s, &q, &mut want);
    let got = host(&parallaxis::lower_bound(&dv::<u32, B>(&s), &dv::<u32, B>(&q)).unwrap());
    assert_eq!(got, want, "lower_bound 2^20 queries");
}

#[test]
fn search_float_order() {
    require_gpu!();
    let nan = f64::NAN;
    let s = [f64::NEG_INFINITY, -1.0, -0.0, 0.0, 0.0, 2.5, f64::INFINITY, nan, -nan];
    let q = [-0.0, 0.0, nan, -nan, f64::INFINITY, 3.0, -2.0, f64::NEG_INFINITY];
    check(&s, &q, "f64 specials");
    let lb = host(&parallaxis::lower_bound(&dv::<f64, B>(&s), &dv::<f64, B>(&q)).unwrap());
    assert_eq!(lb, [2, 3, 7, 7, 6, 6, 1, 0]);
    let sf: Vec<f32> = s.iter().map(|&v| v as f32).collect();
    let qf: Vec<f32> = q.iter().map(|&v| v as f32).collect();
    check(&sf, &qf, "f32 specials");
}

#[test]
fn search_unsorted_and_empty() {
    require_gpu!();
    let unsorted: Vec<i64> = pseudo_random(1000, 4).iter().map(|&z| z as i64).collect();
    let q: Vec<i64> = pseudo_random(300, 5).iter().map(|&z| z as i64).collect();
    check(&unsorted, &q, "i64 unsorted");
    check::<u32>(&[], &[1, 2, 3], "empty sorted");
    check::<u32>(&[1, 2, 3], &[], "no queries");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn search_equivalence(
        mut s in prop::collection::vec(-100_i32..100, 0..2 * HOST_CHUNK),
        q in prop::collection::vec(-110_i32..110, 0..2000),
    ) {
        require_gpu!(proptest);
        s.sort_unstable();
        check(&s, &q, "i32 proptest");
        let sf: Vec<f32> = s.iter().map(|&v| v as f32 / 8.0).collect();
        let qf: Vec<f32> = q.iter().map(|&v| v as f32 / 8.0).collect();
        check(&sf, &qf, "f32 proptest");
    }
}
