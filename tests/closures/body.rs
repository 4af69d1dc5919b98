// Closure-vs-stock body, instantiated per host backend by tests/closures.rs. Each check runs
// one algorithm twice, once with a stock operator and once with the closure that computes the
// same thing, and compares the results exactly.

use super::B;
use crate::common::*;
use parallaxis::{DeviceVector, ops::{Greater, LessThan, Max, Plus, SaxpyFunctor, Scale, Sequence, Square, Sum, Times}};
use proptest::prelude::*;

/// Integers small enough that squares and products do not overflow i64 (no wrapping: the
/// closures below use plain `+` / `*`, which would panic in debug builds on overflow).
fn values(n: usize, seed: u64) -> Vec<i64> {
    pseudo_random(n, seed)
        .into_iter()
        .map(|v| (v % 2001) as i64 - 1000)
        .collect()
}

/// Sums of squares of `values` stay below 2^63 for every size used here.
fn add(a: i64, b: i64) -> i64 {
    a + b
}

fn check_functors(x: &[i64], y: &[i64]) {
    let n = x.len();
    let (dx, dy) = (dv::<i64, B>(x), dv::<i64, B>(y));

    let factor = 3;
    let got = parallaxis::transform(move |v: i64| factor * v, &dx).unwrap();
    let want = parallaxis::transform(Scale { factor }, &dx).unwrap();
    assert_eq!(host(&got), host(&want), "transform closure vs Scale, n={n}");

    let mut into = DeviceVector::<i64, B>::zeros(n).unwrap();
    parallaxis::transform_into(|v: i64| v * v, &dx, &mut into).unwrap();
    let want = parallaxis::transform(Square, &dx).unwrap();
    assert_eq!(host(&into), host(&want), "transform_into closure vs Square, n={n}");

    // A closure may change the element type: the output type is the closure's return type.
    let got = parallaxis::transform(|v: i64| v >= 0, &dx).unwrap();
    let want: Vec<bool> = x.iter().map(|&v| v >= 0).collect();
    assert_eq!(host(&got), want, "transform closure i64 -> bool, n={n}");

    let a = 2;
    let got = parallaxis::transform2(move |u: i64, v: i64| a * u + v, &dx, &dy).unwrap();
    let want = parallaxis::transform2(SaxpyFunctor { a }, &dx, &dy).unwrap();
    assert_eq!(host(&got), host(&want), "transform2 closure vs Saxpy, n={n}");

    // A plain `fn` item is a functor too.
    let got = parallaxis::transform2(add, &dx, &dy).unwrap();
    let want = parallaxis::transform2(Plus, &dx, &dy).unwrap();
    assert_eq!(host(&got), host(&want), "transform2 fn item vs Plus, n={n}");

    let got: DeviceVector<u64, B> = parallaxis::tabulate(|i: u64| 7 + 3 * i, n).unwrap();
    let want: DeviceVector<u64, B> = parallaxis::tabulate(Sequence { start: 7, step: 3 }, n).unwrap();
    assert_eq!(host(&got), host(&want), "tabulate closure vs Sequence, n={n}");
}

fn check_monoids(x: &[i64], y: &[i64]) {
    let n = x.len();
    let (dx, dy) = (dv::<i64, B>(x), dv::<i64, B>(y));
    let sum = parallaxis::ops::monoid(0_i64, |a, b| a + b);
    let max = parallaxis::ops::monoid(i64::MIN, |a: i64, b: i64| a.max(b));

    assert_eq!(
        parallaxis::reduce(sum, &dx).unwrap(),
        parallaxis::reduce(Sum, &dx).unwrap(),
        "reduce, n={n}"
    );
    assert_eq!(
        parallaxis::reduce(max, &dx).unwrap(),
        parallaxis::reduce(Max, &dx).unwrap(),
        "reduce max, n={n}"
    );
    assert_eq!(
        parallaxis::transform_reduce(|v: i64| v * v, sum, &dx).unwrap(),
        parallaxis::transform_reduce(Square, Sum, &dx).unwrap(),
        "transform_reduce, n={n}"
    );
    assert_eq!(
        parallaxis::transform2_reduce(|u: i64, v: i64| u * v, sum, &dx, &dy).unwrap(),
        parallaxis::transform2_reduce(Times, Sum, &dx, &dy).unwrap(),
        "transform2_reduce, n={n}"
    );
    let got = parallaxis::inclusive_scan(sum, &dx).unwrap();
    let want = parallaxis::inclusive_scan(Sum, &dx).unwrap();
    assert_eq!(host(&got), host(&want), "inclusive_scan, n={n}");
    let got = parallaxis::exclusive_scan(max, -5, &dx).unwrap();
    let want = parallaxis::exclusive_scan(Max, -5, &dx).unwrap();
    assert_eq!(host(&got), host(&want), "exclusive_scan max, n={n}");
    let got = parallaxis::transform_inclusive_scan(|v: i64| v * v, sum, &dx).unwrap();
    let want = parallaxis::transform_inclusive_scan(Square, Sum, &dx).unwrap();
    assert_eq!(host(&got), host(&want), "transform_inclusive_scan, n={n}");
}

