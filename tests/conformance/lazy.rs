// Conformance body for lazy sequences: the shapes every backend reads — `x.map(f)`
// of a vector or view, `zip(a, b).map(f)`, `counting`, `constant`, `x.rev()`, `permute` and
// maps of those — through reduce, reduce_into, both scans, transform and `collect`, and through
// the families that take a `Readable` (selection, extrema, sort, reverse, search), against the
// reference on the sequence written out by hand. On CUDA a map of a vector runs the fused kernels, a zip's
// map the two-input fused ones (its `Sum` scans fused, `Max` composed: tests/fused2_scan_gpu.rs
// asserts which), and the others are written out by existing kernels
// (`backend/cuda_lazy.rs`); `zip` pairs and triples are written out by strided copies and
// reduced with the stock `Both` kernels, except a zip with a constant second part, which
// reduces and scans as `a.map(PairWith)` (fused for the mean's f32 / f64 triples); compositions that only the CPU backends read are in
// tests/lazy_host.rs. Integers: exact on any association.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceVector, Error, ops::{Both, GreaterThan, Max, Min, Negate, Pair, Square, Sum, Times, Triple}, lazy::{CollectSource, Source}};
use proptest::prelude::*;

/// Small integers: squares and products stay far from overflow.
fn ints(n: usize, seed: u64) -> Vec<i32> {
    pseudo_random(n, seed).into_iter().map(|v| (v % 2001) as i32 - 1000).collect()
}

/// Every consumer on `s`, against the reference on `want` (the sequence written out).
fn check_consumers<S>(s: &S, want: &[i32], what: &str)
where
    S: Source<Item = i32, Backend = B>
        + parallaxis::lazy::MonoidSource<Sum>
        + parallaxis::lazy::MonoidSource<Max>
        + parallaxis::lazy::MapSource<Negate>
        + CollectSource,
{
    let n = want.len();
    assert_eq!(s.len(), n, "{what}: len");
    assert_eq!(parallaxis::reduce(Sum, s).unwrap(), r::reduce(Sum, want), "{what}: reduce");
    assert_eq!(parallaxis::reduce(Max, s).unwrap(), r::reduce(Max, want), "{what}: reduce Max");
    let mut out = DeviceVector::<i32, B>::filled(1, 99).unwrap();
    parallaxis::reduce_into(Sum, s, &mut out).unwrap();
    assert_eq!(host(&out), [r::reduce(Sum, want)], "{what}: reduce_into");

    let mut scanned = vec![0; n];
    r::inclusive_scan(Sum, want, &mut scanned);
    assert_eq!(host(&parallaxis::inclusive_scan(Sum, s).unwrap()), scanned, "{what}: inclusive_scan");
    let mut y = DeviceVector::<i32, B>::filled(n, 5).unwrap();
    parallaxis::inclusive_scan_into(Sum, s, &mut y).unwrap();
    assert_eq!(host(&y), scanned, "{what}: inclusive_scan_into");
    r::exclusive_scan(Max, -7, want, &mut scanned);
    assert_eq!(host(&parallaxis::exclusive_scan(Max, -7, s).unwrap()), scanned, "{what}: exclusive_scan");
    parallaxis::exclusive_scan_into(Max, -7, s, &mut y).unwrap();
    assert_eq!(host(&y), scanned, "{what}: exclusive_scan_into");

    let negated: Vec<i32> = want.iter().map(|v| v.wrapping_neg()).collect();
    assert_eq!(host(&parallaxis::transform(Negate, s).unwrap()), negated, "{what}: transform");
    parallaxis::transform_into(Negate, s, &mut y).unwrap();
    assert_eq!(host(&y), negated, "{what}: transform_into");
    assert_eq!(host(&s.collect().unwrap()), want, "{what}: collect");

    // A wrong output length is refused before anything is written.
    let mut short = DeviceVector::<i32, B>::filled(n + 1, 3).unwrap();
    let e = parallaxis::inclusive_scan_into(Sum, s, &mut short).unwrap_err();
    assert!(matches!(e, Error::LengthMismatch { .. }), "{what}: {e:?}");
    assert_eq!(host(&short), vec![3; n + 1], "{what}: untouched");
}

