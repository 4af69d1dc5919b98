// Conformance body for the families whose reading inputs take a `Readable`: by-key and
// segmented reductions, the segmented scans, gather / scatter, merge and merge sort, the
// segmented sort, SpMV, the stencil, the `*_with_init` forms, `copy`, `transform2`, the fused
// transform-reduce and scans, the histogram by edges, `copy_if_stencil` and `unique_by_key`.
// Each front door is called with lazy inputs (counting, constant, `x.map(f)`, `x.rev()`) and
// with the same sequences written out by hand (`dv`), and the two results must agree; a lazy
// input is written out once by the backend (`LazyCollectOps`), so a wrong write-out or a
// wrapped body that reads the wrong buffer shows up as a difference. Types are those with
// stock CUDA kernels: `i32` with `Sum`, `Max`, `Square`, `Plus`, `Times`, `PlusTimes`,
// `Less`; `u32` keys and maps; `usize` offsets (a stored vector reversed: `rev` is written
// out by the reverse kernel for any element type); `bool` flags; `f32` for the stencil.
// Also: a lazy input with a bad length, offsets or index is refused with the typed error
// before anything is written.

use super::B;
use crate::common::*;
use parallaxis::{DeviceVector, Error, ops::{Boundary, Less, Max, Negate, Order, Plus, PlusTimes, Square, Sum, Times}, sparse::CsrMatrix};
use proptest::prelude::*;

/// Small integers: squares and products stay far from overflow.
fn ints(n: usize, seed: u64) -> Vec<i32> {
    pseudo_random(n, seed).into_iter().map(|v| (v % 2001) as i32 - 1000).collect()
}

/// `v` stored back to front: its `.rev()` is a lazy sequence equal to `v`.
fn stored_reversed<T: parallaxis::DeviceCopy>(v: &[T]) -> DeviceVector<T, B> {
    let r: Vec<T> = v.iter().rev().copied().collect();
    dv::<T, B>(&r)
}

/// Runs of equal keys (lengths 1 to 4), values in `0..3`.
fn keys(n: usize, seed: u64) -> Vec<u32> {
    let mut k = Vec::with_capacity(n);
    let mut r = pseudo_random(n, seed).into_iter();
    while k.len() < n {
        let z = r.next().unwrap_or(0);
        let run = 1 + (z % 4) as usize;
        k.extend(std::iter::repeat_n((z >> 8) as u32 % 3, run.min(n - k.len())));
    }
    k
}

/// CSR-style offsets over `n` elements, empty segments included.
fn offsets(n: usize, seed: u64) -> Vec<usize> {
    let mut o = vec![0];
    for z in pseudo_random(n / 3 + 2, seed) {
        let next = (o[o.len() - 1] + (z % 7) as usize).min(n);
        o.push(next);
    }
    o.push(n);
    o
}

/// Every family on lazy inputs of length `n`, against the same calls on the sequences
/// written out.
fn check_all(n: usize, seed: u64) {
    let x = ints(n, seed);
    let dx = dv::<i32, B>(&x);
    let count: Vec<i32> = (0..n as i32).map(|i| i - 5).collect();
    let counting = parallaxis::lazy::counting::<B, i32>(-5, n);
    let dcount = dv::<i32, B>(&count);
    let negated: Vec<i32> = x.iter().map(|v| -v).collect();
    let neg = dx.map(Negate);
    let dneg = dv::<i32, B>(&negated);

    let k = keys(n, seed ^ 3);
    let k_rev = stored_reversed(&k);
    let (lazy_k, dk) = (k_rev.rev(), dv::<u32, B>(&k));
    let o = offsets(n, seed ^ 5);
    let o_rev = stored_reversed(&o);
    let (lazy_o, d_o) = (o_rev.rev(), dv::<usize, B>(&o));
    let flags: Vec<bool> = pseudo_random(n, seed ^ 7).iter().map(|z| z % 3 == 0).collect();
    let f_rev = stored_reversed(&flags);
    let (lazy_f, df) = (f_rev.rev(), dv::<bool, B>(&flags));

    by_key(&lazy_k, &dk, &counting, &dcount, &lazy_o, &d_o, &neg, &dneg);
    segmented(&lazy_f, &df, &lazy_k, &dk, &lazy_o, &d_o, &counting, &dcount);
    gather(&x, &neg, &dneg, &lazy_f, &df);
    merges(&counting, &dcount, &neg, &dneg, &dk);
    sort_segmented(&neg, &dneg, &counting, &dcount, &lazy_o, &d_o);
    spmv(n, &counting, &dcount);
    stencil(n);
    init_copy_transform(&counting, &dcount, &neg, &dneg);
    histogram_select(&neg, &dneg, &lazy_f, &df, &lazy_k, &dk, &counting, &dcount);
}

