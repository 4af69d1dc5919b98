// Conformance body for the batched top-k (`top_k_segmented`, `bottom_k_segmented` and their
// `_by_key` forms): each segment's first `k` compared bit for bit with the standard library's
// stable sort of that segment alone (sharing no code with the library), and with
// `parallaxis::reference::partial_sort(_by_key)` per segment; the result's offsets against
// `min(k, len)` per segment. Every segment layout of `tests/common` (none, single items,
// host chunks, heads around chunk edges, repeated empty segments, random), `k` from 0 past the
// longest segment, float specials, values of each width (the input positions), mismatched
// lengths and bad offsets, views and lazy input.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{
    backend::{SegmentedSortByKeyOps, SegmentedSortOps},
    ops::{Order, SortKey},
    DeviceCopy, DeviceVector, Error,
};
use proptest::prelude::*;
use std::fmt::Debug;

/// Per segment, the positions of its first `k` in `order` by the standard library's stable
/// sort, concatenated, and the result's offsets.
fn oracle<K: SortKey>(x: &[K], offsets: &[usize], k: usize, order: Order) -> (Vec<usize>, Vec<usize>) {
    let (mut p, mut kept) = (vec![], vec![0]);
    for w in offsets.windows(2) {
        let mut seg: Vec<usize> = (w[0]..w[1]).collect();
        seg.sort_by(|&a, &b| {
            let c = x[a].total_cmp_key(&x[b]);
            if order == Order::Descending { c.reverse() } else { c }
        });
        seg.truncate(k);
        p.extend(seg);
        kept.push(p.len());
    }
    (p, kept)
}

fn at<T: Copy>(x: &[T], p: &[usize]) -> Vec<T> {
    p.iter().map(|&i| x[i]).collect()
}

/// Both orders, keys alone, against the oracle and the reference per segment.
fn check_keys<K: Exact>(x: &[K], offsets: &[usize], k: usize, what: &str)
where
    B: SegmentedSortOps<K>,
{
    let (xd, od) = (dv::<K, B>(x), dv::<usize, B>(offsets));
    for order in [Order::Ascending, Order::Descending] {
        let (p, kept) = oracle(x, offsets, k, order);
        let want = words(&at(x, &p));
        let mut reference = vec![K::ZERO_KEY; p.len()];
        for (w, o) in offsets.windows(2).zip(kept.windows(2)) {
            r::partial_sort(&x[w[0]..w[1]], &mut reference[o[0]..o[1]], order).unwrap();
        }
        assert_eq!(words(&reference), want, "reference {order:?} {what} k={k}");
        let (got, got_kept) = match order {
            Order::Ascending => parallaxis::bottom_k_segmented(&xd, &od, k).unwrap(),
            Order::Descending => parallaxis::top_k_segmented(&xd, &od, k).unwrap(),
        };
        assert_eq!(host(&got_kept), kept, "offsets {order:?} {what} k={k}");
        assert_eq!(words(&host(&got)), want, "keys {order:?} {what} k={k}, offsets {offsets:?}");
    }
}

/// Both orders, pairs with the values `value(i)` of the input positions.
fn check_pairs<K: Exact, V: DeviceCopy + PartialEq + Debug>(
    x: &[K],
    offsets: &[usize],
    k: usize,
    value: impl Fn(usize) -> V,
    what: &str,
) where
    B: SegmentedSortByKeyOps<K, V>,
{
    let v: Vec<V> = (0..x.len()).map(value).collect();
    let (xd, vd, od) = (dv::<K, B>(x), dv::<V, B>(&v), dv::<usize, B>(offsets));
    for order in [Order::Ascending, Order::Descending] {
        let (p, kept) = oracle(x, offsets, k, order);
        let (gk, gv, go) = match order {
            Order::Ascending => parallaxis::bottom_k_by_key_segmented(&xd, &vd, &od, k).unwrap(),
            Order::Descending => parallaxis::top_k_by_key_segmented(&xd, &vd, &od, k).unwrap(),
        };
        assert_eq!(host(&go), kept, "offsets {order:?} {what} k={k}");
        assert_eq!(words(&host(&gk)), words(&at(x, &p)), "keys {order:?} {what} k={k}");
        assert_eq!(host(&gv), at(&v, &p), "values {order:?} {what} k={k}");
    }
}

#[test]
fn every_layout_and_k() {
    require_gpu!();
    for n in [0, 1, 40, 1000, 2 * HOST_CHUNK + 77] {
        let z = pseudo_random(n, 3 * n as u64 + 1);
        let few: Vec<u32> = z.iter().map(|&v| (v % 37) as u32).collect();
        let wide: Vec<i64> = z.iter().map(|&v| v as i64).collect();
        let halves: Vec<f32> = z.iter().map(|&v| (v % 801) as f32 * 0.5 - 200.0).collect();
        for kind in 0..LAYOUTS {
            let offsets = layout(n, kind, 11 + kind as u64);
            for k in [0, 1, 3, 25, 200, n + 1] {
                check_keys(&few, &offsets, k, "u32 few");
                check_keys(&wide, &offsets, k, "i64");
                check_keys(&halves, &offsets, k, "f32");
                check_pairs(&few, &offsets, k, |i| i as u32, "u32 -> u32");
                check_pairs(&halves, &offsets, k, |i| i as u64, "f32 -> u64");
            }
        }
    }
}