/// The families that take a [`parallaxis::lazy::Readable`] (written out once, then the algorithm),
/// on `s`, against the reference on `want`.
fn check_families<S: parallaxis::lazy::Readable<i32, B>>(s: &S, want: &[i32], what: &str) {
    let p = GreaterThan { bound: 0 };
    assert_eq!(parallaxis::count_if(p, s).unwrap(), r::count_if(p, want), "{what}: count_if");
    let mut kept = vec![0; want.len()];
    let k = r::copy_if(p, want, &mut kept);
    assert_eq!(host(&parallaxis::copy_if(p, s).unwrap()), kept[..k], "{what}: copy_if");
    let k = r::remove_if(p, want, &mut kept);
    assert_eq!(host(&parallaxis::remove_if(p, s).unwrap()), kept[..k], "{what}: remove_if");
    let k = r::unique(want, &mut kept);
    assert_eq!(host(&parallaxis::unique(s).unwrap()), kept[..k], "{what}: unique");
    let mut sorted = want.to_vec();
    sorted.sort_unstable();
    assert_eq!(host(&parallaxis::sort(s).unwrap()), sorted, "{what}: sort");
    let reversed: Vec<i32> = want.iter().rev().copied().collect();
    assert_eq!(host(&parallaxis::reverse(s).unwrap()), reversed, "{what}: reverse");
    let first_min = sorted.first().map(|&m| (want.iter().position(|&v| v == m).unwrap(), m));
    assert_eq!(parallaxis::min_element(s).unwrap(), first_min, "{what}: min_element");
    let first_max = sorted.last().map(|&m| (want.iter().position(|&v| v == m).unwrap(), m));
    assert_eq!(parallaxis::max_element(s).unwrap(), first_max, "{what}: max_element");
    // The sequence as the queries of a search in a stored sorted vector.
    let haystack = dv::<i32, B>(&sorted);
    let found: Vec<usize> = want.iter().map(|q| sorted.partition_point(|v| v < q)).collect();
    assert_eq!(host(&parallaxis::lower_bound(&haystack, s).unwrap()), found, "{what}: lower_bound");
}

fn check_all(x: &[i32], y: &[i32], (a, b): (usize, usize)) {
    let n = x.len();
    let (dx, dy) = (dv::<i32, B>(x), dv::<i32, B>(y));

    let squares: Vec<i32> = x.iter().map(|v| v.wrapping_mul(*v)).collect();
    check_consumers(&dx.map(Square), &squares, "map of a vector");
    let view = dx.slice(a..b).unwrap();
    check_consumers(&view.map(Square), &squares[a..b], "map of a view");

    let products: Vec<i32> = x.iter().zip(y).map(|(p, q)| p.wrapping_mul(*q)).collect();
    check_consumers(&parallaxis::lazy::zip(&dx, &dy).unwrap().map(Times), &products, "zip map");

    let count: Vec<i32> = (0..n as i32).map(|i| i - 5).collect();
    check_consumers(&parallaxis::lazy::counting::<B, i32>(-5, n), &count, "counting");
    check_consumers(&parallaxis::lazy::constant::<B, i32>(3, n), &vec![3; n], "constant");

    let reversed: Vec<i32> = x.iter().rev().copied().collect();
    check_consumers(&dx.rev(), &reversed, "rev");
    check_consumers(&view.rev(), &reversed[n - b..n - a], "rev of a view");

    let map: Vec<u32> = pseudo_random(n + 3, 9).into_iter().map(|v| (v % n.max(1) as u64) as u32).collect();
    let map = if n == 0 { vec![] } else { map };
    let dmap = dv::<u32, B>(&map);
    let gathered: Vec<i32> = map.iter().map(|&i| x[i as usize]).collect();
    check_consumers(&parallaxis::lazy::permute(&dx, &dmap).unwrap(), &gathered, "permute");

    // Nested maps: on CUDA each level is written out once (`map_of_lazy!`).
    let negated_squares: Vec<i32> = squares.iter().map(|v| v.wrapping_neg()).collect();
    check_consumers(&dx.map(Square).map(Negate), &negated_squares, "map of a map");
    let negated_count: Vec<i32> = count.iter().map(|v| v.wrapping_neg()).collect();
    check_consumers(&parallaxis::lazy::counting::<B, i32>(-5, n).map(Negate), &negated_count, "map of counting");

    check_families(&dx, x, "vector");
    check_families(&dx.map(Square), &squares, "map of a vector");
    check_families(&parallaxis::lazy::counting::<B, i32>(-5, n), &count, "counting");
    check_families(&dx.rev(), &reversed, "rev");
    check_families(&parallaxis::lazy::permute(&dx, &dmap).unwrap(), &gathered, "permute");
    check_families(&dx.map(Square).map(Negate), &negated_squares, "map of a map");
    check_zips(x, y);
}

