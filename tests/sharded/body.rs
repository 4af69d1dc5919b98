// Sharded-vs-reference body, instantiated per host backend by tests/sharded.rs.

use super::B;
use crate::common::sharded::{integers, offsets_from, slope_maps, split_lengths, Miscounts};
use parallaxis::shard::{self, Collective, InMemory, ShardedVector};
use parallaxis::{reference, DeviceCopy, DeviceVector, Error, ops::{Affine, AffineMap, Max, Monoid}};
use parallaxis::{ops::{Plus, Square, Sum}};
use proptest::prelude::*;

const SHARD_COUNTS: [usize; 5] = [1, 2, 3, 4, 7];
const SIZES: [usize; 6] = [0, 1, 2, 5, 1000, 70001];

fn sharded<T: DeviceCopy>(data: &[T], k: usize) -> ShardedVector<T, B> {
    ShardedVector::from_slice(data, k).expect("shard")
}

fn check_container(x: &[i64], k: usize) {
    let s = sharded(x, k);
    assert_eq!(s.len(), x.len());
    assert_eq!(s.is_empty(), x.is_empty());
    assert_eq!(s.shard_lengths(), split_lengths(x.len(), k), "n = {}, k = {k}", x.len());
    assert_eq!(s.shards().len(), k);
    assert_eq!(s.to_vec().unwrap(), x);
    assert_eq!(s.gather().unwrap().to_vec().unwrap(), x);
    // Shard j holds the j-th block.
    let mut start = 0;
    for shard in s.shards() {
        let block = shard.to_vec().unwrap();
        assert_eq!(block, x[start..start + block.len()]);
        start += block.len();
    }
    let from_vector = ShardedVector::scatter(&DeviceVector::<i64, B>::from_slice(x).unwrap(), k);
    assert_eq!(from_vector.unwrap().shard_lengths(), s.shard_lengths());
}

/// Every algorithm on monoid `m` against the reference; `init` seeds the exclusive scan.
fn check_monoid<T, M>(m: M, init: T, x: &[T], k: usize)
where
    T: DeviceCopy + PartialEq + core::fmt::Debug,
    M: Monoid<T>,
{
    let s = sharded(x, k);
    let what = format!("n = {}, k = {k}", x.len());
    assert_eq!(
        shard::reduce(m, &s, &InMemory).unwrap(),
        reference::reduce(m, x),
        "reduce, {what}"
    );

    let mut want = x.to_vec();
    reference::inclusive_scan(m, x, &mut want);
    let got = shard::inclusive_scan(m, &s, &InMemory).unwrap();
    assert_eq!(got.shard_lengths(), s.shard_lengths());
    assert_eq!(got.to_vec().unwrap(), want, "inclusive_scan, {what}");

    reference::exclusive_scan(m, init, x, &mut want);
    let got = shard::exclusive_scan(m, init, &s, &InMemory).unwrap();
    assert_eq!(got.shard_lengths(), s.shard_lengths());
    assert_eq!(got.to_vec().unwrap(), want, "exclusive_scan, {what}");
}

fn check_transform(x: &[i64], k: usize) {
    let want: Vec<i64> = x.iter().map(|&v| v.wrapping_mul(v)).collect();
    let got = shard::transform(Square, &sharded(x, k)).unwrap();
    assert_eq!(got.shard_lengths(), split_lengths(x.len(), k));
    assert_eq!(got.to_vec().unwrap(), want);
}

fn check_transform2(x: &[i64], k: usize) {
    let y: Vec<i64> = x.iter().rev().copied().collect();
    let want: Vec<i64> = x.iter().zip(&y).map(|(a, b)| a.wrapping_add(*b)).collect();
    let got = shard::transform2(Plus, &sharded(x, k), &sharded(&y, k)).unwrap();
    assert_eq!(got.shard_lengths(), split_lengths(x.len(), k));
    assert_eq!(got.to_vec().unwrap(), want);
}

fn check_all(x: &[i64], f: &[AffineMap<i64>], k: usize) {
    check_container(x, k);
    check_transform(x, k);
    check_transform2(x, k);
    check_monoid(Sum, 7, x, k);
    check_monoid(Max, i64::MIN + 3, x, k);
    check_monoid(Affine, AffineMap::new(3, -5), f, k);
}

