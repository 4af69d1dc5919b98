// Conformance body for reduce, transform_reduce and transform2_reduce, against `parallaxis::reference`: integers
// and the non-commutative affine maps exactly, dyadic f32 bit for bit (exact in any order),
// general f64 within `assert_close`'s bound.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceCopy, ops::{Affine, AffineMap, BinaryFunction, BitXor, Max, Min, Monoid, Negate, Plus, Product, SaxpyFunctor, Square, Sum, Times, UnaryFunction}, backend::{Fused2Ops, FusedOps, MonoidOps}};
use proptest::prelude::*;
use std::fmt::Debug;

/// `reduce` and `reduce_into` equal the reference fold exactly.
fn exact<T: DeviceCopy + PartialEq + Debug, M: Monoid<T>>(m: M, x: &[T], what: &str)
where
    B: MonoidOps<T, M>,
{
    let dx = dv::<T, B>(x);
    let want = r::reduce(m, x);
    let got = parallaxis::reduce(m, &dx).unwrap();
    assert_eq!(got, want, "reduce {what}, n={}", x.len());
    assert_eq!(into(m, &dx), want, "reduce_into {what}, n={}", x.len());
}

/// The value `reduce_into` leaves in a one-element vector (which starts as `x[0]` or zeros,
/// so a kernel that wrote nothing is caught unless the fold happens to equal it).
fn into<T: DeviceCopy, M: Monoid<T>>(m: M, x: &parallaxis::DeviceVector<T, B>) -> T
where
    B: MonoidOps<T, M>,
{
    let mut out = parallaxis::DeviceVector::<T, B>::zeros(1).unwrap();
    parallaxis::reduce_into(m, x, &mut out).unwrap();
    host(&out)[0]
}

/// `transform_reduce` equals the reference exactly.
fn fused_exact<A, T, F, M>(f: F, m: M, x: &[A], what: &str)
where
    A: DeviceCopy,
    T: DeviceCopy + PartialEq + Debug,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
    B: FusedOps<A, T, F, M>,
{
    let got = parallaxis::transform_reduce(f, m, &dv::<A, B>(x)).unwrap();
    assert_eq!(
        got,
        r::transform_reduce(f, m, x),
        "transform_reduce {what}, n={}",
        x.len()
    );
}

/// `transform2_reduce` equals the reference exactly.
fn fused2_exact<A, T, F, M>(f: F, m: M, (a, b): (&[A], &[A]), what: &str)
where
    A: DeviceCopy,
    T: DeviceCopy + PartialEq + Debug,
    F: BinaryFunction<A, A, Output = T>,
    M: Monoid<T>,
    B: Fused2Ops<A, A, T, F, M>,
{
    let got = parallaxis::transform2_reduce(f, m, &dv::<A, B>(a), &dv::<A, B>(b)).unwrap();
    assert_eq!(
        got,
        r::transform2_reduce(f, m, a, b),
        "transform2_reduce {what}, n={}",
        a.len()
    );
}

