// Conformance body for the segmented sorts (`sort_segmented`, `sort_segmented_descending`,
// `sort_by_key_segmented`, `sort_by_key_segmented_descending` and the `_into` forms) against
// a reference written here: each segment of a `Vec` sorted on its own with the standard
// library's stable `sort_by` under `SortKey::total_cmp_key`. Exact, bit for bit (-0.0 vs
// +0.0, NaN payloads); values are input positions, so stability shows. Layouts: one
// segment, empty segments (leading, inner, trailing), segments of 1, many tiny segments,
// random lengths with one large segment; invalid offsets give the typed error, outputs
// untouched.

use super::B;
use crate::common::*;
use parallaxis::{DeviceCopy, DeviceVector, Error, ops::Order, backend::SegmentedSortByKeyOps};
use parallaxis::{backend::SegmentedSortOps, ops::SortKey};
use proptest::prelude::*;

/// The reference: `(keys, values)` with every segment sorted stably in `order`.
fn reference<K: SortKey, V: Copy>(k: &[K], v: &[V], offsets: &[usize], order: Order) -> (Vec<K>, Vec<V>) {
    let mut pairs: Vec<(K, V)> = k.iter().copied().zip(v.iter().copied()).collect();
    for w in offsets.windows(2) {
        pairs[w[0]..w[1]].sort_by(|a, b| match order {
            Order::Ascending => a.0.total_cmp_key(&b.0),
            Order::Descending => b.0.total_cmp_key(&a.0),
        });
    }
    pairs.into_iter().unzip()
}


/// Every form, both orders, keys alone and with `u32` positions as values.
fn check<K: Exact>(k: &[K], offsets: &[usize], what: &str)
where
    B: SegmentedSortOps<K> + SegmentedSortByKeyOps<K, u32>,
{
    let n = k.len();
    let pos: Vec<u32> = (0..n as u32).collect();
    let (kd, vd, od) = (dv::<K, B>(k), dv::<u32, B>(&pos), dv::<usize, B>(offsets));
    let m = offsets.len() - 1;
    for order in [Order::Ascending, Order::Descending] {
        let (wk, wv) = reference(k, &pos, offsets, order);
        let got = match order {
            Order::Ascending => parallaxis::sort_segmented(&kd, &od).unwrap(),
            Order::Descending => parallaxis::sort_segmented_descending(&kd, &od).unwrap(),
        };
        assert_eq!(words(&host(&got)), words(&wk), "keys {order:?} {what}, n={n}, m={m}");
        let mut into = dv::<K, B>(k);
        parallaxis::sort_segmented_into(&kd, &od, &mut into, order).unwrap();
        assert_eq!(words(&host(&into)), words(&wk), "keys into {order:?} {what}, n={n}");
        let (gk, gv) = match order {
            Order::Ascending => parallaxis::sort_by_key_segmented(&kd, &vd, &od).unwrap(),
            Order::Descending => {
                parallaxis::sort_by_key_segmented_descending(&kd, &vd, &od).unwrap()
            }
        };
        assert_eq!(words(&host(&gk)), words(&wk), "pairs keys {order:?} {what}, n={n}");
        assert_eq!(host(&gv), wv, "pairs values {order:?} {what}, n={n}, m={m}");
        let (mut ik, mut iv) = (dv::<K, B>(k), dv::<u32, B>(&pos));
        parallaxis::sort_by_key_segmented_into(&kd, &vd, &od, &mut ik, &mut iv, order).unwrap();
        assert_eq!(words(&host(&ik)), words(&wk), "pairs into keys {order:?} {what}");
        assert_eq!(host(&iv), wv, "pairs into values {order:?} {what}");
    }
    assert_eq!(words(&host(&kd)), words(k), "input untouched, {what}");
}

/// CSR offsets from segment lengths.
fn offsets_of(lengths: impl IntoIterator<Item = usize>) -> Vec<usize> {
    let mut o = vec![0];
    for l in lengths {
        o.push(o.last().unwrap() + l);
    }
    o
}

