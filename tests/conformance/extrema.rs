// Conformance body for the extrema (min_element, max_element, minmax_element and their
// `_into` forms; the ArgMin / ArgMax monoids under reduce, the scans and reduce_by_key) and
// the init forms (reduce_with_init, inclusive_scan_with_init), against `parallaxis::reference`:
// every size of the ladder, ties (the first index wins; minmax's largest: the last), NaN,
// empty inputs, and the non-commutative affine maps for init order.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceCopy, DeviceVector, ops::{Affine, AffineMap, ArgMax, ArgMin, ArgMinMax, Indexed, Max, MinMax, Monoid, Number, Sum}, backend::{ArgOps, InitOps, KeyedOps, MonoidOps}};
use proptest::prelude::*;
use std::fmt::Debug;

/// Equality of an optional (index, value) in which a NaN equals a NaN (NaN picks compare).
#[allow(clippy::eq_op)]
fn same_pick<T: Number>(a: Option<(usize, T)>, b: Option<(usize, T)>) -> bool {
    match (a, b) {
        (Some((i, x)), Some((j, y))) => i == j && (x == y || (x != x && y != y)),
        (None, None) => true,
        _ => false,
    }
}

/// All three front doors and their `_into` forms equal the reference.
fn check_extrema<T: Number>(x: &[T], what: &str)
where
    B: ArgOps<T, ArgMin> + ArgOps<T, ArgMax> + ArgOps<T, ArgMinMax>,
{
    let n = x.len();
    let d = dv::<T, B>(x);
    let got = parallaxis::min_element(&d).unwrap();
    let want = r::min_element(x);
    assert!(same_pick(got, want), "min_element {what} n={n}: {got:?} vs {want:?}");
    let got = parallaxis::max_element(&d).unwrap();
    let want = r::max_element(x);
    assert!(same_pick(got, want), "max_element {what} n={n}: {got:?} vs {want:?}");
    let got = parallaxis::minmax_element(&d).unwrap();
    let want = r::minmax_element(x);
    let ok = match (got, want) {
        (Some((a, b)), Some((c, e))) => same_pick(Some(a), Some(c)) && same_pick(Some(b), Some(e)),
        (None, None) => true,
        _ => false,
    };
    assert!(ok, "minmax_element {what} n={n}: {got:?} vs {want:?}");

    // `_into`: the pick (or the identity for an empty input) lands in one slot.
    let mut out = DeviceVector::<Indexed<T>, B>::zeros(1).unwrap();
    parallaxis::min_element_into(&d, &mut out).unwrap();
    let p = host(&out)[0];
    let want = r::arg_reduce(ArgMin, x);
    assert_eq!(p.index, want.index, "min_element_into {what} n={n}");
    parallaxis::max_element_into(&d, &mut out).unwrap();
    let p = host(&out)[0];
    assert_eq!(p.index, r::arg_reduce(ArgMax, x).index, "max_element_into {what} n={n}");
    let mut out = DeviceVector::<MinMax<T>, B>::zeros(1).unwrap();
    parallaxis::minmax_element_into(&d, &mut out).unwrap();
    let p = host(&out)[0];
    let want = r::arg_reduce(ArgMinMax, x);
    assert_eq!(
        (p.min.index, p.max.index),
        (want.min.index, want.max.index),
        "minmax_element_into {what} n={n}"
    );
}

/// The ArgMin / ArgMax monoids on vectors of pairs: reduce, both scans, reduce_by_key (a
/// segmented argmax) equal the reference exactly.
fn check_monoids<T: Number>(x: &[T], what: &str)
where
    Indexed<T>: PartialEq + Debug,
    B: MonoidOps<Indexed<T>, ArgMin>
        + MonoidOps<Indexed<T>, ArgMax>
        + KeyedOps<u32, Indexed<T>, ArgMax>,
{
    let n = x.len();
    let pairs: Vec<Indexed<T>> = x.iter().enumerate().map(|(i, &v)| Indexed::new(v, i as u64)).collect();
    let d = dv::<Indexed<T>, B>(&pairs);
    assert_eq!(parallaxis::reduce(ArgMin, &d).unwrap().index, r::reduce(ArgMin, &pairs).index, "reduce ArgMin {what} n={n}");
    assert_eq!(parallaxis::reduce(ArgMax, &d).unwrap().index, r::reduce(ArgMax, &pairs).index, "reduce ArgMax {what} n={n}");
    let idx = |v: Vec<Indexed<T>>| v.iter().map(|p| p.index).collect::<Vec<_>>();
    let mut want = pairs.clone();
    r::inclusive_scan(ArgMin, &pairs, &mut want);
    assert_eq!(idx(host(&parallaxis::inclusive_scan(ArgMin, &d).unwrap())), idx(want), "inclusive_scan ArgMin {what} n={n}");
    let mut want = pairs.clone();
    let seed = ArgMax.identity();
    r::exclusive_scan(ArgMax, seed, &pairs, &mut want);
    assert_eq!(idx(host(&parallaxis::exclusive_scan(ArgMax, seed, &d).unwrap())), idx(want), "exclusive_scan ArgMax {what} n={n}");
    // Segmented argmax: runs of 5 equal keys.
    let keys: Vec<u32> = (0..n).map(|i| (i / 5) as u32).collect();
    let (gk, gv) = parallaxis::reduce_by_key(ArgMax, &dv::<u32, B>(&keys), &d).unwrap();
    let (mut wk, mut wv) = (keys.clone(), pairs.clone());
    let runs = r::reduce_by_key(ArgMax, &keys, &pairs, &mut wk, &mut wv);
    assert_eq!(host(&gk), wk[..runs], "reduce_by_key ArgMax keys {what} n={n}");
    assert_eq!(idx(host(&gv)), idx(wv[..runs].to_vec()), "reduce_by_key ArgMax {what} n={n}");
}

