// Conformance body for reduce_by_key (both forms), segmented_reduce and its fixed-length form, against `parallaxis::reference`,
// over run and segment layouts that stress the chunked implementations: one run/segment, one
// per element, edges exactly on chunk edges (and one off), empty segments (leading, repeated,
// trailing, a hundred thousand at one position) and random edges. Integers and affine maps
// exactly, dyadic f32 bit for bit, general f64 within `assert_close`'s bound.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceCopy, ops::{Affine, AffineMap, BitXor, Max, Min, Monoid, Product, Sum}, backend::{KeyedOps, MonoidOps}};
use proptest::prelude::*;
use std::fmt::Debug;

/// Keys whose runs are the non-empty segments of `offsets`: the segment's ordinal mod 3, so
/// neighbours differ but equal keys recur further on.
fn keys_of(offsets: &[usize], n: usize) -> Vec<u32> {
    let mut k = vec![0; n];
    let segs = offsets.windows(2).filter(|w| w[0] < w[1]);
    for (ord, w) in segs.enumerate() {
        k[w[0]..w[1]].fill(ord as u32 % 3);
    }
    k
}

/// reduce_by_key and reduce_by_key_into (runs from `offsets`) and segmented_reduce (by
/// `offsets`) equal the reference under `same`.
fn check<T, M>(m: M, x: &[T], offsets: &[usize], same: impl Fn(&[T], &[T]) -> bool)
where
    T: DeviceCopy + Debug,
    M: Monoid<T>,
    B: MonoidOps<T, M> + KeyedOps<u32, T, M>,
{
    let n = x.len();
    let ctx = |what| format!("{what}, n={n}, {} segments", offsets.len() - 1);
    let keys = keys_of(offsets, n);
    let (xd, kd, od) = (dv::<T, B>(x), dv(&keys), dv(offsets));
    let (gk, gv) = parallaxis::reduce_by_key(m, &kd, &xd).unwrap();
    let (mut wk, mut wv) = (keys.clone(), x.to_vec());
    let runs = r::reduce_by_key(m, &keys, x, &mut wk, &mut wv);
    assert_eq!(host(&gk), wk[..runs], "{}", ctx("reduce_by_key keys"));
    assert!(
        same(&host(&gv), &wv[..runs]),
        "{}",
        ctx("reduce_by_key values")
    );

    // The `_into` form writes the same runs into the front of the outputs and leaves the
    // rest as it was (here: the inputs' own elements).
    let (mut ik, mut iv, mut count) = (dv::<u32, B>(&keys), dv::<T, B>(x), dv(&[usize::MAX]));
    parallaxis::reduce_by_key_into(m, &kd, &xd, &mut ik, &mut iv, &mut count).unwrap();
    assert_eq!(host(&count), [runs], "{}", ctx("reduce_by_key_into count"));
    let (ik, iv) = (host(&ik), host(&iv));
    assert_eq!(ik[..runs], wk[..runs], "{}", ctx("reduce_by_key_into keys"));
    assert!(same(&iv[..runs], &wv[..runs]), "{}", ctx("reduce_by_key_into values"));
    assert_eq!(ik[runs..], keys[runs..], "{}", ctx("reduce_by_key_into keys past the runs"));
    assert!(
        same(&iv[runs..], &x[runs..]),
        "{}",
        ctx("reduce_by_key_into values past the runs")
    );

    let got = host(&parallaxis::segmented_reduce(m, &od, &xd).unwrap());
    let mut want = vec![m.identity(); offsets.len() - 1];
    r::segmented_reduce(m, offsets, x, &mut want);
    assert!(same(&got, &want), "{}", ctx("segmented_reduce"));
}

