// Conformance body for spmv and spmv_into over CSR, ELL, COO and HYB (the last three built
// with the conversions), against `parallaxis::reference::spmv_*`: PlusTimes i64 (wrapping),
// MinPlus and MaxTimes f32 on non-negative values, and OrAnd bool bit for bit; PlusTimes f64
// within `assert_close`'s bound from each row's Σ|a·x|. Layouts are drawn as parameters and
// built deterministically, so large cases (past the rayon thresholds, a dense row spanning
// several merge-path pieces) cost little to generate.

use super::B;
use crate::common::*;
use parallaxis::reference as r;
use parallaxis::{DeviceCopy, Error, sparse::{CooMatrix, CsrMatrix, SparseMatrix}, ops::{MaxTimes, MinPlus, OrAnd, PlusTimes, Semiring, SparseIndex}, backend::SpmvOps};
use proptest::prelude::*;
use std::fmt::Debug;

/// ELL is only built when `nrows × longest row` stays below this (it pads every row).
const MAX_ELL_SLOTS: usize = 1 << 22;

/// The drawn parameters of a sparsity pattern (small to print; the pattern is built from them).
#[derive(Clone, Debug)]
struct Params {
    nrows: usize,
    ncols: usize,
    max_len: usize,
    empty_pct: u64,
    dense: Option<(usize, usize)>,
    dup_pct: u64,
    seed: u64,
}

/// A CSR pattern with `usize` indices.
struct Layout {
    nrows: usize,
    ncols: usize,
    row_ptr: Vec<usize>,
    col: Vec<usize>,
}


/// Row lengths uniform in `0..=max_len` (or empty with `empty_pct`%), one optional dense
/// row, and with `dup_pct`% an entry repeats the previous column of its row.
fn build(p: &Params) -> Layout {
    let mut s = parallaxis::ops::SplitMix64::new(p.seed);
    let (mut row_ptr, mut col) = (vec![0], Vec::new());
    for r in 0..p.nrows {
        let len = match p.dense {
            _ if p.ncols == 0 => 0,
            Some((d, len)) if d % p.nrows == r => len,
            _ if s.next_u64() % 100 < p.empty_pct => 0,
            _ => (s.next_u64() % (p.max_len as u64 + 1)) as usize,
        };
        for k in 0..len {
            let c = match col.last() {
                Some(&c) if k > 0 && s.next_u64() % 100 < p.dup_pct => c,
                _ => (s.next_u64() % p.ncols as u64) as usize,
            };
            col.push(c);
        }
        row_ptr.push(col.len());
    }
    Layout {
        nrows: p.nrows,
        ncols: p.ncols,
        row_ptr,
        col,
    }
}

type Range = std::ops::RangeInclusive<usize>;

/// Parameters with rows, columns and row lengths in the given ranges, `empty` percent of
/// rows empty, an optional dense row, and up to 30% repeated columns.
fn family(
    [nrows, ncols, max_len]: [Range; 3],
    empty: std::ops::RangeInclusive<u64>,
    dense: impl Strategy<Value = Option<(usize, usize)>>,
) -> impl Strategy<Value = Params> {
    let parts = (
        nrows,
        ncols,
        max_len,
        empty,
        dense,
        0..=30_u64,
        any::<u64>(),
    );
    parts.prop_map(
        |(nrows, ncols, max_len, empty_pct, dense, dup_pct, seed)| Params {
            nrows,
            ncols,
            max_len,
            empty_pct,
            dense,
            dup_pct,
            seed,
        },
    )
}

fn params() -> impl Strategy<Value = Params> {
    let dense_row = |rows, len| (rows, len).prop_map(Some);
    prop_oneof![
        // Small: 0 rows, 0 columns, empty rows, duplicates, a short dense row.
        family(
            [0..=40, 0..=40, 0..=6],
            0..=100,
            proptest::option::of((0..40_usize, 0..=80_usize))
        ),
        // Many regular rows: rows + nnz, and ELL slots, past the rayon thresholds (2^17).
        family([50_000..=80_000, 1..=5_000, 4..=8], 0..=20, Just(None)),
        // Few rows, one dense row spanning many 8192-item merge-path pieces and COO chunks
        // (its length alone is past the 2^17 sequential threshold).
        family(
            [1..=16, 1..=3_000, 0..=4],
            0..=50,
            dense_row(0..16_usize, 140_000..=200_000_usize)
        ),
        // Hypersparse: mostly empty rows, so chunks own long runs of empty rows.
        family([140_000..=200_000, 1..=1_000, 0..=3], 90..=99, Just(None)),
    ]
}

