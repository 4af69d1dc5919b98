// Conformance body for top-k and k-selection (`top_k`, `bottom_k`, their `_by_key` forms,
// `partial_sort_into`, `partial_sort_by_key_into`, `select_nth`), compared bit for bit with
// the prefix of a stable sort by the standard library (sharing no code with the library) and
// with `parallaxis::reference`: every key type the GPU sorts, `k` on both sides of the host's
// full-sort switch (`8k` against `n`) and of the chunk (2^14) and parallel (2^16) edges,
// inputs that defeat a rising bar (ascending, descending, all equal), float specials (NaN
// payloads, -0.0 / +0.0), bit ranges, values of each width carried with their keys (the
// input positions, so a value that left its key shows), views and lazy input.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{
    backend::{SortByKeyOps, SortOps},
    ops::{Order, SortKey},
    DeviceCopy, DeviceVector,
};
use proptest::prelude::*;
use std::fmt::Debug;

/// The first `k` of `x` sorted stably in `order` by the standard library's stable sort.
fn oracle<K: SortKey>(x: &[K], k: usize, order: Order) -> Vec<usize> {
    let mut p: Vec<usize> = (0..x.len()).collect();
    p.sort_by(|&a, &b| {
        let c = x[a].total_cmp_key(&x[b]);
        match order {
            Order::Ascending => c,
            Order::Descending => c.reverse(),
        }
    });
    p.truncate(k);
    p
}

fn at<T: Copy>(x: &[T], p: &[usize]) -> Vec<T> {
    p.iter().map(|&i| x[i]).collect()
}

/// Every keys-alone form at `k` in both orders, against the oracle and the reference.
fn check_keys<K: Exact>(x: &[K], k: usize, what: &str)
where
    B: SortOps<K>,
{
    let n = x.len();
    let xd = dv::<K, B>(x);
    for order in [Order::Ascending, Order::Descending] {
        let want = words(&at(x, &oracle(x, k, order)));
        let mut reference = vec![K::ZERO_KEY; k.min(n)];
        r::partial_sort(x, &mut reference, order).unwrap();
        assert_eq!(words(&reference), want, "reference {order:?} {what}, n={n} k={k}");
        let got = match order {
            Order::Ascending => parallaxis::bottom_k(&xd, k).unwrap(),
            Order::Descending => parallaxis::top_k(&xd, k).unwrap(),
        };
        assert_eq!(words(&host(&got)), want, "top/bottom_k {order:?} {what}, n={n} k={k}");
        if k <= n {
            let mut into = dv::<K, B>(&vec![K::ZERO_KEY; k]);
            parallaxis::partial_sort_into(&xd, &mut into, order).unwrap();
            assert_eq!(words(&host(&into)), want, "partial_sort_into {order:?} {what}, n={n} k={k}");
        }
    }
    assert_eq!(words(&host(&xd)), words(x), "input untouched, {what}");
}

/// Every pair form at `k` in both orders, the values `value(i)` of the input positions.
fn check_pairs<K: Exact, V: DeviceCopy + PartialEq + Debug>(
    x: &[K],
    k: usize,
    value: impl Fn(usize) -> V,
    what: &str,
) where
    B: SortByKeyOps<K, V>,
{
    let n = x.len();
    let v: Vec<V> = (0..n).map(&value).collect();
    let (xd, vd) = (dv::<K, B>(x), dv::<V, B>(&v));
    for order in [Order::Ascending, Order::Descending] {
        let p = oracle(x, k, order);
        let (wk, wv) = (words(&at(x, &p)), at(&v, &p));
        let (mut rk, mut rv) = (vec![K::ZERO_KEY; p.len()], vec![value(0); p.len()]);
        r::partial_sort_by_key(x, &v, &mut rk, &mut rv, order).unwrap();
        assert_eq!((words(&rk), &rv), (wk.clone(), &wv), "reference {order:?} {what} k={k}");
        let (gk, gv) = match order {
            Order::Ascending => parallaxis::bottom_k_by_key(&xd, &vd, k).unwrap(),
            Order::Descending => parallaxis::top_k_by_key(&xd, &vd, k).unwrap(),
        };
        assert_eq!(words(&host(&gk)), wk, "keys {order:?} {what}, n={n} k={k}");
        assert_eq!(host(&gv), wv, "values {order:?} {what}, n={n} k={k}");
        if k <= n {
            let mut ok = dv::<K, B>(&vec![K::ZERO_KEY; k]);
            let mut ov = dv::<V, B>(&vec![value(0); k]);
            parallaxis::partial_sort_by_key_into(&xd, &vd, &mut ok, &mut ov, order).unwrap();
            assert_eq!(words(&host(&ok)), wk, "into keys {order:?} {what}, n={n} k={k}");
            assert_eq!(host(&ov), wv, "into values {order:?} {what}, n={n} k={k}");
        }
    }
}