/// `zip` and `zip3` pairs and triples: written out (`collect`, a lazy part included, and
/// fields of three sizes, so padding lies between them), reduced and scanned with `Both`
/// (on CUDA: written out by one strided copy per part, then the stock `Both` kernels).
fn check_zips(x: &[i32], y: &[i32]) {
    let n = x.len();
    let (dx, dy) = (dv::<i32, B>(x), dv::<i32, B>(y));
    let pairs: Vec<Pair<i32, i32>> = x.iter().zip(y).map(|(&a, &b)| Pair::new(a, b)).collect();
    let zipped = parallaxis::lazy::zip(&dx, &dy).unwrap();
    assert_eq!(host(&zipped.collect().unwrap()), pairs, "zip: collect");
    let range = Both(Min, Max);
    assert_eq!(parallaxis::reduce(range, &zipped).unwrap(), r::reduce(range, &pairs), "zip: reduce");
    let mut want = vec![Pair::default(); n];
    r::inclusive_scan(range, &pairs, &mut want);
    assert_eq!(host(&parallaxis::inclusive_scan(range, &zipped).unwrap()), want, "zip: inclusive_scan");
    let init = Pair::new(7, -7);
    r::exclusive_scan(range, init, &pairs, &mut want);
    assert_eq!(host(&parallaxis::exclusive_scan(range, init, &zipped).unwrap()), want, "zip: exclusive_scan");

    // A lazy part, written out first on CUDA.
    let at = parallaxis::lazy::counting::<B, u64>(3, n);
    let enumerated: Vec<Pair<u64, i32>> = x.iter().enumerate().map(|(i, &v)| Pair::new(i as u64 + 3, v)).collect();
    assert_eq!(host(&parallaxis::lazy::zip(at, &dx).unwrap().collect().unwrap()), enumerated, "zip of counting");

    // Three field sizes: u8 at 0, f64 at 8, i32 at 16 (padding after the first and the last).
    let bytes: Vec<u8> = x.iter().map(|&v| v as u8).collect();
    let wide: Vec<f64> = y.iter().map(|&v| f64::from(v) * 0.5).collect();
    let (db, dw) = (dv::<u8, B>(&bytes), dv::<f64, B>(&wide));
    let triples: Vec<Triple<u8, f64, i32>> =
        (0..n).map(|i| Triple::new(bytes[i], wide[i], x[i])).collect();
    assert_eq!(host(&parallaxis::lazy::zip3(&db, &dw, &dx).unwrap().collect().unwrap()), triples, "zip3: collect");

    // A mean's (sum, count) in one reduce: small integers, exact in f32 on any association.
    let small: Vec<f32> = x.iter().map(|&v| (v % 100) as f32).collect();
    let ds = dv::<f32, B>(&small);
    let total = parallaxis::reduce(Both(Sum, Sum), &parallaxis::lazy::zip(&ds, parallaxis::lazy::constant::<B, u32>(1, n)).unwrap()).unwrap();
    assert_eq!(total, Pair::new(small.iter().sum::<f32>(), n as u32), "mean: (sum, count)");
    // In f64 (halves of small integers: exact); on CUDA both means are the fused
    // `PairWith` / `Both(Sum, Sum)` kernels, nothing written out for the constant.
    let total = parallaxis::reduce(Both(Sum, Sum), &parallaxis::lazy::zip(&dw, parallaxis::lazy::constant::<B, u64>(1, n)).unwrap()).unwrap();
    assert_eq!(total, Pair::new(wide.iter().sum::<f64>(), n as u64), "f64 mean: (sum, count)");

    // A constant second part through every consumer (on CUDA `x.map(PairWith)`: the transform
    // composed with the scans), of a stored and of a lazy first part.
    let beside: Vec<Pair<i32, i32>> = x.iter().map(|&v| Pair::new(v, -3)).collect();
    let with_constant = parallaxis::lazy::zip(&dx, parallaxis::lazy::constant::<B, i32>(-3, n)).unwrap();
    assert_eq!(parallaxis::reduce(range, &with_constant).unwrap(), r::reduce(range, &beside), "zip with constant: reduce");
    let mut out = dv::<Pair<i32, i32>, B>(&[Pair::new(1, 1)]);
    parallaxis::reduce_into(range, &with_constant, &mut out).unwrap();
    assert_eq!(host(&out), [r::reduce(range, &beside)], "zip with constant: reduce_into");
    r::inclusive_scan(range, &beside, &mut want);
    assert_eq!(host(&parallaxis::inclusive_scan(range, &with_constant).unwrap()), want, "zip with constant: inclusive_scan");
    r::exclusive_scan(range, init, &beside, &mut want);
    assert_eq!(host(&parallaxis::exclusive_scan(range, init, &with_constant).unwrap()), want, "zip with constant: exclusive_scan");
    let counted: Vec<Pair<i32, i32>> = (0..n).map(|i| Pair::new(i as i32 - 5, 4)).collect();
    let lazy_first = parallaxis::lazy::zip(parallaxis::lazy::counting::<B, i32>(-5, n), parallaxis::lazy::constant::<B, i32>(4, n)).unwrap();
    r::inclusive_scan(range, &counted, &mut want);
    assert_eq!(host(&parallaxis::inclusive_scan(range, &lazy_first).unwrap()), want, "zip of counting with constant: inclusive_scan");
    assert_eq!(parallaxis::reduce(range, &lazy_first).unwrap(), r::reduce(range, &counted), "zip of counting with constant: reduce");
}

fn check_errors() {
    let x = dv::<i32, B>(&[1, 2, 3]);
    let e = parallaxis::lazy::zip(&x, &dv::<i32, B>(&[1, 2])).map(|_| ()).unwrap_err();
    assert_eq!(e, Error::LengthMismatch { what: "zip second sequence", expected: 3, actual: 2 });
    let e = parallaxis::lazy::permute(&x, &dv::<u32, B>(&[0, 3, 1])).map(|_| ()).unwrap_err();
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
