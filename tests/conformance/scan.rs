// Conformance body for inclusive_scan, exclusive_scan (and their `_into` forms),
// transform_inclusive_scan and transform_exclusive_scan, against `parallaxis::reference`: integers and the non-commutative
// affine maps exactly, dyadic f32 bit for bit, general f64 within `assert_close`'s bound.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceCopy, DeviceVector, ops::{Affine, AffineMap, BitXor, Max, Monoid, Negate, Product, Square, Sum}, backend::MonoidOps};
use proptest::prelude::*;
use std::fmt::Debug;

/// Both scans (and their `_into` forms) equal the reference exactly.
fn exact<T: DeviceCopy + PartialEq + Debug, M: Monoid<T>>(m: M, init: T, x: &[T], what: &str)
where
    B: MonoidOps<T, M>,
{
    let (n, xd) = (x.len(), dv::<T, B>(x));
    let mut want = x.to_vec();
    r::inclusive_scan(m, x, &mut want);
    assert_eq!(
        host(&parallaxis::inclusive_scan(m, &xd).unwrap()),
        want,
        "inclusive {what}, n={n}"
    );
    let mut into = DeviceVector::<T, B>::from_slice(x).unwrap();
    parallaxis::inclusive_scan_into(m, &xd, &mut into).unwrap();
    assert_eq!(host(&into), want, "inclusive_scan_into {what}, n={n}");
    r::exclusive_scan(m, init, x, &mut want);
    let got = host(&parallaxis::exclusive_scan(m, init, &xd).unwrap());
    assert_eq!(got, want, "exclusive {what}, n={n}");
    parallaxis::exclusive_scan_into(m, init, &xd, &mut into).unwrap();
    assert_eq!(host(&into), want, "exclusive_scan_into {what}, n={n}");
}