/// The `k` tried at `n`: the ends, a few small ones, and both sides of `8k = n`.
fn ks(n: usize) -> Vec<usize> {
    let mut ks = vec![0, 1, 2, 7, 100, n / 8, (n / 8).saturating_sub(1), n / 8 + 1];
    ks.extend([n.saturating_sub(1), n, n + 3]);
    ks.sort_unstable();
    ks.dedup();
    ks
}

const SIZES: [usize; 9] = [0, 1, 2, 33, 255, 256, 1000, 16_385, 70_001];

#[test]
fn top_k_is_the_sort_prefix_for_every_key_type() {
    require_gpu!();
    for n in SIZES {
        let z = pseudo_random(n, n as u64 + 1);
        for k in ks(n) {
            // Few distinct values, so ties are everywhere.
            check_keys(&z.iter().map(|&v| (v % 61) as u32).collect::<Vec<_>>(), k, "u32 few");
            check_keys(&z.iter().map(|&v| v as u32).collect::<Vec<_>>(), k, "u32");
            check_keys(&z.iter().map(|&v| v as i64).collect::<Vec<_>>(), k, "i64");
            let f = |v: u64| ((v % 2001) as f32 - 1000.0) * 0.25;
            check_keys(&z.iter().map(|&v| f(v)).collect::<Vec<_>>(), k, "f32");
            if n <= 16_385 {
                check_keys(&z.iter().map(|&v| v as u8).collect::<Vec<_>>(), k, "u8");
                check_keys(&z.iter().map(|&v| v as i16).collect::<Vec<_>>(), k, "i16");
                check_keys(&z.iter().map(|&v| v as usize).collect::<Vec<_>>(), k, "usize");
                let g = |v: u64| f64::from_bits(v) / 1e300;
                check_keys(&z.iter().map(|&v| g(v)).collect::<Vec<_>>(), k, "f64");
            }
        }
    }
}

#[test]
fn top_k_by_key_carries_each_value_width() {
    require_gpu!();
    for n in [0, 1, 300, 16_385, 70_001] {
        let z = pseudo_random(n, 7 * n as u64 + 3);
        let few: Vec<u32> = z.iter().map(|&v| (v % 97) as u32).collect();
        let wide: Vec<i64> = z.iter().map(|&v| (v >> 3) as i64).collect();
        let halves: Vec<f32> = z.iter().map(|&v| (v % 301) as f32 * 0.5 - 75.0).collect();
        for k in ks(n) {
            check_pairs(&few, k, |i| i as u32, "u32 -> u32");
            check_pairs(&few, k, |i| i as u64, "u32 -> u64");
            check_pairs(&wide, k, |i| i as f32, "i64 -> f32");
            check_pairs(&halves, k, |i| i as f64, "f32 -> f64");
        }
    }
}

/// Ascending and descending input raise the host's bar on every key or on none; all-equal
/// input leaves only positions to decide.
#[test]
fn shaped_inputs_across_chunks() {
    require_gpu!();
    for n in [16_383, 16_384, 65_537, 140_000] {
        let up: Vec<u32> = (0..n as u32).collect();
        let down: Vec<u32> = (0..n as u32).rev().collect();
        let same = vec![5_u32; n];
        let saw: Vec<u32> = (0..n as u32).map(|i| i % 1000).collect();
        for k in [1, 3, 64, 1000, 2049] {
            for (x, what) in [(&up, "up"), (&down, "down"), (&same, "same"), (&saw, "saw")] {
                check_keys(x, k, what);
                check_pairs(x, k, |i| i as u32, what);
            }
        }
    }
}

