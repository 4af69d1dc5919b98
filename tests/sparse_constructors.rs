//! The sparse constructors on arbitrary arrays (a property test run as a normal
//! test). Each of `CsrMatrix::try_new`, `CooMatrix::try_new`, `CooMatrix::from_triplets`,
//! `EllMatrix::try_new` and `HybMatrix::try_new` either refuses with `LengthMismatch` or
//! `InvalidSparse`, or builds a matrix whose invariants this file checks on its own; every
//! matrix built converts to every other format with the same entries.

use parallaxis::{
    sparse::{CooMatrix, CsrMatrix, EllMatrix, HybMatrix},
    Error, Sequential,
};
use proptest::prelude::*;
use std::collections::BTreeMap;

type Entries = BTreeMap<(usize, usize), i64>;

/// Dimensions: small ones, and ones that do not fit `u32` (which no constructor may accept;
/// a fitting but huge one would make the conversions below allocate gigabytes).
fn dim() -> impl Strategy<Value = usize> {
    prop_oneof![8 => 0_usize..6, 1 => Just(u32::MAX as usize), 1 => Just(usize::MAX)]
}

/// Indices: mostly in range, sometimes the padding marker or anything.
fn indices() -> impl Strategy<Value = Vec<u32>> {
    let index = prop_oneof![8 => 0_u32..7, 1 => Just(u32::MAX), 1 => any::<u32>()];
    proptest::collection::vec(index, 0..10)
}

fn values() -> impl Strategy<Value = Vec<i64>> {
    proptest::collection::vec(-3_i64..4, 0..10)
}

/// The row of each entry of valid-looking row pointers (`None` when they decrease).
fn csr_rows(row_ptr: &[u32]) -> Option<Vec<u32>> {
    let mut rows = Vec::new();
    for (r, w) in row_ptr.windows(2).enumerate() {
        let len = w[1].checked_sub(w[0])?;
        rows.extend(std::iter::repeat_n(r as u32, len as usize));
    }
    Some(rows)
}

/// A refusal must be one of the structural errors.
fn refused(e: &Error) -> Result<(), TestCaseError> {
    prop_assert!(
        matches!(
            e,
            Error::LengthMismatch { .. } | Error::InvalidSparse { .. }
        ),
        "unexpected error {e:?}"
    );
    Ok(())
}

/// The sum of every stored entry at each position (duplicates fold).
fn add(m: &mut Entries, r: usize, c: usize, v: i64) {
    let e = m.entry((r, c)).or_insert(0);
    *e = e.wrapping_add(v);
}

fn coo_entries(a: &CooMatrix<i64, u32, Sequential>) -> Entries {
    let mut m = Entries::new();
    for k in 0..a.nnz() {
        add(
            &mut m,
            a.row_idx()[k] as usize,
            a.col_idx()[k] as usize,
            a.values()[k],
        );
    }
    m
}

fn csr_entries(a: &CsrMatrix<i64, u32, Sequential>) -> Entries {
    let mut m = Entries::new();
    for r in 0..a.nrows() {
        for k in a.row_ptr()[r] as usize..a.row_ptr()[r + 1] as usize {
            add(&mut m, r, a.col_idx()[k] as usize, a.values()[k]);
        }
    }
    m
}

fn ell_entries(a: &EllMatrix<i64, u32, Sequential>) -> Entries {
    let mut m = Entries::new();
    for r in 0..a.nrows() {
        for k in 0..a.width() {
            let slot = k * a.nrows() + r;
            if a.col_idx()[slot] != u32::MAX {
                add(&mut m, r, a.col_idx()[slot] as usize, a.values()[slot]);
            }
        }
    }
    m
}

