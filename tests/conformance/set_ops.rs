// Conformance body for the set operations on sorted multisets (`set_union`,
// `set_intersection`, `set_difference`, `set_symmetric_difference`, each with `_by`,
// `_by_key` and `_by_key_with`, and `set_operation_by` / `set_operation_by_key_with` with the
// operation as a value), compared bit for bit with a plain loop over runs of equal items that
// shares no code with the library, and with `parallaxis::reference`. With `Less`/`Greater` on
// 4- and 8-byte numbers (the comparators every backend instantiates), float specials in the
// total order, long runs that cross the host's pieces and the GPU's tiles, sizes on both sides
// of those edges and of the host's parallel threshold. Values are the input positions, so a
// value that left its key or came from the wrong list shows. Also: mismatched value lengths,
// unsorted inputs, views and lazy inputs.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{
    backend::{MergeByKeyOps, MergeOps},
    ops::{Compare, Greater, Less},
    DeviceCopy, DeviceVector, Error, Result, SetOp,
};
use proptest::prelude::*;
use std::cmp::Ordering;
use std::collections::HashSet;
use std::fmt::Debug;

const OPS: [SetOp; 4] = [
    SetOp::Union,
    SetOp::Intersection,
    SetOp::Difference,
    SetOp::SymmetricDifference,
];


