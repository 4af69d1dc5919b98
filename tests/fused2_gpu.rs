//! The fused `transform2_reduce` on the GPU (device/src/ops/fused/binary.rs): `Times` then `Sum`
//! (the inner product) runs as one kernel that reads both inputs once, every other pair of a
//! `transform2` and a `reduce` kernel as a `transform2` into a temporary and the reduce. The
//! fused kernel partitions the pairs as one input of both items' sizes together, so its float
//! sums associate differently from the composed form's: they are held to the reference within
//! the float bound, to themselves bit for bit from call to call (the association depends on
//! `n` only), and integer dot products (wrapping) to the reference exactly.
#![cfg(feature = "cuda")]

use crate::common;

use common::{dv, pseudo_random};
use parallaxis::{
    ops::{Max, Plus, SaxpyFunctor, Sum, Times},
    Cuda,
};
use parallaxis_device::kernels::{policy::reduce::reduce_grid, policy::reduce::reduce_group};
use parallaxis_device::transform2_reduce_is_fused;

type B = Cuda;

/// One block, two, the one-wave launches whose warps fold several warp tiles, and the
/// two-level fold tree, for pairs of 4-byte and of 8-byte items (checked by
/// `the_sizes_cover_every_shape_of_the_pair_partition`).
const SIZES: [usize; 8] = [
    1,
    2049,
    (1 << 20) + 3,
    1025 * 2048,
    // 513 blocks folding 2 warp tiles a warp for 4-byte pairs, the last one partial.
    1025 * 2048 + 3,
    (1 << 23) + 77,
    (1 << 24) + 12345,
    (1 << 25) + 1,
];

/// The shapes `SIZES` is meant to reach, from the partition itself: for pairs of 4-byte
/// (8 bytes a pair) and 8-byte items (16), one block, a one-wave launch of several warp
/// tiles a warp, and more blocks than one group of the fold tree.
#[test]
fn the_sizes_cover_every_shape_of_the_pair_partition() {
    for (pair, out) in [(8, 4), (16, 8)] {
        let grids: Vec<(u64, u64)> = SIZES.iter().map(|&n| reduce_grid(n as u64, pair)).collect();
        assert!(grids.iter().any(|&(b, _)| b == 1), "{pair}: one block");
        assert!(grids.iter().any(|&(_, t)| t > 1), "{pair}: tiles a warp");
        assert!(
            grids.iter().any(|&(b, _)| b > reduce_group(out)),
            "{pair}: two tree levels, {grids:?}"
        );
    }
}

/// The lookup reads the PTX text only: no GPU needed.
#[test]
fn the_dot_products_are_fused_and_other_pairs_are_not() {
    assert!(transform2_reduce_is_fused::<f32, Times, Sum>());
    assert!(transform2_reduce_is_fused::<f64, Times, Sum>());
    assert!(transform2_reduce_is_fused::<i32, Times, Sum>());
    assert!(transform2_reduce_is_fused::<u32, Times, Sum>());
    assert!(transform2_reduce_is_fused::<i64, Times, Sum>());
    assert!(transform2_reduce_is_fused::<u64, Times, Sum>());
    assert!(!transform2_reduce_is_fused::<f32, Plus, Sum>());
    assert!(!transform2_reduce_is_fused::<f32, Times, Max>());
    assert!(!transform2_reduce_is_fused::<f64, SaxpyFunctor<f64>, Sum>());
}

#[test]
fn fused_integer_dot_products_equal_the_host_reference() {
    require_gpu!();
    for (i, &n) in SIZES.iter().enumerate() {
        let r = pseudo_random(2 * n, 500 + i as u64);
        let (a, b) = r.split_at(n);
        let a32: Vec<u32> = a.iter().map(|&v| (v >> 32) as u32).collect();
        let b32: Vec<u32> = b.iter().map(|&v| v as u32).collect();
        let a64: Vec<i64> = a.iter().map(|&v| v as i64).collect();
        let b64: Vec<i64> = b.iter().map(|&v| (v >> 3) as i64).collect();
        let got32 = parallaxis::transform2_reduce(Times, Sum, &dv::<u32, B>(&a32), &dv(&b32));
        let got64 = parallaxis::transform2_reduce(Times, Sum, &dv::<i64, B>(&a64), &dv(&b64));
        let want32 = parallaxis::reference::transform2_reduce(Times, Sum, &a32, &b32);
        let want64 = parallaxis::reference::transform2_reduce(Times, Sum, &a64, &b64);
        assert_eq!(got32.unwrap(), want32, "u32 dot (wrapping), n = {n}");
        assert_eq!(got64.unwrap(), want64, "i64 dot (wrapping), n = {n}");
    }
}

/// Values in `[-2, 2)` with 16 random bits.
fn floats(n: usize, seed: u64) -> Vec<f64> {
    pseudo_random(n, seed)
        .into_iter()
        .map(|r| ((r >> 48) as f64 - 32768.0) / 16384.0)
        .collect()
}

#[test]
fn fused_float_dot_products_are_within_the_bound_and_reproducible() {
    require_gpu!();
    for (i, &n) in SIZES.iter().enumerate() {
        let (a, b) = (floats(n, 600 + i as u64), floats(n, 700 + i as u64));
        let bound: f64 = a.iter().zip(&b).map(|(x, y)| (x * y).abs()).sum();
        let (da, db) = (dv::<f64, B>(&a), dv::<f64, B>(&b));
        let got = parallaxis::transform2_reduce(Times, Sum, &da, &db).unwrap();
        let again = parallaxis::transform2_reduce(Times, Sum, &da, &db).unwrap();
        let want = parallaxis::reference::transform2_reduce(Times, Sum, &a, &b);
        common::assert_close(&[got], &[want], n, bound, "f64 dot");
        assert_eq!(got.to_bits(), again.to_bits(), "f64 dot twice, n = {n}");

        let (a32, b32): (Vec<f32>, Vec<f32>) = (
            a.iter().map(|&v| v as f32).collect(),
            b.iter().map(|&v| v as f32).collect(),
        );
        let (da, db) = (dv::<f32, B>(&a32), dv::<f32, B>(&b32));
        let got = parallaxis::transform2_reduce(Times, Sum, &da, &db).unwrap();
        let again = parallaxis::transform2_reduce(Times, Sum, &da, &db).unwrap();
        // The dot product of the f32 inputs in f64 (each product exact, the sum far inside
        // the f32 bound).
        let exact = parallaxis::reference::transform2_reduce(Times, Sum, &a, &b) as f32;
        common::assert_close(&[got], &[exact], n, bound, "f32 dot");
        assert_eq!(got.to_bits(), again.to_bits(), "f32 dot twice, n = {n}");
    }
}

/// A pair with no fused kernel runs composed and still equals the reference.
#[test]
fn composed_pairs_equal_the_host_reference() {
    require_gpu!();
    for (i, &n) in SIZES[..4].iter().enumerate() {
        let r = pseudo_random(2 * n, 800 + i as u64);
        let (a, b): (Vec<i32>, Vec<i32>) = (
            r[..n].iter().map(|&v| v as i32).collect(),
            r[n..].iter().map(|&v| (v >> 32) as i32).collect(),
        );
        let got = parallaxis::transform2_reduce(Plus, Max, &dv::<i32, B>(&a), &dv(&b)).unwrap();
        let want = parallaxis::reference::transform2_reduce(Plus, Max, &a, &b);
        assert_eq!(got, want, "i32 Plus Max, n = {n}");
    }
}