#[allow(clippy::too_many_arguments)]
fn by_key(
    lk: &impl parallaxis::lazy::Readable<u32, B>,
    dk: &DeviceVector<u32, B>,
    lx: &impl parallaxis::lazy::Readable<i32, B>,
    dx: &DeviceVector<i32, B>,
    lo: &impl parallaxis::lazy::Readable<usize, B>,
    d_o: &DeviceVector<usize, B>,
    ly: &impl parallaxis::lazy::Readable<i32, B>,
    dy: &DeviceVector<i32, B>,
) {
    let n = dx.len();
    let (gk, gv) = parallaxis::reduce_by_key(Sum, lk, lx).unwrap();
    let (wk, wv) = parallaxis::reduce_by_key(Sum, dk, dx).unwrap();
    assert_eq!((host(&gk), host(&gv)), (host(&wk), host(&wv)), "reduce_by_key, n={n}");
    let (mut ok, mut ov, mut runs) = (dv::<u32, B>(&vec![9; n]), dv::<i32, B>(&vec![9; n]), dv(&[0usize]));
    parallaxis::reduce_by_key_into(Sum, lk, lx, &mut ok, &mut ov, &mut runs).unwrap();
    let r = host(&runs)[0];
    assert_eq!(r, wk.len(), "reduce_by_key_into runs, n={n}");
    assert_eq!((host(&ok)[..r].to_vec(), host(&ov)[..r].to_vec()), (host(&wk), host(&wv)), "reduce_by_key_into, n={n}");
    let got = parallaxis::segmented_reduce(Max, lo, ly).unwrap();
    let want = parallaxis::segmented_reduce(Max, d_o, dy).unwrap();
    assert_eq!(host(&got), host(&want), "segmented_reduce, n={n}");
}

#[allow(clippy::too_many_arguments)]
fn segmented(
    lf: &impl parallaxis::lazy::Readable<bool, B>,
    df: &DeviceVector<bool, B>,
    lk: &impl parallaxis::lazy::Readable<u32, B>,
    dk: &DeviceVector<u32, B>,
    lo: &impl parallaxis::lazy::Readable<usize, B>,
    d_o: &DeviceVector<usize, B>,
    lx: &impl parallaxis::lazy::Readable<i32, B>,
    dx: &DeviceVector<i32, B>,
) {
    let n = dx.len();
    let h = |r: parallaxis::Result<DeviceVector<i32, B>>| host(&r.unwrap());
    assert_eq!(h(parallaxis::inclusive_scan_by_flags(Sum, lf, lx)), h(parallaxis::inclusive_scan_by_flags(Sum, df, dx)), "inclusive_scan_by_flags, n={n}");
    assert_eq!(h(parallaxis::exclusive_scan_by_flags(Max, 7, lf, lx)), h(parallaxis::exclusive_scan_by_flags(Max, 7, df, dx)), "exclusive_scan_by_flags, n={n}");
    assert_eq!(h(parallaxis::inclusive_scan_by_key(Sum, lk, lx)), h(parallaxis::inclusive_scan_by_key(Sum, dk, dx)), "inclusive_scan_by_key, n={n}");
    assert_eq!(h(parallaxis::exclusive_scan_by_key(Sum, -2, lk, lx)), h(parallaxis::exclusive_scan_by_key(Sum, -2, dk, dx)), "exclusive_scan_by_key, n={n}");
    let want = h(parallaxis::inclusive_scan_by_offsets(Sum, d_o, dx));
    assert_eq!(h(parallaxis::inclusive_scan_by_offsets(Sum, lo, lx)), want, "inclusive_scan_by_offsets, n={n}");
    assert_eq!(h(parallaxis::exclusive_scan_by_offsets(Max, 3, lo, lx)), h(parallaxis::exclusive_scan_by_offsets(Max, 3, d_o, dx)), "exclusive_scan_by_offsets, n={n}");

    let mut y = dv::<i32, B>(&vec![77; n]);
    parallaxis::inclusive_scan_by_flags_into(Sum, lf, lx, &mut y).unwrap();
    assert_eq!(host(&y), h(parallaxis::inclusive_scan_by_flags(Sum, df, dx)), "inclusive_scan_by_flags_into, n={n}");
    parallaxis::exclusive_scan_by_key_into(Sum, 1, lk, lx, &mut y).unwrap();
    assert_eq!(host(&y), h(parallaxis::exclusive_scan_by_key(Sum, 1, dk, dx)), "exclusive_scan_by_key_into, n={n}");
    parallaxis::inclusive_scan_by_offsets_into(Sum, lo, lx, &mut y).unwrap();
    assert_eq!(host(&y), want, "inclusive_scan_by_offsets_into, n={n}");
}