/// Every monoid of the suite on one layout.
fn check_all(x: &[i32], offsets: &[usize]) {
    check(Sum, x, offsets, eq);
    let odd: Vec<i32> = x.iter().map(|v| v | 1).collect();
    check(Product, &odd, offsets, eq);
    let wide: Vec<i64> = x.iter().map(|&v| i64::from(v) * 0x1_0000_0001).collect();
    check(Max, &wide, offsets, eq);
    check(Min, &wide, offsets, eq);
    let bits: Vec<u64> = x
        .iter()
        .map(|&v| (v as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .collect();
    check(BitXor, &bits, offsets, eq);
    let maps: Vec<_> = x
        .iter()
        .map(|&v| AffineMap::new(odd_slope(v as u64), i64::from(v)))
        .collect();
    check(Affine, &maps, offsets, eq);
    let dyadic: Vec<f32> = x.iter().map(|&v| (v % 64) as f32 / 256.0).collect();
    check(Sum, &dyadic, offsets, same_bits);
    let f: Vec<f64> = x.iter().map(|&v| f64::from(v) * 1e-6).collect();
    let abs = f.iter().map(|v| v.abs()).sum::<f64>() + 1.0;
    let close = |a: &[f64], b: &[f64]| {
        assert_close(a, b, f.len(), abs, "f64");
        true
    };
    check(Sum, &f, offsets, close);
}

#[test]
fn edge_sizes_and_layouts_match_reference() {
    require_gpu!();
    for n in edge_sizes() {
        let x: Vec<i32> = pseudo_random(n, 41).into_iter().map(|v| v as i32).collect();
        for kind in 0..LAYOUTS {
            check_all(&x, &layout(n, kind, 42 + u64::from(kind)));
        }
    }
}

#[test]
fn many_empty_segments_at_one_position() {
    require_gpu!();
    let n = 3 * HOST_CHUNK + 5;
    let x: Vec<i32> = pseudo_random(n, 43).into_iter().map(|v| v as i32).collect();
    let mut offsets = vec![0; 10_000];
    offsets.extend(vec![HOST_CHUNK + 1; 100_000]);
    offsets.extend([n; 3]);
    check(Sum, &x, &offsets, eq);
    let maps: Vec<_> = x
        .iter()
        .map(|&v| AffineMap::new(odd_slope(v as u64), i64::from(v)))
        .collect();
    check(Affine, &maps, &offsets, eq);
}

/// Fixed-length segments (the last one shorter): every size of the edge ladder, lengths from
/// one item to past the end, against a fold of `chunks` and the reference over the same
/// offsets; a non-commutative monoid keeps its order; both forms; a zero length and a wrong
/// output length are refused, the output untouched.
#[test]
fn fixed_length_segments() {
    require_gpu!();
    for n in edge_sizes() {
        let x: Vec<i32> = pseudo_random(n, 44).into_iter().map(|v| v as i32).collect();
        let xd = dv::<i32, B>(&x);
        for len in [1, 3, 32, 1000, HOST_CHUNK + 1, n.max(1), n + 7] {
            let want: Vec<i32> = x.chunks(len).map(|c| c.iter().fold(0_i32, |a, &b| a.wrapping_add(b))).collect();
            let offsets: Vec<usize> = (0..n).step_by(len).chain([n]).collect();
            let mut reference = vec![0; offsets.len() - 1];
            r::segmented_reduce(Sum, &offsets, &x, &mut reference);
            assert_eq!(reference, want, "reference n={n} len={len}");
            let got = parallaxis::segmented_reduce_fixed(Sum, len, &xd).unwrap();
            assert_eq!(host(&got), want, "sum n={n} len={len}");
            let mut into = dv::<i32, B>(&vec![7; want.len()]);
            parallaxis::segmented_reduce_fixed_into(Max, len, &xd, &mut into).unwrap();
            let max: Vec<i32> = x.chunks(len).map(|c| *c.iter().max().unwrap()).collect();
            assert_eq!(host(&into), max, "max into n={n} len={len}");
        }
        let maps: Vec<_> = x.iter().map(|&v| AffineMap::new(odd_slope(v as u64), i64::from(v))).collect();
        let offsets: Vec<usize> = (0..n).step_by(33).chain([n]).collect();
        let mut want = vec![AffineMap::new(1, 0); offsets.len() - 1];
        r::segmented_reduce(Affine, &offsets, &maps, &mut want);
        let got = parallaxis::segmented_reduce_fixed(Affine, 33, &dv::<AffineMap<i64>, B>(&maps)).unwrap();
        assert_eq!(host(&got), want, "affine n={n}");
    }
    let x = dv::<i32, B>(&[1, 2, 3]);
    let zero = parallaxis::Error::InvalidArgument { what: "segment length", reason: "is zero" };
    assert_eq!(parallaxis::segmented_reduce_fixed(Sum, 0, &x).unwrap_err(), zero);
    let mut y = dv::<i32, B>(&[9, 9, 9]);
    assert_eq!(parallaxis::segmented_reduce_fixed_into(Sum, 0, &x, &mut y).unwrap_err(), zero);
    let e = parallaxis::segmented_reduce_fixed_into(Sum, 2, &x, &mut y).unwrap_err();
    assert_eq!(
        e,
        parallaxis::Error::LengthMismatch { what: "segmented_reduce_fixed output", expected: 2, actual: 3 }
    );
    assert_eq!(host(&y), [9, 9, 9]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn layouts_equivalence(
        (x, kind, seed) in (0..3 * HOST_CHUNK).prop_flat_map(|n| {
            (prop::collection::vec(any::<i32>(), n), 0..LAYOUTS, any::<u64>())
        }),
    ) {
        require_gpu!(proptest);
        check_all(&x, &layout(x.len(), kind, seed));
    }

    #[test]
    fn dyadic_f32_bitwise(
        x in prop::collection::vec(dyadic_f32(), 0..4096),
        kind in 0..LAYOUTS,
        seed in any::<u64>(),
    ) {
        require_gpu!(proptest);
        check(Sum, &x, &layout(x.len(), kind, seed), same_bits);
    }

    #[test]
    fn f64_within_bound(
        x in prop::collection::vec(general_f64(), 0..3 * HOST_CHUNK),
        kind in 0..LAYOUTS,
        seed in any::<u64>(),
    ) {
        require_gpu!(proptest);
        let abs = x.iter().map(|v| v.abs()).sum::<f64>() + 1.0;
        let close = |a: &[f64], b: &[f64]| {
            assert_close(a, b, x.len(), abs, "f64");
            true
        };
        check(Sum, &x, &layout(x.len(), kind, seed), close);
    }
}