/// Layouts of `n` elements: one segment, segments of 1, tiny segments (0 to 4, empties
/// among them), random lengths up to 3000 with empty segments at both ends.
fn layouts(n: usize, seed: u64) -> Vec<(Vec<usize>, &'static str)> {
    let r = pseudo_random(n + 8, seed);
    let mut tiny = vec![0];
    let mut i = 0;
    while *tiny.last().unwrap() < n {
        let len = (r[i % r.len()] % 5) as usize;
        tiny.push((tiny.last().unwrap() + len).min(n));
        i += 1;
    }
    let mut random = vec![0, 0];
    let mut i = 0;
    while *random.last().unwrap() < n {
        let len = (r[i % r.len()] % 3000) as usize;
        random.push((random.last().unwrap() + len).min(n));
        i += 1;
    }
    random.extend([n, n]);
    vec![
        (vec![0, n], "one segment"),
        (offsets_of(vec![1; n]), "segments of 1"),
        (tiny, "tiny"),
        (random, "random lengths"),
    ]
}

#[test]
fn every_layout_matches_reference() {
    require_gpu!();
    for n in edge_sizes().into_iter().chain([5000, 70_000]) {
        let x = pseudo_random(n, 31 + n as u64);
        for (offsets, layout) in layouts(n, n as u64) {
            // Few distinct keys: runs of equal keys within segments test stability.
            let k: Vec<u32> = x.iter().map(|&v| (v % 7) as u32 * 0x0101_0101).collect();
            check(&k, &offsets, &format!("u32 few, {layout}"));
            check(&x.iter().map(|&v| v as u8).collect::<Vec<_>>(), &offsets, layout);
            check(&x.iter().map(|&v| (v >> 3) as i16).collect::<Vec<_>>(), &offsets, layout);
            check(&x.iter().map(|&v| v as i64).collect::<Vec<_>>(), &offsets, layout);
        }
    }
}

#[test]
fn one_large_segment_among_small_ones() {
    require_gpu!();
    // A segment past the GPU's tiles and the host's parallel grain, between small ones.
    let n = 200_000;
    let x = pseudo_random(n, 8);
    let offsets = vec![0, 3, 3, 1000, 1001, 190_000, 199_999, n, n];
    check(&x.iter().map(|&v| v as u32).collect::<Vec<_>>(), &offsets, "u32 large");
    let f: Vec<f64> = x.iter().map(|&v| (v as i64 >> 30) as f64 * 0.5).collect();
    check(&f, &offsets, "f64 large");
}

#[test]
fn floats_order_zeros_and_nans_per_segment() {
    require_gpu!();
    let pool = [0.0, -0.0, f32::NAN, -f32::NAN, f32::from_bits(0x7fc0_0123), f32::INFINITY];
    let pool2 = [f32::NEG_INFINITY, 1.0, -1.0, f32::from_bits(1), f32::MAX, f32::MIN];
    for n in [16, 1000, 4097] {
        let x = pseudo_random(n, 5);
        let f: Vec<f32> = x
            .iter()
            .map(|&v| if v % 2 == 0 { pool[(v >> 1) as usize % 6] } else { pool2[(v >> 1) as usize % 6] })
            .collect();
        for (offsets, layout) in layouts(n, 77) {
            check(&f, &offsets, &format!("f32 specials, {layout}"));
        }
    }
    // Spelled out: two segments; -0.0 before +0.0, NaNs last in input order, per segment.
    let k = dv::<f32, B>(&[f32::NAN, 0.0, -0.0, -f32::NAN, 2.0, -1.0]);
    let v = dv::<u32, B>(&[0, 1, 2, 3, 4, 5]);
    let o = dv::<usize, B>(&[0, 4, 6]);
    let (sk, sv) = parallaxis::sort_by_key_segmented(&k, &v, &o).unwrap();
    assert_eq!(host(&sv), [2, 1, 0, 3, 5, 4]);
    assert!(host(&sk)[0].is_sign_negative());
}