/// Compares a result with the oracle: `(got, want, accumulated?, what)`.
type Cmp<'a, T> = &'a dyn Fn(&[T], &[T], bool, &str);

/// Bitwise equality (`f32` by its bits, so `-0.0 != 0.0` and NaN equals itself).
fn exact<T: Copy + Debug, K: PartialEq + Debug>(
    key: fn(T) -> K,
) -> impl Fn(&[T], &[T], bool, &str) {
    move |got: &[T], want: &[T], _acc: bool, what: &str| {
        let (g, w): (Vec<K>, Vec<K>) = (
            got.iter().map(|&v| key(v)).collect(),
            want.iter().map(|&v| key(v)).collect(),
        );
        assert_eq!(g, w, "{what}");
    }
}

/// f64 rows within `2·n·eps·Σ|a·x|` (`assert_close` per row); accumulating adds `|y[r]|` and
/// one term.
fn close(l: &Layout, vals: &[f64], x: &[f64], y0: &[f64]) -> impl Fn(&[f64], &[f64], bool, &str) {
    let rows: Vec<(usize, f64)> = l
        .row_ptr
        .windows(2)
        .map(|w| {
            (
                w[1] - w[0],
                (w[0]..w[1]).map(|k| (vals[k] * x[l.col[k]]).abs()).sum(),
            )
        })
        .collect();
    let y0 = y0.to_vec();
    move |got: &[f64], want: &[f64], acc: bool, what: &str| {
        assert_eq!(got.len(), want.len(), "{what}: length");
        for (r, &(n, sum)) in rows.iter().enumerate() {
            let (n, sum) = if acc {
                (n + 1, sum + y0[r].abs())
            } else {
                (n, sum)
            };
            assert_close(
                &got[r..=r],
                &want[r..=r],
                n,
                sum,
                &format!("{what} row {r}"),
            );
        }
    }
}

/// `spmv`, and `spmv_into` accumulating and not (into a `y` holding `y0`), against `want`
/// (`y = A·x`) and `want_acc` (`y = y0 ⊕ A·x`).
#[allow(clippy::too_many_arguments)]
fn products<T, S, A>(
    s: S,
    a: &A,
    x: &[T],
    y0: &[T],
    want: &[T],
    want_acc: &[T],
    cmp: Cmp<'_, T>,
    what: &str,
) where
    T: DeviceCopy,
    S: Semiring<T>,
    A: SparseMatrix<T, B>,
    B: SpmvOps<T, A::Index, S>,
{
    let xd = dv::<T, B>(x);
    cmp(
        &host(&parallaxis::spmv(s, a, &xd).unwrap()),
        want,
        false,
        &format!("{what} spmv"),
    );
    for acc in [true, false] {
        let mut y = dv::<T, B>(y0);
        parallaxis::spmv_into(s, a, &xd, &mut y, acc).unwrap();
        let w = if acc { want_acc } else { want };
        cmp(
            &host(&y),
            w,
            acc,
            &format!("{what} spmv_into accumulate={acc}"),
        );
    }
}

/// The reference product of one format's arrays, plain and accumulated into `y0`.
fn oracle<T: Copy>(y0: &[T], f: impl Fn(&mut [T], bool)) -> (Vec<T>, Vec<T>) {
    let mut want = y0.to_vec();
    f(&mut want, false);
    let mut want_acc = y0.to_vec();
    f(&mut want_acc, true);
    (want, want_acc)
}

/// One format's reference results (plain, accumulated) against CSR's.
fn agree<T>(cmp: Cmp<'_, T>, got: (&[T], &[T]), want: (&[T], &[T]), what: &str) {
    cmp(got.0, want.0, false, what);
    cmp(got.1, want.1, true, what);
}

