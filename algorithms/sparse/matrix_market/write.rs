//! The writer: a COO matrix as a Matrix Market `coordinate` file that the reader reads back
//! to the same matrix, bit for bit.

use super::header::{Field, Symmetry};
use super::{err, CooMatrix};
use crate::{Backend, Error, Result};
use parallaxis_core::{try_collect, Number, SparseIndex};
use std::io::Write;

/// Which entries [`CooMatrix::write_matrix_market`] stores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MatrixMarketForm {
    /// Every entry (`general`).
    #[default]
    General,
    /// The diagonal and the lower triangle (`symmetric`); the matrix must equal its
    /// transpose.
    Symmetric,
}

/// `a` and `b` are the same value (NaN equal to NaN: a written NaN reads back as one).
fn same<T: Number>(a: T, b: T) -> bool {
    #[allow(clippy::eq_op)] // `x != x` is the NaN test for any `Number`
    let nan = |x: T| x != x;
    a == b || (nan(a) && nan(b))
}

/// The I/O error of the writer.
fn write_failed(e: std::io::Error) -> Error {
    err(0, format!("write failed: {e}"))
}

impl<T: Number, I: SparseIndex, B: Backend> CooMatrix<T, I, B> {
    /// Writes the matrix as a Matrix Market `coordinate` file: field `integer` for integer
    /// types, `real` for floats, values printed exactly (integers in decimal, floats in the
    /// shortest text that reads back to the same bits, `NaN` and `inf` included), entries in
    /// storage order. [`from_matrix_market`](Self::from_matrix_market) reads it back to the
    /// same matrix.
    ///
    /// ```
    /// use parallaxis::{sparse::{CooMatrix, MatrixMarketForm}};
    /// let a = CooMatrix::<f64>::try_new(2, 2, vec![0, 1, 1], vec![1, 0, 1], vec![0.1, 0.1, -2.0])?;
    /// let mut file = Vec::new();
    /// a.write_matrix_market(&mut file, MatrixMarketForm::Symmetric)?;
    /// let text = String::from_utf8(file.clone()).unwrap();
    /// assert_eq!(text, "%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n2 1 0.1\n2 2 -2.0\n");
    /// let b = CooMatrix::<f64>::from_matrix_market(&file[..])?;
    /// assert_eq!(b.values().to_vec()?, [0.1, 0.1, -2.0]);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for [`MatrixMarketForm::Symmetric`] when the matrix is not
    /// square or not equal to its transpose (entry for entry, duplicates in the same order);
    /// [`Error::MatrixMarket`] with line 0 when writing fails; out of memory or a device
    /// fault reading the matrix back.
    pub fn write_matrix_market<W: Write>(&self, out: W, form: MatrixMarketForm) -> Result<()> {
        let (rows, cols, vals) = (
            self.row_idx().to_vec()?,
            self.col_idx().to_vec()?,
            self.values().to_vec()?,
        );
        let entry = |k: usize| (rows[k].to_usize(), cols[k].to_usize(), vals[k]);
        let symmetry = match form {
            MatrixMarketForm::General => Symmetry::General,
            MatrixMarketForm::Symmetric => {
                self.check_symmetric(&entry)?;
                Symmetry::Symmetric
            }
        };
        // The stored entries: all, or the diagonal and the lower triangle.
        let keep = |k: &usize| symmetry == Symmetry::General || rows[*k] >= cols[*k];
        let stored = (0..self.nnz()).filter(keep).count();
        let field = if T::INTEGER {
            Field::Integer
        } else {
            Field::Real
        };
        let mut w = std::io::BufWriter::new(out);
        let (f, s) = (field.keyword(), symmetry.keyword());
        writeln!(w, "%%MatrixMarket matrix coordinate {f} {s}").map_err(write_failed)?;
        writeln!(w, "{} {} {stored}", self.nrows(), self.ncols()).map_err(write_failed)?;
        for (i, j, v) in (0..self.nnz()).filter(keep).map(entry) {
            // `Debug` of a float is its shortest round-trip text; of an integer, decimal.
            writeln!(w, "{} {} {v:?}", i + 1, j + 1).map_err(write_failed)?;
        }
        w.flush().map_err(write_failed)
    }

    /// Checks that the matrix is square and equals its transpose: the strictly lower entries
    /// in `(row, col)` order match the mirrored strictly upper ones, value for value.
    fn check_symmetric(&self, entry: &impl Fn(usize) -> (usize, usize, T)) -> Result<()> {
        let not = |reason| Error::InvalidArgument {
            what: "matrix (symmetric Matrix Market form)",
            reason,
        };
        if self.nrows() != self.ncols() {
            return Err(not("a symmetric matrix must be square"));
        }
        let n = self.nnz();
        // Stable sorts by position tie-break, so duplicates keep their storage order.
        let triangle = |lower: bool| -> Result<Vec<(usize, usize, usize)>> {
            let mut v = try_collect(
                n,
                (0..n).filter_map(|k| {
                    let (i, j, _) = entry(k);
                    let key = if lower { (i, j) } else { (j, i) };
                    (if lower { i > j } else { i < j }).then_some((key.0, key.1, k))
                }),
            )?;
            v.sort_unstable();
            Ok(v)
        };
        let (lower, upper) = (triangle(true)?, triangle(false)?);
        let matches = lower.len() == upper.len()
            && lower
                .iter()
                .zip(&upper)
                .all(|(&(i, j, a), &(p, q, b))| (i, j) == (p, q) && same(entry(a).2, entry(b).2));
        if matches {
            Ok(())
        } else {
            Err(not("the matrix is not equal to its transpose"))
        }
    }
}
