// Conformance body for the in-place transform and the replacements: transform_in_place,
// replace_if and replace (in place, in vectors and in aligned and unaligned views),
// replace_copy_if and replace_copy (from vectors and lazy sequences), with each stock
// predicate, against plain loops over the input. Sizes cover warps, host chunks and several
// grid passes of the element-wise kernel; float specials (NaN is never equal, so `replace`
// leaves it; -0.0 equals 0.0).

use super::B;
use crate::common::*;
use parallaxis::{
    backend::TransformOps,
    lazy::counting,
    ops::{
        EqualTo, GreaterThan, InRange, LessThan, Negate, NonZero, NotEqualTo, Number, Predicate,
        ReplaceIf, Scale,
    },
};
use proptest::prelude::*;
use std::fmt::Debug;

/// `replace_if(p, x, v)` and `replace_copy_if(p, x, v)` equal a plain loop.
fn check_replace<T, P>(p: P, x: &[T], value: T, what: &str)
where
    T: Number + Debug,
    P: Predicate<T> + Debug,
    B: TransformOps<T, ReplaceIf<P, T>>,
{
    let want: Vec<T> = x.iter().map(|&v| if p.test(v) { value } else { v }).collect();
    let ctx = format!("{what} {p:?}, n={}", x.len());
    let mut xd = dv::<T, B>(x);
    assert_eq!(host(&parallaxis::replace_copy_if(p, &xd, value).unwrap()), want, "replace_copy_if, {ctx}");
    assert_eq!(host(&xd), x, "replace_copy_if left its input, {ctx}");
    parallaxis::replace_if(p, &mut xd, value).unwrap();
    assert_eq!(host(&xd), want, "replace_if, {ctx}");
}

fn replacements_of<T>(n: usize, what: &str)
where
    T: Number + Debug,
    B: TransformOps<T, ReplaceIf<LessThan<T>, T>>
        + TransformOps<T, ReplaceIf<GreaterThan<T>, T>>
        + TransformOps<T, ReplaceIf<EqualTo<T>, T>>
        + TransformOps<T, ReplaceIf<NotEqualTo<T>, T>>
        + TransformOps<T, ReplaceIf<InRange<T>, T>>
        + TransformOps<T, ReplaceIf<NonZero, T>>,
{
    let x: Vec<T> = pseudo_random(n, 21).iter().map(|v| T::from_u64(v % 10)).collect();
    let (two, five, nine) = (T::from_u64(2), T::from_u64(5), T::from_u64(9));
    check_replace(LessThan { bound: five }, &x, nine, what);
    check_replace(GreaterThan { bound: five }, &x, two, what);
    check_replace(EqualTo { value: two }, &x, nine, what);
    check_replace(NotEqualTo { value: two }, &x, five, what);
    check_replace(InRange { lo: two, hi: nine }, &x, T::from_u64(0), what);
    check_replace(NonZero, &x, five, what);
    // `replace` and `replace_copy` are `EqualTo`'s.
    let want: Vec<T> = x.iter().map(|&v| if v == two { nine } else { v }).collect();
    let mut xd = dv::<T, B>(&x);
    assert_eq!(host(&parallaxis::replace_copy(&xd, two, nine).unwrap()), want, "{what} n={n}");
    parallaxis::replace(&mut xd, two, nine).unwrap();
    assert_eq!(host(&xd), want, "replace, {what} n={n}");
}

#[test]
fn replacements_at_every_size() {
    require_gpu!();
    let mut sizes = edge_sizes();
    sizes.extend([4097, 2_000_003]);
    for n in sizes {
        replacements_of::<f32>(n, "f32");
        replacements_of::<u32>(n, "u32");
    }
    for n in [0, 1, 33, 70_001] {
        replacements_of::<f64>(n, "f64");
        replacements_of::<i32>(n, "i32");
        replacements_of::<i64>(n, "i64");
        replacements_of::<u64>(n, "u64");
    }
}

#[test]
fn in_place_through_aligned_and_unaligned_views() {
    require_gpu!();
    let x: Vec<i32> = (0..9000).map(|i| i % 7 - 3).collect();
    for (start, end) in [(0, 9000), (4, 8004), (3, 8001), (1, 2)] {
        let mut xd = dv::<i32, B>(&x);
        parallaxis::transform_in_place(Negate, &mut xd.slice_mut(start..end).unwrap()).unwrap();
        let mut want = x.clone();
        want[start..end].iter_mut().for_each(|v| *v = -*v);
        assert_eq!(host(&xd), want, "transform_in_place on {start}..{end}");
        parallaxis::replace_if(LessThan { bound: 0 }, &mut xd.slice_mut(start..end).unwrap(), 100).unwrap();
        want[start..end].iter_mut().filter(|v| **v < 0).for_each(|v| *v = 100);
        assert_eq!(host(&xd), want, "replace_if on {start}..{end}");
    }
    let mut y = dv::<f64, B>(&[1.0, -2.0, 4.0]);
    parallaxis::transform_in_place(Scale { factor: 0.5 }, &mut y).unwrap();
    assert_eq!(host(&y), [0.5, -1.0, 2.0]);
}

#[test]
fn replace_copy_of_a_lazy_sequence() {
    require_gpu!();
    let c = counting::<B, u64>(0, 10_000);
    let y = parallaxis::replace_copy_if(GreaterThan { bound: 4999 }, &c, 0).unwrap();
    let want: Vec<u64> = (0..10_000).map(|i| if i > 4999 { 0 } else { i }).collect();
    assert_eq!(host(&y), want);
}

#[test]
fn float_specials() {
    require_gpu!();
    let x = [0.0_f32, -0.0, f32::NAN, 1.0, f32::INFINITY];
    let mut xd = dv::<f32, B>(&x);
    parallaxis::replace(&mut xd, 0.0, 7.0).unwrap();
    let got = host(&xd);
    assert_eq!(&got[..2], [7.0, 7.0], "-0.0 == 0.0");
    assert!(got[2].is_nan(), "a NaN equals nothing");
    assert_eq!(&got[3..], [1.0, f32::INFINITY]);
    let mut xd = dv::<f32, B>(&x);
    parallaxis::replace_if(NotEqualTo { value: 1.0 }, &mut xd, 2.0).unwrap();
    assert_eq!(host(&xd), [2.0, 2.0, 2.0, 1.0, 2.0], "a NaN is not equal to 1.0");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn i64_equivalence(
        x in (0..3 * 8192_usize).prop_flat_map(|n| prop::collection::vec(-5..5_i64, n)),
        bound in -5..5_i64,
        value in any::<i64>(),
    ) {
        require_gpu!(proptest);
        check_replace(LessThan { bound }, &x, value, "i64");
        check_replace(EqualTo { value: bound }, &x, value, "i64");
    }
}
