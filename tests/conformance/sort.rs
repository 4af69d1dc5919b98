// Conformance body for the radix sorts (`sort`, `sort_descending`, `sort_by_key`,
// `sort_by_key_descending` and the `_into` forms) over every key type every backend sorts
// (1-, 2-, 4- and 8-byte integers, `usize`, floats; more 1- and 2-byte rows in
// `sort_narrow.rs`), against the
// reference (a stable comparison sort): exact, bit for bit (-0.0 vs +0.0, NaN payloads),
// values included, so stability is checked wherever keys repeat.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceCopy, DeviceVector, ops::Order, backend::{SortByKeyOps, SortOps}};
use proptest::prelude::*;
use std::fmt::Debug;


/// Keys alone, both orders and both forms, against the reference.
fn check_keys<K: Exact>(k: &[K], what: &str)
where
    B: SortOps<K>,
{
    let n = k.len();
    let kd = dv::<K, B>(k);
    for order in [Order::Ascending, Order::Descending] {
        let mut want = k.to_vec();
        r::sort(k, &mut want, order).unwrap();
        let got = match order {
            Order::Ascending => parallaxis::sort(&kd).unwrap(),
            Order::Descending => parallaxis::sort_descending(&kd).unwrap(),
        };
        assert_eq!(words(&host(&got)), words(&want), "sort {order:?} {what}, n={n}");
        let mut into = DeviceVector::<K, B>::from_slice(k).unwrap();
        parallaxis::sort_into(&kd, &mut into, order).unwrap();
        assert_eq!(words(&host(&into)), words(&want), "sort_into {order:?} {what}, n={n}");
    }
    assert_eq!(words(&host(&kd)), words(k), "input untouched, {what}");
}

/// Pairs with values `i` (the input position, as `V`): a stable sort's values rise within
/// every run of equal keys, and must equal the reference's exactly.
fn check_pairs<K: Exact, V: DeviceCopy + PartialEq + Debug>(
    k: &[K],
    value: impl Fn(usize) -> V,
    what: &str,
) where
    B: SortByKeyOps<K, V>,
{
    let n = k.len();
    let v: Vec<V> = (0..n).map(value).collect();
    let (kd, vd) = (dv::<K, B>(k), dv::<V, B>(&v));
    for order in [Order::Ascending, Order::Descending] {
        let (mut wk, mut wv) = (k.to_vec(), v.clone());
        r::sort_by_key(k, &v, &mut wk, &mut wv, order).unwrap();
        let (gk, gv) = match order {
            Order::Ascending => parallaxis::sort_by_key(&kd, &vd).unwrap(),
            Order::Descending => parallaxis::sort_by_key_descending(&kd, &vd).unwrap(),
        };
        assert_eq!(words(&host(&gk)), words(&wk), "sort_by_key keys {order:?} {what}, n={n}");
        assert_eq!(host(&gv), wv, "sort_by_key values {order:?} {what}, n={n}");
        let (mut ik, mut iv) = (dv::<K, B>(k), dv::<V, B>(&v));
        parallaxis::sort_by_key_into(&kd, &vd, &mut ik, &mut iv, order).unwrap();
        assert_eq!(words(&host(&ik)), words(&wk), "into keys {order:?} {what}, n={n}");
        assert_eq!(host(&iv), wv, "into values {order:?} {what}, n={n}");
    }
}

/// Sizes: the shared edges plus the GPU's tile edges (4096 and 3072 keys a tile for 4- and
/// 8-byte keys: `device/kernels/src/policy/sort.rs`) and several tiles with a remainder.
fn sizes() -> Vec<usize> {
    let mut s = edge_sizes();
    s.extend([3071, 3072, 3073, 4095, 4096, 4097, 7 * 4096 + 999, 200_000]);
    s
}

fn random_keys(n: usize, seed: u64) -> Vec<u64> {
    pseudo_random(n, seed)
}

