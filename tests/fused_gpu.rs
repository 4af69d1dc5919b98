//! The fused `transform_reduce`, `transform_inclusive_scan` and `transform_exclusive_scan` on the
//! GPU (device/src/ops/fused/unary.rs): the listed (functor, monoid, type) triples run as one
//! kernel that maps each item as it reads it, every other pair as a transform into a temporary and
//! the reduce or scan. The fused reduce partitions its input as the reduce does (by `n` and the
//! input's size), so where the functor keeps the size (`Square`) its float sums must equal the
//! composed form's bit for bit (another association would show in the last bits; maxima only show a
//! lost or extra item); the sizes cross every shape of the reduce: one block, the one-wave launches
//! whose warps fold 2-4 tiles, and the two-level fold tree past one group of blocks. A float scan's
//! association across tiles depends on timing (the look-back), so the fused scans are held to the
//! reference exactly on integers and within the float bound on f64.
#![cfg(feature = "cuda")]

use crate::common;

use common::pseudo_random;
use parallaxis::{
    backend::{FusedOps, MonoidOps, TransformOps},
    ops::{Max, Monoid, Negate, Scale, Square, Sum},
    Cuda, DeviceCopy, DeviceVector,
};
use parallaxis_device::{
    transform_exclusive_scan_is_fused, transform_inclusive_scan_is_fused, transform_reduce_is_fused,
};

type B = Cuda;

/// Shapes of `policy::reduce::reduce_grid`: one block (1); a few (4097); the one-wave launches
/// whose warps fold 2-4 warp tiles (f32: 1025·4096 is 513 blocks of 2, 2^23 + 77 is 683 of 3,
/// 4096·4096 is 1024 of 4; f64: 1025·4096 is 684 of 3); the two-level fold tree (f32 from 2^24 +
/// 12345, 4100 blocks in 2 groups; f64 from 2^23 + 77, 4097 blocks in 3 groups).
const SIZES: [usize; 8] = [
    1,
    4097,
    (1 << 20) + 3,
    1025 * 4096,
    4096 * 4096,
    (1 << 23) + 77,
    (1 << 24) + 12345,
    (1 << 25) + 1,
];

/// Values in `[-2, 2)` with 16 random bits: sums of squares lose low bits in f32 (so the
/// association shows), and their maxima tie rarely.
fn floats(n: usize, seed: u64) -> Vec<f64> {
    pseudo_random(n, seed)
        .into_iter()
        .map(|r| ((r >> 48) as f64 - 32768.0) / 16384.0)
        .collect()
}

/// `transform_reduce(Square, m, x)` against `reduce(m, transform(Square, x))`, as bits.
fn fused_equals_composed<T, M>(m: M, x: &DeviceVector<T, B>, bits: impl Fn(T) -> u64, what: &str)
where
    T: DeviceCopy,
    M: Monoid<T>,
    Square: parallaxis::ops::UnaryFunction<T, Output = T>,
    B: FusedOps<T, T, Square, M> + MonoidOps<T, M> + TransformOps<T, Square>,
{
    let fused = parallaxis::transform_reduce(Square, m, x).unwrap();
    let squares = parallaxis::transform(Square, x).unwrap();
    let composed = parallaxis::reduce(m, &squares).unwrap();
    assert_eq!(bits(fused), bits(composed), "{what}, n = {}", x.len());
}