fn gather(
    x: &[i32],
    lsrc: &impl parallaxis::lazy::Readable<i32, B>,
    dsrc: &DeviceVector<i32, B>,
    lf: &impl parallaxis::lazy::Readable<bool, B>,
    df: &DeviceVector<bool, B>,
) {
    let n = x.len();
    // A permutation (scatter with duplicates is unspecified on CUDA): i -> n - 1 - i, lazy as
    // the reverse of the identity; the identity itself lazy as counting.
    let ident: Vec<u32> = (0..n as u32).collect();
    let dident = dv::<u32, B>(&ident);
    let perm: Vec<u32> = ident.iter().rev().copied().collect();
    let dperm = dv::<u32, B>(&perm);
    let lperm = dident.rev();
    let lident = parallaxis::lazy::counting::<B, u32>(0, n);

    let got = parallaxis::gather(&lperm, lsrc).unwrap();
    let want = parallaxis::gather(&dperm, dsrc).unwrap();
    assert_eq!(host(&got), host(&want), "gather, n={n}");
    let mut y = dv::<i32, B>(&vec![5; n]);
    parallaxis::gather_into(&lident, lsrc, &mut y).unwrap();
    assert_eq!(host(&y), host(dsrc), "gather_into, n={n}");
    let mut y = dv::<i32, B>(&vec![5; n]);
    // SAFETY: every index of the permutation is below `n`, the source's length.
    unsafe { parallaxis::gather_unchecked_into(&lperm, lsrc, &mut y).unwrap() };
    assert_eq!(host(&y), host(&want), "gather_unchecked_into, n={n}");
    let (mut g, mut w) = (dv::<i32, B>(&vec![-9; n]), dv::<i32, B>(&vec![-9; n]));
    parallaxis::gather_if(&lperm, lf, lsrc, &mut g).unwrap();
    parallaxis::gather_if(&dperm, df, dsrc, &mut w).unwrap();
    assert_eq!(host(&g), host(&w), "gather_if, n={n}");

    let (mut g, mut w) = (dv::<i32, B>(&vec![4; n]), dv::<i32, B>(&vec![4; n]));
    parallaxis::scatter(lsrc, &lperm, &mut g).unwrap();
    parallaxis::scatter(dsrc, &dperm, &mut w).unwrap();
    assert_eq!(host(&g), host(&w), "scatter, n={n}");
    let mut g = dv::<i32, B>(&vec![4; n]);
    // SAFETY: every index of the permutation is below `n`, the destination's length.
    unsafe { parallaxis::scatter_unchecked(lsrc, &lperm, &mut g).unwrap() };
    assert_eq!(host(&g), host(&w), "scatter_unchecked, n={n}");
    let (mut g, mut w) = (dv::<i32, B>(&vec![4; n]), dv::<i32, B>(&vec![4; n]));
    parallaxis::scatter_if(lsrc, &lperm, lf, &mut g).unwrap();
    parallaxis::scatter_if(dsrc, &dperm, df, &mut w).unwrap();
    assert_eq!(host(&g), host(&w), "scatter_if, n={n}");
}