/// CSR invariants, checked here without the library, then every conversion.
fn check_csr(a: &CsrMatrix<i64, u32, Sequential>) -> Result<(), TestCaseError> {
    let (rp, ci) = (a.row_ptr().as_slice(), a.col_idx().as_slice());
    prop_assert_eq!(rp.len(), a.nrows() + 1);
    prop_assert_eq!(rp[0], 0);
    prop_assert!(rp.windows(2).all(|w| w[0] <= w[1]));
    prop_assert_eq!(rp[a.nrows()] as usize, a.nnz());
    prop_assert!(ci.iter().all(|&c| (c as usize) < a.ncols()));
    let want = csr_entries(a);
    let coo = a.to_coo().unwrap();
    prop_assert_eq!(&coo_entries(&coo), &want);
    prop_assert_eq!(&csr_entries(&coo.to_csr().unwrap()), &want);
    let ell = a.to_ell().unwrap();
    prop_assert_eq!(&ell_entries(&ell), &want);
    prop_assert_eq!(&csr_entries(&ell.to_csr().unwrap()), &want);
    let hyb = a.to_hyb().unwrap();
    let mut split = ell_entries(hyb.ell());
    for ((r, c), v) in coo_entries(hyb.coo()) {
        add(&mut split, r, c, v);
    }
    split.retain(|_, v| *v != 0);
    let mut nonzero = want.clone();
    nonzero.retain(|_, v| *v != 0);
    prop_assert_eq!(split, nonzero);
    Ok(())
}

fn check_coo(a: &CooMatrix<i64, u32, Sequential>) -> Result<(), TestCaseError> {
    let (ri, ci) = (a.row_idx().as_slice(), a.col_idx().as_slice());
    prop_assert!(ri.windows(2).all(|w| w[0] <= w[1]), "rows not sorted");
    prop_assert!(ri.iter().all(|&r| (r as usize) < a.nrows()));
    prop_assert!(ci.iter().all(|&c| (c as usize) < a.ncols()));
    let csr = a.to_csr().unwrap();
    prop_assert_eq!(csr_entries(&csr), coo_entries(a));
    check_csr(&csr)
}

