// Sharded sort (and sort by key) against the reference, instantiated per host backend by
// tests/sharded.rs: every key sequence the sample sort could split badly (all equal, few
// distinct, sorted, reverse-sorted, floats with -0.0 and NaNs), shard counts from 1 to more
// than the elements, and the output's layout (the split rule).

use super::B;
use crate::common::pseudo_random;
use crate::common::sharded::{split_lengths, Miscounts};
use parallaxis::shard::{self, InMemory, ShardedVector};
use parallaxis::{reference, DeviceVector, Error, ops::{Order, SortKey, Sum}};
use proptest::prelude::*;

/// The unsharded, stable sort: equal keys keep their input order, bit for bit.
fn reference_sort<K: SortKey>(x: &[K]) -> Vec<K> {
    let mut want = x.to_vec();
    reference::sort(x, &mut want, Order::Ascending).unwrap();
    want
}

/// `shard::sort` of `x` over `k` shards: the reference's elements (compared as `bits`) in
/// the split rule's layout.
fn check_sort<K, W>(label: &str, x: &[K], k: usize, bits: impl Fn(K) -> W)
where
    K: SortKey + parallaxis::ops::SearchKey,
    W: PartialEq + core::fmt::Debug,
{
    let s = ShardedVector::<K, B>::from_slice(x, k).unwrap();
    let y = shard::sort(&s, &InMemory).unwrap();
    let what = format!("{label}, n = {}, k = {k}", x.len());
    assert_eq!(y.shard_lengths(), split_lengths(x.len(), k), "layout, {what}");
    assert_eq!(y.shard_count(), k);
    let got: Vec<W> = y.to_vec().unwrap().into_iter().map(&bits).collect();
    let want: Vec<W> = reference_sort(x).into_iter().map(&bits).collect();
    assert_eq!(got, want, "sort, {what}");
}

/// The inputs a sample sort must survive.
fn key_sets(n: usize, seed: u64) -> Vec<(&'static str, Vec<i64>)> {
    let random: Vec<i64> = pseudo_random(n, seed).into_iter().map(|v| v as i64).collect();
    let mut sorted = random.clone();
    sorted.sort_unstable();
    let reversed: Vec<i64> = sorted.iter().rev().copied().collect();
    vec![
        ("random", random.clone()),
        ("all equal", vec![-7; n]),
        ("three distinct", random.iter().map(|v| v.rem_euclid(3)).collect()),
        ("sorted", sorted),
        ("reverse sorted", reversed),
    ]
}

#[test]
fn sort_matches_the_reference_on_every_split() {
    for n in [0, 1, 2, 5, 1000, 70001] {
        for (kind, x) in key_sets(n, n as u64) {
            // More shards than elements only for small n: the cuts are k × k.
            for k in [1, 2, 3, 4, 7, if n <= 1000 { n + 3 } else { 64 }] {
                check_sort(kind, &x, k, |v| v);
            }
        }
    }
}

#[test]
fn small_keys_with_many_duplicates_split_evenly_enough_to_sort() {
    let x: Vec<u8> = pseudo_random(5000, 3).into_iter().map(|v| v as u8).collect();
    for k in [2, 5, 16, 40] {
        check_sort("bytes", &x, k, |v| v);
    }
}

#[test]
fn floats_sort_in_the_total_order_with_signed_zeros_and_nans() {
    let mut x: Vec<f32> = pseudo_random(3000, 9)
        .into_iter()
        .map(|v| (v % 2001) as f32 - 1000.0)
        .collect();
    let specials = [
        -0.0,
        0.0,
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7fc0_0001),
        f32::INFINITY,
        f32::NEG_INFINITY,
        -0.0,
    ];
    for (i, v) in specials.into_iter().enumerate() {
        x[i * 371] = v;
    }
    for k in [1, 2, 3, 8, 13] {
        check_sort("f32", &x, k, f32::to_bits);
    }
    let doubles: Vec<f64> = x.iter().map(|&v| f64::from(v)).collect();
    check_sort("f64", &doubles, 5, f64::to_bits);
    check_sort("NaNs", &[f64::NAN; 9], 4, f64::to_bits);
    check_sort("zeros", &[0.0_f64, -0.0, 0.0, -0.0], 3, f64::to_bits);
}