fn check_ints(x: &[i32]) {
    exact(Sum, x, "i32 Sum");
    let odd: Vec<i32> = x.iter().map(|v| v | 1).collect();
    exact(Product, &odd, "i32 Product");
    exact(Max, x, "i32 Max");
    exact(Min, x, "i32 Min");
    let wide: Vec<i64> = x.iter().map(|&v| i64::from(v) * 0x1_0000_0001).collect();
    exact(Max, &wide, "i64 Max");
    exact(Min, &wide, "i64 Min");
    let bits: Vec<u64> = x
        .iter()
        .map(|&v| (v as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .collect();
    exact(BitXor, &bits, "u64 BitXor");
    fused_exact(Square, Sum, x, "i32 Square Sum");
    // A second input that differs from the first in every item: the dot product (fused on
    // the GPU), a composed pair, and saxpy `3 x + y`, whose operands do not commute (a
    // swapped pair would show; the fused kernels' operand order is checked by the
    // gpu-user-monoid example's non-commutative `MatMul` pairs, run by the GPU suite).
    let y: Vec<i32> = x.iter().map(|v| v.rotate_left(7) ^ 0x55).collect();
    fused2_exact(Times, Sum, (x, &y), "i32 Times Sum");
    let yw: Vec<i64> = y.iter().map(|&v| i64::from(v) << 3).collect();
    fused2_exact(Times, Sum, (&wide, &yw), "i64 Times Sum");
    fused2_exact(Plus, Max, (x, &y), "i32 Plus Max");
    fused2_exact(SaxpyFunctor { a: 3 }, Sum, (x, &y), "i32 Saxpy Sum");
}

fn check_affine(x: &[AffineMap<i64>]) {
    exact(Affine, x, "Affine i64");
    fused_exact(parallaxis::ops::Identity, Affine, x, "Affine i64");
}

/// Dyadic f32: every partial sum is exact, so any association gives the same bits.
fn check_dyadic(x: &[f32]) {
    let n = x.len();
    let dx = dv::<f32, B>(x);
    let got = parallaxis::reduce(Sum, &dx).unwrap();
    assert_eq!(got.to_bits(), r::reduce(Sum, x).to_bits(), "f32 Sum, n={n}");
    let got = into(Sum, &dx);
    assert_eq!(got.to_bits(), r::reduce(Sum, x).to_bits(), "f32 Sum into, n={n}");
    let got = parallaxis::reduce(Max, &dx).unwrap();
    assert_eq!(got.to_bits(), r::reduce(Max, x).to_bits(), "f32 Max, n={n}");
    let got = parallaxis::transform_reduce(Negate, Sum, &dv::<f32, B>(x)).unwrap();
    let want = r::transform_reduce(Negate, Sum, x);
    assert_eq!(got.to_bits(), want.to_bits(), "f32 Negate Sum, n={n}");
    // Times 1 and -1: the products are the inputs up to sign, within the bound that makes
    // the sum above exact, so the dot product is exact in any order too.
    let y: Vec<f32> = (0..n).map(|i| [1.0, -1.0][i % 2]).collect();
    let got = parallaxis::transform2_reduce(Times, Sum, &dx, &dv::<f32, B>(&y)).unwrap();
    let want = r::transform2_reduce(Times, Sum, x, &y);
    assert_eq!(got.to_bits(), want.to_bits(), "f32 Times Sum, n={n}");
}

fn check_f64(x: &[f64]) {
    let abs: f64 = x.iter().map(|v| v.abs()).sum();
    let dx = dv::<f64, B>(x);
    let got = parallaxis::reduce(Sum, &dx).unwrap();
    assert_close(&[got], &[r::reduce(Sum, x)], x.len(), abs, "f64 Sum");
    // The device-resident result is the same fold, bit for bit (one association per n).
    let got_into = into(Sum, &dx);
    assert_eq!(got_into.to_bits(), got.to_bits(), "f64 Sum into, n={}", x.len());
    let sq: f64 = x.iter().map(|v| v * v).sum();
    let got = parallaxis::transform_reduce(Square, Sum, &dv::<f64, B>(x)).unwrap();
    let want = r::transform_reduce(Square, Sum, x);
    assert_close(&[got], &[want], x.len(), sq, "f64 Square Sum");
    let y: Vec<f64> = x.iter().rev().map(|v| v * 0.75 - 3.0).collect();
    let bound: f64 = x.iter().zip(&y).map(|(a, b)| (a * b).abs()).sum();
    let got = parallaxis::transform2_reduce(Times, Sum, &dx, &dv::<f64, B>(&y)).unwrap();
    let want = r::transform2_reduce(Times, Sum, x, &y);
    assert_close(&[got], &[want], x.len(), bound, "f64 Times Sum");
}

#[test]
fn edge_sizes_match_reference() {
    require_gpu!();
    for n in edge_sizes() {
        let x: Vec<i32> = pseudo_random(n, 11).into_iter().map(|v| v as i32).collect();
        check_ints(&x);
        check_affine(&maps(n, 12));
        check_dyadic(&small_dyadic(n, 13));
        let f: Vec<f64> = small_dyadic(n, 14)
            .iter()
            .map(|&v| f64::from(v) * 1e3 + 0.1)
            .collect();
        check_f64(&f);
    }
}

#[test]
fn beyond_the_parallel_threshold() {
    require_gpu!();
    // The host backend reduces on one thread below 2^17 elements (8 chunks).
    let n = 9 * HOST_CHUNK + 5;
    let x: Vec<i32> = pseudo_random(n, 15).into_iter().map(|v| v as i32).collect();
    check_ints(&x);
    check_affine(&maps(n, 16));
    check_dyadic(&small_dyadic(n, 17));
}

#[test]
fn fold_tree_group_edges() {
    require_gpu!();
    // A GPU reduce block covers 1024 `AffineMap<i64>`, 2048 i64 or 4096 i32 per warp tile it gives
    // each warp (`policy::reduce::reduce_grid`). Where a block per warp tile would make between
    // 1024 and 4096 blocks, the launch keeps to at most 1024 blocks and each warp folds 2-4
    // consecutive warp tiles: sizes just past 1024 blocks, between, and at 4096. Past that, the
    // blocks' partials fold in groups (`policy::reduce::reduce_group`: as many partials as a block
    // covers items), the last block of each group folding it into the next level: a last group of
    // one block (4097 blocks) and whole groups, each with a full last block and with a last block
    // of one item. Affine maps do not commute, so a warp's tiles or a group folded out of order
    // fail.
    let wave = |per_block: usize| [1024 * per_block + 1, 3000 * per_block + 17, 4096 * per_block];
    let ends = |blocks: usize, per_block: usize| [blocks * per_block, (blocks - 1) * per_block + 1];
    let groups = |per_block: usize, whole_groups: usize| {
        let group = per_block;
        ends(4097, per_block).into_iter().chain(ends(whole_groups * group, per_block))
    };
    for n in wave(1024).into_iter().chain(groups(1024, 5)) {
        check_affine(&maps(n, 31));
    }
    for n in wave(2048).into_iter().chain(groups(2048, 3)) {
        let x: Vec<i64> = pseudo_random(n, 32).into_iter().map(|v| v as i64).collect();
        exact(Sum, &x, "i64 Sum");
        exact(Max, &x, "i64 Max");
    }
    // i32: the one-wave sizes and a last group of one block (more is slow on the CPU).
    for n in wave(4096).into_iter().chain(ends(4097, 4096)) {
        let x: Vec<i32> = pseudo_random(n, 33).into_iter().map(|v| v as i32).collect();
        exact(Sum, &x, "i32 Sum");
    }
}

#[test]
fn reduce_into_back_to_back() {
    require_gpu!();
    // On the GPU every reduce_into returns before its kernel ends: 40 of them queued without
    // a wait, on sizes from one block to 2049 blocks, interleaved with scans that reuse the
    // scratch memory. Each group's last block must leave its counter at 0 for the next
    // kernel, and each kernel must see only its own partials.
    let sizes = [1, 33, 4097, 3 * 4096 + 5, 70_001, 1 << 20, (1 << 22) + 3];
    let inputs: Vec<Vec<i64>> = sizes
        .iter()
        .enumerate()
        .map(|(k, &n)| pseudo_random(n, 40 + k as u64).into_iter().map(|v| (v >> 20) as i64).collect())
        .collect();
    let devs: Vec<_> = inputs.iter().map(|x| dv::<i64, B>(x)).collect();
    let mut outs: Vec<_> = (0..40).map(|_| parallaxis::DeviceVector::<i64, B>::zeros(1).unwrap()).collect();
    let mut scanned = parallaxis::DeviceVector::<i64, B>::zeros(sizes[3]).unwrap();
    for (j, out) in outs.iter_mut().enumerate() {
        let k = (j * 3) % sizes.len();
        parallaxis::reduce_into(Sum, &devs[k], out).unwrap();
        if j % 7 == 3 {
            parallaxis::inclusive_scan_into(Sum, &devs[3], &mut scanned).unwrap();
        }
    }
    for (j, out) in outs.iter().enumerate() {
        let k = (j * 3) % sizes.len();
        assert_eq!(host(out)[0], r::reduce(Sum, &inputs[k]), "reduce_into #{j}, n={}", sizes[k]);
    }
    let mut want = vec![0_i64; sizes[3]];
    r::inclusive_scan(Sum, &inputs[3], &mut want);
    assert_eq!(host(&scanned), want);
}

#[test]
fn empty_input_gives_identity() {
    require_gpu!();
    let x = dv::<i32, B>(&[]);
    assert_eq!(parallaxis::reduce(Product, &x).unwrap(), 1);
    assert_eq!(parallaxis::reduce(Min, &x).unwrap(), i32::MAX);
    let maps = dv::<AffineMap<i64>, B>(&[]);
    assert_eq!(
        parallaxis::reduce(Affine, &maps).unwrap(),
        AffineMap::new(1, 0)
    );
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
