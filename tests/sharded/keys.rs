// The segmented algorithms by flags and keys over shards, and the reductions by segment,
// against the reference on the unsharded data; instantiated per host backend by
// tests/sharded.rs. Integers wrap and affine maps do not commute, so every comparison is
// exact and operand order matters.

use super::B;
use crate::common::pseudo_random;
use crate::common::sharded::{flags_of, integers, offsets_from, offsets_of, slope_maps};
use crate::common::sharded::{split_lengths, Miscounts};
use parallaxis::reference::{self, ScanKind};
use parallaxis::shard::{self, InMemory, ShardedVector};
use parallaxis::{DeviceCopy, DeviceVector, Error, ops::{Affine, AffineMap, Max, Monoid, Sum}};
use proptest::prelude::*;

const SHARD_COUNTS: [usize; 6] = [1, 2, 3, 4, 7, 9];
const SIZES: [usize; 7] = [0, 1, 2, 5, 9, 1000, 40_001];

fn sharded<T: DeviceCopy>(data: &[T], k: usize) -> ShardedVector<T, B> {
    ShardedVector::from_slice(data, k).expect("shard")
}

/// Keys in runs of length 1..=`longest` over the values 0..3, so neighbouring runs also
/// repeat a key (they then form one run) and long runs span several shards.
fn keys(n: usize, longest: u64, seed: u64) -> Vec<u32> {
    let mut out = Vec::with_capacity(n);
    let mut r = pseudo_random(2 * n + 2, seed).into_iter();
    while out.len() < n {
        let (len, key) = (1 + r.next().unwrap() % longest, (r.next().unwrap() % 3) as u32);
        out.extend(std::iter::repeat_n(key, (len as usize).min(n - out.len())));
    }
    out
}

/// Both scans by flags against the reference.
fn check_flags<T, M>(m: M, init: T, flags: &[bool], x: &[T], k: usize)
where
    T: DeviceCopy + PartialEq + core::fmt::Debug,
    M: Monoid<T>,
{
    let (f, s) = (sharded(flags, k), sharded(x, k));
    let what = format!("n = {}, k = {k}", x.len());
    let mut want = x.to_vec();
    reference::scan_by_flags(m, flags, x, &mut want, ScanKind::Inclusive);
    let got = shard::inclusive_scan_by_flags(m, &f, &s, &InMemory).unwrap();
    assert_eq!(got.shard_lengths(), s.shard_lengths());
    assert_eq!(got.to_vec().unwrap(), want, "inclusive by flags, {what}");
    reference::scan_by_flags(m, flags, x, &mut want, ScanKind::Exclusive(init));
    let got = shard::exclusive_scan_by_flags(m, init, &f, &s, &InMemory).unwrap();
    assert_eq!(got.shard_lengths(), s.shard_lengths());
    assert_eq!(got.to_vec().unwrap(), want, "exclusive by flags, {what}");
}

/// Both scans by keys and reduce_by_key against the reference.
fn check_keys<T, M>(m: M, init: T, keys: &[u32], x: &[T], k: usize)
where
    T: DeviceCopy + PartialEq + core::fmt::Debug + Default,
    M: Monoid<T>,
{
    let (key, s) = (sharded(keys, k), sharded(x, k));
    let what = format!("n = {}, k = {k}", x.len());
    let mut want = x.to_vec();
    reference::scan_by_keys(m, keys, x, &mut want, ScanKind::Inclusive);
    let got = shard::inclusive_scan_by_key(m, &key, &s, &InMemory).unwrap();
    assert_eq!(got.shard_lengths(), s.shard_lengths());
    assert_eq!(got.to_vec().unwrap(), want, "inclusive by key, {what}");
    reference::scan_by_keys(m, keys, x, &mut want, ScanKind::Exclusive(init));
    let got = shard::exclusive_scan_by_key(m, init, &key, &s, &InMemory).unwrap();
    assert_eq!(got.to_vec().unwrap(), want, "exclusive by key, {what}");

    let (mut want_keys, mut want_folds) = (vec![0_u32; x.len()], vec![T::default(); x.len()]);
    let runs = reference::reduce_by_key(m, keys, x, &mut want_keys, &mut want_folds);
    let (got_keys, got_folds) = shard::reduce_by_key(m, &key, &s, &InMemory).unwrap();
    assert_eq!(got_keys.to_vec().unwrap(), want_keys[..runs], "reduce_by_key keys, {what}");
    assert_eq!(got_folds.to_vec().unwrap(), want_folds[..runs], "reduce_by_key folds, {what}");
    assert_eq!(got_keys.shard_lengths(), split_lengths(runs, k), "{what}");
    assert_eq!(got_folds.shard_lengths(), split_lengths(runs, k), "{what}");
    assert_eq!((got_folds.len(), got_folds.shard_count()), (runs, k));
}