#[test]
fn keys_of_every_type_match_reference() {
    require_gpu!();
    for n in sizes() {
        let x = random_keys(n, 7 + n as u64);
        check_keys(&x.iter().map(|&v| v as u8).collect::<Vec<_>>(), "u8");
        check_keys(&x.iter().map(|&v| (v >> 9) as i8).collect::<Vec<_>>(), "i8");
        check_keys(&x.iter().map(|&v| v as u16).collect::<Vec<_>>(), "u16");
        check_keys(&x.iter().map(|&v| (v >> 5) as i16).collect::<Vec<_>>(), "i16");
        check_keys(&x.iter().map(|&v| v as u32).collect::<Vec<_>>(), "u32");
        check_keys(&x.iter().map(|&v| (v >> 7) as i32).collect::<Vec<_>>(), "i32");
        check_keys(&x, "u64");
        check_keys(&x.iter().map(|&v| v as i64).collect::<Vec<_>>(), "i64");
        check_keys(&x.iter().map(|&v| v as usize).collect::<Vec<_>>(), "usize");
        let f: Vec<f32> = x.iter().map(|&v| (v as i64 >> 20) as f32 * 1e-3).collect();
        check_keys(&f, "f32");
        let d: Vec<f64> = x.iter().map(|&v| (v as i64) as f64 * 1e-9).collect();
        check_keys(&d, "f64");
    }
}

#[test]
fn pairs_are_stable_for_every_type() {
    require_gpu!();
    for n in sizes() {
        // Few distinct keys: long runs of equal keys, whose values must keep input order.
        let x = random_keys(n, 99 + n as u64);
        let k32: Vec<u32> = x.iter().map(|&v| (v % 5) as u32 * 0x0101_0101).collect();
        check_pairs(&k32, |i| i as u32, "u32+u32");
        check_pairs(&k32, |i| i as u64, "u32+u64");
        let ki: Vec<i32> = x.iter().map(|&v| (v % 7) as i32 - 3).collect();
        check_pairs(&ki, |i| i as f32, "i32+f32");
        let k8: Vec<i8> = x.iter().map(|&v| (v % 5) as i8 - 2).collect();
        check_pairs(&k8, |i| i as u32, "i8+u32");
        check_pairs(&k8, |i| i as f64, "i8+f64");
        // Equal low bytes, different high bytes.
        let k16: Vec<u16> = x.iter().map(|&v| ((v % 3) as u16 * 0x100) | 7).collect();
        check_pairs(&k16, |i| i as i32, "u16+i32");
        check_pairs(&k16, |i| i as u64, "u16+u64");
        // Equal low words, different high words.
        let k64: Vec<u64> = x.iter().map(|&v| (v % 3) << 40 | 5).collect();
        check_pairs(&k64, |i| i as u32, "u64+u32");
        check_pairs(&k64, |i| i as i64, "u64+i64");
        let kl: Vec<i64> = x.iter().map(|&v| (v % 9) as i64 - 4).collect();
        check_pairs(&kl, |i| i as f64, "i64+f64");
        let kf: Vec<f32> = x.iter().map(|&v| (v % 4) as f32 - 1.5).collect();
        check_pairs(&kf, |i| i as u32, "f32+u32");
        let kd: Vec<f64> = x.iter().map(|&v| (v % 4) as f64 * 0.25).collect();
        check_pairs(&kd, |i| i as u64, "f64+u64");
        // Random keys too (every digit of every pass active).
        check_pairs(&x.iter().map(|&v| v as u32).collect::<Vec<_>>(), |i| i as u32, "rand u32+u32");
        check_pairs(&x, |i| i as u64, "rand u64+u64");
        let r8: Vec<u8> = x.iter().map(|&v| v as u8).collect();
        check_pairs(&r8, |i| i as u32, "rand u8+u32");
        let r16: Vec<i16> = x.iter().map(|&v| v as i16).collect();
        check_pairs(&r16, |i| i as u64, "rand i16+u64");
    }
}

/// -0.0 before +0.0, infinities, every NaN (either sign, any payload) last ascending and
/// first descending, in input order.
fn specials_f32(n: usize) -> Vec<f32> {
    let pool = [
        0.0,
        -0.0,
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7fc0_0123),
        f32::from_bits(0xffa0_0001),
        f32::INFINITY,
        f32::NEG_INFINITY,
        1.0,
        -1.0,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::from_bits(0x8000_0001),
        f32::MAX,
        f32::MIN,
    ];
    let x = pseudo_random(n, 5);
    x.iter().map(|&v| pool[(v % pool.len() as u64) as usize]).collect()
}