#[test]
fn float_specials_in_the_total_order() {
    require_gpu!();
    let pool = [
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7fc0_0001),
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        1.5,
        -1.5,
        f32::MIN_POSITIVE,
        -f32::MAX,
    ];
    for n in [11, 500, 20_000] {
        let z = pseudo_random(n, 99);
        let x: Vec<f32> = z.iter().map(|&v| pool[(v % pool.len() as u64) as usize]).collect();
        for k in [1, 2, 5, 11, n / 9, n] {
            check_keys(&x, k, "f32 specials");
            check_pairs(&x, k, |i| i as u32, "f32 specials");
        }
        let x64: Vec<f64> = x.iter().map(|&v| f64::from(v)).collect();
        check_keys(&x64, 4, "f64 specials");
    }
    // NaNs are the largest keys: `top_k` starts with them, in input order, payloads kept.
    let x = dv::<f32, B>(&[1.0, f32::from_bits(0x7fc0_0002), 3.0, -f32::NAN]);
    let got = host(&parallaxis::top_k(&x, 3).unwrap());
    let bits: Vec<u32> = got.iter().map(|v| v.to_bits()).collect();
    assert_eq!(bits, [0x7fc0_0002, (-f32::NAN).to_bits(), 3.0_f32.to_bits()]);
}

/// An order over a bit range compares those bits alone; keys equal there keep their order.
#[test]
fn bit_ranges() {
    require_gpu!();
    for n in [100, 16_385, 70_001] {
        let z = pseudo_random(n, 5);
        let x: Vec<u32> = z.iter().map(|&v| v as u32).collect();
        let xd = dv::<u32, B>(&x);
        for (bits, order) in [(4..12, Order::Ascending), (20..32, Order::Descending), (0..0, Order::Ascending)] {
            let mask = if bits.is_empty() { 0 } else { (u32::MAX >> (32 - bits.len())) << bits.start };
            for k in [1, 10, n / 8 + 1, n] {
                let mut p: Vec<usize> = (0..n).collect();
                p.sort_by(|&a, &b| {
                    let c = (x[a] & mask).cmp(&(x[b] & mask));
                    if order == Order::Descending { c.reverse() } else { c }
                });
                p.truncate(k);
                let (want, wantv) = (at(&x, &p), p.iter().map(|&i| i as u64).collect::<Vec<_>>());
                let mut out = dv::<u32, B>(&vec![0; k]);
                parallaxis::partial_sort_into(&xd, &mut out, order.bits(bits.clone())).unwrap();
                assert_eq!(host(&out), want, "bits {bits:?} {order:?} n={n} k={k}");
                let vd = parallaxis::lazy::counting::<B, u64>(0, n);
                let (mut ok, mut ov) = (dv::<u32, B>(&vec![0; k]), dv::<u64, B>(&vec![0; k]));
                parallaxis::partial_sort_by_key_into(&xd, &vd, &mut ok, &mut ov, order.bits(bits.clone()))
                    .unwrap();
                assert_eq!((host(&ok), host(&ov)), (want, wantv), "by key bits {bits:?} n={n} k={k}");
            }
        }
    }
}

#[test]
fn select_nth_is_the_key_at_its_sorted_position() {
    require_gpu!();
    let x: Vec<i32> = pseudo_random(301, 8).iter().map(|&v| (v % 50) as i32 - 25).collect();
    let xd = dv::<i32, B>(&x);
    for order in [Order::Ascending, Order::Descending] {
        let sorted = at(&x, &oracle(&x, x.len(), order));
        for (n, &want) in sorted.iter().enumerate() {
            assert_eq!(parallaxis::select_nth(&xd, n, order).unwrap(), want, "{order:?} n={n}");
        }
    }
    let big: Vec<f64> = pseudo_random(70_001, 2).iter().map(|&v| (v % 10_007) as f64).collect();
    let bd = dv::<f64, B>(&big);
    let sorted = at(&big, &oracle(&big, big.len(), Order::Ascending));
    for n in [0, 1, 35_000, 69_999, 70_000] {
        let got = parallaxis::select_nth(&bd, n, Order::Ascending).unwrap();
        assert_eq!(got.to_bits(), sorted[n].to_bits(), "f64 n={n}");
    }
    match parallaxis::select_nth(&xd, x.len(), Order::Ascending) {
        Err(parallaxis::Error::IndexOutOfRange { what: "select_nth position", index, len, .. }) => {
            assert_eq!((index, len), (x.len(), x.len()));
        }
        other => panic!("select_nth past the end: {other:?}"),
    }
}

