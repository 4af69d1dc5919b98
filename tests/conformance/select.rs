// Conformance body for selection: copy_if (by predicate and by stencil), remove_if,
// partition (stable, and one-pass with the rejected side reversed), the three-way
// partition, unique, unique_by_key,
// count and count_if, allocating and `_into` forms, against `parallaxis::reference`.
// Sizes: the ladder of the other bodies plus the GPU's select tiles (4096 items of 4 bytes,
// 2048 of 8) ± 1 and many tiles with a remainder; selections empty,
// full, half, sparse and in runs; the six number types with every stock predicate. Equal
// elements carry their index in their low bits where stability must show.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceCopy, ops::{EqualTo, GreaterThan, InRange, LessThan, NonZero, NotEqualTo, Number, Predicate}, backend::{FlaggedOps, SelectOps, UniqueByKeyOps, UniqueOps}};
use proptest::prelude::*;
use std::fmt::Debug;

/// The ladder plus the GPU select tiles' edges.
fn sizes() -> Vec<usize> {
    let mut s = edge_sizes();
    s.extend([2047, 2048, 2049, 4095, 4096, 4097, 8193, 12 * 8192 + 77]);
    s
}

/// The reference's compaction of `x` by `f` (into an output as long as `x`), truncated.
fn want<T: Copy>(x: &[T], f: impl Fn(&[T], &mut [T]) -> usize) -> Vec<T> {
    let mut out = x.to_vec();
    let k = f(x, &mut out);
    out.truncate(k);
    out
}

/// Bit equality for any plain type (NaNs and signed zeros compare as they are stored).
fn bits<T: DeviceCopy + Debug>(got: &[T], want: &[T], what: &str) {
    let b = |v: &[T]| -> Vec<u8> {
        // SAFETY: `T: DeviceCopy` is plain data; the test types have no padding.
        unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), std::mem::size_of_val(v)) }
            .to_vec()
    };
    assert_eq!(got.len(), want.len(), "{what}: length");
    assert!(b(got) == b(want), "{what}: {got:?} != {want:?}");
}

/// Every predicate form of selection on `x` equals the reference.
fn check_pred<T, P>(p: P, x: &[T], what: &str)
where
    T: DeviceCopy + Debug + PartialEq,
    P: Predicate<T> + Debug,
    B: SelectOps<T, P>,
{
    let n = x.len();
    let ctx = |f: &str| format!("{what} {f} with {p:?}, n={n}");
    let xd = dv::<T, B>(x);
    let sel = want(x, |x, o| r::copy_if(p, x, o));
    bits(&host(&parallaxis::copy_if(p, &xd).unwrap()), &sel, &ctx("copy_if"));
    let rej = want(x, |x, o| r::remove_if(p, x, o));
    bits(&host(&parallaxis::remove_if(p, &xd).unwrap()), &rej, &ctx("remove_if"));

    // `_into`: the front holds the selection, the rest keeps the output's contents (here
    // the input reversed), the count is exact.
    let back: Vec<T> = x.iter().rev().copied().collect();
    for (keep, expect) in [(true, &sel), (false, &rej)] {
        let (mut out, mut count) = (dv::<T, B>(&back), dv::<usize, B>(&[usize::MAX]));
        if keep {
            parallaxis::copy_if_into(p, &xd, &mut out, &mut count).unwrap();
        } else {
            parallaxis::remove_if_into(p, &xd, &mut out, &mut count).unwrap();
        }
        let k = expect.len();
        assert_eq!(host(&count), [k], "{}", ctx("_into count"));
        let got = host(&out);
        bits(&got[..k], expect, &ctx("_into front"));
        bits(&got[k..], &back[k..], &ctx("_into past the count"));
    }

    let (y, split) = parallaxis::partition(p, &xd).unwrap();
    let mut wp = x.to_vec();
    let ws = r::partition(p, x, &mut wp);
    assert_eq!(split, ws, "{}", ctx("partition split"));
    bits(&host(&y), &wp, &ctx("partition"));
    let (mut out, mut s) = (dv::<T, B>(&back), dv::<usize, B>(&[usize::MAX]));
    parallaxis::partition_into(p, &xd, &mut out, &mut s).unwrap();
    assert_eq!(host(&s), [ws], "{}", ctx("partition_into split"));
    bits(&host(&out), &wp, &ctx("partition_into"));
    // The one-pass partition: the same split, the rejected side reversed.
    wp[ws..].reverse();
    let (y, split) = parallaxis::partition_unstable(p, &xd).unwrap();
    assert_eq!(split, ws, "{}", ctx("partition_unstable split"));
    bits(&host(&y), &wp, &ctx("partition_unstable"));
    let (mut out, mut s) = (dv::<T, B>(&back), dv::<usize, B>(&[usize::MAX]));
    parallaxis::partition_unstable_into(p, &xd, &mut out, &mut s).unwrap();
    assert_eq!(host(&s), [ws], "{}", ctx("partition_unstable_into split"));
    bits(&host(&out), &wp, &ctx("partition_unstable_into"));

    assert_eq!(
        parallaxis::count_if(p, &xd).unwrap(),
        r::count_if(p, x),
        "{}",
        ctx("count_if")
    );
}

