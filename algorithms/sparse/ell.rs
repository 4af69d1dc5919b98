//! ELLPACK storage: a fixed number of slots per row, column-major for coalesced GPU reads.

use super::validate::check_fits;
use crate::{Backend, DefaultBackend, DeviceVector, Error, Result, SparseProblem};
use parallaxis_core::{DeviceCopy, SparseIndex};

/// An ELL matrix: `width` slots per row, slot `k` of row `r` at index `k * nrows + r`
/// (column-major, so a warp reading slot `k` of 32 consecutive rows reads one contiguous
/// span). A slot whose column is `I::PADDING` is empty; padding is trailing within a row.
///
/// ```
/// use parallaxis::{DeviceVector, sparse::EllMatrix, ops::PlusTimes};
/// const P: u32 = u32::MAX; // padding
/// // [[1, 2], [0, 3]]: row 0 has two entries, row 1 one.
/// let a = EllMatrix::<f32>::try_new(2, 2, 2, vec![0, 1, 1, P], vec![1.0, 3.0, 2.0, 0.0])?;
/// let x = DeviceVector::from_slice(&[1.0, 1.0])?;
/// assert_eq!(parallaxis::spmv(PlusTimes, &a, &x)?.to_vec()?, [3.0, 3.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub struct EllMatrix<T: DeviceCopy, I: SparseIndex = u32, B: Backend = DefaultBackend> {
    nrows: usize,
    ncols: usize,
    width: usize,
    col_idx: DeviceVector<I, B>,
    values: DeviceVector<T, B>,
}

fn invalid(problem: SparseProblem) -> Error {
    Error::InvalidSparse {
        format: "ELL",
        problem,
    }
}

impl<T: DeviceCopy, I: SparseIndex, B: Backend> EllMatrix<T, I, B> {
    /// Validates and uploads an ELL matrix.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when `col_idx` or `values` is not `nrows * width` long;
    /// [`Error::InvalidSparse`] for a column `>= ncols` (other than the padding marker), an
    /// entry after padding in a row, or a dimension that does not fit `I`; out of memory.
    pub fn try_new(
        nrows: usize,
        ncols: usize,
        width: usize,
        col_idx: Vec<I>,
        values: Vec<T>,
    ) -> Result<Self> {
        let slots = nrows.checked_mul(width).ok_or_else(|| {
            invalid(SparseProblem::IndexOverflow {
                what: "nrows * width",
                value: nrows,
            })
        })?;
        for (what, len) in [
            ("ELL col_idx (nrows * width)", col_idx.len()),
            ("ELL values (nrows * width)", values.len()),
        ] {
            if len != slots {
                return Err(Error::LengthMismatch {
                    what,
                    expected: slots,
                    actual: len,
                });
            }
        }
        check_fits::<I>("nrows", nrows).map_err(invalid)?;
        check_fits::<I>("ncols", ncols).map_err(invalid)?;
        // Rows are checked only where there are slots: with `width == 0` a matrix of 4e9
        // rows has nothing to check (and looping over its rows took seconds).
        for r in 0..if width == 0 { 0 } else { nrows } {
            let mut padded = false;
            for k in 0..width {
                let at = k * nrows + r;
                let c = col_idx[at];
                if c == I::PADDING {
                    padded = true;
                } else if padded {
                    return Err(invalid(SparseProblem::PaddingNotTrailing {
                        row: r,
                        slot: k,
                    }));
                } else if c.to_usize() >= ncols {
                    return Err(invalid(SparseProblem::ColumnOutOfRange {
                        at,
                        col: c.to_usize(),
                        ncols,
                    }));
                }
            }
        }
        // SAFETY: every invariant `new_unchecked` requires was checked above.
        unsafe { Self::new_unchecked(nrows, ncols, width, col_idx, values) }
    }

    /// Uploads an ELL matrix without checking its structure.
    ///
    /// # Safety
    /// The arrays must satisfy everything [`try_new`](Self::try_new) checks.
    ///
    /// # Errors
    /// Out of memory or a device fault.
    pub unsafe fn new_unchecked(
        nrows: usize,
        ncols: usize,
        width: usize,
        col_idx: Vec<I>,
        values: Vec<T>,
    ) -> Result<Self> {
        Ok(Self {
            nrows,
            ncols,
            width,
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
    /// Slots per row.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Column of each slot (`I::PADDING` for empty slots), column-major.
    pub fn col_idx(&self) -> &DeviceVector<I, B> {
        &self.col_idx
    }
    /// Value of each slot, column-major.
    pub fn values(&self) -> &DeviceVector<T, B> {
        &self.values
    }
}