/// The lookup reads the PTX text only: no GPU needed.
#[test]
fn the_listed_triples_are_fused_and_other_pairs_are_not() {
    type Map = parallaxis::ops::AffineMap<i64>;
    assert!(transform_reduce_is_fused::<f32, Square, Sum>());
    assert!(transform_reduce_is_fused::<u64, Square, Max>());
    assert!(transform_reduce_is_fused::<
        Map,
        parallaxis::ops::Identity,
        parallaxis::ops::Affine,
    >());
    assert!(!transform_reduce_is_fused::<f32, Negate, Sum>());
    assert!(!transform_reduce_is_fused::<i32, Scale<i32>, Max>());
    assert!(!transform_reduce_is_fused::<
        f64,
        Square,
        parallaxis::ops::Min,
    >());
    assert!(transform_inclusive_scan_is_fused::<f32, Square, Sum>());
    assert!(transform_inclusive_scan_is_fused::<i64, Square, Sum>());
    assert!(transform_inclusive_scan_is_fused::<
        Map,
        parallaxis::ops::Identity,
        parallaxis::ops::Affine,
    >());
    assert!(!transform_inclusive_scan_is_fused::<f32, Square, Max>());
    assert!(!transform_inclusive_scan_is_fused::<i32, Negate, Sum>());
    assert!(transform_exclusive_scan_is_fused::<f64, Square, Sum>());
    assert!(transform_exclusive_scan_is_fused::<
        Map,
        parallaxis::ops::Identity,
        parallaxis::ops::Affine,
    >());
    assert!(!transform_exclusive_scan_is_fused::<i64, Square, Max>());
}

#[test]
fn fused_float_reductions_equal_the_composed_ones_bit_for_bit() {
    require_gpu!();
    for (i, &n) in SIZES.iter().enumerate() {
        let x = floats(n, 7 + i as u64);
        let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
        let d32 = DeviceVector::<f32, B>::from_slice(&x32).unwrap();
        let d64 = DeviceVector::<f64, B>::from_slice(&x).unwrap();
        let b32 = |v: f32| u64::from(v.to_bits());
        fused_equals_composed(Sum, &d32, b32, "f32 Square Sum");
        fused_equals_composed(Max, &d32, b32, "f32 Square Max");
        fused_equals_composed(Sum, &d64, f64::to_bits, "f64 Square Sum");
        fused_equals_composed(Max, &d64, f64::to_bits, "f64 Square Max");
    }
}

#[test]
fn fused_integer_reductions_equal_the_host_reference() {
    require_gpu!();
    for (i, &n) in SIZES.iter().enumerate() {
        let r = pseudo_random(n, 100 + i as u64);
        let x32: Vec<u32> = r.iter().map(|&v| (v >> 32) as u32).collect();
        let x64: Vec<i64> = r.iter().map(|&v| v as i64).collect();
        let want32 = parallaxis::reference::transform_reduce(Square, Sum, &x32);
        let want64 = parallaxis::reference::transform_reduce(Square, Max, &x64);
        let got32 = parallaxis::transform_reduce(Square, Sum, &common::dv::<u32, B>(&x32)).unwrap();
        let got64 = parallaxis::transform_reduce(Square, Max, &common::dv::<i64, B>(&x64)).unwrap();
        assert_eq!(got32, want32, "u32 Square Sum (wrapping), n = {n}");
        assert_eq!(got64, want64, "i64 Square Max (wrapping squares), n = {n}");
    }
}

/// Tile edges of the scan (8192 4-byte or 4096 8-byte items a tile), many tiles, and a
/// partial last tile.
const SCAN_SIZES: [usize; 6] = [
    1,
    8191,
    8193,
    4096 * 3 + 5,
    (1 << 20) + 3,
    (1 << 24) + 12345,
];