#[test]
fn the_sorted_shards_feed_the_other_sharded_algorithms() {
    let x: Vec<i64> = pseudo_random(999, 4).into_iter().map(|v| v as i64).collect();
    let y = shard::sort(&ShardedVector::<i64, B>::from_slice(&x, 4).unwrap(), &InMemory).unwrap();
    let sorted = reference_sort(&x);
    let mut want = sorted.clone();
    reference::inclusive_scan(Sum, &sorted, &mut want);
    let scan = shard::inclusive_scan(Sum, &y, &InMemory).unwrap();
    assert_eq!(scan.to_vec().unwrap(), want);
    let whole = DeviceVector::<i64, B>::from_slice(&sorted).unwrap();
    assert_eq!(shard::reduce(Sum, &y, &InMemory).unwrap(), parallaxis::reduce(Sum, &whole).unwrap());
}

/// `shard::sort_by_key` of `x` with values `0..n` (so stability shows) over `k` shards:
/// the reference's pairs, in the split rule's layout.
fn check_sort_by_key<K, W>(label: &str, x: &[K], k: usize, bits: impl Fn(K) -> W)
where
    K: SortKey + parallaxis::ops::SearchKey,
    W: PartialEq + core::fmt::Debug,
{
    let n = x.len();
    let values: Vec<u64> = (0..n as u64).collect();
    let (mut want_k, mut want_v) = (x.to_vec(), values.clone());
    reference::sort_by_key(x, &values, &mut want_k, &mut want_v, Order::Ascending).unwrap();
    let sk = ShardedVector::<K, B>::from_slice(x, k).unwrap();
    let sv = ShardedVector::<u64, B>::from_slice(&values, k).unwrap();
    let (gk, gv) = shard::sort_by_key(&sk, &sv, &InMemory).unwrap();
    let what = format!("{label}, n = {n}, k = {k}");
    assert_eq!(gk.shard_lengths(), split_lengths(n, k), "layout, {what}");
    assert_eq!(gv.shard_lengths(), split_lengths(n, k), "layout, {what}");
    let got_k: Vec<W> = gk.to_vec().unwrap().into_iter().map(&bits).collect();
    let want_k: Vec<W> = want_k.into_iter().map(&bits).collect();
    assert_eq!(got_k, want_k, "sort_by_key keys, {what}");
    assert_eq!(gv.to_vec().unwrap(), want_v, "sort_by_key values, {what}");
}

#[test]
fn sort_by_key_is_stable_and_matches_the_reference() {
    for n in [0, 1, 2, 5, 1000, 20001] {
        for (kind, x) in key_sets(n, n as u64 + 1) {
            for k in [1, 2, 3, 7, if n <= 1000 { n + 2 } else { 16 }] {
                check_sort_by_key(kind, &x, k, |v| v);
            }
        }
    }
    let floats = [0.0_f32, -0.0, f32::NAN, 1.5, -f32::NAN, -0.0, 1.5, f32::NEG_INFINITY];
    for k in 1..10 {
        check_sort_by_key("f32", &floats, k, f32::to_bits);
    }
}

#[test]
fn sort_by_key_values_of_another_layout_are_a_typed_error() {
    let keys = ShardedVector::<i32, B>::from_slice(&[3, 1, 2], 2).unwrap();
    let short = ShardedVector::<u64, B>::from_slice(&[1, 2], 2).unwrap();
    let err = shard::sort_by_key(&keys, &short, &InMemory).unwrap_err();
    assert!(matches!(err, Error::LengthMismatch { expected: 3, actual: 2, .. }), "{err}");
    let other_split = ShardedVector::<u64, B>::from_slice(&[1, 2, 3], 3).unwrap();
    let err = shard::sort_by_key(&keys, &other_split, &InMemory).unwrap_err();
    assert!(matches!(err, Error::LengthMismatch { expected: 2, actual: 3, .. }), "{err}");
}

#[test]
fn a_collective_with_wrong_counts_is_a_typed_error() {
    let x: Vec<i32> = (0..100).rev().collect();
    let s = ShardedVector::<i32, B>::from_slice(&x, 3).unwrap();
    for (collective, actual) in [(Miscounts::LosesOne, 2), (Miscounts::AddsOne, 4)] {
        let err = shard::sort(&s, &collective).unwrap_err();
        assert!(
            matches!(err, Error::LengthMismatch { expected: 3, actual: a, .. } if a == actual),
            "{err}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn sharded_sort_matches_the_reference(
        x in prop::collection::vec(any::<i32>(), 0..300),
        modulus in 1_i32..1000,
        k in 1_usize..12,
    ) {
        check_sort("any", &x, k, |v| v);
        let few: Vec<i32> = x.iter().map(|v| v.rem_euclid(modulus)).collect();
        check_sort("few", &few, k, |v| v);
        check_sort_by_key("few, by key", &few, k, |v| v);
    }
}
