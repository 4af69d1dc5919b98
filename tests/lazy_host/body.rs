// Host-only lazy compositions, instantiated per host backend by tests/lazy_host.rs.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceVector, ops::{Affine, AffineMap, Both, Max, Min, Pair, Square, Sum, Triple, UnaryFunction}};

fn ints(n: usize, seed: u64) -> Vec<i64> {
    pseudo_random(n, seed).into_iter().map(|v| (v % 2001) as i64 - 1000).collect()
}

/// `a + 2b - c` of a triple.
#[derive(Clone, Copy)]
struct Mix;
impl UnaryFunction<Triple<i64, i64, i64>> for Mix {
    type Output = i64;
    fn apply(&self, t: Triple<i64, i64, i64>) -> i64 {
        t.first + 2 * t.second - t.third
    }
}

fn check(n: usize) {
    let (x, y, z) = (ints(n, 1 + n as u64), ints(n, 2), ints(n, 3));
    let (dx, dy, dz) = (dv::<i64, B>(&x), dv::<i64, B>(&y), dv::<i64, B>(&z));

    // A mean in one pass: (sum, count) through a zip with a constant and a product monoid.
    let both = parallaxis::lazy::zip(&dx, parallaxis::lazy::constant(1_u64, n)).unwrap();
    let got = parallaxis::reduce(Both(Sum, Sum), &both).unwrap();
    assert_eq!(got, Pair::new(x.iter().sum::<i64>(), n as u64), "sum and count, n = {n}");

    // Pairs scanned half by half with different monoids.
    let pairs: Vec<Pair<i64, i64>> = x.iter().zip(&y).map(|(&a, &b)| Pair::new(a, b)).collect();
    let mut want = vec![Pair::default(); n];
    r::inclusive_scan(Both(Min, Max), &pairs, &mut want);
    let zipped = parallaxis::lazy::zip(&dx, &dy).unwrap();
    assert_eq!(host(&parallaxis::inclusive_scan(Both(Min, Max), &zipped).unwrap()), want);
    assert_eq!(host(&zipped.collect().unwrap()), pairs, "zip collect");

    // A triple mapped by a named functor; then the same with a closure.
    let mixed: Vec<i64> = (0..n).map(|i| x[i] + 2 * y[i] - z[i]).collect();
    let z3 = parallaxis::lazy::zip3(&dx, &dy, &dz).unwrap();
    assert_eq!(host(&z3.map(Mix).collect().unwrap()), mixed, "zip3 map");
    let closure = z3.map(|t: Triple<i64, i64, i64>| t.first + 2 * t.second - t.third);
    assert_eq!(parallaxis::reduce(Sum, &closure).unwrap(), r::reduce(Sum, &mixed), "closure");

    // Maps of lazy sequences, reversed and permuted lazy sequences.
    let squares_plus_one: Vec<i64> = x.iter().map(|v| v * v + 1).collect();
    let nested = dx.map(Square).map(|v: i64| v + 1);
    assert_eq!(host(&parallaxis::transform(Square, &nested).unwrap()),
        squares_plus_one.iter().map(|v| v * v).collect::<Vec<_>>(), "transform of a nested map");
    let rev: Vec<i64> = squares_plus_one.iter().rev().copied().collect();
    let mut scanned = vec![0; n];
    r::exclusive_scan(Sum, 4, &rev, &mut scanned);
    assert_eq!(host(&parallaxis::exclusive_scan(Sum, 4, &nested.rev()).unwrap()), scanned, "rev of a map");
    let map: Vec<usize> = pseudo_random(2 * n, 5).into_iter().map(|v| (v % n.max(1) as u64) as usize).collect();
    let map = if n == 0 { vec![] } else { map };
    let dmap = dv::<usize, B>(&map);
    let count = parallaxis::lazy::counting(10_i64, n);
    let want: Vec<i64> = map.iter().map(|&i| 10 + i as i64).collect();
    assert_eq!(host(&parallaxis::lazy::permute(count, &dmap).unwrap().collect().unwrap()), want, "permute of counting");

    // A non-commutative monoid over a lazy map: the order of operands is kept.
    let maps: Vec<AffineMap<i64>> = x.iter().map(|&v| AffineMap::new(1 + (v & 1), v % 5)).collect();
    let lazy_maps = dx.map(|v: i64| AffineMap::new(1 + (v & 1), v % 5));
    assert_eq!(parallaxis::reduce(Affine, &lazy_maps).unwrap(), r::reduce(Affine, &maps), "affine");
    let mut y = DeviceVector::<AffineMap<i64>, B>::zeros(n).unwrap();
    parallaxis::inclusive_scan_into(Affine, &lazy_maps, &mut y).unwrap();
    let mut want = vec![AffineMap::new(0, 0); n];
    r::inclusive_scan(Affine, &maps, &mut want);
    assert_eq!(host(&y), want, "affine scan");
}

#[test]
fn host_compositions_equal_the_reference() {
    for n in [0, 1, 3, 1000, 70_000, 300_001] {
        check(n);
    }
}