/// A non-commutative closure monoid (keep the later non-zero value) against the sequential
/// fold of the same closure: parallel backends must keep operand order.
fn check_order(x: &[i64]) {
    let n = x.len();
    let last_nonzero = |a: i64, b: i64| if b != 0 { b } else { a };
    let m = parallaxis::ops::monoid(0_i64, last_nonzero);
    let sparse: Vec<i64> = x.iter().map(|&v| if v % 7 == 0 { v } else { 0 }).collect();
    let dx = dv::<i64, B>(&sparse);
    let want = sparse.iter().fold(0, |a, &b| last_nonzero(a, b));
    assert_eq!(parallaxis::reduce(m, &dx).unwrap(), want, "reduce order, n={n}");
    let mut acc = 0;
    let want: Vec<i64> = sparse
        .iter()
        .map(|&v| {
            acc = last_nonzero(acc, v);
            acc
        })
        .collect();
    assert_eq!(host(&parallaxis::inclusive_scan(m, &dx).unwrap()), want, "scan order, n={n}");
}

fn check_segmented(x: &[i64]) {
    let n = x.len();
    let sum = parallaxis::ops::monoid(0_i64, |a, b| a + b);
    let dx = dv::<i64, B>(x);
    let keys: Vec<u32> = (0..n).map(|i| (i / 37) as u32 + (i % 5 == 0) as u32).collect();
    let flags: Vec<bool> = (0..n).map(|i| i % 29 == 0).collect();
    let (dk, df) = (dv::<u32, B>(&keys), dv::<bool, B>(&flags));

    let got = parallaxis::inclusive_scan_by_key(sum, &dk, &dx).unwrap();
    let want = parallaxis::inclusive_scan_by_key(Sum, &dk, &dx).unwrap();
    assert_eq!(host(&got), host(&want), "inclusive_scan_by_key, n={n}");
    let got = parallaxis::exclusive_scan_by_flags(sum, 1, &df, &dx).unwrap();
    let want = parallaxis::exclusive_scan_by_flags(Sum, 1, &df, &dx).unwrap();
    assert_eq!(host(&got), host(&want), "exclusive_scan_by_flags, n={n}");
    let (gk, gv) = parallaxis::reduce_by_key(sum, &dk, &dx).unwrap();
    let (wk, wv) = parallaxis::reduce_by_key(Sum, &dk, &dx).unwrap();
    assert_eq!((host(&gk), host(&gv)), (host(&wk), host(&wv)), "reduce_by_key, n={n}");
}

fn check_predicates(x: &[i64]) {
    let n = x.len();
    let dx = dv::<i64, B>(x);
    let bound = 100;
    let below = move |v: i64| v < bound;
    let stock = LessThan { bound };
    let got = parallaxis::copy_if(below, &dx).unwrap();
    let want = parallaxis::copy_if(stock, &dx).unwrap();
    assert_eq!(host(&got), host(&want), "copy_if, n={n}");
    let got = parallaxis::remove_if(below, &dx).unwrap();
    let want = parallaxis::remove_if(stock, &dx).unwrap();
    assert_eq!(host(&got), host(&want), "remove_if, n={n}");
    let (got, gs) = parallaxis::partition(below, &dx).unwrap();
    let (want, ws) = parallaxis::partition(stock, &dx).unwrap();
    assert_eq!((host(&got), gs), (host(&want), ws), "partition, n={n}");
    assert_eq!(
        parallaxis::count_if(below, &dx).unwrap(),
        x.iter().filter(|&&v| v < bound).count(),
        "count_if, n={n}"
    );
}

fn check_comparators(x: &[i64], y: &[i64]) {
    let n = x.len();
    let (dx, dy) = (dv::<i64, B>(x), dv::<i64, B>(y));
    let got = parallaxis::sort_by(|a: i64, b: i64| a > b, &dx).unwrap();
    let want = parallaxis::sort_by(Greater, &dx).unwrap();
    assert_eq!(host(&got), host(&want), "sort_by closure vs Greater, n={n}");
    // Stability through a comparator that sees only part of the key: equal magnitudes keep
    // their input order, as the stable reference sort of the host gives them.
    let by_magnitude = |a: i64, b: i64| a.unsigned_abs() < b.unsigned_abs();
    let (keys, values) = parallaxis::sort_by_key_with(by_magnitude, &dx, &dy).unwrap();
    let mut want: Vec<(i64, i64)> = x.iter().copied().zip(y.iter().copied()).collect();
    want.sort_by_key(|p| p.0.unsigned_abs());
    let got: Vec<(i64, i64)> = host(&keys).into_iter().zip(host(&values)).collect();
    assert_eq!(got, want, "sort_by_key_with by magnitude, n={n}");
    let (a, b) = (parallaxis::sort(&dx).unwrap(), parallaxis::sort(&dy).unwrap());
    let got = parallaxis::merge_by(|p: i64, q: i64| p < q, &a, &b).unwrap();
    let want = parallaxis::merge(&a, &b).unwrap();
    assert_eq!(host(&got), host(&want), "merge_by closure vs merge, n={n}");
}

fn check_all(n: usize, seed: u64) {
    let (x, y) = (values(n, seed), values(n, seed ^ 0x5eed));
    check_functors(&x, &y);
    check_monoids(&x, &y);
    check_order(&x);
    check_segmented(&x);
    check_predicates(&x);
    check_comparators(&x, &y);
}

#[test]
fn closures_match_stock_operators_at_edge_sizes() {
    for n in edge_sizes() {
        check_all(n, n as u64);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn closures_match_stock_operators(n in 0_usize..3 * HOST_CHUNK, seed in any::<u64>()) {
        check_all(n, seed);
    }
}
