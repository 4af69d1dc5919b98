// Conformance body for finding by a predicate: find_if, find_if_not, find, any_of, all_of,
// none_of and partition_point, against `parallaxis::reference` and against a scan of the
// input that shares no code with either. Positions of one and of two hits across tiles and
// grid passes (the GPU's tiles: 4096 items of 4 bytes, 2048 of 8; its grid loops over tiles
// past a few blocks per multiprocessor, so 2 000 003 items take several passes), no hit,
// every element a hit; the six number types with every stock predicate; float specials
// (a NaN is selected by `NonZero` and by `NotEqualTo`, never by an ordering).

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{
    backend::SelectOps,
    ops::{EqualTo, GreaterThan, InRange, LessThan, NonZero, NotEqualTo, Number, Predicate},
    DeviceCopy,
};
use proptest::prelude::*;
use std::fmt::Debug;

/// Every find of `p` on `x` equals the reference and a plain scan.
fn check<T, P>(p: P, x: &[T], what: &str)
where
    T: DeviceCopy + Debug,
    P: Predicate<T> + Debug,
    B: SelectOps<T, P>,
{
    let n = x.len();
    let ctx = |f: &str| format!("{what} {f} with {p:?}, n={n}");
    let xd = dv::<T, B>(x);
    let first = x.iter().position(|&v| p.test(v));
    let first_not = x.iter().position(|&v| !p.test(v));
    assert_eq!(r::find_if(p, true, x), first, "{}", ctx("reference find_if"));
    assert_eq!(parallaxis::find_if(p, &xd).unwrap(), first, "{}", ctx("find_if"));
    assert_eq!(parallaxis::find_if_not(p, &xd).unwrap(), first_not, "{}", ctx("find_if_not"));
    assert_eq!(parallaxis::any_of(p, &xd).unwrap(), first.is_some(), "{}", ctx("any_of"));
    assert_eq!(parallaxis::all_of(p, &xd).unwrap(), first_not.is_none(), "{}", ctx("all_of"));
    assert_eq!(parallaxis::none_of(p, &xd).unwrap(), first.is_none(), "{}", ctx("none_of"));
    assert_eq!(
        parallaxis::partition_point(p, &xd).unwrap(),
        first_not.unwrap_or(n),
        "{}",
        ctx("partition_point")
    );
}

/// Zeros with `T::from_u64(hit_value)` at each of `hits`.
fn with_hits<T: Number>(n: usize, hits: &[usize], hit_value: u64) -> Vec<T> {
    let mut x = vec![T::from_u64(0); n];
    for &h in hits {
        x[h] = T::from_u64(hit_value);
    }
    x
}

/// The positions a hit is put at in `n` items: both ends, the edges of the first tiles, and
/// spread over the rest.
fn positions(n: usize) -> Vec<usize> {
    let mut p = vec![0, 1, 31, 32, 2047, 2048, 4095, 4096, 4097, n / 3, n / 2, n.saturating_sub(2), n - 1];
    p.extend((1..8).map(|k| k * n / 8 + k));
    if n > 1 << 20 {
        // Many grid passes: the ends, a tile edge and the middle are enough (and keep the
        // host backends' scans short).
        p = vec![0, 4096, n / 2 + 1, n - 1];
    }
    p.retain(|&i| i < n);
    p.sort_unstable();
    p.dedup();
    p
}