/// Long segments take the partial sort's parallel and full-sort paths inside a segment.
#[test]
fn long_segments() {
    require_gpu!();
    let n = 150_000;
    let x: Vec<u32> = pseudo_random(n, 8).iter().map(|&v| (v % 100_000) as u32).collect();
    let offsets = vec![0, 3, 70_003, 70_003, 140_000, n];
    for k in [1, 100, 9_000, 70_000] {
        check_keys(&x, &offsets, k, "long");
        check_pairs(&x, &offsets, k, |i| i as u32, "long");
    }
}

#[test]
fn float_specials() {
    require_gpu!();
    let pool = [f32::NAN, -f32::NAN, f32::INFINITY, 0.0, -0.0, -1.0, f32::from_bits(0x7fc0_0003)];
    let x: Vec<f32> = pseudo_random(3000, 4).iter().map(|&v| pool[(v % 7) as usize]).collect();
    for kind in 0..LAYOUTS {
        let offsets = layout(x.len(), kind, 5);
        for k in [1, 2, 4, 9] {
            check_keys(&x, &offsets, k, "f32 specials");
            let x64: Vec<f64> = x.iter().map(|&v| f64::from(v)).collect();
            check_pairs(&x64, &offsets, k, |i| i as u32, "f64 specials");
        }
    }
}

#[test]
fn bad_offsets_and_lengths() {
    require_gpu!();
    let x = dv::<u32, B>(&[3, 1, 2, 5]);
    let v = dv::<u32, B>(&[0, 1, 2]);
    let o = dv::<usize, B>(&[0, 2, 4]);
    let e = parallaxis::top_k_by_key_segmented(&x, &v, &o, 1).unwrap_err();
    assert_eq!(
        e,
        Error::LengthMismatch { what: "top_k_by_key_segmented values", expected: 4, actual: 3 }
    );
    for bad in [&[][..], &[1, 4][..], &[0, 3, 2, 4][..], &[0, 2, 5][..]] {
        let e = parallaxis::top_k_segmented(&x, &dv::<usize, B>(bad), 2).unwrap_err();
        assert!(matches!(e, Error::InvalidOffsets { .. }), "offsets {bad:?}: {e:?}");
        let e = parallaxis::bottom_k_by_key_segmented(&x, &x, &dv::<usize, B>(bad), 2).unwrap_err();
        assert!(matches!(e, Error::InvalidOffsets { .. }), "offsets {bad:?}: {e:?}");
    }
    // No segments but the one empty: empty results.
    let e = DeviceVector::<u32, B>::from_slice(&[]).unwrap();
    let (k, o) = parallaxis::top_k_segmented(&e, &dv::<usize, B>(&[0]), 3).unwrap();
    assert!(k.is_empty());
    assert_eq!(host(&o), [0]);
}

/// Views and lazy sequences are read like vectors (keys, values and offsets).
#[test]
fn views_and_lazy_inputs() {
    require_gpu!();
    let n = 5000;
    let x: Vec<u32> = pseudo_random(n + 10, 6).iter().map(|&v| (v % 900) as u32).collect();
    let xd = dv::<u32, B>(&x);
    let view = xd.slice(10..).unwrap();
    let part = &x[10..];
    let offsets: Vec<usize> = (0..=n).step_by(500).collect();
    // Offsets 0, 500, ..., 5000 stored back to front and read through `.rev()`, values as
    // positions by `counting`.
    let stored: Vec<usize> = offsets.iter().rev().copied().collect();
    let od = dv::<usize, B>(&stored);
    let lazy_offsets = od.rev();
    let ids = parallaxis::lazy::counting::<B, u64>(0, n);
    let (p, kept) = oracle(part, &offsets, 7, Order::Descending);
    let (gk, gv, go) = parallaxis::top_k_by_key_segmented(&view, &ids, &lazy_offsets, 7).unwrap();
    assert_eq!(host(&go), kept);
    assert_eq!(host(&gk), at(part, &p));
    assert_eq!(host(&gv), p.iter().map(|&i| i as u64).collect::<Vec<_>>());
    assert_eq!(host(&xd), x, "viewed vector untouched");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn prop_segments_match_the_oracle(
        x in prop::collection::vec(0_u32..30, 0..2500),
        cuts in prop::collection::vec(0_usize..2500, 0..40),
        k in 0_usize..60,
    ) {
        require_gpu!(proptest);
        let mut offsets: Vec<usize> = cuts.into_iter().map(|c| c % (x.len() + 1)).collect();
        offsets.extend([0, x.len()]);
        offsets.sort_unstable();
        check_keys(&x, &offsets, k, "prop");
        check_pairs(&x, &offsets, k, |i| i as u32, "prop");
    }
}
