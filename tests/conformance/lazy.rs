// Conformance body for lazy sequences (issue 31): the shapes every backend reads — `x.map(f)`
// of a vector or view, `zip(a, b).map(f)`, `counting`, `constant`, `x.rev()` and `permute` —
// through reduce, reduce_into, both scans, transform and `collect`, against the reference on
// the sequence written out by hand. On CUDA a map of a vector runs the fused kernels, a zip's
// map the two-input fused ones (its `Sum` scans fused, `Max` composed: tests/fused2_scan_gpu.rs
// asserts which), and the others are written out by existing kernels
// (`backend/cuda_lazy.rs`); compositions that only
// the CPU backends read are in tests/lazy_host.rs. Integers: exact on any association.

use super::B;
use crate::common::*;
use parallax::reference as r;
use parallax::{CollectSource, DeviceVector, Error, Max, Negate, Source, Square, Sum, Times};
use proptest::prelude::*;

/// Small integers: squares and products stay far from overflow.
fn ints(n: usize, seed: u64) -> Vec<i32> {
    pseudo_random(n, seed).into_iter().map(|v| (v % 2001) as i32 - 1000).collect()
}

/// Every consumer on `s`, against the reference on `want` (the sequence written out).
fn check_consumers<S>(s: &S, want: &[i32], what: &str)
where
    S: Source<Item = i32, Backend = B>
        + parallax::MonoidSource<Sum>
        + parallax::MonoidSource<Max>
        + parallax::MapSource<Negate>
        + CollectSource,
{
    let n = want.len();
    assert_eq!(s.len(), n, "{what}: len");
    assert_eq!(parallax::reduce(Sum, s).unwrap(), r::reduce(Sum, want), "{what}: reduce");
    assert_eq!(parallax::reduce(Max, s).unwrap(), r::reduce(Max, want), "{what}: reduce Max");
    let mut out = DeviceVector::<i32, B>::filled(1, 99).unwrap();
    parallax::reduce_into(Sum, s, &mut out).unwrap();
    assert_eq!(host(&out), [r::reduce(Sum, want)], "{what}: reduce_into");

    let mut scanned = vec![0; n];
    r::inclusive_scan(Sum, want, &mut scanned);
    assert_eq!(host(&parallax::inclusive_scan(Sum, s).unwrap()), scanned, "{what}: inclusive_scan");
    let mut y = DeviceVector::<i32, B>::filled(n, 5).unwrap();
    parallax::inclusive_scan_into(Sum, s, &mut y).unwrap();
    assert_eq!(host(&y), scanned, "{what}: inclusive_scan_into");
    r::exclusive_scan(Max, -7, want, &mut scanned);
    assert_eq!(host(&parallax::exclusive_scan(Max, -7, s).unwrap()), scanned, "{what}: exclusive_scan");
    parallax::exclusive_scan_into(Max, -7, s, &mut y).unwrap();
    assert_eq!(host(&y), scanned, "{what}: exclusive_scan_into");

    let negated: Vec<i32> = want.iter().map(|v| v.wrapping_neg()).collect();
    assert_eq!(host(&parallax::transform(Negate, s).unwrap()), negated, "{what}: transform");
    parallax::transform_into(Negate, s, &mut y).unwrap();
    assert_eq!(host(&y), negated, "{what}: transform_into");
    assert_eq!(host(&s.collect().unwrap()), want, "{what}: collect");

    // A wrong output length is refused before anything is written.
    let mut short = DeviceVector::<i32, B>::filled(n + 1, 3).unwrap();
    let e = parallax::inclusive_scan_into(Sum, s, &mut short).unwrap_err();
    assert!(matches!(e, Error::LengthMismatch { .. }), "{what}: {e:?}");
    assert_eq!(host(&short), vec![3; n + 1], "{what}: untouched");
}

fn check_all(x: &[i32], y: &[i32], (a, b): (usize, usize)) {
    let n = x.len();
    let (dx, dy) = (dv::<i32, B>(x), dv::<i32, B>(y));

    let squares: Vec<i32> = x.iter().map(|v| v.wrapping_mul(*v)).collect();
    check_consumers(&dx.map(Square), &squares, "map of a vector");
    let view = dx.slice(a..b).unwrap();
    check_consumers(&view.map(Square), &squares[a..b], "map of a view");

    let products: Vec<i32> = x.iter().zip(y).map(|(p, q)| p.wrapping_mul(*q)).collect();
    check_consumers(&parallax::zip(&dx, &dy).unwrap().map(Times), &products, "zip map");

    let count: Vec<i32> = (0..n as i32).map(|i| i - 5).collect();
    check_consumers(&parallax::counting::<B, i32>(-5, n), &count, "counting");
    check_consumers(&parallax::constant::<B, i32>(3, n), &vec![3; n], "constant");

    let reversed: Vec<i32> = x.iter().rev().copied().collect();
    check_consumers(&dx.rev(), &reversed, "rev");
    check_consumers(&view.rev(), &reversed[n - b..n - a], "rev of a view");

    let map: Vec<u32> = pseudo_random(n + 3, 9).into_iter().map(|v| (v % n.max(1) as u64) as u32).collect();
    let map = if n == 0 { vec![] } else { map };
    let dmap = dv::<u32, B>(&map);
    let gathered: Vec<i32> = map.iter().map(|&i| x[i as usize]).collect();
    check_consumers(&parallax::permute(&dx, &dmap).unwrap(), &gathered, "permute");
}

fn check_errors() {
    let x = dv::<i32, B>(&[1, 2, 3]);
    let e = parallax::zip(&x, &dv::<i32, B>(&[1, 2])).map(|_| ()).unwrap_err();
    assert_eq!(e, Error::LengthMismatch { what: "zip second sequence", expected: 3, actual: 2 });
    let e = parallax::permute(&x, &dv::<u32, B>(&[0, 3, 1])).map(|_| ()).unwrap_err();
    assert_eq!(e, Error::IndexOutOfRange { what: "permute map", at: 1, index: 3, len: 3 });
}

#[test]
fn lazy_sequences_equal_the_reference() {
    require_gpu!();
    check_errors();
    for n in [0, 1, 2, 37, 1000, 3 * HOST_CHUNK + 7] {
        let (x, y) = (ints(n, n as u64), ints(n, 7 + n as u64));
        check_all(&x, &y, (n / 5, n - n / 3));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn lazy_sequences_equal_the_reference_at_any_size(
        n in 0usize..2 * HOST_CHUNK,
        seed in any::<u64>(),
        a in 0.0..1.0_f64,
        b in 0.0..1.0_f64,
    ) {
        require_gpu!(proptest);
        let (x, y) = (ints(n, seed), ints(n, seed ^ 1));
        let (lo, hi) = (a.min(b), a.max(b));
        check_all(&x, &y, ((lo * n as f64) as usize, (hi * n as f64) as usize));
    }
}
