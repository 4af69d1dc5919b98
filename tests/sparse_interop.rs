//! Conversions of `CsrMatrix` to and from `sprs::CsMat` and `nalgebra_sparse::CsrMatrix`
//! (features `sprs` and `nalgebra-sparse`): round trips keep every entry, CSC input
//! is converted, rows parallaxis holds unsorted come out sorted, duplicates and indices that do
//! not fit are typed errors, and SpMV on a converted matrix matches the dense product.
#![cfg(all(feature = "sprs", feature = "nalgebra-sparse"))]

use parallaxis::{ops::PlusTimes, sparse::CsrMatrix, DeviceVector, Error, Sequential};
use proptest::prelude::*;

type B = Sequential;

/// A random `nrows × ncols` matrix as sorted, distinct (row, col, value) triplets.
fn triplets() -> impl Strategy<Value = (usize, usize, Vec<(usize, usize, i64)>)> {
    (1_usize..40, 1_usize..40).prop_flat_map(|(r, c)| {
        let cells = prop::collection::btree_map((0..r, 0..c), -50_i64..50, 0..(r * c).min(200));
        cells.prop_map(move |m| (r, c, m.into_iter().map(|((i, j), v)| (i, j, v)).collect()))
    })
}

fn dense(nrows: usize, ncols: usize, t: &[(usize, usize, i64)]) -> Vec<i64> {
    let mut d = vec![0; nrows * ncols];
    for &(i, j, v) in t {
        d[i * ncols + j] += v;
    }
    d
}

fn dense_of(a: &CsrMatrix<i64, u32, B>) -> Vec<i64> {
    let (rp, ci, v) = (
        a.row_ptr().to_vec().unwrap(),
        a.col_idx().to_vec().unwrap(),
        a.values().to_vec().unwrap(),
    );
    let mut d = vec![0; a.nrows() * a.ncols()];
    for r in 0..a.nrows() {
        for k in rp[r] as usize..rp[r + 1] as usize {
            d[r * a.ncols() + ci[k] as usize] += v[k];
        }
    }
    d
}

/// `y = A·x` with parallaxis, against the dense product.
fn check_spmv(a: &CsrMatrix<i64, u32, B>, want_dense: &[i64]) {
    let x: Vec<i64> = (0..a.ncols() as i64).map(|j| 3 - j).collect();
    let y = parallaxis::spmv(
        PlusTimes,
        a,
        &DeviceVector::<i64, B>::from_slice(&x).unwrap(),
    )
    .unwrap();
    let want: Vec<i64> = (0..a.nrows())
        .map(|i| {
            (0..a.ncols())
                .map(|j| want_dense[i * a.ncols() + j] * x[j])
                .sum()
        })
        .collect();
    assert_eq!(y.to_vec().unwrap(), want, "spmv of a converted matrix");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn sprs_round_trip((r, c, t) in triplets()) {
        let mut tri = sprs::TriMat::new((r, c));
        for &(i, j, v) in &t { tri.add_triplet(i, j, v); }
        let csr: sprs::CsMat<i64> = tri.to_csr();
        let csc: sprs::CsMat<i64> = tri.to_csc();
        let want = dense(r, c, &t);
        for m in [&csr, &csc] {
            let a = CsrMatrix::<i64, u32, B>::from_sprs(m).unwrap();
            prop_assert_eq!(dense_of(&a), want.clone());
            check_spmv(&a, &want);
            prop_assert_eq!(a.to_sprs().unwrap(), csr.clone());
        }
    }

    #[test]
    fn nalgebra_round_trip((r, c, t) in triplets()) {
        let mut coo = nalgebra_sparse::CooMatrix::new(r, c);
        for &(i, j, v) in &t { coo.push(i, j, v); }
        let m = nalgebra_sparse::CsrMatrix::from(&coo);
        let a = CsrMatrix::<i64, u32, B>::from_nalgebra(&m).unwrap();
        let want = dense(r, c, &t);
        prop_assert_eq!(dense_of(&a), want.clone());
        check_spmv(&a, &want);
        prop_assert_eq!(a.to_nalgebra().unwrap(), m);
    }
}

/// parallaxis accepts unsorted rows; both crates get them sorted.
#[test]
fn unsorted_rows_come_out_sorted() {
    let a = CsrMatrix::<i64, u32, B>::try_new(
        2,
        4,
        vec![0, 3, 4],
        vec![3, 0, 2, 1],
        vec![30, 0, 20, 11],
    )
    .unwrap();
    let s = a.to_sprs().unwrap();
    assert_eq!(s.indices(), [0, 2, 3, 1]);
    assert_eq!(s.data(), [0, 20, 30, 11]);
    let n = a.to_nalgebra().unwrap();
    assert_eq!(n.col_indices(), [0, 2, 3, 1]);
    assert_eq!(n.values(), [0, 20, 30, 11]);
}

/// A duplicate column in a row is an error for both crates, not a panic.
#[test]
fn duplicate_columns_are_rejected() {
    let a = CsrMatrix::<i64, u32, B>::try_new(1, 3, vec![0, 2], vec![1, 1], vec![1, 2]).unwrap();
    assert!(matches!(
        a.to_sprs(),
        Err(Error::InvalidArgument {
            what: "sprs::CsMat",
            ..
        })
    ));
    assert!(matches!(
        a.to_nalgebra(),
        Err(Error::InvalidArgument {
            what: "nalgebra_sparse::CsrMatrix",
            ..
        })
    ));
}

/// A matrix wider than the index type holds is a typed error.
#[test]
fn indices_that_do_not_fit_are_rejected() {
    let wide = 1_usize << 33;
    let m = sprs::CsMat::new((1, wide), vec![0, 1], vec![wide - 1], vec![1.0_f32]);
    assert!(matches!(
        CsrMatrix::<f32, u32, B>::from_sprs(&m),
        Err(Error::InvalidSparse { .. })
    ));
    let ok = CsrMatrix::<f32, u64, B>::from_sprs(&m).unwrap();
    assert_eq!(ok.ncols(), wide);
}
