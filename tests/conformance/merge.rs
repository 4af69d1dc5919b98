// Conformance body for the comparator merge sort and the merge (`sort_by`,
// `sort_by_key_with`, `merge`, `merge_by`, `merge_by_key`, `merge_by_key_with` and the
// `_into` forms) against the reference (the standard library's stable sort, a serial
// merge), exactly: with `Less`/`Greater` on 4- and 8-byte numbers (the comparators every
// backend instantiates), every size of the ladder plus the GPU's tile edges. Values are the
// input positions, so stability (equal keys keep input order; on merges, `a`'s first) is
// checked wherever keys repeat. User comparators over user types: `merge_user.rs` (host
// backends) and the `gpu_user_monoid` example (CUDA).

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceCopy, ops::{Compare, Greater, Less}, backend::{MergeByKeyOps, MergeOps}};
use proptest::prelude::*;
use std::fmt::Debug;


/// `sort_by` and `sort_by_into` with `cmp`, against the reference.
fn check_sort<K: Exact, C: Compare<K> + Debug>(cmp: C, k: &[K], what: &str)
where
    B: MergeOps<K, C>,
{
    let n = k.len();
    let kd = dv::<K, B>(k);
    let mut want = k.to_vec();
    r::sort_by(cmp, k, &mut want).unwrap();
    let got = parallaxis::sort_by(cmp, &kd).unwrap();
    assert_eq!(
        words(&host(&got)),
        words(&want),
        "sort_by {cmp:?} {what}, n={n}"
    );
    let mut into = dv::<K, B>(k);
    parallaxis::sort_by_into(cmp, &kd, &mut into).unwrap();
    assert_eq!(
        words(&host(&into)),
        words(&want),
        "sort_by_into {cmp:?} {what}, n={n}"
    );
    assert_eq!(words(&host(&kd)), words(k), "input untouched, {what}");
}

/// `sort_by_key_with` (both forms) with values `value(i)`, against the reference.
fn check_sort_pairs<K: Exact, V: DeviceCopy + PartialEq + Debug, C: Compare<K> + Debug>(
    cmp: C,
    k: &[K],
    value: impl Fn(usize) -> V,
    what: &str,
) where
    B: MergeByKeyOps<K, V, C>,
{
    let n = k.len();
    let v: Vec<V> = (0..n).map(value).collect();
    let (kd, vd) = (dv::<K, B>(k), dv::<V, B>(&v));
    let (mut wk, mut wv) = (k.to_vec(), v.clone());
    r::sort_by_key_with(cmp, k, &v, &mut wk, &mut wv).unwrap();
    let (gk, gv) = parallaxis::sort_by_key_with(cmp, &kd, &vd).unwrap();
    assert_eq!(
        words(&host(&gk)),
        words(&wk),
        "sort_by_key_with keys {cmp:?} {what}, n={n}"
    );
    assert_eq!(
        host(&gv),
        wv,
        "sort_by_key_with values {cmp:?} {what}, n={n}"
    );
    let (mut ik, mut iv) = (dv::<K, B>(k), dv::<V, B>(&v));
    parallaxis::sort_by_key_with_into(cmp, &kd, &vd, &mut ik, &mut iv).unwrap();
    assert_eq!(
        words(&host(&ik)),
        words(&wk),
        "into keys {cmp:?} {what}, n={n}"
    );
    assert_eq!(host(&iv), wv, "into values {cmp:?} {what}, n={n}");
}