/// segmented_reduce against the reference.
fn check_segmented_reduce<T, M>(m: M, offsets: &[usize], x: &[T], k: usize)
where
    T: DeviceCopy + PartialEq + core::fmt::Debug + Default,
    M: Monoid<T>,
{
    let segments = offsets.len() - 1;
    let mut want = vec![T::default(); segments];
    reference::segmented_reduce(m, offsets, x, &mut want);
    let got = shard::segmented_reduce(m, offsets, &sharded(x, k), &InMemory).unwrap();
    let what = format!("n = {}, k = {k}, offsets = {offsets:?}", x.len());
    assert_eq!(got.to_vec().unwrap(), want, "segmented_reduce, {what}");
    assert_eq!(got.shard_lengths(), split_lengths(segments, k), "{what}");
}

/// Every algorithm of this file on one key layout, with sums, maxima and affine maps.
fn check_all(key: &[u32], k: usize, seed: u64) {
    let n = key.len();
    let (x, f) = (integers(n, seed), slope_maps(n, seed + 1));
    let flags = flags_of(key);
    check_flags(Sum, 11, &flags, &x, k);
    check_flags(Max, i64::MIN + 1, &flags, &x, k);
    check_flags(Affine, AffineMap::new(3, -2), &flags, &f, k);
    check_keys(Sum, -4, key, &x, k);
    check_keys(Max, 0, key, &x, k);
    check_keys(Affine, AffineMap::new(-1, 5), key, &f, k);
    let offsets = offsets_of(key);
    check_segmented_reduce(Sum, &offsets, &x, k);
    check_segmented_reduce(Affine, &offsets, &f, k);
}

#[test]
fn keyed_algorithms_match_the_reference_on_every_split() {
    for (i, n) in SIZES.into_iter().enumerate() {
        // Short runs (many per shard), and long ones (spanning three and more shards).
        for longest in [1, 4, 1 + n as u64 / 3] {
            let key = keys(n, longest, 10 * i as u64 + longest);
            for k in SHARD_COUNTS {
                check_all(&key, k, i as u64);
            }
        }
    }
}

#[test]
fn one_run_over_every_shard_and_shards_of_no_or_one_element() {
    for n in [0, 1, 2, 3, 10, 257] {
        for k in [1, 2, 3, 5, n.max(1), n + 1, n + 4, 64] {
            check_all(&vec![7; n], k, n as u64);
            let alternating: Vec<u32> = (0..n as u32).map(|i| i % 2).collect();
            check_all(&alternating, k, 3 + n as u64);
        }
    }
}

#[test]
fn heads_on_the_shard_boundaries_and_nowhere_else() {
    for n in [5, 64, 1001] {
        for k in [2, 3, 4, 7] {
            let bounds = split_lengths(n, k);
            let mut key = Vec::with_capacity(n);
            for (j, len) in bounds.iter().enumerate() {
                key.extend(std::iter::repeat_n(j as u32, *len));
            }
            check_all(&key, k, n as u64);
            // Equal keys in every other shard: the runs stop at each boundary all the same.
            let parity: Vec<u32> = key.iter().map(|v| v % 2).collect();
            check_all(&parity, k, n as u64 + 1);
        }
    }
}

#[test]
fn segmented_reduce_keeps_empty_segments_anywhere() {
    for (i, n) in SIZES.into_iter().enumerate() {
        let (x, f) = (integers(n, 70 + i as u64), slope_maps(n, 80 + i as u64));
        let cut_sets: [Vec<usize>; 5] = [
            vec![],
            (0..=n).collect(),
            vec![0, 0, n / 3, n / 3, n / 2 + 1, n, n],
            (0..n).step_by(17).collect(),
            (0..n).step_by(3).flat_map(|c| [c, c]).collect(),
        ];
        for cuts in &cut_sets {
            let offsets = offsets_from(n, cuts);
            for k in SHARD_COUNTS {
                check_segmented_reduce(Sum, &offsets, &x, k);
                check_segmented_reduce(Max, &offsets, &x, k);
                check_segmented_reduce(Affine, &offsets, &f, k);
            }
        }
    }
}

