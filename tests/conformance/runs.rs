// Conformance body for the algorithms over neighbours and runs: adjacent_difference (with
// `Minus` and with other binary functions, into vectors and views), unique_count and
// run_length_encode, against `parallaxis::reference` and against plain loops over the input
// that share no code with either. Sizes cover the edges of warps, host chunks, the GPU's
// tiles and several grid passes; runs of one element, runs across every tile edge, one run
// over the whole input; float specials (a NaN is a run of its own, -0.0 equals 0.0).

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{
    backend::{AdjacentOps, KeyedOps, UniqueOps},
    ops::{Minus, Number, Plus, Sum, Times},
    DeviceCopy, Error,
};
use proptest::prelude::*;
use std::fmt::Debug;

/// Sizes: the shared edges plus tiles of the GPU and several grid passes.
fn sizes() -> Vec<usize> {
    let mut s = edge_sizes();
    s.extend([4095, 4096, 4097, 12 * 8192 + 77, 2_000_003]);
    s
}

/// Runs of pseudo-random lengths from 1 to `max_run`, values cycling through a few.
fn runs_of<T: Number>(n: usize, max_run: u64, seed: u64) -> Vec<T> {
    let lengths = pseudo_random(n + 1, seed);
    let mut x = Vec::with_capacity(n);
    let mut k = 0;
    while x.len() < n {
        let len = (1 + lengths[k] % max_run) as usize;
        x.extend(std::iter::repeat_n(T::from_u64(k as u64 % 5), len.min(n - x.len())));
        k += 1;
    }
    x
}

/// `adjacent_difference` and its `_by` form with `f` equal the reference and a plain loop.
fn check_difference<T, F>(f: F, x: &[T], what: &str)
where
    T: DeviceCopy + PartialEq + Debug,
    F: parallaxis::ops::BinaryFunction<T, T, Output = T> + Copy,
    B: AdjacentOps<T, F>,
{
    let n = x.len();
    let plain: Vec<T> = (0..n).map(|i| if i == 0 { x[0] } else { f.apply(x[i], x[i - 1]) }).collect();
    let mut want = x.to_vec();
    r::adjacent_difference(f, x, &mut want);
    assert_eq!(want, plain, "reference, {what}, n={n}");
    let xd = dv::<T, B>(x);
    let got = parallaxis::adjacent_difference_by(f, &xd).unwrap();
    assert_eq!(host(&got), plain, "adjacent_difference_by, {what}, n={n}");
}

fn differences_of<T>(n: usize, what: &str)
where
    T: Number + Debug,
    B: AdjacentOps<T, Minus> + AdjacentOps<T, Plus> + AdjacentOps<T, Times>,
{
    let x: Vec<T> = pseudo_random(n, 11).iter().map(|v| T::from_u64(v % 1000)).collect();
    check_difference(Minus, &x, what);
    check_difference(Plus, &x, what);
    check_difference(Times, &x, what);
    // The plain form is the `Minus` one.
    let xd = dv::<T, B>(&x);
    let want: Vec<T> = (0..n).map(|i| if i == 0 { x[0] } else { x[i].minus(x[i - 1]) }).collect();
    assert_eq!(host(&parallaxis::adjacent_difference(&xd).unwrap()), want, "{what}, n={n}");
}

#[test]
fn adjacent_difference_at_every_size() {
    require_gpu!();
    for n in sizes() {
        differences_of::<f32>(n, "f32");
        differences_of::<i64>(n, "i64");
    }
    for n in [0, 1, 2, 33, 4097, 12 * 8192 + 77] {
        differences_of::<f64>(n, "f64");
        differences_of::<i32>(n, "i32");
        differences_of::<u32>(n, "u32");
        differences_of::<u64>(n, "u64");
    }
}

#[test]
fn adjacent_difference_inverts_the_inclusive_scan() {
    require_gpu!();
    // Integers wrap, so the round trip is exact even where the sums overflow.
    let x: Vec<u32> = pseudo_random(70_001, 3).iter().map(|&v| v as u32).collect();
    let xd = dv::<u32, B>(&x);
    let d = parallaxis::adjacent_difference(&xd).unwrap();
    assert_eq!(host(&parallaxis::inclusive_scan(Sum, &d).unwrap()), x);
}

#[test]
fn adjacent_difference_into_vectors_and_views() {
    require_gpu!();
    let x: Vec<i64> = pseudo_random(9000, 5).iter().map(|&v| (v % 100) as i64 - 50).collect();
    let want: Vec<i64> = (0..x.len()).map(|i| if i == 0 { x[0] } else { x[i] - x[i - 1] }).collect();
    let xd = dv::<i64, B>(&x);
    let mut y = dv::<i64, B>(&vec![7; x.len()]);
    parallaxis::adjacent_difference_into(&xd, &mut y).unwrap();
    assert_eq!(host(&y), want);
    // From an unaligned view into an unaligned view: the differences of the middle, the
    // elements around it untouched.
    let mut y = dv::<i64, B>(&vec![7; x.len()]);
    parallaxis::adjacent_difference_into(&xd.slice(3..8003).unwrap(), &mut y.slice_mut(5..8005).unwrap())
        .unwrap();
    let y = host(&y);
    assert_eq!(y[5], x[3]);
    assert_eq!(&y[6..8005], &want[4..8003]);
    assert!(y[..5].iter().chain(&y[8005..]).all(|&v| v == 7));
    // `_by_into` with another functor.
    let mut y = dv::<i64, B>(&vec![0; x.len()]);
    parallaxis::adjacent_difference_by_into(Plus, &xd, &mut y).unwrap();
    assert_eq!(host(&y)[1], x[1] + x[0]);
}