/// reduce_with_init and inclusive_scan_with_init (both forms) equal the reference exactly.
fn check_init<T: DeviceCopy + PartialEq + Debug, M: Monoid<T>>(m: M, init: T, x: &[T], what: &str)
where
    B: MonoidOps<T, M> + InitOps<T, M>,
{
    let n = x.len();
    let d = dv::<T, B>(x);
    let want = r::reduce_with_init(m, init, x);
    assert_eq!(parallaxis::reduce_with_init(m, init, &d).unwrap(), want, "reduce_with_init {what} n={n}");
    let mut out = dv::<T, B>(&[m.identity()]);
    parallaxis::reduce_with_init_into(m, init, &d, &mut out).unwrap();
    assert_eq!(host(&out), [want], "reduce_with_init_into {what} n={n}");
    let mut want = x.to_vec();
    r::inclusive_scan_with_init(m, init, x, &mut want);
    let got = parallaxis::inclusive_scan_with_init(m, init, &d).unwrap();
    assert_eq!(host(&got), want, "inclusive_scan_with_init {what} n={n}");
    let mut y = DeviceVector::<T, B>::filled(n, m.identity()).unwrap();
    parallaxis::inclusive_scan_with_init_into(m, init, &d, &mut y).unwrap();
    assert_eq!(host(&y), want, "inclusive_scan_with_init_into {what} n={n}");
}

/// Values with many ties: `z mod 7` shifted, so the extremes recur at many indices.
fn tied<T: Number>(n: usize, seed: u64) -> Vec<T> {
    pseudo_random(n, seed).iter().map(|&z| T::from_u64(z % 7 + 3)).collect()
}

fn check_all_types(n: usize, seed: u64) {
    check_extrema::<f32>(&tied(n, seed), "f32 tied");
    check_extrema::<f64>(&tied(n, seed + 1), "f64 tied");
    check_extrema::<i32>(&tied(n, seed + 2), "i32 tied");
    check_extrema::<u32>(&tied(n, seed + 3), "u32 tied");
    check_extrema::<i64>(&tied(n, seed + 4), "i64 tied");
    check_extrema::<u64>(&tied(n, seed + 5), "u64 tied");
    let wide: Vec<i64> = pseudo_random(n, seed + 6).iter().map(|&z| z as i64).collect();
    check_extrema(&wide, "i64 distinct");
    let f: Vec<f32> = pseudo_random(n, seed + 7).iter().map(|&z| (z >> 40) as f32 - 8e6).collect();
    check_extrema(&f, "f32 spread");
}

#[test]
fn extrema_size_ladder() {
    require_gpu!();
    for n in edge_sizes() {
        check_all_types(n, n as u64);
    }
}

#[test]
fn extrema_large_tiles() {
    require_gpu!();
    // Several fold-tree levels on the GPU (2^20 + odd), a single occurrence at the very end.
    let n = (1 << 20) + 4097;
    check_all_types(n, 99);
    let mut x: Vec<u32> = tied(n, 5);
    x[n - 1] = 0;
    x[n - 2] = 100;
    check_extrema(&x, "u32 extremes at the end");
}

#[test]
fn extrema_many_tiles_per_warp() {
    require_gpu!();
    // Past 4096 blocks' worth of warp tiles (2^24 4-byte, 2^23 8-byte items) each GPU warp
    // folds several tiles into one running pick (`policy/extrema.rs`): ties across its
    // tiles, the extremes in the last partial tile.
    let n = (1 << 25) + 4099;
    let mut x: Vec<f32> = tied(n, 11);
    x[n - 3] = 1.0;
    x[n - 1] = 1.0;
    x[n - 2] = 50.0;
    check_extrema(&x, "f32 2^25 + 4099");
    let mut w: Vec<i64> = tied(n / 2, 12);
    w[n / 2 - 1] = -5;
    check_extrema(&w, "i64 2^24 + 2049");
}

