// Conformance body for views (`slice` / `slice_mut`): one front door of every family reads
// views and writes mutable views; the result equals the reference on the sliced elements,
// and the elements outside an output view are untouched. Starts fall on and off multiples of
// 4 `i32`s, so on CUDA both kinds of view run: 16-byte aligned ones sharing the vector's
// memory and the others staged through a copy (parallaxis_device's `view.rs`).

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceVector, Error, sparse::CsrMatrix, ops::{GreaterThan, Max, Negate, Order, PlusTimes, Sum}};
use proptest::prelude::*;

/// `start..end` inside `0..len` from two fractions in `[0, 1]`.
fn window(len: usize, a: f64, b: f64) -> (usize, usize) {
    let (a, b) = (a.min(b), a.max(b));
    ((a * len as f64) as usize, (b * len as f64) as usize)
}

/// `len` filler elements, `sentinel`, around which an output view is cut.
fn canvas(len: usize, sentinel: i32) -> DeviceVector<i32, B> {
    DeviceVector::<i32, B>::filled(len, sentinel).unwrap()
}

/// The canvas after writing `inside` at `at`: what an output view must leave.
fn expected_canvas(len: usize, sentinel: i32, at: usize, inside: &[i32]) -> Vec<i32> {
    let mut want = vec![sentinel; len];
    want[at..at + inside.len()].copy_from_slice(inside);
    want
}

/// Element-wise, reductions and scans, in and out of views.
fn check_maps_and_scans(x: &[i32], (s, e): (usize, usize), at: usize) {
    let xd = dv::<i32, B>(x);
    let xv = xd.slice(s..e).unwrap();
    let part = &x[s..e];
    assert_eq!(xv.len(), e - s);
    assert_eq!(xv.to_vec().unwrap(), part, "view contents {s}..{e}");

    let m = part.len();
    let negated: Vec<i32> = part.iter().map(|v| v.wrapping_neg()).collect();
    let mut y = canvas(m + at + 3, 77);
    parallaxis::transform_into(Negate, &xv, &mut y.slice_mut(at..at + m).unwrap()).unwrap();
    assert_eq!(host(&y), expected_canvas(m + at + 3, 77, at, &negated), "transform_into");

    assert_eq!(parallaxis::reduce(Sum, &xv).unwrap(), r::reduce(Sum, part), "reduce");
    let mut out = canvas(at + 2, -1);
    parallaxis::reduce_into(Max, &xv, &mut out.slice_mut(at..=at).unwrap()).unwrap();
    let want = expected_canvas(at + 2, -1, at, &[r::reduce(Max, part)]);
    assert_eq!(host(&out), want, "reduce_into a one-element view");

    let mut scanned = vec![0; m];
    r::inclusive_scan(Sum, part, &mut scanned);
    let mut y = canvas(m + at, 5);
    parallaxis::inclusive_scan_into(Sum, &xv, &mut y.slice_mut(at..).unwrap()).unwrap();
    assert_eq!(host(&y), expected_canvas(m + at, 5, at, &scanned), "inclusive_scan_into");
    r::exclusive_scan(Max, -3, part, &mut scanned);
    let got = parallaxis::exclusive_scan(Max, -3, &xv).unwrap();
    assert_eq!(host(&got), scanned, "exclusive_scan of a view");

    // A view of a view, and a mutable view of a mutable view.
    let (s2, e2) = (m / 4, m - m / 3);
    let inner = xv.slice(s2..e2).unwrap();
    assert_eq!(parallaxis::reduce(Sum, &inner).unwrap(), r::reduce(Sum, &part[s2..e2]));
    let mut y = canvas(m, 9);
    {
        // Scoped: on CUDA a staged view writes back when it ends.
        let mut outer = y.slice_mut(..).unwrap();
        parallaxis::fill(&mut outer.slice_mut(s2..e2).unwrap(), 4).unwrap();
    }
    let mut want = vec![9; m];
    want[s2..e2].fill(4);
    assert_eq!(host(&y), want, "fill through a view of a view");
}