fn merges(
    lsorted: &impl parallaxis::lazy::Readable<i32, B>,
    dsorted: &DeviceVector<i32, B>,
    lx: &impl parallaxis::lazy::Readable<i32, B>,
    dx: &DeviceVector<i32, B>,
    dk: &DeviceVector<u32, B>,
) {
    let n = dx.len();
    let m = n / 2 + 1;
    let (lc, dc) = (parallaxis::lazy::constant::<B, i32>(3, m), dv::<i32, B>(&vec![3; m]));
    let got = parallaxis::merge(lsorted, &lc).unwrap();
    let want = parallaxis::merge(dsorted, &dc).unwrap();
    assert_eq!(host(&got), host(&want), "merge, n={n}");
    let mut y = dv::<i32, B>(&vec![0; n + m]);
    parallaxis::merge_by_into(Less, &lc, lsorted, &mut y).unwrap();
    assert_eq!(host(&y), host(&parallaxis::merge_by(Less, &dc, dsorted).unwrap()), "merge_by_into, n={n}");
    let (lv, dv_) = (parallaxis::lazy::constant::<B, i32>(-1, m), dv::<i32, B>(&vec![-1; m]));
    let (gk, gv) = parallaxis::merge_by_key(lsorted, lx, &lc, &lv).unwrap();
    let (wk, wv) = parallaxis::merge_by_key(dsorted, dx, &dc, &dv_).unwrap();
    assert_eq!((host(&gk), host(&gv)), (host(&wk), host(&wv)), "merge_by_key, n={n}");

    let got = parallaxis::sort_by(Less, lx).unwrap();
    let want = parallaxis::sort_by(Less, dx).unwrap();
    assert_eq!(host(&got), host(&want), "sort_by, n={n}");
    let mut y = dv::<i32, B>(&vec![0; n]);
    parallaxis::sort_by_into(Less, lx, &mut y).unwrap();
    assert_eq!(host(&y), host(&want), "sort_by_into, n={n}");
    let keys: Vec<i32> = host(dk).iter().map(|&k| k as i32).collect();
    let dki = dv::<i32, B>(&keys);
    let lki = dki.map(Negate);
    let dkn = dv::<i32, B>(&keys.iter().map(|k| -k).collect::<Vec<_>>());
    let (gk, gv) = parallaxis::sort_by_key_with(Less, &lki, lx).unwrap();
    let (wk, wv) = parallaxis::sort_by_key_with(Less, &dkn, dx).unwrap();
    assert_eq!((host(&gk), host(&gv)), (host(&wk), host(&wv)), "sort_by_key_with, n={n}");
    let (mut ok, mut ov) = (dv::<i32, B>(&vec![0; n]), dv::<i32, B>(&vec![0; n]));
    parallaxis::sort_by_key_with_into(Less, &lki, lx, &mut ok, &mut ov).unwrap();
    assert_eq!((host(&ok), host(&ov)), (host(&wk), host(&wv)), "sort_by_key_with_into, n={n}");
}

fn sort_segmented(
    lx: &impl parallaxis::lazy::Readable<i32, B>,
    dx: &DeviceVector<i32, B>,
    lv: &impl parallaxis::lazy::Readable<i32, B>,
    dv_: &DeviceVector<i32, B>,
    lo: &impl parallaxis::lazy::Readable<usize, B>,
    d_o: &DeviceVector<usize, B>,
) {
    let n = dx.len();
    let want = parallaxis::sort_segmented(dx, d_o).unwrap();
    assert_eq!(host(&parallaxis::sort_segmented(lx, lo).unwrap()), host(&want), "sort_segmented, n={n}");
    let desc = parallaxis::sort_segmented_descending(dx, d_o).unwrap();
    assert_eq!(host(&parallaxis::sort_segmented_descending(lx, lo).unwrap()), host(&desc), "sort_segmented_descending, n={n}");
    let mut y = dv::<i32, B>(&vec![0; n]);
    parallaxis::sort_segmented_into(lx, lo, &mut y, Order::Descending).unwrap();
    assert_eq!(host(&y), host(&desc), "sort_segmented_into, n={n}");
    let (gk, gv) = parallaxis::sort_by_key_segmented(lx, lv, lo).unwrap();
    let (wk, wv) = parallaxis::sort_by_key_segmented(dx, dv_, d_o).unwrap();
    assert_eq!((host(&gk), host(&gv)), (host(&wk), host(&wv)), "sort_by_key_segmented, n={n}");
    let (gk, gv) = parallaxis::sort_by_key_segmented_descending(lx, lv, lo).unwrap();
    let (wk, wv) = parallaxis::sort_by_key_segmented_descending(dx, dv_, d_o).unwrap();
    assert_eq!((host(&gk), host(&gv)), (host(&wk), host(&wv)), "sort_by_key_segmented_descending, n={n}");
    let (mut ok, mut ov) = (dv::<i32, B>(&vec![0; n]), dv::<i32, B>(&vec![0; n]));
    parallaxis::sort_by_key_segmented_into(lx, lv, lo, &mut ok, &mut ov, Order::Descending).unwrap();
    assert_eq!((host(&ok), host(&ov)), (host(&wk), host(&wv)), "sort_by_key_segmented_into, n={n}");
}