/// Every format against its own reference, and every format's reference against CSR's.
fn check<T, I, S>(s: S, l: &Layout, vals: &[T], x: &[T], y0: &[T], cmp: Cmp<'_, T>)
where
    T: DeviceCopy,
    I: SparseIndex,
    S: Semiring<T>,
    B: SpmvOps<T, I, S>,
{
    let idx = |v: &[usize]| -> Vec<I> { v.iter().map(|&i| I::from_usize(i).unwrap()).collect() };
    let (rp, ci) = (idx(&l.row_ptr), idx(&l.col));
    let csr =
        CsrMatrix::<T, I, B>::try_new(l.nrows, l.ncols, rp.clone(), ci.clone(), vals.to_vec())
            .unwrap();
    let (want, want_acc) = oracle(y0, |y, acc| r::spmv_csr(s, &rp, &ci, vals, x, y, acc));
    products(s, &csr, x, y0, &want, &want_acc, cmp, "CSR");

    let coo = csr.to_coo().unwrap();
    let (ri, cc, cv) = (host(coo.row_idx()), host(coo.col_idx()), host(coo.values()));
    let (w, wa) = oracle(y0, |y, acc| r::spmv_coo(s, &ri, &cc, &cv, x, y, acc));
    agree(cmp, (&w, &wa), (&want, &want_acc), "COO reference");
    products(s, &coo, x, y0, &w, &wa, cmp, "COO");

    let longest = l.row_ptr.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
    if l.nrows * longest <= MAX_ELL_SLOTS {
        let ell = csr.to_ell().unwrap();
        let (ec, ev) = (host(ell.col_idx()), host(ell.values()));
        let (w, wa) = oracle(y0, |y, acc| {
            r::spmv_ell(s, ell.width(), &ec, &ev, x, y, acc)
        });
        agree(cmp, (&w, &wa), (&want, &want_acc), "ELL reference");
        products(s, &ell, x, y0, &w, &wa, cmp, "ELL");
    }

    let hyb = csr.to_hyb().unwrap();
    let (ec, ev) = (host(hyb.ell().col_idx()), host(hyb.ell().values()));
    let (hr, hc, hv) = (
        host(hyb.coo().row_idx()),
        host(hyb.coo().col_idx()),
        host(hyb.coo().values()),
    );
    let (w, wa) = oracle(y0, |y, acc| {
        r::spmv_ell(s, hyb.ell().width(), &ec, &ev, x, y, acc);
        r::spmv_coo(s, &hr, &hc, &hv, x, y, true);
    });
    agree(cmp, (&w, &wa), (&want, &want_acc), "HYB reference");
    products(s, &hyb, x, y0, &w, &wa, cmp, "HYB");
}

/// `n` values from a seed.
fn draw<T>(n: usize, seed: u64, f: impl Fn(u64) -> T) -> Vec<T> {
    pseudo_random(n, seed).into_iter().map(f).collect()
}

/// Non-negative f32 in [0, 100) with 24 random mantissa bits (not on a dyadic grid).
fn nonneg_f32(u: u64) -> f32 {
    (u >> 40) as f32 / (1 << 24) as f32 * 100.0
}

fn plus_times_i64<I: SparseIndex>(p: &Params)
where
    B: SpmvOps<i64, I, PlusTimes>,
{
    let l = build(p);
    let vals = draw(l.col.len(), p.seed ^ 1, |u| u as i64);
    let x = draw(l.ncols, p.seed ^ 2, |u| u as i64);
    let y0 = draw(l.nrows, p.seed ^ 3, |u| u as i64);
    check::<i64, I, _>(PlusTimes, &l, &vals, &x, &y0, &exact(|v: i64| v));
}

fn plus_times_f64<I: SparseIndex>(p: &Params)
where
    B: SpmvOps<f64, I, PlusTimes>,
{
    let l = build(p);
    let unit = |u: u64| (u >> 11) as f64 / (1_u64 << 53) as f64 * 2e3 - 1e3;
    let vals = draw(l.col.len(), p.seed ^ 4, unit);
    let x = draw(l.ncols, p.seed ^ 5, unit);
    let y0 = draw(l.nrows, p.seed ^ 6, unit);
    check::<f64, I, _>(PlusTimes, &l, &vals, &x, &y0, &close(&l, &vals, &x, &y0));
}

/// MinPlus and MaxTimes on non-negative f32: min and max do not round and each product is
/// computed identically, so every order gives the same bits. MinPlus `x` holds some `+inf`
/// (unreached vertices); MaxTimes `x` none (`0 × inf` would be NaN).
fn tropical_f32<I: SparseIndex>(p: &Params)
where
    B: SpmvOps<f32, I, MinPlus> + SpmvOps<f32, I, MaxTimes>,
{
    let l = build(p);
    let vals = draw(l.col.len(), p.seed ^ 7, nonneg_f32);
    let x = draw(l.ncols, p.seed ^ 8, |u| {
        if u % 8 == 0 {
            f32::INFINITY
        } else {
            nonneg_f32(u)
        }
    });
    let y0 = draw(l.nrows, p.seed ^ 9, nonneg_f32);
    check::<f32, I, _>(MinPlus, &l, &vals, &x, &y0, &exact(f32::to_bits));
    let x = draw(l.ncols, p.seed ^ 10, nonneg_f32);
    check::<f32, I, _>(MaxTimes, &l, &vals, &x, &y0, &exact(f32::to_bits));
}

fn or_and<I: SparseIndex>(p: &Params)
where
    B: SpmvOps<bool, I, OrAnd>,
{
    let l = build(p);
    let vals = draw(l.col.len(), p.seed ^ 11, |u| u % 4 != 0);
    let x = draw(l.ncols, p.seed ^ 12, |u| u % 5 == 0);
    let y0 = draw(l.nrows, p.seed ^ 13, |u| u % 7 == 0);
    check::<bool, I, _>(OrAnd, &l, &vals, &x, &y0, &exact(|v: bool| v));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn plus_times_i64_u32(p in params()) { require_gpu!(proptest); plus_times_i64::<u32>(&p); }

    #[test]
    fn plus_times_i64_u64(p in params()) { require_gpu!(proptest); plus_times_i64::<u64>(&p); }

    #[test]
    fn plus_times_f64_u32(p in params()) { require_gpu!(proptest); plus_times_f64::<u32>(&p); }

    #[test]
    fn tropical_f32_u32(p in params()) { require_gpu!(proptest); tropical_f32::<u32>(&p); }

    #[test]
    fn or_and_u64(p in params()) { require_gpu!(proptest); or_and::<u64>(&p); }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `from_triplets` sorts by (row, col) stably; CSR, COO and ELL round-trip.
    #[test]
    fn triplets_and_round_trips(
        (nrows, ncols, t) in (1..=12_usize, 1..=12_usize).prop_flat_map(|(nr, nc)| {
            let entry = (0..nr as u32, 0..nc as u32, any::<i32>());
            (Just(nr), Just(nc), proptest::collection::vec(entry, 0..60))
        })
    ) {
        require_gpu!(proptest);
        let rows: Vec<u32> = t.iter().map(|e| e.0).collect();
        let cols: Vec<u32> = t.iter().map(|e| e.1).collect();
        let vals: Vec<i32> = t.iter().map(|e| e.2).collect();
        let coo = CooMatrix::<i32, u32, B>::from_triplets(nrows, ncols, rows, cols, vals).unwrap();
        let mut sorted = t.clone();
        sorted.sort_by_key(|e| (e.0, e.1)); // stable, like from_triplets
        let (r, c, v) = (host(coo.row_idx()), host(coo.col_idx()), host(coo.values()));
        let got: Vec<(u32, u32, i32)> = (0..coo.nnz()).map(|k| (r[k], c[k], v[k])).collect();
        prop_assert_eq!(&got, &sorted);
        let csr = coo.to_csr().unwrap();
        let back = csr.to_coo().unwrap();
        prop_assert_eq!(host(back.row_idx()), host(coo.row_idx()));
        prop_assert_eq!(host(back.values()), host(coo.values()));
        let again = csr.to_ell().unwrap().to_csr().unwrap();
        prop_assert_eq!(host(again.row_ptr()), host(csr.row_ptr()));
        prop_assert_eq!(host(again.col_idx()), host(csr.col_idx()));
        prop_assert_eq!(host(again.values()), host(csr.values()));
    }
}

#[test]
fn bad_lengths_are_errors_and_leave_y_alone() {
    require_gpu!();
    let a = CsrMatrix::<i64, u32, B>::try_new(2, 3, vec![0, 1, 3], vec![2, 0, 1], vec![1, 2, 3])
        .unwrap();
    let err = parallaxis::spmv(PlusTimes, &a, &dv::<i64, B>(&[1, 2])).unwrap_err();
    assert!(
        matches!(
            err,
            Error::LengthMismatch {
                expected: 3,
                actual: 2,
                ..
            }
        ),
        "{err:?}"
    );
    let mut y = dv::<i64, B>(&[7, 8, 9]);
    let err =
        parallaxis::spmv_into(PlusTimes, &a, &dv::<i64, B>(&[1, 2, 3]), &mut y, true).unwrap_err();
    assert!(
        matches!(
            err,
            Error::LengthMismatch {
                expected: 2,
                actual: 3,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(host(&y), [7, 8, 9]);
    let bad = CooMatrix::<i64, u32, B>::from_triplets(2, 2, vec![0, 5], vec![0, 0], vec![1, 1]);
    assert!(
        matches!(bad, Err(Error::InvalidSparse { .. })),
        "row 5 of 2 accepted"
    );
    let short = CooMatrix::<i64, u32, B>::from_triplets(2, 2, vec![0], vec![0, 1], vec![1]);
    assert!(
        matches!(short, Err(Error::LengthMismatch { .. })),
        "length mismatch accepted"
    );
}