/// Sorting, selection, extrema, search, merge and keyed reduction over views.
fn check_every_view_form(x: &[i32], (s, e): (usize, usize), at: usize) {
    let xd = dv::<i32, B>(x);
    let xv = xd.slice(s..e).unwrap();
    let part = &x[s..e];
    let m = part.len();
    let mut sorted = part.to_vec();
    sorted.sort_unstable();

    assert_eq!(host(&parallaxis::sort(&xv).unwrap()), sorted, "sort of a view");
    let mut y = canvas(m + at, 3);
    parallaxis::sort_into(&xv, &mut y.slice_mut(at..).unwrap(), Order::Ascending).unwrap();
    assert_eq!(host(&y), expected_canvas(m + at, 3, at, &sorted), "sort_into a view");

    let p = GreaterThan { bound: 0 };
    let kept: Vec<i32> = part.iter().copied().filter(|&v| v > 0).collect();
    assert_eq!(parallaxis::count_if(p, &xv).unwrap(), kept.len(), "count_if");
    let mut out = canvas(m + at, 8);
    let mut count = DeviceVector::<usize, B>::zeros(3).unwrap();
    parallaxis::copy_if_into(
        p,
        &xv,
        &mut out.slice_mut(at..).unwrap(),
        &mut count.slice_mut(1..2).unwrap(),
    )
    .unwrap();
    assert_eq!(host(&count), [0, kept.len(), 0], "copy_if_into count view");
    assert_eq!(host(&out)[at..at + kept.len()], kept[..], "copy_if_into");

    let want_min = part
        .iter()
        .enumerate()
        .min_by_key(|&(i, &v)| (v, i))
        .map(|(i, &v)| (i, v));
    assert_eq!(parallaxis::min_element(&xv).unwrap(), want_min, "min_element: positions in the view");

    let sd = dv::<i32, B>(&sorted);
    let (a, b) = (m / 3, m - m / 5);
    let sorted_view = sd.slice(a..b).unwrap();
    let want: Vec<usize> = part.iter().map(|q| sorted[a..b].partition_point(|v| v < q)).collect();
    assert_eq!(host(&parallaxis::lower_bound(&sorted_view, &xv).unwrap()), want, "lower_bound");
    let mut merged = [&sorted[..a], &sorted[a..b]].concat();
    merged.sort();
    let got = parallaxis::merge(&sd.slice(..a).unwrap(), &sorted_view).unwrap();
    assert_eq!(host(&got), merged, "merge of two views");

    let keys: Vec<i32> = sorted.iter().map(|v| v / 1000).collect();
    let kd = dv::<i32, B>(&keys);
    let (gk, gv) = parallaxis::reduce_by_key(Sum, &kd.slice(a..b).unwrap(), &sorted_view).unwrap();
    let (mut wk, mut wv) = (vec![0; b - a], vec![0; b - a]);
    let groups = r::reduce_by_key(Sum, &keys[a..b], &sorted[a..b], &mut wk, &mut wv);
    assert_eq!((host(&gk), host(&gv)), (wk[..groups].to_vec(), wv[..groups].to_vec()), "reduce_by_key");
}

/// Gather and scatter with index maps, sources and destinations that are all views.
fn check_moves(x: &[i32], (s, e): (usize, usize), at: usize) {
    let xd = dv::<i32, B>(x);
    let part = &x[s..e];
    let m = part.len();
    if m == 0 {
        return;
    }
    // A reversal map, stored with a one-element margin on each side.
    let map: Vec<u32> = (0..m + 2).map(|i| (m + 1 - i.min(m + 1)).saturating_sub(1) as u32).collect();
    let md = dv::<u32, B>(&map);
    let mv = md.slice(1..=m).unwrap();
    let inner_map = &map[1..=m];
    let mut want = vec![0; m];
    r::gather(inner_map, part, &mut want);
    let got = parallaxis::gather(&mv, &xd.slice(s..e).unwrap()).unwrap();
    assert_eq!(host(&got), want, "gather");
    let mut dst = canvas(m + at, 11);
    let mut inside = vec![11; m];
    r::scatter(part, inner_map, &mut inside);
    parallaxis::scatter(&xd.slice(s..e).unwrap(), &mv, &mut dst.slice_mut(at..).unwrap()).unwrap();
    assert_eq!(host(&dst), expected_canvas(m + at, 11, at, &inside), "scatter into a view");
}

