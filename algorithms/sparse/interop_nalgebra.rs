//! [`CsrMatrix`] to and from `nalgebra_sparse::CsrMatrix` (feature `nalgebra-sparse`). Both
//! directions go through host memory (a copy), and what enters parallaxis is validated like any
//! matrix built here.

use super::interop_rows::{from_rows, sorted_rows};
use super::CsrMatrix;
use crate::{Backend, Error, Result};
use parallaxis_core::{DeviceCopy, SparseIndex};

impl<T: DeviceCopy, I: SparseIndex, B: Backend> CsrMatrix<T, I, B> {
    /// Builds a CSR matrix from a `nalgebra_sparse` CSR matrix, with indices of type `I`.
    ///
    /// # Errors
    /// [`Error::InvalidSparse`] with `IndexOverflow` when a dimension or the number of
    /// entries does not fit `I`; out of memory or a device fault.
    ///
    /// ```
    /// use parallaxis::{sparse::CsrMatrix, Sequential};
    /// let m = nalgebra_sparse::CsrMatrix::try_from_csr_data(
    ///     2, 3, vec![0, 1, 3], vec![2, 0, 1], vec![5.0_f64, 1.0, 2.0],
    /// ).unwrap();
    /// let a = CsrMatrix::<f64, u32, Sequential>::from_nalgebra(&m)?;
    /// assert_eq!((a.nrows(), a.ncols(), a.nnz()), (2, 3, 3));
    /// assert_eq!(a.to_nalgebra()?, m);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    pub fn from_nalgebra(m: &nalgebra_sparse::CsrMatrix<T>) -> Result<Self> {
        let rows = m.row_iter().map(|row| {
            row.col_indices()
                .iter()
                .zip(row.values())
                .map(|(&col, &v)| (col, v))
                .collect::<Vec<_>>()
        });
        from_rows(m.nrows(), m.ncols(), rows)
    }

    /// Copies the matrix into a `nalgebra_sparse::CsrMatrix` (`usize` indices), rows sorted
    /// by column, as `nalgebra_sparse` requires.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when a row holds the same column twice (parallaxis accepts
    /// that, `nalgebra_sparse` does not); a device fault.
    pub fn to_nalgebra(&self) -> Result<nalgebra_sparse::CsrMatrix<T>> {
        let (row_ptr, col_idx, values) = sorted_rows(self, "nalgebra_sparse::CsrMatrix")?;
        nalgebra_sparse::CsrMatrix::try_from_csr_data(
            self.nrows(),
            self.ncols(),
            row_ptr,
            col_idx,
            values,
        )
        .map_err(|_| Error::InvalidArgument {
            what: "nalgebra_sparse::CsrMatrix",
            reason: "nalgebra_sparse rejected the structure",
        })
    }
}