#[test]
fn mismatched_layouts_are_typed_errors() {
    let x = sharded(&[1_i64, 2, 3, 4], 2);
    for (k, n) in [(2, 3), (3, 4)] {
        let key = sharded(&vec![1_u32; n], k);
        let flags = sharded(&vec![false; n], k);
        let errs = [
            shard::inclusive_scan_by_key(Sum, &key, &x, &InMemory).unwrap_err(),
            shard::exclusive_scan_by_key(Sum, 0, &key, &x, &InMemory).unwrap_err(),
            shard::reduce_by_key(Sum, &key, &x, &InMemory).unwrap_err(),
            shard::inclusive_scan_by_flags(Sum, &flags, &x, &InMemory).unwrap_err(),
            shard::exclusive_scan_by_flags(Sum, 0, &flags, &x, &InMemory).unwrap_err(),
        ];
        for err in errs {
            assert!(matches!(err, Error::LengthMismatch { .. }), "{err}");
        }
    }
    // Another participant's shard of the same length and count.
    let part = DeviceVector::<u32, B>::from_slice(&[1, 1]).unwrap();
    let elsewhere = ShardedVector::from_rank(part, 1, 2, 4).unwrap();
    let err = shard::reduce_by_key(Sum, &elsewhere, &x, &InMemory).unwrap_err();
    assert!(matches!(err, Error::InvalidArgument { .. }), "{err}");
}

#[test]
fn segmented_reduce_rejects_bad_offsets_with_a_typed_error() {
    let s = sharded(&[1_i64, 2, 3, 4], 2);
    for bad in [&[][..], &[1, 4][..], &[0, 3, 2, 4][..], &[0, 3][..]] {
        let err = shard::segmented_reduce(Sum, bad, &s, &InMemory).unwrap_err();
        assert!(matches!(err, Error::InvalidOffsets { .. }), "{bad:?}: {err}");
    }
}

#[test]
fn a_collective_with_too_few_values_is_a_typed_error() {
    let (x, key) = (sharded(&[1_i64, 2, 3, 4], 3), sharded(&[1_u32, 1, 2, 2], 3));
    let flags = sharded(&[false, true, false, true], 3);
    for err in [
        shard::inclusive_scan_by_key(Sum, &key, &x, &Miscounts::LosesOne).unwrap_err(),
        shard::exclusive_scan_by_flags(Sum, 0, &flags, &x, &Miscounts::LosesOne).unwrap_err(),
        shard::reduce_by_key(Sum, &key, &x, &Miscounts::LosesOne).unwrap_err(),
        shard::segmented_reduce(Sum, &[0, 1, 4], &x, &Miscounts::LosesOne).unwrap_err(),
    ] {
        assert!(matches!(err, Error::LengthMismatch { expected: 3, actual: 2, .. }), "{err}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn sharded_keyed_algorithms_match_the_reference(
        key in prop::collection::vec(0_u32..3, 0..200),
        k in 1_usize..12,
        seed in any::<u64>(),
    ) {
        check_all(&key, k, seed);
    }

    #[test]
    fn sharded_flag_scans_match_the_reference(
        flags in prop::collection::vec(prop::bool::weighted(0.1), 0..200),
        k in 1_usize..12,
        seed in any::<u64>(),
    ) {
        let x = integers(flags.len(), seed);
        check_flags(Sum, 3, &flags, &x, k);
        check_flags(Affine, AffineMap::new(-1, 3), &flags, &slope_maps(flags.len(), seed), k);
    }

    #[test]
    fn sharded_segmented_reduce_matches_the_reference(
        x in prop::collection::vec(any::<i64>(), 0..200),
        cuts in prop::collection::vec(any::<usize>(), 0..12),
        k in 1_usize..12,
        seed in any::<u64>(),
    ) {
        let offsets = offsets_from(x.len(), &cuts);
        check_segmented_reduce(Sum, &offsets, &x, k);
        check_segmented_reduce(Affine, &offsets, &slope_maps(x.len(), seed), k);
    }
}
