//! Hybrid storage: an ELL part for the regular bulk of each row, COO for the overflow.

use super::{CooMatrix, EllMatrix};
use crate::{Backend, DefaultBackend, Error, Result};
use parallaxis_core::{DeviceCopy, SparseIndex};

/// A HYB matrix: `A = ELL + COO` of the same shape. SpMV computes the ELL part first
/// (`y = ELL·x`, or `y = y ⊕ ELL·x` when accumulating), then adds the overflow:
/// `y = y ⊕ COO·x`.
pub struct HybMatrix<T: DeviceCopy, I: SparseIndex = u32, B: Backend = DefaultBackend> {
    ell: EllMatrix<T, I, B>,
    coo: CooMatrix<T, I, B>,
}

impl<T: DeviceCopy, I: SparseIndex, B: Backend> HybMatrix<T, I, B> {
    /// Joins an ELL and a COO part of the same shape.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when their shapes differ.
    pub fn try_new(ell: EllMatrix<T, I, B>, coo: CooMatrix<T, I, B>) -> Result<Self> {
        for (what, a, b) in [
            ("HYB nrows", ell.nrows(), coo.nrows()),
            ("HYB ncols", ell.ncols(), coo.ncols()),
        ] {
            if a != b {
                return Err(Error::LengthMismatch {
                    what,
                    expected: a,
                    actual: b,
                });
            }
        }
        Ok(Self { ell, coo })
    }

    /// Number of rows.
    pub fn nrows(&self) -> usize {
        self.ell.nrows()
    }
    /// Number of columns.
    pub fn ncols(&self) -> usize {
        self.ell.ncols()
    }
    /// The ELL part.
    pub fn ell(&self) -> &EllMatrix<T, I, B> {
        &self.ell
    }
    /// The COO part.
    pub fn coo(&self) -> &CooMatrix<T, I, B> {
        &self.coo
    }
}