#[test]
fn floats_order_zeros_and_nans() {
    require_gpu!();
    for n in [16, 1000, 4097, 50_000] {
        let f = specials_f32(n);
        check_keys(&f, "f32 specials");
        check_pairs(&f, |i| i as u32, "f32 specials + u32");
        let d: Vec<f64> = f
            .iter()
            .map(|&v| if v.is_nan() { f64::from_bits(0xfff8_0000_0000_0042) } else { f64::from(v) })
            .collect();
        check_keys(&d, "f64 specials");
        check_pairs(&d, |i| i as u64, "f64 specials + u64");
    }
    // Spelled out once: ascending -0.0 then +0.0 (input +0.0 first), NaNs last in input order.
    let k = dv::<f32, B>(&[0.0, f32::NAN, -0.0, -f32::NAN, -1.0]);
    let v = dv::<u32, B>(&[0, 1, 2, 3, 4]);
    let (sk, sv) = parallaxis::sort_by_key(&k, &v).unwrap();
    assert_eq!(host(&sv), [4, 2, 0, 1, 3]);
    assert!(host(&sk)[1].is_sign_negative());
    let (_, sv) = parallaxis::sort_by_key_descending(&k, &v).unwrap();
    assert_eq!(host(&sv), [1, 3, 0, 2, 4]);
}

#[test]
fn extremes_and_constant_digits() {
    require_gpu!();
    for n in [1000, 9000] {
        // Digits constant in some passes (a pass that moves nothing), extremes of each type.
        let x = random_keys(n, 3);
        let k: Vec<u32> = x.iter().map(|&v| (v as u32) & 0x00ff_0f00).collect();
        check_keys(&k, "u32 sparse digits");
        let k: Vec<i64> = x
            .iter()
            .map(|&v| [i64::MIN, i64::MAX, 0, -1, 1][(v % 5) as usize])
            .collect();
        check_keys(&k, "i64 extremes");
        check_pairs(&k, |i| i as u32, "i64 extremes + u32");
        check_keys(&vec![7_u32; n], "u32 all equal");
        let k: Vec<i16> = x
            .iter()
            .map(|&v| [i16::MIN, i16::MAX, 0, -1, 1][(v % 5) as usize])
            .collect();
        check_pairs(&k, |i| i as u32, "i16 extremes + u32");
        let k: Vec<i8> = x.iter().map(|&v| [i8::MIN, i8::MAX, 0, -1][(v % 4) as usize]).collect();
        check_keys(&k, "i8 extremes");
        check_pairs(&vec![-2.5_f64; n], |i| i as u64, "f64 all equal");
        let sorted: Vec<i32> = (0..n as i32).map(|i| i - 500).collect();
        check_keys(&sorted, "i32 sorted");
        let rev: Vec<i32> = sorted.iter().rev().copied().collect();
        check_keys(&rev, "i32 reversed");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn prop_sort_u32_matches_reference(x in prop::collection::vec(any::<u32>(), 0..3000)) {
        require_gpu!(proptest);
        check_keys(&x, "prop u32");
    }

    #[test]
    fn prop_sort_by_key_i64_matches_reference(
        x in prop::collection::vec(-40_i64..40, 0..3000),
    ) {
        require_gpu!(proptest);
        check_pairs(&x, |i| i as u32, "prop i64+u32");
    }

    #[test]
    fn prop_sort_narrow_matches_reference(x in prop::collection::vec(any::<u16>(), 0..3000)) {
        require_gpu!(proptest);
        check_keys(&x, "prop u16");
        check_pairs(&x.iter().map(|&v| v as i8).collect::<Vec<_>>(), |i| i as u32, "prop i8+u32");
    }

    #[test]
    fn prop_sort_f32_matches_reference(x in prop::collection::vec(any::<f32>(), 0..3000)) {
        require_gpu!(proptest);
        check_keys(&x, "prop f32");
        check_pairs(&x, |i| i as u64, "prop f32+u64");
    }

    #[test]
    fn prop_sort_f64_matches_reference(x in prop::collection::vec(any::<f64>(), 0..2000)) {
        require_gpu!(proptest);
        check_keys(&x, "prop f64");
    }
}