/// `merge_by` (both forms) of `a` and `b`, each sorted by `cmp` first, against the
/// reference; values (`merge_by_key_with`) are `a`'s positions and `n_a +` `b`'s.
fn check_merge<K: Exact, C: Compare<K> + Debug>(cmp: C, a: &[K], b: &[K], what: &str)
where
    B: MergeOps<K, C> + MergeByKeyOps<K, u64, C>,
{
    let (mut sa, mut sb) = (a.to_vec(), b.to_vec());
    r::sort_by(cmp, a, &mut sa).unwrap();
    r::sort_by(cmp, b, &mut sb).unwrap();
    let (na, nb) = (a.len(), b.len());
    let mut want = vec![sa.first().or(sb.first()).copied().unwrap_or(K::ZERO_KEY); na + nb];
    r::merge_by(cmp, &sa, &sb, &mut want);
    let (ad, bd) = (dv::<K, B>(&sa), dv::<K, B>(&sb));
    let got = parallaxis::merge_by(cmp, &ad, &bd).unwrap();
    assert_eq!(
        words(&host(&got)),
        words(&want),
        "merge_by {cmp:?} {what}, {na}+{nb}"
    );
    let mut into = dv::<K, B>(&want);
    parallaxis::fill(&mut into, K::ZERO_KEY).unwrap();
    parallaxis::merge_by_into(cmp, &ad, &bd, &mut into).unwrap();
    assert_eq!(
        words(&host(&into)),
        words(&want),
        "merge_by_into {cmp:?} {what}, {na}+{nb}"
    );
    let (va, vb): (Vec<u64>, Vec<u64>) = (
        (0..na as u64).collect(),
        (na as u64..(na + nb) as u64).collect(),
    );
    let (mut wk, mut wv) = (want.clone(), vec![0_u64; na + nb]);
    r::merge_by_key_with(cmp, &sa, &va, &sb, &vb, &mut wk, &mut wv);
    let (vad, vbd) = (dv::<u64, B>(&va), dv::<u64, B>(&vb));
    let (gk, gv) = parallaxis::merge_by_key_with(cmp, &ad, &vad, &bd, &vbd).unwrap();
    assert_eq!(
        words(&host(&gk)),
        words(&wk),
        "merge_by_key_with keys {cmp:?} {what}, {na}+{nb}"
    );
    assert_eq!(
        host(&gv),
        wv,
        "merge_by_key_with values {cmp:?} {what}, {na}+{nb}"
    );
    let (mut ik, mut iv) = (dv::<K, B>(&want), dv::<u64, B>(&wv));
    parallaxis::fill(&mut iv, 7).unwrap();
    parallaxis::merge_by_key_with_into(cmp, &ad, &vad, &bd, &vbd, &mut ik, &mut iv).unwrap();
    assert_eq!(
        words(&host(&ik)),
        words(&wk),
        "merge_by_key_with_into keys {what}"
    );
    assert_eq!(
        host(&iv),
        wv,
        "merge_by_key_with_into values {what}, {na}+{nb}"
    );
}

/// The ladder plus the GPU's merge-sort tile edges (`policy/merge.rs`: 2048 4-byte and
/// 1024 8-byte items a tile) and several tiles with a remainder.
fn sizes() -> Vec<usize> {
    let mut s = edge_sizes();
    s.extend([1023, 1024, 1025, 2047, 2048, 2049, 9 * 2048 + 77, 200_000]);
    s
}

#[test]
fn sort_by_stock_comparators_matches_reference() {
    require_gpu!();
    for n in sizes() {
        let x = pseudo_random(n, 11 + n as u64);
        let u: Vec<u32> = x.iter().map(|&v| v as u32).collect();
        check_sort(Less, &u, "u32");
        check_sort(Greater, &u, "u32");
        check_sort(
            Less,
            &x.iter().map(|&v| (v >> 9) as i32).collect::<Vec<_>>(),
            "i32",
        );
        check_sort(Less, &x, "u64");
        check_sort(
            Greater,
            &x.iter().map(|&v| v as i64).collect::<Vec<_>>(),
            "i64",
        );
        let f: Vec<f32> = x.iter().map(|&v| (v as i64 >> 20) as f32 * 1e-3).collect();
        check_sort(Less, &f, "f32");
        let d: Vec<f64> = x.iter().map(|&v| (v as i64) as f64 * 1e-9).collect();
        check_sort(Greater, &d, "f64");
    }
}

#[test]
fn sort_by_key_with_is_stable() {
    require_gpu!();
    for n in sizes() {
        // Few distinct keys: long runs whose values (input positions) must stay in order.
        let x = pseudo_random(n, 23 + n as u64);
        let k32: Vec<u32> = x.iter().map(|&v| (v % 5) as u32).collect();
        check_sort_pairs(Less, &k32, |i| i as u32, "u32+u32");
        check_sort_pairs(Greater, &k32, |i| i as u64, "u32+u64");
        let k64: Vec<i64> = x.iter().map(|&v| (v % 7) as i64 - 3).collect();
        check_sort_pairs(Less, &k64, |i| i as u32, "i64+u32");
        check_sort_pairs(Greater, &k64, |i| i as f64, "i64+f64");
        let kf: Vec<f32> = x.iter().map(|&v| (v % 4) as f32 - 1.5).collect();
        check_sort_pairs(Less, &kf, |i| i as i32, "f32+i32");
        check_sort_pairs(
            Less,
            &x.iter().map(|&v| v as u32).collect::<Vec<_>>(),
            |i| i as u32,
            "rand u32+u32",
        );
    }
}

