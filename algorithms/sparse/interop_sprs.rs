//! [`CsrMatrix`] to and from `sprs::CsMat` (feature `sprs`). Both directions go through host
//! memory (a copy), and what enters parallaxis is validated like any matrix built here.

use super::interop_rows::{from_rows, sorted_rows};
use super::CsrMatrix;
use crate::{Backend, Error, Result};
use parallaxis_core::{DeviceCopy, SparseIndex};

impl<T: DeviceCopy, I: SparseIndex, B: Backend> CsrMatrix<T, I, B> {
    /// Builds a CSR matrix from a `sprs` matrix (CSR, or CSC converted to CSR first), with
    /// indices of type `I`.
    ///
    /// # Errors
    /// [`Error::InvalidSparse`] with `IndexOverflow` when a dimension or the number of
    /// entries does not fit `I`; out of memory or a device fault.
    ///
    /// ```
    /// use parallaxis::{sparse::CsrMatrix, Sequential};
    /// let m = sprs::CsMat::new((2, 3), vec![0, 1, 3], vec![2, 0, 1], vec![5.0_f64, 1.0, 2.0]);
    /// let a = CsrMatrix::<f64, u32, Sequential>::from_sprs(&m)?;
    /// assert_eq!((a.nrows(), a.ncols(), a.nnz()), (2, 3, 3));
    /// assert_eq!(a.to_sprs()?, m);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    pub fn from_sprs(m: &sprs::CsMat<T>) -> Result<Self> {
        if m.is_csr() {
            let rows = m
                .outer_iterator()
                .map(|row| row.iter().map(|(col, &v)| (col, v)).collect::<Vec<_>>());
            return from_rows(m.rows(), m.cols(), rows);
        }
        // CSC: bucket the entries by row; columns are walked in order, so each row comes out
        // sorted by column (sprs's own `to_csr` would need `T: Default`).
        let mut rows: Vec<Vec<(usize, T)>> = vec![Vec::new(); m.rows()];
        for (col, column) in m.outer_iterator().enumerate() {
            for (row, &v) in column.iter() {
                rows[row].push((col, v));
            }
        }
        from_rows(m.rows(), m.cols(), rows.into_iter())
    }

    /// Copies the matrix into a `sprs::CsMat` (CSR, `usize` indices). `sprs` requires the
    /// columns of a row sorted and distinct: rows are sorted by column here.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when a row holds the same column twice (parallaxis accepts
    /// that, `sprs` does not); a device fault.
    pub fn to_sprs(&self) -> Result<sprs::CsMat<T>> {
        let (row_ptr, col_idx, values) = sorted_rows(self, "sprs::CsMat")?;
        sprs::CsMat::try_new((self.nrows(), self.ncols()), row_ptr, col_idx, values).map_err(|_| {
            Error::InvalidArgument {
                what: "sprs::CsMat",
                reason: "sprs rejected the structure",
            }
        })
    }
}