#[test]
fn every_algorithm_matches_the_reference_on_every_split() {
    for (i, n) in SIZES.into_iter().enumerate() {
        let (x, f) = (integers(n, i as u64), slope_maps(n, 100 + i as u64));
        for k in SHARD_COUNTS {
            check_all(&x, &f, k);
        }
    }
}

/// More shards than elements leaves empty shards anywhere after the first ones; their
/// totals must be the identity and the carries pass through them unchanged.
#[test]
fn empty_shards_pass_the_carry_through() {
    let f = slope_maps(3, 7);
    for k in [4, 5, 9, 64] {
        check_monoid(Affine, AffineMap::new(-1, 2), &f, k);
        check_monoid(Sum, -4, &[5_i64, 6, 7], k);
    }
}

#[test]
fn a_zero_shard_count_is_a_typed_error() {
    let err = ShardedVector::<i64, B>::from_slice(&[1, 2], 0).unwrap_err();
    assert!(matches!(err, Error::InvalidArgument { what: "shard count", .. }), "{err}");
    let x = DeviceVector::<i64, B>::from_slice(&[1, 2]).unwrap();
    let err = ShardedVector::scatter(&x, 0).unwrap_err();
    assert!(matches!(err, Error::InvalidArgument { .. }), "{err}");
}

#[test]
fn transform2_of_other_lengths_or_shard_counts_is_a_typed_error() {
    let a = sharded(&[1_i64, 2, 3, 4], 2);
    for (b, expected, actual) in [(sharded(&[1_i64, 2, 3], 2), 4, 3), (sharded(&[1, 2, 3, 4], 3), 2, 3)] {
        let err = shard::transform2(Plus, &a, &b).unwrap_err();
        assert!(
            matches!(err, Error::LengthMismatch { expected: e, actual: g, .. } if e == expected && g == actual),
            "{err}"
        );
    }
}

#[test]
fn the_in_memory_collective_reads_the_shards_in_order() {
    let values = [AffineMap::new(2_i64, 1), AffineMap::new(3, 0)];
    assert_eq!(InMemory.all_gather(&values).unwrap(), values);
    assert_eq!(InMemory.broadcast(1, &values).unwrap(), values[1]);
    // The provided all_reduce folds in shard order: g(f(x)) = 3(2x + 1).
    assert_eq!(InMemory.all_reduce(Affine, &values).unwrap().apply(1), 9);
    let err = InMemory.broadcast(2, &values).unwrap_err();
    assert!(matches!(err, Error::IndexOutOfRange { index: 2, len: 2, .. }), "{err}");
}

#[test]
fn a_reduce_of_another_ranks_shard_in_memory_is_a_typed_error() {
    // One shard of three, held by rank 1: `InMemory` gathers the one partial this process
    // holds, which is not the whole vector's reduce.
    let part = DeviceVector::<i64, B>::from_slice(&[5, 6]).unwrap();
    let elsewhere = ShardedVector::from_rank(part, 1, 3, 6).unwrap();
    let err = shard::reduce(Sum, &elsewhere, &InMemory).unwrap_err();
    assert!(
        matches!(err, Error::LengthMismatch { expected: 3, actual: 1, .. }),
        "{err}"
    );
    // Too few and too many partials from a collective are errors too.
    let s = sharded(&[1_i64, 2, 3, 4], 3);
    for (c, actual) in [(Miscounts::LosesOne, 2), (Miscounts::AddsOne, 4)] {
        let err = shard::reduce(Sum, &s, &c).unwrap_err();
        assert!(
            matches!(err, Error::LengthMismatch { expected: 3, actual: a, .. } if a == actual),
            "{err}"
        );
    }
    assert_eq!(shard::reduce(Sum, &s, &InMemory).unwrap(), 10);
}