#[test]
fn wider_values_follow_their_keys() {
    require_gpu!();
    let n = 9000;
    let x = pseudo_random(n, 12);
    let k: Vec<u8> = x.iter().map(|&v| (v % 3) as u8).collect();
    let v: Vec<u64> = x.iter().map(|&v| v | 1 << 63).collect();
    let offsets = offsets_of([0, 17, 4000, 1, 0, 4982]);
    let (kd, vd, od) = (dv::<u8, B>(&k), dv::<u64, B>(&v), dv::<usize, B>(&offsets));
    for order in [Order::Ascending, Order::Descending] {
        let (wk, wv) = reference(&k, &v, &offsets, order);
        let (mut gk, mut gv) = (dv::<u8, B>(&k), dv::<u64, B>(&v));
        parallaxis::sort_by_key_segmented_into(&kd, &vd, &od, &mut gk, &mut gv, order).unwrap();
        assert_eq!((host(&gk), host(&gv)), (wk, wv), "u8+u64 {order:?}");
    }
}

fn pairs_for_overwrite<V: DeviceCopy>(
    n: usize,
    fill: V,
) -> (DeviceVector<u32, B>, DeviceVector<V, B>) {
    (dv::<u32, B>(&vec![0xDEAD; n]), dv::<V, B>(&vec![fill; n]))
}

#[test]
fn invalid_offsets_give_the_typed_error_and_leave_outputs() {
    require_gpu!();
    let k = dv::<u32, B>(&[3, 1, 2, 0]);
    let v = dv::<u32, B>(&[0, 1, 2, 3]);
    let bad: [&[usize]; 5] = [&[], &[1, 4], &[0, 3, 2, 4], &[0, 2], &[0, 2, 5]];
    for o in bad {
        let od = dv::<usize, B>(o);
        let is_offsets = |e: Error| matches!(e, Error::InvalidOffsets { .. });
        assert!(is_offsets(parallaxis::sort_segmented(&k, &od).unwrap_err()), "{o:?}");
        let mut out = dv::<u32, B>(&[9; 4]);
        let e = parallaxis::sort_segmented_into(&k, &od, &mut out, Order::Descending);
        assert!(is_offsets(e.unwrap_err()), "into {o:?}");
        assert_eq!(host(&out), [9; 4], "output untouched, {o:?}");
        assert!(is_offsets(parallaxis::sort_by_key_segmented(&k, &v, &od).unwrap_err()));
        let (mut ok, mut ov) = pairs_for_overwrite(4, 7_u32);
        let e = parallaxis::sort_by_key_segmented_into(&k, &v, &od, &mut ok, &mut ov, Order::Ascending);
        assert!(is_offsets(e.unwrap_err()), "pairs into {o:?}");
        assert_eq!((host(&ok), host(&ov)), (vec![0xDEAD; 4], vec![7; 4]), "untouched {o:?}");
    }
    // Valid offsets, wrong lengths: the length error, outputs untouched.
    let od = dv::<usize, B>(&[0, 4]);
    let mut short = dv::<u32, B>(&[9; 3]);
    let e = parallaxis::sort_segmented_into(&k, &od, &mut short, Order::Ascending).unwrap_err();
    assert!(matches!(e, Error::LengthMismatch { .. }), "{e:?}");
    assert_eq!(host(&short), [9; 3]);
    let e = parallaxis::sort_by_key_segmented(&k, &dv::<u32, B>(&[1]), &od).unwrap_err();
    assert!(matches!(e, Error::LengthMismatch { .. }), "{e:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn prop_segmented_matches_reference(
        lengths in prop::collection::vec(0_usize..40, 1..60),
        seed in any::<u64>(),
    ) {
        require_gpu!(proptest);
        let offsets = offsets_of(lengths);
        let n = *offsets.last().unwrap();
        let x = pseudo_random(n, seed);
        check(&x.iter().map(|&v| (v % 11) as i16 - 5).collect::<Vec<_>>(), &offsets, "prop i16");
        let f: Vec<f32> = x.iter().map(|&v| f32::from_bits(v as u32)).collect();
        check(&f, &offsets, "prop f32 bits");
    }
}