/// SpMV reading `x` from a view and writing `y` into one.
fn check_spmv(n: usize, at: usize) {
    // The 1D Laplacian [-1 2 -1] of order n, exact in f32 on small integers.
    let (mut ptr, mut col, mut val) = (vec![0_u32], Vec::new(), Vec::new());
    for i in 0..n {
        for (j, v) in [(i.wrapping_sub(1), -1.0_f32), (i, 2.0), (i + 1, -1.0)] {
            if j < n {
                col.push(j as u32);
                val.push(v);
            }
        }
        ptr.push(col.len() as u32);
    }
    let a = CsrMatrix::<f32, u32, B>::try_new(n, n, ptr.clone(), col.clone(), val.clone()).unwrap();
    let xs: Vec<f32> = (0..n + at).map(|i| (i % 7) as f32).collect();
    let xd = dv::<f32, B>(&xs);
    let mut y = DeviceVector::<f32, B>::filled(n + 2 * at, 0.5).unwrap();
    let xv = xd.slice(at..).unwrap();
    parallaxis::spmv_into(PlusTimes, &a, &xv, &mut y.slice_mut(at..at + n).unwrap(), false).unwrap();
    let mut want = vec![0.0; n];
    r::spmv_csr(PlusTimes, &ptr, &col, &val, &xs[at..], &mut want, false);
    let got = host(&y);
    assert_eq!(&got[at..at + n], &want[..], "spmv_into");
    assert!(got[..at].iter().chain(&got[at + n..]).all(|&v| v == 0.5), "spmv_into: outside");
}

/// The bounds every view checks, with the typed error.
fn check_bounds() {
    let x = dv::<i32, B>(&[1, 2, 3, 4, 5]);
    let oob = |start, end| Error::RangeOutOfBounds { start, end, len: 5 };
    assert_eq!(x.slice(2..6).err(), Some(oob(2, 6)));
    assert_eq!(x.slice(4..).unwrap().slice(..2).err(), Some(Error::RangeOutOfBounds { start: 0, end: 2, len: 1 }));
    let mut y = dv::<i32, B>(&[0; 5]);
    assert_eq!(y.slice_mut(6..).err(), Some(oob(6, 5)));
    assert!(x.slice(5..5).unwrap().is_empty());
    assert_eq!(parallaxis::reduce(Sum, &x.slice(5..).unwrap()).unwrap(), 0);
    // A length mismatch through views is the same typed error, and the output is untouched.
    let err = parallaxis::transform_into(Negate, &x.slice(..3).unwrap(), &mut y.slice_mut(..2).unwrap());
    assert!(matches!(err, Err(Error::LengthMismatch { .. })), "{err:?}");
    assert_eq!(host(&y), [0; 5]);
}

#[test]
fn views_at_every_alignment() {
    require_gpu!();
    check_bounds();
    for n in [0, 1, 5, 37, 1000, 3 * HOST_CHUNK + 7] {
        let x: Vec<i32> = pseudo_random(n, n as u64).into_iter().map(|z| z as i32 % 100_000).collect();
        for (s, e) in [(0, n), (n.min(1), n), (n.min(3), n - n.min(2)), (n / 2, n), (n.min(64), n)] {
            let e = e.max(s);
            for at in [0, 1, 4, 64] {
                check_maps_and_scans(&x, (s, e), at);
                check_every_view_form(&x, (s, e), at);
                check_moves(&x, (s, e), at);
            }
        }
    }
    for (n, at) in [(1, 0), (100, 1), (5000, 3), (5000, 4)] {
        check_spmv(n, at);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn views_equal_the_reference_on_their_range(
        x in prop::collection::vec(-100_000..100_000_i32, 0..2 * HOST_CHUNK),
        a in 0.0..1.0_f64,
        b in 0.0..1.0_f64,
        at in 0usize..9,
    ) {
        require_gpu!(proptest);
        let w = window(x.len(), a, b);
        check_maps_and_scans(&x, w, at);
        check_every_view_form(&x, w, at);
        check_moves(&x, w, at);
    }
}