fn spmv(n: usize, lx: &impl parallaxis::lazy::Readable<i32, B>, dx: &DeviceVector<i32, B>) {
    // Row i: columns i and (7i + 3) mod n, values 2 and i mod 5 - 2 (every row but row 0 of
    // an n = 1 matrix has two entries).
    let (mut row_ptr, mut col, mut val) = (vec![0u32], Vec::new(), Vec::new());
    for i in 0..n {
        col.extend([i as u32, ((7 * i + 3) % n) as u32]);
        val.extend([2, (i % 5) as i32 - 2]);
        row_ptr.push(col.len() as u32);
    }
    let a = CsrMatrix::<i32, u32, B>::try_new(n, n, row_ptr, col, val).unwrap();
    let want = parallaxis::spmv(PlusTimes, &a, dx).unwrap();
    assert_eq!(host(&parallaxis::spmv(PlusTimes, &a, lx).unwrap()), host(&want), "spmv, n={n}");
    let mut y = dv::<i32, B>(&vec![1; n]);
    parallaxis::spmv_into(PlusTimes, &a, lx, &mut y, true).unwrap();
    let plus_one: Vec<i32> = host(&want).iter().map(|v| v + 1).collect();
    assert_eq!(host(&y), plus_one, "spmv_into accumulating, n={n}");
}

fn stencil(n: usize) {
    let lx = parallaxis::lazy::counting::<B, f32>(-3.0, n);
    let dx = dv::<f32, B>(&(0..n).map(|i| i as f32 - 3.0).collect::<Vec<_>>());
    for b in [Boundary::Zero, Boundary::Clamp, Boundary::Wrap] {
        let want = parallaxis::convolve_1d([1.0f32, -2.0, 3.0], b, &dx).unwrap();
        let got = parallaxis::convolve_1d([1.0f32, -2.0, 3.0], b, &lx).unwrap();
        assert_eq!(host(&got), host(&want), "convolve_1d {b:?}, n={n}");
    }
    let st = parallaxis::mask_1d([0.5f32, 1.0, 0.25]).unwrap();
    let want = parallaxis::stencil_map(PlusTimes, &st, Boundary::Clamp, [n], &dx).unwrap();
    let mut y = dv::<f32, B>(&vec![9.0; n]);
    parallaxis::stencil_map_into(PlusTimes, &st, Boundary::Clamp, [n], &lx, &mut y).unwrap();
    assert_eq!(host(&y), host(&want), "stencil_map_into, n={n}");
    let got = parallaxis::convolve_2d([1.0f32, 2.0, 3.0], [1, 3], Boundary::Wrap, [1, n], &lx).unwrap();
    let want = parallaxis::convolve_2d([1.0f32, 2.0, 3.0], [1, 3], Boundary::Wrap, [1, n], &dx).unwrap();
    assert_eq!(host(&got), host(&want), "convolve_2d, n={n}");
}