#[test]
fn sort_by_less_equals_radix_sort_on_float_specials() {
    require_gpu!();
    let pool = [
        0.0,
        -0.0,
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7fc0_0123),
        f32::INFINITY,
        f32::NEG_INFINITY,
        1.0,
        -1.0,
        f32::MIN_POSITIVE,
    ];
    for n in [16, 1000, 4097] {
        let f: Vec<f32> = pseudo_random(n, 5)
            .iter()
            .map(|&v| pool[(v % pool.len() as u64) as usize])
            .collect();
        let fd = dv::<f32, B>(&f);
        let mut radix = vec![0.0; n];
        r::sort(&f, &mut radix, parallaxis::ops::Order::Ascending).unwrap();
        assert_eq!(
            words(&host(&parallaxis::sort_by(Less, &fd).unwrap())),
            words(&radix),
            "Less = sort, n={n}"
        );
        r::sort(&f, &mut radix, parallaxis::ops::Order::Descending).unwrap();
        assert_eq!(
            words(&host(&parallaxis::sort_by(Greater, &fd).unwrap())),
            words(&radix),
            "Greater = sort_descending, n={n}"
        );
        check_sort_pairs(Less, &f, |i| i as u32, "f32 specials + u32");
    }
}

#[test]
fn merges_match_reference() {
    require_gpu!();
    for n in sizes() {
        let x = pseudo_random(2 * n + 1, 31 + n as u64);
        // Uneven splits: all of a, all of b, a third / two thirds, halves.
        for (na, tag) in [
            (0, "empty a"),
            (n, "empty b"),
            (n / 3, "thirds"),
            (n / 2, "halves"),
        ] {
            let (a, b) = x[..n].split_at(na);
            let u: Vec<u32> = a.iter().map(|&v| (v % 1000) as u32).collect();
            let w: Vec<u32> = b.iter().map(|&v| (v % 1000) as u32).collect();
            check_merge(Less, &u, &w, tag);
            let a64: Vec<i64> = a.iter().map(|&v| v as i64 >> 3).collect();
            let b64: Vec<i64> = b.iter().map(|&v| v as i64 >> 3).collect();
            check_merge(Greater, &a64, &b64, tag);
        }
        // Every element of b before every element of a, and interleaved halves.
        let lo: Vec<u64> = (0..n as u64).collect();
        let hi: Vec<u64> = (n as u64..2 * n as u64).collect();
        check_merge(Less, &hi, &lo, "b entirely first");
        let f: Vec<f64> = x[n..].iter().map(|&v| (v % 17) as f64 - 8.0).collect();
        check_merge(Less, &f[..n / 2], &f[n / 2..], "f64 ties");
    }
}

/// `got` is `want` as a multiset (both sorted by the total order, compared bit for bit).
fn same_items(got: &[u32], want: &[u32], what: &str) {
    let (mut g, mut w) = (got.to_vec(), want.to_vec());
    g.sort_unstable();
    w.sort_unstable();
    assert_eq!(g, w, "{what}: not a permutation of the inputs");
}