fn hits_of<T>(n: usize, what: &str)
where
    T: Number,
    B: SelectOps<T, EqualTo<T>>
        + SelectOps<T, NotEqualTo<T>>
        + SelectOps<T, NonZero>
        + SelectOps<T, LessThan<T>>,
{
    for &h in &positions(n) {
        let x = with_hits::<T>(n, &[h], 5);
        check(EqualTo { value: T::from_u64(5) }, &x, what);
        check(NonZero, &x, what);
        // Two hits: the first one counts, whichever block meets it first.
        let later = (h + n / 2 + 1) % n;
        let x = with_hits::<T>(n, &[h, later], 5);
        check(EqualTo { value: T::from_u64(5) }, &x, what);
        // partition_point on a partitioned input: `h` selected elements, then the rest.
        let parted: Vec<T> = (0..n).map(|i| T::from_u64(u64::from(i >= h) * 3)).collect();
        check(LessThan { bound: T::from_u64(1) }, &parted, what);
        assert_eq!(
            parallaxis::partition_point(LessThan { bound: T::from_u64(1) }, &dv::<T, B>(&parted))
                .unwrap(),
            h,
            "{what} partition_point at {h}, n={n}"
        );
    }
    let none = with_hits::<T>(n, &[], 5);
    check(EqualTo { value: T::from_u64(5) }, &none, what);
    check(NotEqualTo { value: T::from_u64(5) }, &none, what);
}

#[test]
fn one_and_two_hits_at_every_edge_of_tiles_and_passes() {
    require_gpu!();
    for n in [1, 2, 33, 4097, 12 * 8192 + 77, 2_000_003] {
        hits_of::<f32>(n, "f32");
        hits_of::<u64>(n, "u64");
    }
    for n in [4097, 12 * 8192 + 77] {
        hits_of::<f64>(n, "f64");
        hits_of::<i32>(n, "i32");
        hits_of::<u32>(n, "u32");
        hits_of::<i64>(n, "i64");
    }
}

#[test]
fn every_stock_predicate_over_the_size_ladder() {
    require_gpu!();
    for n in edge_sizes() {
        let r = pseudo_random(n, 41);
        let x: Vec<i64> = r.iter().map(|v| (v % 16) as i64 - 8).collect();
        check(LessThan { bound: -7 }, &x, "i64");
        check(GreaterThan { bound: 6 }, &x, "i64");
        check(EqualTo { value: 3 }, &x, "i64");
        check(NotEqualTo { value: 3 }, &x, "i64");
        check(InRange { lo: -100, hi: 100 }, &x, "i64");
        check(NonZero, &x, "i64");
        let y: Vec<f32> = r.iter().map(|v| (v % 1000) as f32 / 100.0).collect();
        check(GreaterThan { bound: 9.98 }, &y, "f32");
        check(InRange { lo: 0.0, hi: 9.0 }, &y, "f32");
    }
}

#[test]
fn empty_input_finds_nothing() {
    require_gpu!();
    let x = dv::<u32, B>(&[]);
    assert_eq!(parallaxis::find_if(NonZero, &x).unwrap(), None);
    assert_eq!(parallaxis::find(&x, 0).unwrap(), None);
    assert!(!parallaxis::any_of(NonZero, &x).unwrap());
    assert!(parallaxis::all_of(NonZero, &x).unwrap());
    assert!(parallaxis::none_of(NonZero, &x).unwrap());
    assert_eq!(parallaxis::partition_point(NonZero, &x).unwrap(), 0);
}

#[test]
fn float_specials_follow_ieee_comparisons() {
    require_gpu!();
    let x = [0.0_f32, -0.0, 1.0, f32::NAN, -1.0, f32::INFINITY, f32::NEG_INFINITY];
    for n in [7, 9000] {
        let x: Vec<f32> = x.iter().cycle().take(n).copied().collect();
        check(NonZero, &x, "f32 specials");
        check(NotEqualTo { value: 0.0 }, &x, "f32 specials");
        check(EqualTo { value: 0.0 }, &x, "f32 specials");
        check(GreaterThan { bound: 2.0 }, &x, "f32 specials");
        check(LessThan { bound: -2.0 }, &x, "f32 specials");
        assert_eq!(parallaxis::find(&dv::<f32, B>(&x), f32::NAN).unwrap(), None, "NaN != NaN");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn u32_equivalence(
        x in (0..3 * 8192_usize).prop_flat_map(|n| prop::collection::vec(0..64_u32, n)),
        bound in 0..66_u32,
    ) {
        require_gpu!(proptest);
        check(GreaterThan { bound }, &x, "u32");
        check(EqualTo { value: bound }, &x, "u32");
        check(LessThan { bound }, &x, "u32");
    }
}