#[test]
fn fused_integer_scans_equal_the_host_reference() {
    require_gpu!();
    for (i, &n) in SCAN_SIZES.iter().enumerate() {
        let r = pseudo_random(n, 200 + i as u64);
        let x32: Vec<u32> = r.iter().map(|&v| (v >> 32) as u32).collect();
        let x64: Vec<i64> = r.iter().map(|&v| v as i64).collect();
        let mut want32 = vec![0; n];
        let mut want64 = vec![0; n];
        parallaxis::reference::transform_inclusive_scan(Square, Sum, &x32, &mut want32);
        parallaxis::reference::transform_inclusive_scan(Square, Sum, &x64, &mut want64);
        let d32 = common::dv::<u32, B>(&x32);
        let d64 = common::dv::<i64, B>(&x64);
        let got32 = parallaxis::transform_inclusive_scan(Square, Sum, &d32).unwrap();
        let got64 = parallaxis::transform_inclusive_scan(Square, Sum, &d64).unwrap();
        assert!(
            common::host(&got32) == want32,
            "u32 Square Sum scan, n = {n}"
        );
        assert!(
            common::host(&got64) == want64,
            "i64 Square Sum scan, n = {n}"
        );
        // The exclusive form, seeded (wrapping sums).
        parallaxis::reference::transform_exclusive_scan(Square, Sum, 17, &x32, &mut want32);
        parallaxis::reference::transform_exclusive_scan(Square, Sum, -5, &x64, &mut want64);
        let got32 = parallaxis::transform_exclusive_scan(Square, Sum, 17, &d32).unwrap();
        let got64 = parallaxis::transform_exclusive_scan(Square, Sum, -5, &d64).unwrap();
        assert!(
            common::host(&got32) == want32,
            "u32 Square Sum exclusive scan, n = {n}"
        );
        assert!(
            common::host(&got64) == want64,
            "i64 Square Sum exclusive scan, n = {n}"
        );
    }
}

#[test]
fn fused_float_scans_are_within_the_float_bound() {
    require_gpu!();
    for (i, &n) in SCAN_SIZES.iter().enumerate() {
        let x = floats(n, 300 + i as u64);
        let mut want = vec![0.0; n];
        parallaxis::reference::transform_inclusive_scan(Square, Sum, &x, &mut want);
        let got =
            parallaxis::transform_inclusive_scan(Square, Sum, &common::dv::<f64, B>(&x)).unwrap();
        let abs: f64 = x.iter().map(|v| v * v).sum();
        common::assert_close(&common::host(&got), &want, n, abs, "f64 Square Sum scan");
        parallaxis::reference::transform_exclusive_scan(Square, Sum, 0.5, &x, &mut want);
        let got = parallaxis::transform_exclusive_scan(Square, Sum, 0.5, &common::dv::<f64, B>(&x));
        let abs = abs + 0.5;
        let got = common::host(&got.unwrap());
        common::assert_close(&got, &want, n, abs, "f64 Square Sum exclusive scan");
    }
}

/// `Identity` then the non-commutative `Affine` (composition of `x -> a·x + b`, wrapping):
/// the fused reduce and scan must fold in index order. Maps with random slopes and offsets.
#[test]
fn fused_affine_reduce_and_scan_keep_operand_order() {
    require_gpu!();
    use parallaxis::ops::{Affine, AffineMap, Identity};
    for (i, &n) in SCAN_SIZES.iter().enumerate() {
        let r = pseudo_random(2 * n, 400 + i as u64);
        let x: Vec<AffineMap<i64>> = r
            .chunks(2)
            .map(|p| AffineMap {
                a: p[0] as i64,
                b: p[1] as i64,
            })
            .collect();
        let dx = common::dv::<AffineMap<i64>, B>(&x);
        let got = parallaxis::transform_reduce(Identity, Affine, &dx).unwrap();
        let want = parallaxis::reference::transform_reduce(Identity, Affine, &x);
        assert!(got == want, "Identity Affine reduce, n = {n}");
        let mut want = vec![AffineMap { a: 0, b: 0 }; n];
        parallaxis::reference::transform_inclusive_scan(Identity, Affine, &x, &mut want);
        let got = parallaxis::transform_inclusive_scan(Identity, Affine, &dx).unwrap();
        assert!(common::host(&got) == want, "Identity Affine scan, n = {n}");
        let seed = AffineMap { a: 3, b: -7 };
        parallaxis::reference::transform_exclusive_scan(Identity, Affine, seed, &x, &mut want);
        let got = parallaxis::transform_exclusive_scan(Identity, Affine, seed, &dx).unwrap();
        assert!(
            common::host(&got) == want,
            "Identity Affine exclusive scan, n = {n}"
        );
    }
}