#[test]
fn a_collective_with_too_few_totals_is_a_typed_error() {
    let s = sharded(&[1_i64, 2, 3, 4], 3);
    for err in [
        shard::inclusive_scan(Sum, &s, &Miscounts::LosesOne).unwrap_err(),
        shard::exclusive_scan(Sum, 0, &s, &Miscounts::LosesOne).unwrap_err(),
    ] {
        assert!(
            matches!(err, Error::LengthMismatch { expected: 3, actual: 2, .. }),
            "{err}"
        );
    }
}

/// The segmented scans by offsets against the reference: segments that span shards, empty
/// segments, heads on shard boundaries, one segment over everything.
fn check_segmented<T, M>(m: M, init: T, x: &[T], offsets: &[usize], k: usize)
where
    T: DeviceCopy + PartialEq + core::fmt::Debug,
    M: Monoid<T>,
{
    let s = sharded(x, k);
    let what = format!("n = {}, k = {k}, offsets = {offsets:?}", x.len());
    let mut want = x.to_vec();
    reference::scan_by_offsets(m, offsets, x, &mut want, reference::ScanKind::Inclusive);
    let got = shard::inclusive_scan_by_offsets(m, offsets, &s, &InMemory).unwrap();
    assert_eq!(got.shard_lengths(), s.shard_lengths());
    assert_eq!(got.to_vec().unwrap(), want, "inclusive, {what}");
    reference::scan_by_offsets(m, offsets, x, &mut want, reference::ScanKind::Exclusive(init));
    let got = shard::exclusive_scan_by_offsets(m, init, offsets, &s, &InMemory).unwrap();
    assert_eq!(got.to_vec().unwrap(), want, "exclusive, {what}");
}

#[test]
fn segmented_scans_carry_segments_across_shards() {
    for (i, n) in SIZES.into_iter().enumerate() {
        let (x, f) = (integers(n, 40 + i as u64), slope_maps(n, 140 + i as u64));
        let cut_sets: [Vec<usize>; 5] = [
            vec![],                                   // one segment over every shard
            (0..n).collect(),                         // every element its own segment
            vec![n / 3, n / 3, n / 2 + 1],            // an empty segment, uneven cuts
            (0..n).step_by(17).collect(),             // many short segments
            vec![n / 7, n / 7 + 1, 6 * n / 7],        // a short one between long ones
        ];
        for cuts in &cut_sets {
            let offsets = offsets_from(n, cuts);
            for k in SHARD_COUNTS {
                check_segmented(Sum, 11, &x, &offsets, k);
                check_segmented(Affine, AffineMap::new(2, -1), &f, &offsets, k);
                // Heads exactly on the shard boundaries.
                let bounds: Vec<usize> = (0..k).map(|j| j * (n / k) + j.min(n % k)).collect();
                check_segmented(Sum, -3, &x, &offsets_from(n, &bounds), k);
            }
        }
    }
}

#[test]
fn segmented_scans_reject_bad_offsets_with_a_typed_error() {
    let s = sharded(&[1_i64, 2, 3, 4], 2);
    for bad in [&[][..], &[1, 4][..], &[0, 3, 2, 4][..], &[0, 3][..]] {
        let err = shard::inclusive_scan_by_offsets(Sum, bad, &s, &InMemory).unwrap_err();
        assert!(matches!(err, Error::InvalidOffsets { .. }), "{bad:?}: {err}");
        let err = shard::exclusive_scan_by_offsets(Sum, 0, bad, &s, &InMemory).unwrap_err();
        assert!(matches!(err, Error::InvalidOffsets { .. }), "{bad:?}: {err}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn sharded_segmented_scans_match_the_reference(
        x in prop::collection::vec(any::<i64>(), 0..200),
        cuts in prop::collection::vec(any::<usize>(), 0..12),
        k in 1_usize..12,
        seed in any::<u64>(),
    ) {
        let offsets = offsets_from(x.len(), &cuts);
        check_segmented(Sum, 5, &x, &offsets, k);
        check_segmented(Affine, AffineMap::new(-1, 3), &slope_maps(x.len(), seed), &offsets, k);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn sharded_algorithms_match_the_reference(
        x in prop::collection::vec(any::<i64>(), 0..300),
        k in 1_usize..12,
        seed in any::<u64>(),
    ) {
        check_all(&x, &slope_maps(x.len(), seed), k);
    }
}
