//! The row walks shared by the `sprs` and `nalgebra_sparse` conversions: building a validated
//! [`CsrMatrix`] from rows of `(column, value)`, and downloading one with each row sorted by
//! column (what both crates require).

use super::CsrMatrix;
use crate::{Backend, Error, Result, SparseProblem};
use parallaxis_core::{DeviceCopy, SparseIndex};

/// `value` as an index of type `I`, or the `IndexOverflow` error naming `what`.
fn index<I: SparseIndex>(what: &'static str, value: usize) -> Result<I> {
    I::from_usize(value).ok_or(Error::InvalidSparse {
        format: "CSR",
        problem: SparseProblem::IndexOverflow { what, value },
    })
}

/// A CSR matrix of `nrows × ncols` from its rows, validated by [`CsrMatrix::try_new`].
pub(super) fn from_rows<T, I, B>(
    nrows: usize,
    ncols: usize,
    rows: impl Iterator<Item = Vec<(usize, T)>>,
) -> Result<CsrMatrix<T, I, B>>
where
    T: DeviceCopy,
    I: SparseIndex,
    B: Backend,
{
    let mut row_ptr = Vec::with_capacity(nrows.saturating_add(1));
    let (mut col_idx, mut values) = (Vec::new(), Vec::new());
    row_ptr.push(index("nnz", 0)?);
    for row in rows {
        for (col, v) in row {
            col_idx.push(index("column", col)?);
            values.push(v);
        }
        row_ptr.push(index("nnz", col_idx.len())?);
    }
    CsrMatrix::try_new(nrows, ncols, row_ptr, col_idx, values)
}

/// The arrays of `a` on the host with `usize` indices and each row sorted by column.
///
/// # Errors
/// [`Error::InvalidArgument`] naming `target` when a row holds a column twice.
#[allow(clippy::type_complexity)]
pub(super) fn sorted_rows<T, I, B>(
    a: &CsrMatrix<T, I, B>,
    target: &'static str,
) -> Result<(Vec<usize>, Vec<usize>, Vec<T>)>
where
    T: DeviceCopy,
    I: SparseIndex,
    B: Backend,
{
    let row_ptr: Vec<usize> = a.row_ptr().to_vec()?.into_iter().map(I::to_usize).collect();
    let cols = a.col_idx().to_vec()?;
    let vals = a.values().to_vec()?;
    let (mut col_idx, mut values) = (
        Vec::with_capacity(cols.len()),
        Vec::with_capacity(cols.len()),
    );
    for w in row_ptr.windows(2) {
        let mut row: Vec<(usize, T)> = (w[0]..w[1])
            .map(|k| (cols[k].to_usize(), vals[k]))
            .collect();
        row.sort_by_key(|&(c, _)| c);
        if row.windows(2).any(|p| p[0].0 == p[1].0) {
            return Err(Error::InvalidArgument {
                what: target,
                reason: "a row holds the same column twice, which this format does not allow",
            });
        }
        for (c, v) in row {
            col_idx.push(c);
            values.push(v);
        }
    }
    Ok((row_ptr, col_idx, values))
}
