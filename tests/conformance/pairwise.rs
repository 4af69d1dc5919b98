// Conformance body for the searches that compare neighbours or two inputs: mismatch and
// equal, is_sorted_until and is_sorted (by `Less` and `Greater`), against
// `parallaxis::reference` and against a plain scan of the input that shares no code with
// either. A difference (descent) at each edge of the GPU's tiles (4096 items of 4 bytes,
// 2048 of 8) and grid passes (2 000 003 items take several), one and two of them, none;
// inputs of different lengths; float specials (a NaN differs even from itself; `Less` puts
// -0.0 before +0.0 and NaNs last, as the radix sort).

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{
    backend::{MergeOps, UniqueOps},
    ops::{Compare, Greater, Less, Number, SortKey},
    DeviceCopy,
};
use proptest::prelude::*;
use std::fmt::Debug;

/// `mismatch` and `equal` of `x` and `y` equal the reference and a plain scan.
fn check_mismatch<T>(x: &[T], y: &[T], what: &str)
where
    T: DeviceCopy + PartialEq + Debug,
    B: UniqueOps<T>,
{
    let common = x.len().min(y.len());
    let scan = (0..common).find(|&i| x[i] != y[i]);
    let ctx = format!("{what}: lengths {} and {}", x.len(), y.len());
    assert_eq!(r::mismatch(x, y), scan, "reference mismatch, {ctx}");
    let (xd, yd) = (dv::<T, B>(x), dv::<T, B>(y));
    assert_eq!(parallaxis::mismatch(&xd, &yd).unwrap(), scan, "mismatch, {ctx}");
    assert_eq!(parallaxis::mismatch(&yd, &xd).unwrap(), scan, "mismatch swapped, {ctx}");
    let equal = x.len() == y.len() && scan.is_none();
    assert_eq!(parallaxis::equal(&xd, &yd).unwrap(), equal, "equal, {ctx}");
}

/// `is_sorted_until` and `is_sorted` of `x` by `c` equal the reference and a plain scan.
fn check_sorted<T, C>(c: C, x: &[T], what: &str)
where
    T: DeviceCopy + Debug,
    C: Compare<T> + Debug,
    B: MergeOps<T, C>,
{
    let n = x.len();
    let scan = (1..n).find(|&i| c.less(x[i], x[i - 1])).unwrap_or(n);
    let ctx = format!("{what} by {c:?}, n={n}");
    assert_eq!(r::is_sorted_until(c, x), scan, "reference, {ctx}");
    let xd = dv::<T, B>(x);
    assert_eq!(parallaxis::is_sorted_until_by(c, &xd).unwrap(), scan, "is_sorted_until_by, {ctx}");
    assert_eq!(parallaxis::is_sorted_by(c, &xd).unwrap(), scan == n, "is_sorted_by, {ctx}");
}

/// The positions a difference is put at in `n` items: both ends, the edges of the first
/// tiles, and spread over the rest (fewer for inputs of many grid passes).
fn positions(n: usize) -> Vec<usize> {
    let mut p = vec![0, 1, 31, 32, 2047, 2048, 2049, 4095, 4096, 4097, n / 3, n / 2, n.saturating_sub(2), n - 1];
    p.extend((1..8).map(|k| k * n / 8 + k));
    if n > 1 << 20 {
        p = vec![0, 1, 4096, n / 2 + 1, n - 1];
    }
    p.retain(|&i| i < n);
    p.sort_unstable();
    p.dedup();
    p
}