/// CSR arrays that are valid more often than not: prefix sums of random row lengths, columns
/// mostly in range, and sometimes one entry of any array replaced or a value dropped.
fn near_csr() -> impl Strategy<Value = (usize, usize, Vec<u32>, Vec<u32>, Vec<i64>)> {
    (0_usize..5, 1_usize..5)
        .prop_flat_map(|(nrows, ncols)| {
            let lens = proptest::collection::vec(0_u32..3, nrows);
            (Just(nrows), Just(ncols), lens, any::<(u8, u8, u32)>())
        })
        .prop_flat_map(|(nrows, ncols, lens, edit)| {
            let mut row_ptr = vec![0_u32];
            for l in &lens {
                row_ptr.push(row_ptr.last().unwrap() + l);
            }
            let nnz = *row_ptr.last().unwrap() as usize;
            let cols = proptest::collection::vec(0..ncols as u32 + 1, nnz);
            let vals = proptest::collection::vec(-3_i64..4, nnz);
            (Just((nrows, ncols, row_ptr, edit)), cols, vals)
        })
        .prop_map(
            |((nrows, ncols, mut row_ptr, (which, at, to)), cols, mut vals)| {
                match which % 8 {
                    0 => {
                        let k = at as usize % row_ptr.len();
                        row_ptr[k] = to % 8;
                    }
                    1 => {
                        vals.pop();
                    }
                    _ => {}
                }
                (nrows, ncols, row_ptr, cols, vals)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn csr_from_near_valid_arrays((nrows, ncols, row_ptr, col_idx, vals) in near_csr()) {
        let rows = csr_rows(&row_ptr);
        match CsrMatrix::<i64, u32, Sequential>::try_new(nrows, ncols, row_ptr, col_idx.clone(), vals.clone()) {
            Ok(a) => check_csr(&a)?,
            Err(e) => refused(&e)?,
        }
        // The same entries as COO triplets (rows from the pointers, where they are valid).
        if let Some(rows) = rows.filter(|r| r.len() == col_idx.len()) {
            match CooMatrix::<i64, u32, Sequential>::try_new(nrows, ncols, rows, col_idx, vals) {
                Ok(a) => check_coo(&a)?,
                Err(e) => refused(&e)?,
            }
        }
    }

    #[test]
    fn csr_from_arbitrary_arrays(
        (nrows, ncols) in (dim(), dim()),
        row_ptr in indices(),
        col_idx in indices(),
        vals in values(),
    ) {
        match CsrMatrix::<i64, u32, Sequential>::try_new(nrows, ncols, row_ptr, col_idx, vals) {
            Ok(a) => check_csr(&a)?,
            Err(e) => refused(&e)?,
        }
    }

    #[test]
    fn coo_from_arbitrary_arrays(
        (nrows, ncols) in (dim(), dim()),
        mut rows in indices(),
        mut cols in indices(),
        mut vals in values(),
        keep_lengths in proptest::bool::weighted(0.2),
    ) {
        // Mostly of one length, so that the other checks are reached.
        if !keep_lengths {
            let n = rows.len().min(cols.len()).min(vals.len());
            rows.truncate(n);
            cols.truncate(n);
            vals.truncate(n);
        }
        match CooMatrix::<i64, u32, Sequential>::try_new(nrows, ncols, rows.clone(), cols.clone(), vals.clone()) {
            Ok(a) => check_coo(&a)?,
            Err(e) => refused(&e)?,
        }
        match CooMatrix::<i64, u32, Sequential>::from_triplets(nrows, ncols, rows.clone(), cols.clone(), vals.clone()) {
            Ok(a) => {
                let mut want = Entries::new();
                for k in 0..rows.len() {
                    add(&mut want, rows[k] as usize, cols[k] as usize, vals[k]);
                }
                prop_assert_eq!(coo_entries(&a), want);
                check_coo(&a)?;
            }
            Err(e) => refused(&e)?,
        }
    }

    #[test]
    fn ell_and_hyb_from_arbitrary_arrays(
        (nrows, ncols) in (dim(), dim()),
        width in prop_oneof![4 => 0_usize..4, 1 => Just(usize::MAX)],
        col_idx in indices(),
        vals in values(),
    ) {
        match EllMatrix::<i64, u32, Sequential>::try_new(nrows, ncols, width, col_idx, vals) {
            Ok(a) => {
                let ci = a.col_idx().as_slice();
                prop_assert_eq!(ci.len(), a.nrows() * a.width());
                for r in 0..a.nrows() {
                    let row: Vec<u32> = (0..a.width()).map(|k| ci[k * a.nrows() + r]).collect();
                    let stored = row.iter().take_while(|&&c| c != u32::MAX).count();
                    prop_assert!(row[stored..].iter().all(|&c| c == u32::MAX), "padding not trailing");
                    prop_assert!(row[..stored].iter().all(|&c| (c as usize) < a.ncols()));
                }
                let csr = a.to_csr().unwrap();
                prop_assert_eq!(csr_entries(&csr), ell_entries(&a));
                check_csr(&csr)?;
                let empty = CooMatrix::<i64, u32, Sequential>::try_new(a.nrows(), a.ncols(), vec![], vec![], vec![]).unwrap();
                prop_assert!(HybMatrix::try_new(a, empty).is_ok());
            }
            Err(e) => refused(&e)?,
        }
    }

    /// HYB parts of different shapes are refused.
    #[test]
    fn hyb_of_mismatched_parts(a in 0_usize..4, b in 0_usize..4, c in 0_usize..4, d in 0_usize..4) {
        let ell = EllMatrix::<i64, u32, Sequential>::try_new(a, b, 0, vec![], vec![]).unwrap();
        let coo = CooMatrix::<i64, u32, Sequential>::try_new(c, d, vec![], vec![], vec![]).unwrap();
        match HybMatrix::try_new(ell, coo) {
            Ok(h) => prop_assert_eq!((h.nrows(), h.ncols(), a, b), (c, d, c, d)),
            Err(e) => {
                prop_assert!((a, b) != (c, d));
                refused(&e)?;
            }
        }
    }
}
