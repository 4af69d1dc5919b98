//! Compressed sparse row storage.

use super::validate::{check_below, check_fits, check_offsets};
use crate::{Backend, DefaultBackend, DeviceVector, Error, Result, SparseProblem};
use parallaxis_core::{DeviceCopy, SparseIndex};

/// A CSR matrix: row `r` holds entries `row_ptr[r]..row_ptr[r + 1]` of `col_idx`/`values`.
/// Columns within a row may be in any order and may repeat (SpMV folds them in storage order).
///
/// ```
/// use parallaxis::{sparse::CsrMatrix, DeviceVector, ops::PlusTimes};
/// // [[2, 0], [1, 3]]
/// let a = CsrMatrix::<f64>::try_new(2, 2, vec![0, 1, 3], vec![0, 0, 1], vec![2.0, 1.0, 3.0])?;
/// let x = DeviceVector::from_slice(&[1.0, 10.0])?;
/// assert_eq!(parallaxis::spmv(PlusTimes, &a, &x)?.to_vec()?, [2.0, 31.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub struct CsrMatrix<T: DeviceCopy, I: SparseIndex = u32, B: Backend = DefaultBackend> {
    nrows: usize,
    ncols: usize,
    row_ptr: DeviceVector<I, B>,
    col_idx: DeviceVector<I, B>,
    values: DeviceVector<T, B>,
    /// The longest row's entry count (backends pick a kernel from it).
    max_row_len: usize,
}

const FORMAT: &str = "CSR";

fn invalid(problem: SparseProblem) -> Error {
    Error::InvalidSparse {
        format: FORMAT,
        problem,
    }
}

impl<T: DeviceCopy, I: SparseIndex, B: Backend> CsrMatrix<T, I, B> {
    /// Validates and uploads a CSR matrix.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when `row_ptr.len() != nrows + 1` or `col_idx` and `values`
    /// differ in length; [`Error::InvalidSparse`] when `row_ptr` does not start at 0, decreases,
    /// or does not end at nnz, when a column is `>= ncols`, or when a dimension does not fit
    /// `I`; out of memory.
    pub fn try_new(
        nrows: usize,
        ncols: usize,
        row_ptr: Vec<I>,
        col_idx: Vec<I>,
        values: Vec<T>,
    ) -> Result<Self> {
        let expected_ptrs = nrows.checked_add(1).ok_or_else(|| {
            invalid(SparseProblem::IndexOverflow {
                what: "nrows",
                value: nrows,
            })
        })?;
        if row_ptr.len() != expected_ptrs {
            return Err(Error::LengthMismatch {
                what: "CSR row_ptr (nrows + 1)",
                expected: expected_ptrs,
                actual: row_ptr.len(),
            });
        }
        if values.len() != col_idx.len() {
            return Err(Error::LengthMismatch {
                what: "CSR values (nnz = col_idx.len())",
                expected: col_idx.len(),
                actual: values.len(),
            });
        }
        check_fits::<I>("nrows", nrows).map_err(invalid)?;
        check_fits::<I>("ncols", ncols).map_err(invalid)?;
        check_fits::<I>("nnz", col_idx.len()).map_err(invalid)?;
        check_offsets(&row_ptr, col_idx.len()).map_err(invalid)?;
        check_below(&col_idx, ncols, |at, col| SparseProblem::ColumnOutOfRange {
            at,
            col,
            ncols,
        })
        .map_err(invalid)?;
        // SAFETY: every invariant `new_unchecked` requires was checked above.
        unsafe { Self::new_unchecked(nrows, ncols, row_ptr, col_idx, values) }
    }

    /// Uploads a CSR matrix without checking its structure.
    ///
    /// # Safety
    /// The arrays must satisfy everything [`try_new`](Self::try_new) checks: a GPU kernel
    /// reading an out-of-range column would read out of bounds.
    ///
    /// # Errors
    /// Out of memory or a device fault.
    pub unsafe fn new_unchecked(
        nrows: usize,
        ncols: usize,
        row_ptr: Vec<I>,
        col_idx: Vec<I>,
        values: Vec<T>,
    ) -> Result<Self> {
        let max_row_len = row_ptr
            .windows(2)
            .map(|w| w[1].to_usize().saturating_sub(w[0].to_usize()))
            .max()
            .unwrap_or(0);
        Ok(Self {
            nrows,
            ncols,
            max_row_len,
            row_ptr: DeviceVector::from_vec(row_ptr)?,
            col_idx: DeviceVector::from_vec(col_idx)?,
            values: DeviceVector::from_vec(values)?,
        })
    }

    /// Number of rows.
    pub fn nrows(&self) -> usize {
        self.nrows
    }
    /// Number of columns.
    pub fn ncols(&self) -> usize {
        self.ncols
    }
    /// Number of stored entries.
    pub fn nnz(&self) -> usize {
        self.values.len()
    }
    /// The number of entries in the longest row (0 without rows).
    pub fn max_row_len(&self) -> usize {
        self.max_row_len
    }
    /// Row pointers (`nrows + 1`).
    pub fn row_ptr(&self) -> &DeviceVector<I, B> {
        &self.row_ptr
    }
    /// Column index of each stored entry.
    pub fn col_idx(&self) -> &DeviceVector<I, B> {
        &self.col_idx
    }
    /// Value of each stored entry.
    pub fn values(&self) -> &DeviceVector<T, B> {
        &self.values
    }
}