fn differences_of<T>(n: usize, what: &str)
where
    T: Number + SortKey,
    B: UniqueOps<T> + MergeOps<T, Less> + MergeOps<T, Greater>,
{
    let x: Vec<T> = pseudo_random(n, 7).iter().map(|v| T::from_u64(v % 1000)).collect();
    check_mismatch(&x, &x, what);
    let ascending: Vec<T> = (0..n).map(|i| T::from_u64(i as u64 / 3 + 1)).collect();
    let descending: Vec<T> = ascending.iter().rev().copied().collect();
    check_sorted(Less, &ascending, what);
    check_sorted(Greater, &descending, what);
    for &h in &positions(n) {
        let mut y = x.clone();
        y[h] = T::from_u64(5000);
        check_mismatch(&x, &y, what);
        // Two differences: the first one counts, whichever block meets it first.
        let later = (h + n / 2 + 1) % n;
        y[later] = T::from_u64(6000);
        check_mismatch(&x, &y, what);
        // A shorter second input ends the comparison.
        check_mismatch(&x, &y[..h], what);
        // A descent at `h` (a zero after the ascending run's positive items), and a second.
        let mut down = ascending.clone();
        down[h] = T::from_u64(0);
        down[later] = T::from_u64(0);
        check_sorted(Less, &down, what);
        let mut up = descending.clone();
        up[h] = T::from_u64(n as u64 + 10);
        check_sorted(Greater, &up, what);
    }
}

#[test]
fn differences_and_descents_at_every_edge_of_tiles_and_passes() {
    require_gpu!();
    for n in [1, 2, 33, 4097, 12 * 8192 + 77, 2_000_003] {
        differences_of::<f32>(n, "f32");
        differences_of::<u64>(n, "u64");
    }
    for n in [4097, 12 * 8192 + 77] {
        differences_of::<f64>(n, "f64");
        differences_of::<i32>(n, "i32");
        differences_of::<u32>(n, "u32");
        differences_of::<i64>(n, "i64");
    }
}

#[test]
fn empty_and_single_inputs() {
    require_gpu!();
    let empty = dv::<u32, B>(&[]);
    let one = dv::<u32, B>(&[4]);
    assert_eq!(parallaxis::mismatch(&empty, &one).unwrap(), None);
    assert!(parallaxis::equal(&empty, &dv::<u32, B>(&[])).unwrap());
    assert!(!parallaxis::equal(&empty, &one).unwrap());
    assert_eq!(parallaxis::is_sorted_until(&empty).unwrap(), 0);
    assert_eq!(parallaxis::is_sorted_until(&one).unwrap(), 1);
    assert!(parallaxis::is_sorted(&empty).unwrap());
    assert!(parallaxis::is_sorted(&one).unwrap());
}

#[test]
fn float_specials() {
    require_gpu!();
    let x = [0.0_f32, -0.0, 1.0, f32::NAN, -1.0, f32::INFINITY, f32::NEG_INFINITY];
    for n in [7, 9000] {
        let x: Vec<f32> = x.iter().cycle().take(n).copied().collect();
        // The first NaN differs from itself; -0.0 equals 0.0.
        check_mismatch(&x, &x, "f32 specials");
        let zeros: Vec<f32> = x.iter().map(|&v| if v == 0.0 { -v } else { v }).collect();
        check_mismatch(&x, &zeros, "f32 signed zeros");
        check_sorted(Less, &x, "f32 specials");
        check_sorted(Greater, &x, "f32 specials");
    }
    // `Less` is the radix sort's order: -0.0 before +0.0, NaNs last.
    let sorted = [f32::NEG_INFINITY, -1.0, -0.0, 0.0, 1.0, f32::INFINITY, f32::NAN, f32::NAN];
    check_sorted(Less, &sorted, "f32 total order");
    assert!(parallaxis::is_sorted(&dv::<f32, B>(&sorted)).unwrap());
    assert_eq!(parallaxis::is_sorted_until(&dv::<f32, B>(&[0.0_f32, -0.0])).unwrap(), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn i32_equivalence(
        x in (0..3 * 8192_usize).prop_flat_map(|n| prop::collection::vec(-3..3_i32, n)),
        cut in 0..3 * 8192_usize,
    ) {
        require_gpu!(proptest);
        // Sorted runs broken at random: `x` sorted up to `cut`.
        let mut s = x.clone();
        let k = cut.min(s.len());
        s[..k].sort_unstable();
        check_sorted(Less, &s, "i32");
        check_sorted(Greater, &s, "i32");
        let mut y = s.clone();
        if let Some(v) = y.get_mut(k) {
            *v += 1;
        }
        check_mismatch(&s, &y, "i32");
    }
}
