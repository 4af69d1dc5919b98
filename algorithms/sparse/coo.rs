//! Coordinate (triplet) storage, rows sorted.

use super::validate::{check_below, check_fits};
use crate::{Backend, DefaultBackend, DeviceVector, Error, Result, SparseProblem};
use parallaxis_core::{DeviceCopy, SparseIndex};

/// A COO matrix: entry `k` is `(row_idx[k], col_idx[k], values[k])`, with `row_idx`
/// non-decreasing so each row's entries are contiguous (duplicates are allowed and folded).
///
/// ```
/// use parallaxis::{sparse::CooMatrix, DeviceVector, ops::PlusTimes};
/// let a = CooMatrix::<i32>::try_new(2, 3, vec![0, 0, 1], vec![0, 2, 1], vec![1, 2, 3])?;
/// let x = DeviceVector::from_slice(&[1, 1, 1])?;
/// assert_eq!(parallaxis::spmv(PlusTimes, &a, &x)?.to_vec()?, [3, 3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub struct CooMatrix<T: DeviceCopy, I: SparseIndex = u32, B: Backend = DefaultBackend> {
    nrows: usize,
    ncols: usize,
    row_idx: DeviceVector<I, B>,
    col_idx: DeviceVector<I, B>,
    values: DeviceVector<T, B>,
}

fn invalid(problem: SparseProblem) -> Error {
    Error::InvalidSparse {
        format: "COO",
        problem,
    }
}

impl<T: DeviceCopy, I: SparseIndex, B: Backend> CooMatrix<T, I, B> {
    /// Validates and uploads a COO matrix.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when the three arrays differ in length;
    /// [`Error::InvalidSparse`] for a row or column out of range, rows not sorted, or a
    /// dimension that does not fit `I`; out of memory.
    pub fn try_new(
        nrows: usize,
        ncols: usize,
        row_idx: Vec<I>,
        col_idx: Vec<I>,
        values: Vec<T>,
    ) -> Result<Self> {
        for (what, len) in [("COO col_idx", col_idx.len()), ("COO values", values.len())] {
            if len != row_idx.len() {
                return Err(Error::LengthMismatch {
                    what,
                    expected: row_idx.len(),
                    actual: len,
                });
            }
        }
        check_fits::<I>("nrows", nrows).map_err(invalid)?;
        check_fits::<I>("ncols", ncols).map_err(invalid)?;
        check_below(&row_idx, nrows, |at, row| SparseProblem::RowOutOfRange {
            at,
            row,
            nrows,
        })
        .map_err(invalid)?;
        check_below(&col_idx, ncols, |at, col| SparseProblem::ColumnOutOfRange {
            at,
            col,
            ncols,
        })
        .map_err(invalid)?;
        if let Some(at) = row_idx.windows(2).position(|w| w[1] < w[0]) {
            return Err(invalid(SparseProblem::RowsNotSorted { at: at + 1 }));
        }
        // SAFETY: every invariant `new_unchecked` requires was checked above.
        unsafe { Self::new_unchecked(nrows, ncols, row_idx, col_idx, values) }
    }

    /// Uploads a COO matrix without checking its structure.
    ///
    /// # Safety
    /// The arrays must satisfy everything [`try_new`](Self::try_new) checks.
    ///
    /// # Errors
    /// Out of memory or a device fault.
    pub unsafe fn new_unchecked(
        nrows: usize,
        ncols: usize,
        row_idx: Vec<I>,
        col_idx: Vec<I>,
        values: Vec<T>,
    ) -> Result<Self> {
        Ok(Self {
            nrows,
            ncols,
            row_idx: DeviceVector::from_vec(row_idx)?,
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
    /// Row index of each entry (non-decreasing).
    pub fn row_idx(&self) -> &DeviceVector<I, B> {
        &self.row_idx
    }
    /// Column index of each entry.
    pub fn col_idx(&self) -> &DeviceVector<I, B> {
        &self.col_idx
    }
    /// Value of each entry.
    pub fn values(&self) -> &DeviceVector<T, B> {
        &self.values
    }
}