/// `x` sorted by `cmp` (stable, so equal items keep their order).
fn sorted<K: Copy, C: Compare<K>>(cmp: C, x: &[K]) -> Vec<K> {
    let mut s = x.to_vec();
    s.sort_by(|&p, &q| {
        if cmp.less(p, q) {
            Ordering::Less
        } else if cmp.less(q, p) {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    });
    s
}

/// `f` of each of `x`, sorted by `cmp`.
fn keys_of<K: Copy, C: Compare<K>>(cmp: C, x: &[u64], f: impl Fn(u64) -> K) -> Vec<K> {
    sorted(cmp, &x.iter().map(|&v| f(v)).collect::<Vec<_>>())
}

/// Where each output item of `op` comes from: `(false, i)` for `a[i]`, `(true, j)` for
/// `b[j]`. Written from the multiset rule alone: the lists are walked run by run, and of a
/// value held `m` times by `a` and `n` times by `b` the `k`-th equal item of `a` is paired with
/// the `k`-th of `b`; the union keeps `a`'s run and `b`'s items past the `m`-th, the
/// intersection `a`'s first `min(m, n)`, the difference `a`'s items past the `n`-th, the
/// symmetric difference the unpaired items of both.
fn oracle<K: Copy, C: Compare<K>>(op: SetOp, cmp: C, a: &[K], b: &[K]) -> Vec<(bool, usize)> {
    let run = |s: &[K], i: usize| {
        let mut e = i + 1;
        while e < s.len() && !cmp.less(s[i], s[e]) && !cmp.less(s[e], s[i]) {
            e += 1;
        }
        e - i
    };
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < a.len() || j < b.len() {
        let (m, n) = if j == b.len() || (i < a.len() && cmp.less(a[i], b[j])) {
            (run(a, i), 0)
        } else if i == a.len() || cmp.less(b[j], a[i]) {
            (0, run(b, j))
        } else {
            (run(a, i), run(b, j))
        };
        let (from_a, from_b, keep) = match op {
            SetOp::Union => (0..m, m.min(n)..n, m.max(n)),
            SetOp::Intersection => (0..m.min(n), 0..0, m.min(n)),
            SetOp::Difference => (n.min(m)..m, 0..0, m.saturating_sub(n)),
            SetOp::SymmetricDifference => (n.min(m)..m, m.min(n)..n, m.abs_diff(n)),
        };
        assert_eq!(from_a.len() + from_b.len(), keep, "oracle count");
        out.extend(from_a.map(|k| (false, i + k)));
        out.extend(from_b.map(|k| (true, j + k)));
        i += m;
        j += n;
    }
    out
}

/// The items the sources name.
fn pick<K: Copy>(src: &[(bool, usize)], a: &[K], b: &[K]) -> Vec<K> {
    src.iter()
        .map(|&(from_b, k)| if from_b { b[k] } else { a[k] })
        .collect()
}

/// The named `_by` function of `op`.
fn named_by<K: DeviceCopy, C: Compare<K>>(
    op: SetOp,
    cmp: C,
    a: &DeviceVector<K, B>,
    b: &DeviceVector<K, B>,
) -> Result<DeviceVector<K, B>>
where
    B: MergeOps<K, C>,
{
    match op {
        SetOp::Union => parallaxis::set_union_by(cmp, a, b),
        SetOp::Intersection => parallaxis::set_intersection_by(cmp, a, b),
        SetOp::Difference => parallaxis::set_difference_by(cmp, a, b),
        SetOp::SymmetricDifference => parallaxis::set_symmetric_difference_by(cmp, a, b),
    }
}

/// The named `_by_key_with` function of `op`.
#[allow(clippy::type_complexity)]
fn named_by_key_with<K: DeviceCopy, V: DeviceCopy, C: Compare<K>>(
    op: SetOp,
    cmp: C,
    ak: &DeviceVector<K, B>,
    av: &DeviceVector<V, B>,
    bk: &DeviceVector<K, B>,
    bv: &DeviceVector<V, B>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)>
where
    B: MergeByKeyOps<K, V, C>,
{
    match op {
        SetOp::Union => parallaxis::set_union_by_key_with(cmp, ak, av, bk, bv),
        SetOp::Intersection => parallaxis::set_intersection_by_key_with(cmp, ak, av, bk, bv),
        SetOp::Difference => parallaxis::set_difference_by_key_with(cmp, ak, av, bk, bv),
        SetOp::SymmetricDifference => {
            parallaxis::set_symmetric_difference_by_key_with(cmp, ak, av, bk, bv)
        }
    }
}

/// By key under `cmp`, values `tag(i)` for `a[i]` and `tag(a.len() + j)` for `b[j]`: the
/// reference, `set_operation_by_key_with` and the named `_by_key_with` against the oracle.
fn check_by_key<K: Exact, V, C: Compare<K> + Debug>(
    cmp: C,
    a: &[K],
    b: &[K],
    tag: impl Fn(usize) -> V,
    what: &str,
) where
    V: DeviceCopy + PartialEq + Debug,
    B: MergeByKeyOps<K, V, C>,
{
    let (na, nb) = (a.len(), b.len());
    let va: Vec<V> = (0..na).map(&tag).collect();
    let vb: Vec<V> = (na..na + nb).map(&tag).collect();
    let (ad, bd, vad, vbd) = (
        dv::<K, B>(a),
        dv::<K, B>(b),
        dv::<V, B>(&va),
        dv::<V, B>(&vb),
    );
    for op in OPS {
        let src = oracle(op, cmp, a, b);
        let wk = words(&pick(&src, a, b));
        let wv = pick(&src, &va, &vb);
        let (rk, rv) = r::set_op_by_key_vec(op, cmp, a, &va, b, &vb).unwrap();
        assert_eq!(
            words(&rk),
            wk,
            "reference keys {op:?} {cmp:?} {what}, {na}+{nb}"
        );
        assert_eq!(rv, wv, "reference values {op:?} {cmp:?} {what}, {na}+{nb}");
        let (gk, gv) =
            parallaxis::set_operation_by_key_with(op, cmp, &ad, &vad, &bd, &vbd).unwrap();
        assert_eq!(
            words(&host(&gk)),
            wk,
            "set_operation_by_key_with keys {op:?} {cmp:?} {what}, {na}+{nb}"
        );
        assert_eq!(
            host(&gv),
            wv,
            "set_operation_by_key_with values {op:?} {cmp:?} {what}, {na}+{nb}"
        );
        let (gk, gv) = named_by_key_with(op, cmp, &ad, &vad, &bd, &vbd).unwrap();
        assert_eq!(
            words(&host(&gk)),
            wk,
            "named _by_key_with keys {op:?} {cmp:?} {what}, {na}+{nb}"
        );
        assert_eq!(
            host(&gv),
            wv,
            "named _by_key_with values {op:?} {cmp:?} {what}, {na}+{nb}"
        );
    }
    assert_eq!(host(&vad), va, "a values untouched, {what}");
    assert_eq!(host(&vbd), vb, "b values untouched, {what}");
}

/// All four operations of `a` and `b`, both sorted by `cmp`: the reference (and its count),
/// `set_operation_by` and the named `_by` against the oracle; by key with the positions as
/// `u64` values.
fn check<K: Exact, C: Compare<K> + Debug>(cmp: C, a: &[K], b: &[K], what: &str)
where
    B: MergeOps<K, C> + MergeByKeyOps<K, u64, C>,
{
    let (na, nb) = (a.len(), b.len());
    let (ad, bd) = (dv::<K, B>(a), dv::<K, B>(b));
    for op in OPS {
        let want = words(&pick(&oracle(op, cmp, a, b), a, b));
        assert_eq!(
            words(&r::set_op_vec(op, cmp, a, b).unwrap()),
            want,
            "reference {op:?} {cmp:?} {what}, {na}+{nb}"
        );
        assert_eq!(
            r::set_op_count(op, cmp, a, b),
            want.len(),
            "reference count {op:?} {what}"
        );
        let got = parallaxis::set_operation_by(op, cmp, &ad, &bd).unwrap();
        assert_eq!(
            words(&host(&got)),
            want,
            "set_operation_by {op:?} {cmp:?} {what}, {na}+{nb}"
        );
        let got = named_by(op, cmp, &ad, &bd).unwrap();
        assert_eq!(
            words(&host(&got)),
            want,
            "named _by {op:?} {cmp:?} {what}, {na}+{nb}"
        );
    }
    check_by_key(cmp, a, b, |p| p as u64, what);
    assert_eq!(words(&host(&ad)), words(a), "a untouched, {what}");
    assert_eq!(words(&host(&bd)), words(b), "b untouched, {what}");
}

/// `check` under `Less`, plus the plain named functions (`set_union`, ...) and their
/// `_by_key` forms with `u32` values (`i` for `a[i]`, `2^31 + j` for `b[j]`).
fn check_less<K: Exact>(a: &[K], b: &[K], what: &str)
where
    B: MergeOps<K, Less> + MergeByKeyOps<K, u64, Less> + MergeByKeyOps<K, u32, Less>,
{
    check(Less, a, b, what);
    let (na, nb) = (a.len(), b.len());
    let va: Vec<u32> = (0..na as u32).collect();
    let vb: Vec<u32> = (0..nb as u32).map(|j| j | 1 << 31).collect();
    let (ad, bd, vad, vbd) = (
        dv::<K, B>(a),
        dv::<K, B>(b),
        dv::<u32, B>(&va),
        dv::<u32, B>(&vb),
    );
    for op in OPS {
        let src = oracle(op, Less, a, b);
        let want = words(&pick(&src, a, b));
        let want_v = pick(&src, &va, &vb);
        let (got, by_key) = match op {
            SetOp::Union => (
                parallaxis::set_union(&ad, &bd),
                parallaxis::set_union_by_key(&ad, &vad, &bd, &vbd),
            ),
            SetOp::Intersection => (
                parallaxis::set_intersection(&ad, &bd),
                parallaxis::set_intersection_by_key(&ad, &vad, &bd, &vbd),
            ),
            SetOp::Difference => (
                parallaxis::set_difference(&ad, &bd),
                parallaxis::set_difference_by_key(&ad, &vad, &bd, &vbd),
            ),
            SetOp::SymmetricDifference => (
                parallaxis::set_symmetric_difference(&ad, &bd),
                parallaxis::set_symmetric_difference_by_key(&ad, &vad, &bd, &vbd),
            ),
        };
        let (gk, gv) = by_key.unwrap();
        let (got, gk, gv) = (host(&got.unwrap()), host(&gk), host(&gv));
        assert_eq!(words(&got), want, "plain {op:?} {what}, {na}+{nb}");
        assert_eq!(
            words(&gk),
            want,
            "plain _by_key keys {op:?} {what}, {na}+{nb}"
        );
        assert_eq!(gv, want_v, "plain _by_key values {op:?} {what}, {na}+{nb}");
    }
}

/// The ladder, the GPU's tile edges (2048 merged positions of 4-byte keys, 1024 of 8-byte
/// ones) and several tiles with a remainder, and the host's parallel threshold.
fn sizes() -> Vec<usize> {
    let mut s = edge_sizes();
    s.extend([
        1023,
        1024,
        1025,
        2047,
        2048,
        2049,
        4095,
        4097,
        9 * 2048 + 77,
        (1 << 16) - 1,
        1 << 16,
        (1 << 16) + 1,
        200_000,
    ]);
    s
}

#[test]
fn set_ops_match_oracle_and_reference_across_sizes() {
    require_gpu!();
    for n in sizes() {
        let x = pseudo_random(n, 41 + n as u64);
        // Uneven splits of `n` items: all of a, all of b, a third / two thirds, halves. The
        // largest sizes take fewer cases, to keep the suite quick; empty lists there are left
        // to the shaped inputs below.
        let big = n > 2 * HOST_CHUNK;
        for (na, tag) in [
            (0, "empty a"),
            (n, "empty b"),
            (n / 3, "thirds"),
            (n / 2, "halves"),
        ] {
            if big && (na == 0 || na == n) {
                continue;
            }
            let (a, b) = x.split_at(na);
            // Some values repeat, most runs are short.
            let range = (n as u64 / 2).max(1);
            let u = |v: u64| (v % range) as u32;
            if !big || na == n / 3 {
                let what = format!("u32 {tag}");
                check_less(&keys_of(Less, a, u), &keys_of(Less, b, u), &what);
            }
            let i = |v: u64| (v % 1000) as i64 - 500;
            if !big || na == n / 2 {
                let (a, b) = (keys_of(Greater, a, i), keys_of(Greater, b, i));
                check(Greater, &a, &b, &format!("i64 {tag}"));
            }
        }
        let (a, b) = x.split_at(n / 2);
        let f = |v: u64| ((v >> 40) % 64) as f32 * 0.25 - 8.0;
        check_less(&keys_of(Less, a, f), &keys_of(Less, b, f), "f32");
        let d = |v: u64| (v as i64 >> 44) as f64 * 1e-3;
        let (ga, gb) = (keys_of(Greater, a, d), keys_of(Greater, b, d));
        check(Greater, &ga, &gb, "f64");
        if !big {
            check(
                Greater,
                &keys_of(Greater, a, f),
                &keys_of(Greater, b, f),
                "f32",
            );
            check_less(&keys_of(Less, a, d), &keys_of(Less, b, d), "f64");
        }
    }
}

/// Few distinct values: runs of equal items far longer than a host piece and a GPU tile, so
/// pairs of a run are cut apart at many split points.
#[test]
fn long_runs_of_equal_items_across_pieces_and_tiles() {
    require_gpu!();
    for (na, nb, range, seed) in [
        (170_000, 130_000, 3, 1),
        (90_000, 110_000, 8, 2),
        (40_000, 40_000, 5, 3),
        (33_000, 2, 4, 4),
        (3, 50_000, 4, 5),
    ] {
        let x = pseudo_random(na + nb, seed);
        let (a, b) = x.split_at(na);
        let u = |v: u64| (v % range) as u32;
        let what = format!("u32 range {range}");
        check_less(&keys_of(Less, a, u), &keys_of(Less, b, u), &what);
        if na + nb <= 200_000 {
            let i = |v: u64| (v % range) as i64 - 2;
            let what = format!("i64 range {range}");
            check(
                Greater,
                &keys_of(Greater, a, i),
                &keys_of(Greater, b, i),
                &what,
            );
            let f = |v: u64| (v % range) as f64 * 0.5;
            let what = format!("f64 range {range}");
            check(Less, &keys_of(Less, a, f), &keys_of(Less, b, f), &what);
        }
    }
    // One value throughout: the whole input is one run of pairs and then one list's rest.
    let c = HOST_CHUNK;
    for (m, n) in [
        (100_000, 40_001),
        (c + 1, c - 1),
        (c, c),
        (2049, 2047),
        (1025, 3 * 1024 + 1),
        (70_000, 70_000),
    ] {
        check_less(&vec![7_u32; m], &vec![7; n], &format!("one value {m}+{n}"));
        check(
            Greater,
            &vec![-7_i64; m],
            &vec![-7; n],
            &format!("one value i64 {m}+{n}"),
        );
    }
    // A long shared run between distinct items, in both lists at different offsets.
    let mut a: Vec<u32> = (0..5000).collect();
    a.extend(std::iter::repeat_n(6000, 50_000));
    a.extend(7000..9000);
    let mut b: Vec<u32> = (0..9000).step_by(3).filter(|&v| v < 6000).collect();
    b.extend(std::iter::repeat_n(6000, 30_017));
    b.extend((6001..12_000).step_by(2));
    check_less(&a, &b, "shared run");
    check_less(&b, &a, "shared run, swapped");
}

/// Inputs of a known shape at sizes around the GPU's tiles, the host's piece and its
/// parallel threshold.
#[test]
fn shaped_inputs_at_tile_and_piece_edges() {
    require_gpu!();
    let c = HOST_CHUNK;
    for n in [
        1,
        2,
        1023,
        1025,
        2047,
        2048,
        2049,
        4095,
        4097,
        6145,
        c - 1,
        c,
        c + 1,
        (1 << 15) + 1,
        (1 << 16) - 1,
        (1 << 16) + 1,
    ] {
        let n32 = n as u32;
        // No duplicates within a list: evens and multiples of three, partly shared.
        let evens: Vec<u32> = (0..n32).map(|v| 2 * v).collect();
        let threes: Vec<u32> = (0..n32).map(|v| 3 * v).collect();
        check_less(&evens, &threes, &format!("evens, threes n={n}"));
        // Disjoint ranges, one wholly before the other, both ways round.
        let lo: Vec<u64> = (0..n as u64).collect();
        let hi: Vec<u64> = (n as u64..2 * n as u64).collect();
        check(Less, &lo, &hi, &format!("a before b n={n}"));
        check(Less, &hi, &lo, &format!("b before a n={n}"));
        // Identical lists, with and without repeats.
        let rep: Vec<i32> = (0..n as i32).map(|v| v / 3).collect();
        check_less(&rep, &rep, &format!("identical n={n}"));
        let rev = keys_of(Greater, &lo, |v| v as f32);
        check(Greater, &rev, &rev, &format!("identical f32 n={n}"));
        // One element against many: present, absent, at either end (in the middle only, at
        // the largest sizes, to keep the suite quick).
        let mid = n32 / 2 * 2;
        let ones = if n > 2 * c {
            &[mid][..]
        } else {
            &[0, mid, mid + 1, 2 * n32][..]
        };
        for &e in ones {
            check_less(&[e], &evens, &format!("one element {e}, n={n}"));
            check_less(&evens, &[e], &format!("n={n}, one element {e}"));
        }
        check_less(&evens, &[], &format!("empty b n={n}"));
        check_less(&[], &evens, &format!("empty a n={n}"));
    }
    check_less::<u32>(&[], &[], "both empty");
    check(Greater, &[] as &[f64], &[], "both empty f64");
    check_less(&[5_u32], &[5], "one and one, equal");
    check_less(&[5_u32], &[6], "one and one, less");
    check(Greater, &[5_i64], &[6], "one and one, greater");
}

/// Under `Less` (`SortKey`'s total order) `-0.0` and `+0.0` are different values and every
/// NaN is one value, after `+inf`; a pair of NaNs emits `a`'s bits.
#[test]
fn float_specials_in_the_total_order() {
    require_gpu!();
    let nan_a = f32::from_bits(0x7fc0_0123);
    let a = [f32::NEG_INFINITY, -0.0, -0.0, 0.0, 1.0, nan_a];
    let b = [-0.0, 0.0, 0.0, 2.0, -f32::NAN, f32::NAN];
    let (ad, bd) = (dv::<f32, B>(&a), dv::<f32, B>(&b));
    let (va, vb) = (
        dv::<u32, B>(&[0, 1, 2, 3, 4, 5]),
        dv::<u32, B>(&[10, 11, 12, 13, 14, 15]),
    );
    let (ninf, nan) = (f32::NEG_INFINITY, f32::NAN);
    let expect: [(SetOp, Vec<f32>, Vec<u32>); 4] = [
        (
            SetOp::Union,
            vec![ninf, -0.0, -0.0, 0.0, 0.0, 1.0, 2.0, nan_a, nan],
            vec![0, 1, 2, 3, 12, 4, 13, 5, 15],
        ),
        (SetOp::Intersection, vec![-0.0, 0.0, nan_a], vec![1, 3, 5]),
        (SetOp::Difference, vec![ninf, -0.0, 1.0], vec![0, 2, 4]),
        (
            SetOp::SymmetricDifference,
            vec![ninf, -0.0, 0.0, 1.0, 2.0, nan],
            vec![0, 2, 12, 4, 13, 15],
        ),
    ];
    for (op, keys, values) in expect {
        let got = parallaxis::set_operation_by(op, Less, &ad, &bd).unwrap();
        assert_eq!(words(&host(&got)), words(&keys), "{op:?}");
        let (k, v) = parallaxis::set_operation_by_key_with(op, Less, &ad, &va, &bd, &vb).unwrap();
        assert_eq!(words(&host(&k)), words(&keys), "{op:?} by key");
        assert_eq!(host(&v), values, "{op:?} by key values");
    }
    check_less(&a, &b, "f32 specials");
    // Descending: NaNs first, `+0.0` before `-0.0`.
    let (ga, gb) = (sorted(Greater, &a), sorted(Greater, &b));
    let (gad, gbd) = (dv::<f32, B>(&ga), dv::<f32, B>(&gb));
    let got = host(&parallaxis::set_intersection_by(Greater, &gad, &gbd).unwrap());
    assert_eq!(
        words(&got),
        words(&[nan_a, 0.0, -0.0]),
        "Greater intersection"
    );
    check(Greater, &ga, &gb, "f32 specials");
    // Pools of specials, long enough to cross pieces and tiles.
    let pool = [
        0.0,
        -0.0,
        f64::NAN,
        -f64::NAN,
        f64::from_bits(0x7ff8_0000_0000_0042),
        f64::INFINITY,
        f64::NEG_INFINITY,
        1.0,
        -1.0,
        f64::MIN_POSITIVE,
    ];
    for (n, seed) in [(60, 1), (5001, 2), (40_000, 3)] {
        let x = pseudo_random(n, seed);
        let f: Vec<f64> = x
            .iter()
            .map(|&v| pool[(v % pool.len() as u64) as usize])
            .collect();
        let (a, b) = f.split_at(n / 3);
        check_less(&sorted(Less, a), &sorted(Less, b), "f64 specials");
        check(
            Greater,
            &sorted(Greater, a),
            &sorted(Greater, b),
            "f64 specials",
        );
        let g: Vec<f32> = f.iter().map(|&v| v as f32).collect();
        let (a, b) = g.split_at(n / 2);
        check_less(&sorted(Less, a), &sorted(Less, b), "f32 specials");
        check(
            Greater,
            &sorted(Greater, a),
            &sorted(Greater, b),
            "f32 specials",
        );
    }
}

/// Values of every width the GPU moves beside the keys stay with their keys.
#[test]
fn by_key_values_of_each_width() {
    require_gpu!();
    for (n, seed) in [(777, 1), (3 * 2048 + 5, 2), (HOST_CHUNK + 3, 3)] {
        let x = pseudo_random(n, seed);
        let (a, b) = x.split_at(n * 2 / 5);
        let k = |v: u64| (v % 50) as u32;
        let (ka, kb) = (keys_of(Less, a, k), keys_of(Less, b, k));
        check_by_key(Less, &ka, &kb, |p| p as f32, "u32+f32");
        check_by_key(
            Greater,
            &sorted(Greater, &ka),
            &sorted(Greater, &kb),
            |p| p as i32,
            "u32+i32",
        );
        let k = |v: u64| (v % 9) as i64;
        let (ka, kb) = (keys_of(Greater, a, k), keys_of(Greater, b, k));
        check_by_key(Greater, &ka, &kb, |p| p as f64, "i64+f64");
        check_by_key(Greater, &ka, &kb, |p| -(p as i64), "i64+i64");
        let k = |v: u64| (v % 30) as f32 - 15.0;
        let (ka, kb) = (keys_of(Less, a, k), keys_of(Less, b, k));
        check_by_key(Less, &ka, &kb, |p| p as u32, "f32+u32");
    }
}

/// Each list's values must be as long as its keys: `LengthMismatch` (keys' length
/// expected, values' found) from every by-key door, for every operation.
#[test]
fn by_key_refuses_values_of_another_length() {
    require_gpu!();
    let (ak, av) = (dv::<u32, B>(&[1, 2, 3, 4, 5]), dv::<u32, B>(&[0, 1, 2, 3]));
    let (bk, bv) = (dv::<u32, B>(&[2, 4, 6]), dv::<u32, B>(&[0, 1, 2, 3, 4, 5]));
    let (ak_ok, bk_ok) = (
        dv::<u32, B>(&[1, 2, 3, 4]),
        dv::<u32, B>(&[2, 4, 6, 8, 10, 12]),
    );
    let mismatch = |e: Error, expected: usize, actual: usize, what: String| {
        assert!(
            matches!(e, Error::LengthMismatch { expected: x, actual: y, .. } if x == expected && y == actual),
            "{what}: {e}"
        );
    };
    for op in OPS {
        let e = parallaxis::set_operation_by_key_with(op, Less, &ak, &av, &bk_ok, &bv).unwrap_err();
        mismatch(e, 5, 4, format!("a, set_operation_by_key_with {op:?}"));
        let e =
            parallaxis::set_operation_by_key_with(op, Greater, &ak_ok, &av, &bk, &bv).unwrap_err();
        mismatch(e, 3, 6, format!("b, set_operation_by_key_with {op:?}"));
        let e = named_by_key_with(op, Greater, &ak, &av, &bk_ok, &bv).unwrap_err();
        mismatch(e, 5, 4, format!("a, named _by_key_with {op:?}"));
        let e = named_by_key_with(op, Less, &ak_ok, &av, &bk, &bv).unwrap_err();
        mismatch(e, 3, 6, format!("b, named _by_key_with {op:?}"));
        // Empty keys with values, and values with no keys.
        let (none, one) = (dv::<u32, B>(&[]), dv::<u32, B>(&[9]));
        let e =
            parallaxis::set_operation_by_key_with(op, Less, &none, &one, &none, &none).unwrap_err();
        mismatch(e, 0, 1, format!("a empty keys {op:?}"));
        let e =
            parallaxis::set_operation_by_key_with(op, Less, &none, &none, &one, &none).unwrap_err();
        mismatch(e, 1, 0, format!("b no values {op:?}"));
    }
    let e = parallaxis::set_union_by_key(&ak, &av, &bk_ok, &bv).unwrap_err();
    mismatch(e, 5, 4, "set_union_by_key".into());
    let e = parallaxis::set_intersection_by_key(&ak_ok, &av, &bk, &bv).unwrap_err();
    mismatch(e, 3, 6, "set_intersection_by_key".into());
    let e = parallaxis::set_difference_by_key(&ak, &av, &bk, &bv).unwrap_err();
    assert!(
        matches!(e, Error::LengthMismatch { .. }),
        "set_difference_by_key: {e}"
    );
    let e = parallaxis::set_symmetric_difference_by_key(&ak_ok, &av, &bk, &bv).unwrap_err();
    mismatch(e, 3, 6, "set_symmetric_difference_by_key".into());
    // The inputs are left as they were.
    assert_eq!(host(&av), [0, 1, 2, 3]);
    assert_eq!(host(&bv), [0, 1, 2, 3, 4, 5]);
}

/// Whether `e` is the error a backend may give for inputs it finds unsorted.
fn unsorted_error(e: &Error) -> bool {
    matches!(
        e,
        Error::InvalidArgument {
            what: "set operation inputs",
            ..
        }
    )
}

/// On inputs that are not sorted every operation gives some selection of their items (each
/// output key one of the inputs', by key with the value of that very item) or the typed
/// error; it never panics, and the inputs are left as they were.
#[test]
fn unsorted_inputs_give_their_items_or_a_typed_error() {
    require_gpu!();
    for n in [1, 2, 33, 2049, HOST_CHUNK + 1, 70_001] {
        let x = pseudo_random(2 * n + 1, 77 + n as u64);
        let a: Vec<u32> = x[..n].iter().map(|&v| (v % 5000) as u32).collect();
        // Sorted the other way round, and with a few out of place.
        let b_desc = keys_of(Greater, &x[n..], |v| (v % 300) as u32);
        let mut b_near = sorted(Less, &b_desc);
        for k in (0..b_near.len()).step_by(97) {
            b_near[k] = (x[k] % 300) as u32;
        }
        for (b, tag) in [(&b_desc, "descending b"), (&b_near, "nearly sorted b")] {
            let what = format!("n = {n}, {tag}");
            let items: HashSet<u32> = a.iter().chain(b.iter()).copied().collect();
            let va: Vec<u32> = (0..a.len() as u32).collect();
            let vb: Vec<u32> = (0..b.len() as u32).map(|j| j | 1 << 31).collect();
            let (da, db, dva, dvb) = (
                dv::<u32, B>(&a),
                dv::<u32, B>(b),
                dv::<u32, B>(&va),
                dv::<u32, B>(&vb),
            );
            for op in OPS {
                for greater in [false, true] {
                    let got = if greater {
                        parallaxis::set_operation_by(op, Greater, &da, &db)
                    } else {
                        parallaxis::set_operation_by(op, Less, &da, &db)
                    };
                    match got {
                        Ok(m) => {
                            for k in host(&m) {
                                assert!(
                                    items.contains(&k),
                                    "{what} {op:?}: {k} is in neither input"
                                );
                            }
                        }
                        Err(e) => assert!(unsorted_error(&e), "{what} {op:?}: {e}"),
                    }
                    let got = if greater {
                        parallaxis::set_operation_by_key_with(op, Greater, &da, &dva, &db, &dvb)
                    } else {
                        parallaxis::set_operation_by_key_with(op, Less, &da, &dva, &db, &dvb)
                    };
                    match got {
                        Ok((k, v)) => {
                            let (k, v) = (host(&k), host(&v));
                            assert_eq!(k.len(), v.len(), "{what} {op:?}: lengths");
                            for (&key, &t) in k.iter().zip(&v) {
                                let from = if t >> 31 == 1 {
                                    b.get((t & !(1 << 31)) as usize)
                                } else {
                                    a.get(t as usize)
                                };
                                assert_eq!(Some(&key), from, "{what} {op:?}: a value left its key");
                            }
                        }
                        Err(e) => assert!(unsorted_error(&e), "{what} {op:?} by key: {e}"),
                    }
                }
            }
            assert_eq!(host(&da), a, "{what}: a changed");
            assert_eq!(&host(&db), b, "{what}: b changed");
        }
    }
}

/// Views and lazy sequences are read like vectors: a view into a longer vector, `counting`,
/// and a vector stored back to front read through `.rev()`.
#[test]
fn views_and_lazy_inputs() {
    require_gpu!();
    let n = 9000;
    let x = pseudo_random(n, 13);
    let stored = keys_of(Less, &x, |v| (v % 4000) as u32);
    let sd = dv::<u32, B>(&stored);
    let (lo, hi) = (3, 8003);
    let a = &stored[lo..hi];
    let view = sd.slice(lo..hi).unwrap();
    // `counting` from 100: distinct values, some of them in `a`.
    let b: Vec<u32> = (100..5100).collect();
    let count = parallaxis::lazy::counting::<B, u32>(100, b.len());
    // Sorted descending in storage, ascending through `.rev()`.
    let c = keys_of(Less, &x, |v| (v % 700) as u32 * 3);
    let c_rev: Vec<u32> = c.iter().rev().copied().collect();
    let cd = dv::<u32, B>(&c_rev);
    for op in OPS {
        let want = pick(&oracle(op, Less, a, &b), a, &b);
        assert_eq!(
            host(&parallaxis::set_operation_by(op, Less, &view, &count).unwrap()),
            want,
            "view, counting {op:?}"
        );
        assert_eq!(
            host(&named_by(op, Less, &dv::<u32, B>(a), &dv::<u32, B>(&b)).unwrap()),
            want
        );
        let want = pick(&oracle(op, Less, &c, a), &c, a);
        assert_eq!(
            host(&parallaxis::set_operation_by(op, Less, &cd.rev(), &view).unwrap()),
            want,
            "rev, view {op:?}"
        );
        // By key: the keys a view and a lazy sequence, the values positions by `counting`.
        let src = oracle(op, Less, a, &c);
        let wv: Vec<u64> = src
            .iter()
            .map(|&(from_b, k)| {
                if from_b {
                    (a.len() + k) as u64
                } else {
                    k as u64
                }
            })
            .collect();
        let va = parallaxis::lazy::counting::<B, u64>(0, a.len());
        let vc = parallaxis::lazy::counting::<B, u64>(a.len() as u64, c.len());
        let (k, v) =
            parallaxis::set_operation_by_key_with(op, Less, &view, &va, &cd.rev(), &vc).unwrap();
        assert_eq!(host(&k), pick(&src, a, &c), "by key, view and rev {op:?}");
        assert_eq!(host(&v), wv, "by key values, counting {op:?}");
    }
    // The plain doors and `Greater` take views too.
    let want = pick(&oracle(SetOp::Intersection, Less, a, &b), a, &b);
    assert_eq!(
        host(&parallaxis::set_intersection(&view, &count).unwrap()),
        want
    );
    let desc = dv::<u32, B>(&c_rev);
    let g = sorted(Greater, a);
    let gd = dv::<u32, B>(&g);
    let gv = gd.slice(10..g.len() - 10).unwrap();
    let want = pick(
        &oracle(SetOp::Difference, Greater, &c_rev, &g[10..g.len() - 10]),
        &c_rev,
        &g[10..g.len() - 10],
    );
    assert_eq!(
        host(&parallaxis::set_difference_by(Greater, &desc, &gv).unwrap()),
        want,
        "Greater, view"
    );
    assert_eq!(host(&sd), stored, "viewed vector untouched");
}

/// Two lists of up to `len` items drawn from `value` (sorted by the caller); with few
/// distinct values most items have equal partners.
fn small_multiset<T: Debug + Clone>(
    value: impl Strategy<Value = T> + Clone,
    len: usize,
) -> impl Strategy<Value = (Vec<T>, Vec<T>)> {
    (
        prop::collection::vec(value.clone(), 0..len),
        prop::collection::vec(value, 0..len),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn prop_set_ops_u32_match_oracle((a, b) in small_multiset(0_u32..6, 3000)) {
        require_gpu!(proptest);
        check_less(&sorted(Less, &a), &sorted(Less, &b), "prop u32");
    }

    #[test]
    fn prop_set_ops_i64_greater_match_oracle((a, b) in small_multiset(-4_i64..4, 3000)) {
        require_gpu!(proptest);
        check(Greater, &sorted(Greater, &a), &sorted(Greater, &b), "prop i64");
    }

    #[test]
    fn prop_set_ops_f32_specials_match_oracle((a, b) in small_multiset(0_usize..6, 2000)) {
        require_gpu!(proptest);
        let pool = [-0.0, 0.0, f32::NAN, -f32::NAN, 1.5, f32::NEG_INFINITY];
        let f = |s: &[usize]| s.iter().map(|&i| pool[i]).collect::<Vec<f32>>();
        check_less(&sorted(Less, &f(&a)), &sorted(Less, &f(&b)), "prop f32");
        check(Greater, &sorted(Greater, &f(&a)), &sorted(Greater, &f(&b)), "prop f32");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn prop_set_ops_across_pieces_match_oracle((a, b) in small_multiset(0_u32..8, 40_000)) {
        require_gpu!(proptest);
        check_less(&sorted(Less, &a), &sorted(Less, &b), "prop u32, long");
    }
}