/// Views and lazy sequences are read like vectors.
#[test]
fn views_and_lazy_inputs() {
    require_gpu!();
    let n = 20_000;
    let x: Vec<u32> = pseudo_random(n, 21).iter().map(|&v| (v % 5000) as u32).collect();
    let xd = dv::<u32, B>(&x);
    let (lo, hi) = (7, n - 13);
    let part = &x[lo..hi];
    let view = xd.slice(lo..hi).unwrap();
    let want = at(part, &oracle(part, 50, Order::Descending));
    assert_eq!(host(&parallaxis::top_k(&view, 50).unwrap()), want, "view");
    let count = parallaxis::lazy::counting::<B, u32>(10, 1000);
    let want: Vec<u32> = (1005..1010).rev().collect();
    assert_eq!(host(&parallaxis::top_k(&count, 5).unwrap()), want, "counting");
    let xr: Vec<u32> = x.iter().rev().copied().collect();
    let want = at(&xr, &oracle(&xr, 9, Order::Ascending));
    assert_eq!(host(&parallaxis::bottom_k(&xd.rev(), 9).unwrap()), want, "rev");
    let ids = parallaxis::lazy::counting::<B, u64>(0, hi - lo);
    let (k, v) = parallaxis::top_k_by_key(&view, &ids, 4).unwrap();
    let p = oracle(part, 4, Order::Descending);
    assert_eq!(host(&k), at(part, &p));
    assert_eq!(host(&v), p.iter().map(|&i| i as u64).collect::<Vec<_>>());
    assert_eq!(host(&xd), x, "viewed vector untouched");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn prop_top_k_u32_is_the_sort_prefix(
        x in prop::collection::vec(0_u32..40, 0..3000),
        k in 0_usize..3100,
    ) {
        require_gpu!(proptest);
        check_keys(&x, k, "prop u32");
        check_pairs(&x, k, |i| i as u32, "prop u32");
    }

    #[test]
    fn prop_top_k_f32_specials_is_the_sort_prefix(
        x in prop::collection::vec(0_usize..6, 0..2000),
        k in 0_usize..300,
    ) {
        require_gpu!(proptest);
        let pool = [-0.0, 0.0, f32::NAN, -f32::NAN, 1.5, f32::NEG_INFINITY];
        let x: Vec<f32> = x.iter().map(|&i| pool[i]).collect();
        check_keys(&x, k, "prop f32");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn prop_top_k_across_chunks(x in prop::collection::vec(any::<i64>(), 60_000..90_000), k in 1_usize..4000) {
        require_gpu!(proptest);
        check_keys(&x, k, "prop i64, long");
        check_pairs(&x, k, |i| i as u64, "prop i64, long");
    }
}

/// Ties keep their input order; an empty input gives an empty result.
#[test]
fn ties_keep_input_order() {
    require_gpu!();
    let x = dv::<u8, B>(&[3, 1, 3, 2, 3]);
    let ids = dv::<u32, B>(&[0, 1, 2, 3, 4]);
    let (k, v) = parallaxis::top_k_by_key(&x, &ids, 3).unwrap();
    assert_eq!((host(&k), host(&v)), (vec![3, 3, 3], vec![0, 2, 4]));
    let (k, v) = parallaxis::bottom_k_by_key(&x, &ids, 2).unwrap();
    assert_eq!((host(&k), host(&v)), (vec![1, 2], vec![1, 3]));
    let empty = DeviceVector::<u32, B>::from_slice(&[]).unwrap();
    assert!(parallaxis::top_k(&empty, 4).unwrap().is_empty());
}