#[test]
fn adjacent_difference_into_refuses_a_wrong_length_and_writes_nothing() {
    require_gpu!();
    let xd = dv::<f32, B>(&[1.0, 2.0, 4.0]);
    let mut y = dv::<f32, B>(&[9.0, 9.0]);
    let e = parallaxis::adjacent_difference_into(&xd, &mut y).unwrap_err();
    assert!(matches!(e, Error::LengthMismatch { expected: 3, actual: 2, .. }), "{e}");
    assert_eq!(host(&y), [9.0, 9.0]);
}

/// `unique_count` equals the reference, a plain count and `unique`'s length.
fn check_count<T>(x: &[T], what: &str)
where
    T: DeviceCopy + PartialEq + Debug,
    B: UniqueOps<T>,
{
    let plain = (0..x.len()).filter(|&i| i == 0 || x[i] != x[i - 1]).count();
    assert_eq!(r::unique_count(x), plain, "reference, {what}, n={}", x.len());
    let xd = dv::<T, B>(x);
    assert_eq!(parallaxis::unique_count(&xd).unwrap(), plain, "unique_count, {what}, n={}", x.len());
    assert_eq!(parallaxis::unique(&xd).unwrap().len(), plain, "unique, {what}, n={}", x.len());
}

/// `run_length_encode` equals the reference and a plain encoding.
fn check_encode<T>(x: &[T], what: &str)
where
    T: DeviceCopy + PartialEq + Debug + Default,
    B: KeyedOps<T, u32, Sum>,
{
    let (mut values, mut lengths) = (Vec::<T>::new(), Vec::<u32>::new());
    for (i, &v) in x.iter().enumerate() {
        if i > 0 && x[i - 1] == v {
            *lengths.last_mut().unwrap() += 1;
        } else {
            values.push(v);
            lengths.push(1);
        }
    }
    let n = x.len();
    let (mut rv, mut rl) = (vec![T::default(); n], vec![0_usize; n]);
    let runs = r::run_length_encode(x, &mut rv, &mut rl);
    assert_eq!(&rv[..runs], &values[..], "reference values, {what}, n={n}");
    let rl: Vec<u32> = rl[..runs].iter().map(|&l| l as u32).collect();
    assert_eq!(rl, lengths, "reference lengths, {what}, n={n}");
    let (v, l) = parallaxis::run_length_encode(&dv::<T, B>(x)).unwrap();
    assert_eq!(host(&v), values, "values, {what}, n={n}");
    assert_eq!(host(&l), lengths, "lengths, {what}, n={n}");
}

fn runs_at<T>(n: usize, what: &str)
where
    T: Number + Debug + Default,
    B: UniqueOps<T> + KeyedOps<T, u32, Sum>,
{
    for (max_run, seed) in [(1, 1), (3, 2), (40, 3), (5000, 4)] {
        let x: Vec<T> = runs_of(n, max_run, seed);
        check_count(&x, what);
        check_encode(&x, what);
    }
    // One run over the whole input.
    let same = vec![T::from_u64(9); n];
    check_count(&same, what);
    check_encode(&same, what);
}

#[test]
fn runs_at_every_size() {
    require_gpu!();
    for n in sizes() {
        runs_at::<u32>(n, "u32");
        runs_at::<i64>(n, "i64");
    }
    for n in [0, 1, 2, 33, 4097, 12 * 8192 + 77] {
        runs_at::<i32>(n, "i32");
        runs_at::<u64>(n, "u64");
    }
}

#[test]
fn byte_runs() {
    require_gpu!();
    let x: Vec<u8> = b"aaabccddddd".iter().cycle().take(50_000).copied().collect();
    check_encode(&x, "u8");
    check_encode(&x.iter().map(|&b| b as i16).collect::<Vec<_>>(), "i16");
}

#[test]
fn float_runs_count_with_eq() {
    require_gpu!();
    let x = [0.0_f32, -0.0, 1.0, 1.0, f32::NAN, f32::NAN, 2.0];
    for n in [7, 9000] {
        let x: Vec<f32> = x.iter().cycle().take(n).copied().collect();
        check_count(&x, "f32 specials");
        check_count(&x.iter().map(|&v| v as f64).collect::<Vec<_>>(), "f64 specials");
    }
    assert_eq!(parallaxis::unique_count(&dv::<f32, B>(&x)).unwrap(), 5);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn i32_equivalence(x in (0..3 * 8192_usize).prop_flat_map(|n| prop::collection::vec(-2..2_i32, n))) {
        require_gpu!(proptest);
        check_difference(Minus, &x, "i32");
        check_count(&x, "i32");
        check_encode(&x, "i32");
    }
}