fn check_ints(x: &[i32]) {
    exact(Sum, 7, x, "i32 Sum");
    let odd: Vec<i32> = x.iter().map(|v| v | 1).collect();
    exact(Product, 3, &odd, "i32 Product");
    let wide: Vec<i64> = x.iter().map(|&v| i64::from(v) * 0x1_0000_0001).collect();
    exact(Max, i64::MIN, &wide, "i64 Max");
    let bits: Vec<u64> = x
        .iter()
        .map(|&v| (v as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .collect();
    exact(BitXor, 5, &bits, "u64 BitXor");
    let got = host(&parallaxis::transform_inclusive_scan(Square, Sum, &dv::<i32, B>(x)).unwrap());
    let mut want = vec![0; x.len()];
    r::transform_inclusive_scan(Square, Sum, x, &mut want);
    assert_eq!(got, want, "transform_inclusive_scan i32, n={}", x.len());
    let got = parallaxis::transform_exclusive_scan(Square, Sum, -9, &dv::<i32, B>(x)).unwrap();
    r::transform_exclusive_scan(Square, Sum, -9, x, &mut want);
    assert_eq!(host(&got), want, "transform_exclusive_scan i32, n={}", x.len());
}

fn check_affine(x: &[AffineMap<i64>]) {
    exact(Affine, AffineMap::new(3, -2), x, "Affine i64");
    // Fused (the seed first, then the maps in index order).
    let seed = AffineMap::new(5, 1);
    let xd = dv::<AffineMap<i64>, B>(x);
    let got = parallaxis::transform_exclusive_scan(parallaxis::ops::Identity, Affine, seed, &xd);
    let mut want = x.to_vec();
    r::transform_exclusive_scan(parallaxis::ops::Identity, Affine, seed, x, &mut want);
    assert!(host(&got.unwrap()) == want, "transform_exclusive_scan Affine, n={}", x.len());
}

fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// Dyadic f32: every prefix is exact, so any association gives the same bits.
fn check_dyadic(x: &[f32]) {
    let (n, xd) = (x.len(), dv::<f32, B>(x));
    let mut want = x.to_vec();
    r::inclusive_scan(Sum, x, &mut want);
    let got = host(&parallaxis::inclusive_scan(Sum, &xd).unwrap());
    assert_eq!(bits(&got), bits(&want), "inclusive f32, n={n}");
    r::exclusive_scan(Sum, 0.5, x, &mut want);
    let got = host(&parallaxis::exclusive_scan(Sum, 0.5, &xd).unwrap());
    assert_eq!(bits(&got), bits(&want), "exclusive f32, n={n}");
    r::transform_inclusive_scan(Negate, Sum, x, &mut want);
    let got = host(&parallaxis::transform_inclusive_scan(Negate, Sum, &xd).unwrap());
    assert_eq!(
        bits(&got),
        bits(&want),
        "transform_inclusive_scan f32, n={n}"
    );
    // Composed on the GPU (no fused Negate Sum kernel).
    r::transform_exclusive_scan(Negate, Sum, 0.25, x, &mut want);
    let got = host(&parallaxis::transform_exclusive_scan(Negate, Sum, 0.25, &xd).unwrap());
    assert_eq!(bits(&got), bits(&want), "transform_exclusive_scan f32, n={n}");
}

fn check_f64(x: &[f64]) {
    let (n, xd) = (x.len(), dv::<f64, B>(x));
    let abs = x.iter().map(|v| v.abs()).sum::<f64>() + 1.0;
    let mut want = x.to_vec();
    r::inclusive_scan(Sum, x, &mut want);
    let got = host(&parallaxis::inclusive_scan(Sum, &xd).unwrap());
    assert_close(&got, &want, n, abs, "inclusive f64");
    r::exclusive_scan(Sum, -1.0, x, &mut want);
    let got = host(&parallaxis::exclusive_scan(Sum, -1.0, &xd).unwrap());
    assert_close(&got, &want, n, abs, "exclusive f64");
}

#[test]
fn edge_sizes_match_reference() {
    require_gpu!();
    for n in edge_sizes() {
        let x: Vec<i32> = pseudo_random(n, 21).into_iter().map(|v| v as i32).collect();
        check_ints(&x);
        check_affine(&maps(n, 22));
        check_dyadic(&small_dyadic(n, 23));
        let f: Vec<f64> = small_dyadic(n, 24)
            .iter()
            .map(|&v| f64::from(v) * 1e3 + 0.1)
            .collect();
        check_f64(&f);
    }
}

#[test]
fn many_super_blocks() {
    require_gpu!();
    // The host backend scans in super-blocks of 4 MiB of output: 16 chunks of 16-byte
    // affine maps, so this input takes three of them, carries crossing both edges.
    let n = 40 * HOST_CHUNK + 3;
    check_affine(&maps(n, 25));
}

#[test]
fn inclusive_scan_never_combines_the_identity() {
    require_gpu!();
    // -0.0 + -0.0 is -0.0 but 0.0 + -0.0 is 0.0: the identity must not leak in anywhere.
    let x = vec![-0.0_f32; 5 * HOST_CHUNK + 17];
    let got = host(&parallaxis::inclusive_scan(Sum, &dv::<f32, B>(&x)).unwrap());
    assert!(got.iter().all(|v| v.to_bits() == (-0.0_f32).to_bits()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn ints_equivalence(x in prop::collection::vec(any::<i32>(), 0..3 * HOST_CHUNK)) {
        require_gpu!(proptest);
        check_ints(&x);
    }

    #[test]
    fn affine_equivalence(
        x in prop::collection::vec((any::<u64>(), any::<i64>()), 0..3 * HOST_CHUNK),
    ) {
        require_gpu!(proptest);
        let x: Vec<_> = x.into_iter().map(|(a, b)| AffineMap::new(odd_slope(a), b)).collect();
        check_affine(&x);
    }

    #[test]
    fn dyadic_f32_bitwise(x in prop::collection::vec(dyadic_f32(), 0..4096)) {
        require_gpu!(proptest);
        check_dyadic(&x);
    }

    #[test]
    fn long_dyadic_f32_bitwise(n in 0..3 * HOST_CHUNK, seed in any::<u64>()) {
        require_gpu!(proptest);
        check_dyadic(&small_dyadic(n, seed));
    }

    #[test]
    fn f64_within_bound(x in prop::collection::vec(general_f64(), 0..3 * HOST_CHUNK)) {
        require_gpu!(proptest);
        check_f64(&x);
    }
}