fn init_copy_transform(
    la: &impl parallaxis::lazy::Readable<i32, B>,
    da: &DeviceVector<i32, B>,
    lb: &impl parallaxis::lazy::Readable<i32, B>,
    db: &DeviceVector<i32, B>,
) {
    let n = da.len();
    let h = |r: parallaxis::Result<DeviceVector<i32, B>>| host(&r.unwrap());
    assert_eq!(parallaxis::reduce_with_init(Sum, 10, la).unwrap(), parallaxis::reduce_with_init(Sum, 10, da).unwrap(), "reduce_with_init, n={n}");
    let (mut g, mut w) = (dv::<i32, B>(&[0]), dv::<i32, B>(&[0]));
    parallaxis::reduce_with_init_into(Max, -4, lb, &mut g).unwrap();
    parallaxis::reduce_with_init_into(Max, -4, db, &mut w).unwrap();
    assert_eq!(host(&g), host(&w), "reduce_with_init_into, n={n}");
    let want = h(parallaxis::inclusive_scan_with_init(Sum, 6, db));
    assert_eq!(h(parallaxis::inclusive_scan_with_init(Sum, 6, lb)), want, "inclusive_scan_with_init, n={n}");
    let mut y = dv::<i32, B>(&vec![-1; n]);
    parallaxis::inclusive_scan_with_init_into(Sum, 6, lb, &mut y).unwrap();
    assert_eq!(host(&y), want, "inclusive_scan_with_init_into, n={n}");

    let mut y = dv::<i32, B>(&vec![-1; n]);
    parallaxis::copy(la, &mut y).unwrap();
    assert_eq!(host(&y), host(da), "copy, n={n}");

    let want = h(parallaxis::transform2(Plus, da, db));
    assert_eq!(h(parallaxis::transform2(Plus, la, lb)), want, "transform2, n={n}");
    let mut y = dv::<i32, B>(&vec![-1; n]);
    parallaxis::transform2_into(Plus, la, db, &mut y).unwrap();
    assert_eq!(host(&y), want, "transform2_into, n={n}");
    assert_eq!(parallaxis::transform_reduce(Square, Max, lb).unwrap(), parallaxis::transform_reduce(Square, Max, db).unwrap(), "transform_reduce, n={n}");
    assert_eq!(parallaxis::transform2_reduce(Times, Sum, la, lb).unwrap(), parallaxis::transform2_reduce(Times, Sum, da, db).unwrap(), "transform2_reduce, n={n}");
    assert_eq!(h(parallaxis::transform_inclusive_scan(Square, Sum, la)), h(parallaxis::transform_inclusive_scan(Square, Sum, da)), "transform_inclusive_scan, n={n}");
    assert_eq!(h(parallaxis::transform_exclusive_scan(Square, Sum, 2, lb)), h(parallaxis::transform_exclusive_scan(Square, Sum, 2, db)), "transform_exclusive_scan, n={n}");
}

#[allow(clippy::too_many_arguments)]
fn histogram_select(
    lx: &impl parallaxis::lazy::Readable<i32, B>,
    dx: &DeviceVector<i32, B>,
    lf: &impl parallaxis::lazy::Readable<bool, B>,
    df: &DeviceVector<bool, B>,
    lk: &impl parallaxis::lazy::Readable<u32, B>,
    dk: &DeviceVector<u32, B>,
    lv: &impl parallaxis::lazy::Readable<i32, B>,
    dv_: &DeviceVector<i32, B>,
) {
    let n = dx.len();
    // Edges -1000, -990, ..., 1000 (i64, the level type of i32 samples), lazy as a map of
    // counting.
    let le = parallaxis::lazy::counting::<B, i64>(-100, 201).map(parallaxis::ops::Scale { factor: 10 });
    let de = dv::<i64, B>(&(-100..=100).map(|e| 10 * e).collect::<Vec<i64>>());
    let want: DeviceVector<u32, B> = parallaxis::histogram(dx, &de).unwrap();
    let got: DeviceVector<u32, B> = parallaxis::histogram(lx, &le).unwrap();
    assert_eq!(host(&got), host(&want), "histogram, n={n}");
    let mut c = dv::<u32, B>(&[7; 200]);
    parallaxis::histogram_into(lx, &le, &mut c).unwrap();
    assert_eq!(host(&c), host(&want), "histogram_into, n={n}");

    let want = parallaxis::copy_if_stencil(df, dx).unwrap();
    assert_eq!(host(&parallaxis::copy_if_stencil(lf, lx).unwrap()), host(&want), "copy_if_stencil, n={n}");
    let (mut out, mut count) = (dv::<i32, B>(&vec![0; n]), dv(&[usize::MAX]));
    parallaxis::copy_if_stencil_into(lf, lx, &mut out, &mut count).unwrap();
    let k = host(&count)[0];
    assert_eq!(k, want.len(), "copy_if_stencil_into count, n={n}");
    assert_eq!(host(&out)[..k], host(&want)[..], "copy_if_stencil_into, n={n}");

    let (wk, wv) = parallaxis::unique_by_key(dk, dv_).unwrap();
    let (gk, gv) = parallaxis::unique_by_key(lk, lv).unwrap();
    assert_eq!((host(&gk), host(&gv)), (host(&wk), host(&wv)), "unique_by_key, n={n}");
    let (mut ok, mut ov, mut count) = (dv::<u32, B>(&vec![0; n]), dv::<i32, B>(&vec![0; n]), dv(&[usize::MAX]));
    parallaxis::unique_by_key_into(lk, lv, &mut ok, &mut ov, &mut count).unwrap();
    let k = host(&count)[0];
    assert_eq!(k, wk.len(), "unique_by_key_into count, n={n}");
    assert_eq!((host(&ok)[..k].to_vec(), host(&ov)[..k].to_vec()), (host(&wk), host(&wv)), "unique_by_key_into, n={n}");
}