/// On inputs that are not sorted a merge gives a permutation of them (every backend's host
/// merge always does), or, on the GPU, `InvalidArgument` for the merge inputs; the inputs are
/// left as they were, and values stay with their keys.
#[test]
fn merges_of_unsorted_inputs_give_permutations_or_a_typed_error() {
    require_gpu!();
    for n in sizes() {
        let x = pseudo_random(2 * n + 1, 77 + n as u64);
        let a: Vec<u32> = x[..n].iter().map(|&v| (v % 5000) as u32).collect();
        let b: Vec<u32> = x[n..].iter().rev().map(|&v| (v >> 7) as u32).collect();
        let mut want = a.clone();
        want.extend(&b);
        let (da, db) = (dv::<u32, B>(&a), dv::<u32, B>(&b));
        let what = format!("n = {n}");
        for cmp_name in ["Less", "Greater"] {
            let got = match cmp_name {
                "Less" => parallaxis::merge_by(Less, &da, &db),
                _ => parallaxis::merge_by(Greater, &da, &db),
            };
            match got {
                Ok(m) => same_items(&host(&m), &want, &what),
                Err(e) => assert!(
                    matches!(e, parallaxis::Error::InvalidArgument { what: "merge inputs", .. }),
                    "{what}: {e}"
                ),
            }
        }
        // Values tag their key's position: `i` for `a[i]`, `2^31 + j` for `b[j]`.
        let va: Vec<u32> = (0..a.len() as u32).collect();
        let vb: Vec<u32> = (0..b.len() as u32).map(|j| j | 1 << 31).collect();
        let (dva, dvb) = (dv::<u32, B>(&va), dv::<u32, B>(&vb));
        match parallaxis::merge_by_key(&da, &dva, &db, &dvb) {
            Ok((k, v)) => {
                let (k, v) = (host(&k), host(&v));
                same_items(&k, &want, &what);
                for (&key, &tag) in k.iter().zip(&v) {
                    let from = if tag >> 31 == 1 { b[(tag & !(1 << 31)) as usize] } else { a[tag as usize] };
                    assert_eq!(key, from, "{what}: a value left its key");
                }
            }
            Err(e) => assert!(
                matches!(e, parallaxis::Error::InvalidArgument { what: "merge inputs", .. }),
                "{what}: {e}"
            ),
        }
        assert_eq!(host(&da), a, "{what}: a changed");
        assert_eq!(host(&db), b, "{what}: b changed");
    }
}

#[test]
fn merge_and_merge_by_key_use_the_total_order() {
    require_gpu!();
    let a = dv::<f32, B>(&[-0.0, 1.0, f32::NAN]);
    let b = dv::<f32, B>(&[-1.0, 0.0, 1.0, -f32::NAN]);
    let m = host(&parallaxis::merge(&a, &b).unwrap());
    assert_eq!(m[..5], [-1.0, -0.0, 0.0, 1.0, 1.0]);
    assert!(m[1].is_sign_negative() && m[2].is_sign_positive());
    assert!(
        m[5].is_nan() && m[6].is_nan() && m[6].is_sign_negative(),
        "NaNs last, a's first"
    );
    let mut into = dv::<f32, B>(&[0.0; 7]);
    parallaxis::merge_into(&a, &b, &mut into).unwrap();
    assert_eq!(words(&host(&into)), words(&m));
    let va = dv::<u32, B>(&[0, 1, 2]);
    let vb = dv::<u32, B>(&[10, 11, 12, 13]);
    let (k, v) = parallaxis::merge_by_key(&a, &va, &b, &vb).unwrap();
    assert_eq!(words(&host(&k)), words(&m));
    assert_eq!(host(&v), [10, 0, 11, 1, 12, 2, 13]);
    let (mut ok, mut ov) = (dv::<f32, B>(&[0.0; 7]), dv::<u32, B>(&[0; 7]));
    parallaxis::merge_by_key_into(&a, &va, &b, &vb, &mut ok, &mut ov).unwrap();
    assert_eq!(host(&ov), [10, 0, 11, 1, 12, 2, 13]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn prop_sort_by_matches_reference(x in prop::collection::vec(-50_i32..50, 0..5000)) {
        require_gpu!(proptest);
        check_sort(Less, &x, "prop i32");
        check_sort_pairs(Greater, &x, |i| i as u32, "prop i32+u32");
    }

    #[test]
    fn prop_merge_matches_reference(
        a in prop::collection::vec(any::<u64>(), 0..3000),
        b in prop::collection::vec(0_u64..100, 0..3000),
    ) {
        require_gpu!(proptest);
        check_merge(Less, &a, &b, "prop u64");
    }

    #[test]
    fn prop_sort_by_f32_matches_reference(x in prop::collection::vec(any::<f32>(), 0..3000)) {
        require_gpu!(proptest);
        check_sort(Less, &x, "prop f32");
    }
}