/// Stencil selection, unique and unique_by_key (u32 keys beside `x`) on `x`.
fn check_runs<T>(x: &[T], flags: &[bool], keys: &[u32], what: &str)
where
    T: DeviceCopy + Debug + PartialEq,
    B: FlaggedOps<T> + UniqueOps<T> + UniqueByKeyOps<u32, T>,
{
    let n = x.len();
    let ctx = |f: &str| format!("{what} {f}, n={n}");
    let (xd, fd, kd) = (dv::<T, B>(x), dv::<bool, B>(flags), dv::<u32, B>(keys));
    let back: Vec<T> = x.iter().rev().copied().collect();

    let w = want(x, |x, o| r::copy_if_stencil(flags, x, o));
    bits(&host(&parallaxis::copy_if_stencil(&fd, &xd).unwrap()), &w, &ctx("copy_if_stencil"));
    let (mut out, mut count) = (dv::<T, B>(&back), dv::<usize, B>(&[usize::MAX]));
    parallaxis::copy_if_stencil_into(&fd, &xd, &mut out, &mut count).unwrap();
    assert_eq!(host(&count), [w.len()], "{}", ctx("copy_if_stencil_into count"));
    let got = host(&out);
    bits(&got[..w.len()], &w, &ctx("copy_if_stencil_into"));
    bits(&got[w.len()..], &back[w.len()..], &ctx("copy_if_stencil_into past the count"));

    let w = want(x, |x, o| r::unique(x, o));
    bits(&host(&parallaxis::unique(&xd).unwrap()), &w, &ctx("unique"));
    let (mut out, mut count) = (dv::<T, B>(&back), dv::<usize, B>(&[usize::MAX]));
    parallaxis::unique_into(&xd, &mut out, &mut count).unwrap();
    assert_eq!(host(&count), [w.len()], "{}", ctx("unique_into count"));
    let got = host(&out);
    bits(&got[..w.len()], &w, &ctx("unique_into"));
    bits(&got[w.len()..], &back[w.len()..], &ctx("unique_into past the count"));

    let (mut wk, mut wv) = (keys.to_vec(), x.to_vec());
    let runs = r::unique_by_key(keys, x, &mut wk, &mut wv);
    let (gk, gv) = parallaxis::unique_by_key(&kd, &xd).unwrap();
    assert_eq!(host(&gk), wk[..runs], "{}", ctx("unique_by_key keys"));
    bits(&host(&gv), &wv[..runs], &ctx("unique_by_key values"));
    let kback: Vec<u32> = keys.iter().rev().copied().collect();
    let (mut ok, mut ov, mut count) = (
        dv::<u32, B>(&kback),
        dv::<T, B>(&back),
        dv::<usize, B>(&[usize::MAX]),
    );
    parallaxis::unique_by_key_into(&kd, &xd, &mut ok, &mut ov, &mut count).unwrap();
    assert_eq!(host(&count), [runs], "{}", ctx("unique_by_key_into count"));
    let (ok, ov) = (host(&ok), host(&ov));
    assert_eq!(ok[..runs], wk[..runs], "{}", ctx("unique_by_key_into keys"));
    assert_eq!(ok[runs..], kback[runs..], "{}", ctx("unique_by_key_into keys past"));
    bits(&ov[..runs], &wv[..runs], &ctx("unique_by_key_into values"));
    bits(&ov[runs..], &back[runs..], &ctx("unique_by_key_into values past"));
}