/// A lazy input with a bad length, bad offsets or an index out of range: the typed error,
/// and the output as it was (the checks run before the lazy input is used).
fn check_errors() {
    let n = 10;
    let counting = parallaxis::lazy::counting::<B, i32>(0, n);
    let short_keys = parallaxis::lazy::constant::<B, u32>(1, n - 1);
    let (mut ok, mut ov, mut runs) = (dv::<u32, B>(&[5; 10]), dv::<i32, B>(&[5; 10]), dv(&[9usize]));
    let e = parallaxis::reduce_by_key_into(Sum, &short_keys, &counting, &mut ok, &mut ov, &mut runs).unwrap_err();
    assert!(matches!(e, Error::LengthMismatch { .. }), "reduce_by_key_into: {e:?}");
    assert_eq!((host(&ok), host(&ov), host(&runs)), (vec![5; 10], vec![5; 10], vec![9]), "reduce_by_key_into untouched");

    // Offsets ending at 9, not 10.
    let bad = dv::<usize, B>(&[9, 4, 0]);
    let e = parallaxis::segmented_reduce(Sum, &bad.rev(), &counting).unwrap_err();
    assert!(matches!(e, Error::InvalidOffsets { .. }), "segmented_reduce: {e:?}");
    let mut y = dv::<i32, B>(&[3; 10]);
    let e = parallaxis::inclusive_scan_by_offsets_into(Sum, &bad.rev(), &counting, &mut y).unwrap_err();
    assert!(matches!(e, Error::InvalidOffsets { .. }), "scan_by_offsets_into: {e:?}");
    assert_eq!(host(&y), vec![3; 10], "scan_by_offsets_into untouched");

    // Map 0..10 into a source of 9.
    let src = parallaxis::lazy::constant::<B, i32>(1, n - 1);
    let e = parallaxis::gather_into(&parallaxis::lazy::counting::<B, u32>(0, n), &src, &mut y).unwrap_err();
    assert!(matches!(e, Error::IndexOutOfRange { at: 9, index: 9, .. }), "gather_into: {e:?}");
    assert_eq!(host(&y), vec![3; 10], "gather_into untouched");

    let a = CsrMatrix::<i32, u32, B>::try_new(1, n, vec![0, 1], vec![0], vec![1]).unwrap();
    let mut y = dv::<i32, B>(&[8]);
    let e = parallaxis::spmv_into(PlusTimes, &a, &src, &mut y, false).unwrap_err();
    assert!(matches!(e, Error::LengthMismatch { .. }), "spmv_into: {e:?}");
    assert_eq!(host(&y), vec![8], "spmv_into untouched");
}

#[test]
fn lazy_inputs_equal_the_written_out_ones() {
    require_gpu!();
    check_errors();
    for n in [0, 1, 2, 37, HOST_CHUNK + 1] {
        check_all(n, n as u64);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn lazy_inputs_equal_the_written_out_ones_at_any_size(
        n in 0usize..2 * HOST_CHUNK,
        seed in any::<u64>(),
    ) {
        require_gpu!(proptest);
        check_all(n, seed);
    }
}