#[test]
fn extrema_nan_and_signed_zero() {
    require_gpu!();
    let nan = f32::NAN;
    // NaN loses to every number, wherever it stands.
    check_extrema(&[nan, 2.0, nan, -1.0, nan], "NaN between");
    check_extrema(&[nan, nan, nan], "all NaN");
    check_extrema(&[0.0, -0.0, 0.0], "signed zeros tie");
    let d = dv::<f32, B>(&[nan, 3.0, nan]);
    assert_eq!(parallaxis::min_element(&d).unwrap(), Some((1, 3.0)));
    assert_eq!(parallaxis::max_element(&d).unwrap(), Some((1, 3.0)));
    let mut big: Vec<f64> = tied(5 * HOST_CHUNK + 17, 3);
    for i in (0..big.len()).step_by(3) {
        big[i] = f64::NAN;
    }
    check_extrema(&big, "f64 every third NaN");
    check_monoids(&big, "f64 every third NaN");
}

#[test]
fn extrema_empty_and_ties() {
    require_gpu!();
    let d = dv::<i32, B>(&[]);
    assert_eq!(parallaxis::min_element(&d).unwrap(), None);
    assert_eq!(parallaxis::max_element(&d).unwrap(), None);
    assert_eq!(parallaxis::minmax_element(&d).unwrap(), None);
    let mut out = dv::<Indexed<i32>, B>(&[Indexed::new(5, 5)]);
    parallaxis::min_element_into(&d, &mut out).unwrap();
    assert_eq!(host(&out), [Indexed::new(i32::MAX, u64::MAX)]);
    let d = dv::<u32, B>(&[4, 1, 9, 1, 9, 4]);
    assert_eq!(parallaxis::min_element(&d).unwrap(), Some((1, 1)));
    assert_eq!(parallaxis::max_element(&d).unwrap(), Some((2, 9)));
    assert_eq!(parallaxis::minmax_element(&d).unwrap(), Some(((1, 1), (4, 9))));
}

#[test]
fn arg_monoids_size_ladder() {
    require_gpu!();
    for n in edge_sizes() {
        check_monoids::<f32>(&tied(n, n as u64), "f32");
        check_monoids::<i32>(&tied(n, n as u64 + 1), "i32");
        check_monoids::<u64>(&tied(n, n as u64 + 2), "u64");
    }
}

#[test]
fn init_size_ladder() {
    require_gpu!();
    for n in edge_sizes() {
        let ints: Vec<i32> = pseudo_random(n, n as u64).iter().map(|&z| z as i32).collect();
        check_init(Sum, 12345, &ints, "i32 Sum");
        check_init(Max, -7, &ints, "i32 Max");
        // Affine maps do not commute: init must come first, x[0] next.
        check_init(Affine, AffineMap::new(3, -5), &maps(n, n as u64 + 9), "Affine");
        let f = small_dyadic(n, n as u64 + 3);
        check_init(Sum, 0.5_f32, &f, "f32 Sum (dyadic, exact)");
    }
    // Several scan tiles and fold-tree levels on the GPU.
    let n = (1 << 20) + 333;
    check_init(Affine, AffineMap::new(-1, 2), &maps(n, 1), "Affine large");
}

#[test]
fn init_empty_is_init() {
    require_gpu!();
    let e = dv::<AffineMap<i64>, B>(&[]);
    let init = AffineMap::new(2, 3);
    assert_eq!(parallaxis::reduce_with_init(Affine, init, &e).unwrap(), init);
    let mut out = dv::<AffineMap<i64>, B>(&[AffineMap::new(0, 0)]);
    parallaxis::reduce_with_init_into(Affine, init, &e, &mut out).unwrap();
    assert_eq!(host(&out), [init]);
    assert!(parallaxis::inclusive_scan_with_init(Affine, init, &e).unwrap().is_empty());
    // -0.0 as init survives an empty reduce bit for bit.
    let z = parallaxis::reduce_with_init(Sum, -0.0_f32, &dv::<f32, B>(&[])).unwrap();
    assert_eq!(z.to_bits(), (-0.0_f32).to_bits());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn extrema_equivalence(x in prop::collection::vec(-50_i32..50, 0..3 * HOST_CHUNK)) {
        require_gpu!(proptest);
        check_extrema(&x, "i32 proptest");
        let f: Vec<f32> = x.iter().map(|&v| if v == 49 { f32::NAN } else { v as f32 / 4.0 }).collect();
        check_extrema(&f, "f32 proptest with NaN");
        check_monoids(&f, "f32 proptest with NaN");
    }

    #[test]
    fn init_equivalence(
        x in prop::collection::vec((any::<u64>(), any::<i64>()), 0..3 * HOST_CHUNK),
        a in any::<u64>(),
        b in any::<i64>(),
    ) {
        require_gpu!(proptest);
        let maps: Vec<AffineMap<i64>> = x.iter().map(|&(z, b)| AffineMap::new(odd_slope(z), b)).collect();
        check_init(Affine, AffineMap::new(odd_slope(a), b), &maps, "Affine proptest");
    }
}