/// Values `0..4` (as `T`), pseudo-random, in runs of `run` (1: no runs).
fn small<T: Number>(n: usize, run: usize, seed: u64) -> Vec<T> {
    let r = pseudo_random(n.div_ceil(run.max(1)), seed);
    (0..n).map(|i| T::from_u64(r[i / run.max(1)] % 4)).collect()
}

/// Every stock predicate and the stencil/unique family for one type, on `n` elements.
fn check_type<T>(n: usize, seed: u64, what: &str)
where
    T: Number,
    B: SelectOps<T, LessThan<T>>
        + SelectOps<T, GreaterThan<T>>
        + SelectOps<T, EqualTo<T>>
        + SelectOps<T, NotEqualTo<T>>
        + SelectOps<T, InRange<T>>
        + SelectOps<T, NonZero>
        + FlaggedOps<T>
        + UniqueOps<T>
        + UniqueByKeyOps<u32, T>,
{
    let x = small::<T>(n, 1, seed);
    let v = |k: u64| T::from_u64(k);
    check_pred(LessThan { bound: v(2) }, &x, what); // about half
    check_pred(LessThan { bound: v(0) }, &x, what); // none
    check_pred(GreaterThan { bound: v(0) }, &x, what); // three in four
    check_pred(EqualTo { value: v(3) }, &x, what); // one in four
    check_pred(NotEqualTo { value: v(9) }, &x, what); // all
    check_pred(InRange { lo: v(1), hi: v(3) }, &x, what);
    check_pred(NonZero, &x, what);
    let xd = dv::<T, B>(&x);
    assert_eq!(parallaxis::count(&xd, v(1)).unwrap(), r::count_if(EqualTo { value: v(1) }, &x));

    let flags: Vec<bool> = pseudo_random(n, seed ^ 7).iter().map(|r| r & 1 == 1).collect();
    let keys = small::<u32>(n, 5, seed ^ 9);
    check_runs(&small::<T>(n, 3, seed ^ 11), &flags, &keys, what);
    check_runs(&x, &vec![true; n], &vec![1; n], what); // all flagged, one run
    check_runs(&x, &vec![false; n], &(0..n as u32).collect::<Vec<_>>(), what);
}

#[test]
fn every_type_and_predicate_over_the_size_ladder() {
    require_gpu!();
    for n in sizes() {
        check_type::<f32>(n, 1, "f32");
        check_type::<f64>(n, 2, "f64");
        check_type::<i32>(n, 3, "i32");
        check_type::<u32>(n, 4, "u32");
        check_type::<i64>(n, 5, "i64");
        check_type::<u64>(n, 6, "u64");
    }
}

#[test]
fn partition_and_copy_if_are_stable() {
    require_gpu!();
    // Four classes in the high word, the index in the low word: a reordering within a class
    // changes the bits.
    for n in [1000, 8193, 5 * HOST_CHUNK + 17] {
        let r = pseudo_random(n, 77);
        let x: Vec<u64> = (0..n).map(|i| ((r[i] % 4) << 32) | i as u64).collect();
        check_pred(LessThan { bound: 2 << 32 }, &x, "u64 class/index");
        check_pred(InRange { lo: 1 << 32, hi: 3 << 32 }, &x, "u64 class/index");
    }
}

#[test]
fn float_specials_follow_ieee_comparisons() {
    require_gpu!();
    let x = [0.0_f32, -0.0, f32::NAN, 1.0, f32::NAN, -1.0, f32::INFINITY, f32::NEG_INFINITY];
    let x: Vec<f32> = x.iter().cycle().take(9000).copied().collect();
    check_pred(NonZero, &x, "f32 specials");
    check_pred(NotEqualTo { value: 0.0 }, &x, "f32 specials");
    check_pred(LessThan { bound: 0.5 }, &x, "f32 specials");
    let keys = vec![0; x.len()];
    check_runs(&x, &vec![true; x.len()], &keys, "f32 specials");
}

/// `partition_three_way` and its `_into` form against three stable filters of `x`.
fn check_three_way<T, P1, P2>(first: P1, second: P2, x: &[T], what: &str)
where
    T: DeviceCopy + PartialEq + Debug,
    P1: Predicate<T> + Debug,
    P2: Predicate<T> + Debug,
    B: SelectOps<T, P1> + SelectOps<T, P2>,
{
    let a: Vec<T> = x.iter().copied().filter(|&v| first.test(v)).collect();
    let b: Vec<T> = x.iter().copied().filter(|&v| !first.test(v) && second.test(v)).collect();
    let c: Vec<T> = x.iter().copied().filter(|&v| !first.test(v) && !second.test(v)).collect();
    let want = [a.clone(), b.clone(), c].concat();
    let ctx = format!("{what} {first:?} {second:?} n={}", x.len());
    let xd = dv::<T, B>(x);
    let (y, s1, s2) = parallaxis::partition_three_way(first, second, &xd).unwrap();
    assert_eq!((host(&y), s1, s2), (want.clone(), a.len(), b.len()), "{ctx}");
    let mut into = dv::<T, B>(x);
    let mut splits = dv::<usize, B>(&[9, 9]);
    parallaxis::partition_three_way_into(first, second, &xd, &mut into, &mut splits).unwrap();
    assert_eq!((host(&into), host(&splits)), (want, vec![a.len(), b.len()]), "into {ctx}");
}

#[test]
fn three_way_partition() {
    require_gpu!();
    for n in sizes() {
        let x = small::<i32>(n, 1, 21);
        check_three_way(GreaterThan { bound: 2 }, LessThan { bound: 1 }, &x, "i32");
        check_three_way(LessThan { bound: 0 }, EqualTo { value: 1 }, &x, "i32 first empty");
        check_three_way(GreaterThan { bound: -1 }, NonZero, &x, "i32 all first");
        let f = small::<f32>(n, 3, 22);
        check_three_way(InRange { lo: 1.0, hi: 3.0 }, NotEqualTo { value: 0.0 }, &f, "f32");
        // Classes in the high word, the index in the low word: any reordering shows.
        let r = pseudo_random(n, 23);
        let u: Vec<u64> = (0..n).map(|i| ((r[i] % 3) << 32) | i as u64).collect();
        check_three_way(LessThan { bound: 1 << 32 }, GreaterThan { bound: (2 << 32) - 1 }, &u, "u64");
    }
    let x = dv::<i32, B>(&[1, 2, 3]);
    let (mut short, mut splits) = (dv::<i32, B>(&[7, 7]), dv::<usize, B>(&[5, 5]));
    let e = parallaxis::partition_three_way_into(NonZero, NonZero, &x, &mut short, &mut splits)
        .unwrap_err();
    assert_eq!(e, parallaxis::Error::LengthMismatch { what: "partition_three_way output", expected: 3, actual: 2 });
    let mut out = dv::<i32, B>(&[7, 7, 7]);
    let mut one = dv::<usize, B>(&[5]);
    let e = parallaxis::partition_three_way_into(NonZero, NonZero, &x, &mut out, &mut one).unwrap_err();
    assert_eq!(e, parallaxis::Error::LengthMismatch { what: "partition_three_way splits", expected: 2, actual: 1 });
    assert_eq!((host(&short), host(&splits), host(&out), host(&one)), (vec![7, 7], vec![5, 5], vec![7, 7, 7], vec![5]));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn three_way_i32_equivalence(
        x in prop::collection::vec(-8..8_i32, 0..5000),
        a in -9..9_i32,
        b in -9..9_i32,
    ) {
        require_gpu!(proptest);
        check_three_way(LessThan { bound: a }, GreaterThan { bound: b }, &x, "prop i32");
    }

    #[test]
    fn i32_equivalence(
        x in (0..3 * 8192_usize).prop_flat_map(|n| prop::collection::vec(-8..8_i32, n)),
        bound in -9..9_i32,
        seed in any::<u64>(),
    ) {
        require_gpu!(proptest);
        check_pred(LessThan { bound }, &x, "i32");
        check_pred(EqualTo { value: bound }, &x, "i32");
        let flags: Vec<bool> = pseudo_random(x.len(), seed).iter().map(|r| r % 3 == 0).collect();
        let keys: Vec<u32> = x.iter().map(|&v| (v / 4) as u32).collect();
        check_runs(&x, &flags, &keys, "i32");
    }

    #[test]
    fn dyadic_f32_equivalence(
        x in prop::collection::vec(dyadic_f32(), 0..20_000),
        lo in dyadic_f32(),
        hi in dyadic_f32(),
    ) {
        require_gpu!(proptest);
        check_pred(InRange { lo, hi }, &x, "f32");
        check_pred(GreaterThan { bound: lo }, &x, "f32");
    }
}
