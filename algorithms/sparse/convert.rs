//! Conversions between the sparse formats, and COO from unsorted triplets.
//!
//! Each conversion reads the source's arrays back with `to_vec`, rearranges them in host
//! memory and builds the target on the same backend through its validating `try_new`. On the
//! host backends `to_vec` is one copy; on a GPU backend it is a download and an upload.
//! Conversions are setup work, done once per matrix, so the round trip is accepted for the
//! simplicity of one implementation for every backend.

use super::validate::check_below;
use super::{CooMatrix, CsrMatrix, EllMatrix, HybMatrix};
use crate::{Backend, Error, Result, SparseProblem};
use parallaxis_core::{
    out_of_memory, try_collect, try_filled_vec, try_push, try_with_capacity, zeroed_vec,
    DeviceCopy, SparseIndex,
};

/// An ELL part and the COO overflow of the same matrix.
type EllAndRest<T, I, B> = (EllMatrix<T, I, B>, CooMatrix<T, I, B>);

/// `v` as an index, or the overflow error naming `what`.
fn index<I: SparseIndex>(format: &'static str, what: &'static str, v: usize) -> Result<I> {
    I::from_usize(v).ok_or(Error::InvalidSparse {
        format,
        problem: SparseProblem::IndexOverflow { what, value: v },
    })
}

/// Row lengths from CSR row pointers (validated: non-decreasing), in a vector allocated
/// fallibly (one per row: a 4e9-row matrix asks for 32 GB here).
fn row_lengths<I: SparseIndex>(row_ptr: &[I]) -> Result<Vec<usize>> {
    let lengths = row_ptr
        .windows(2)
        .map(|w| w[1].to_usize().saturating_sub(w[0].to_usize()));
    try_collect(row_ptr.len().saturating_sub(1), lengths)
}

/// `n + 1` elements of `T`, as the out-of-memory error when even the count overflows.
fn one_more<T>(n: usize) -> Result<usize> {
    n.checked_add(1)
        .ok_or_else(|| out_of_memory::<T>(usize::MAX))
}

/// The HYB ELL width: the largest `k` such that at least `⌈nrows / 3⌉` rows have `k` or more
/// entries, i.e. every ELL column is at least one-third full and at least two-thirds of the
/// rows fit in ELL entirely. Why one third: an ELL slot needs no row index and is read
/// coalesced, so it costs about a third of a COO entry (the assumption of Bell & Garland's
/// HYB, 2009, kept in CUSP as `relative_speed = 3`): a column is worth adding while at least
/// a third of its slots hold entries. CUSP's extra floor of 4096 rows is a GPU-occupancy rule
/// and is left out, so small matrices still get both parts.
fn hyb_width(mut lengths: Vec<usize>) -> usize {
    let n = lengths.len();
    if n == 0 {
        return 0;
    }
    let rank = n.div_ceil(3) - 1;
    let (_, &mut k, _) = lengths.select_nth_unstable_by(rank, |a, b| b.cmp(a));
    k
}

impl<T: DeviceCopy, I: SparseIndex, B: Backend> CooMatrix<T, I, B> {
    /// Builds a COO matrix from triplets in any order: they are sorted by `(row, col)`,
    /// stably, so duplicates are kept in their given order (SpMV folds them in that order).
    ///
    /// ```
    /// use parallaxis::{sparse::CooMatrix, DeviceVector, ops::PlusTimes};
    /// let a = CooMatrix::<i32>::from_triplets(2, 2, vec![1, 0, 1], vec![0, 1, 0], vec![5, 6, 7])?;
    /// assert_eq!(a.row_idx().to_vec()?, [0, 1, 1]);
    /// assert_eq!(a.values().to_vec()?, [6, 5, 7]);
    /// let x = DeviceVector::from_slice(&[1, 10])?;
    /// assert_eq!(parallaxis::spmv(PlusTimes, &a, &x)?.to_vec()?, [60, 12]);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`try_new`](Self::try_new), with positions in the caller's (unsorted) order.
    pub fn from_triplets(
        nrows: usize,
        ncols: usize,
        rows: Vec<I>,
        cols: Vec<I>,
        vals: Vec<T>,
    ) -> Result<Self> {
        for (what, len) in [("COO col_idx", cols.len()), ("COO values", vals.len())] {
            if len != rows.len() {
                return Err(Error::LengthMismatch {
                    what,
                    expected: rows.len(),
                    actual: len,
                });
            }
        }
        let invalid = |problem| Error::InvalidSparse {
            format: "COO",
            problem,
        };
        check_below(&rows, nrows, |at, row| SparseProblem::RowOutOfRange {
            at,
            row,
            nrows,
        })
        .map_err(invalid)?;
        check_below(&cols, ncols, |at, col| SparseProblem::ColumnOutOfRange {
            at,
            col,
            ncols,
        })
        .map_err(invalid)?;
        let key = |k: usize| (rows[k], cols[k]);
        if (1..rows.len()).all(|k| key(k - 1) <= key(k)) {
            return Self::try_new(nrows, ncols, rows, cols, vals);
        }
        let n = rows.len();
        let mut perm = try_collect(n, 0..n)?;
        // Stable by the position tie-break, so equal (row, col) keep their order; the
        // standard library's stable sort would allocate its buffer infallibly.
        perm.sort_unstable_by_key(|&k| (key(k), k));
        let r = try_collect(n, perm.iter().map(|&k| rows[k]))?;
        let c = try_collect(n, perm.iter().map(|&k| cols[k]))?;
        let v = try_collect(n, perm.iter().map(|&k| vals[k]))?;
        Self::try_new(nrows, ncols, r, c, v)
    }

    /// The same matrix in CSR (entries keep their storage order within each row).
    ///
    /// # Errors
    /// [`Error::InvalidSparse`] when nnz does not fit `I` (CSR stores it in `row_ptr`); out of
    /// memory or a device fault.
    pub fn to_csr(&self) -> Result<CsrMatrix<T, I, B>> {
        let rows = self.row_idx().to_vec()?;
        let mut counts = try_filled_vec(one_more::<usize>(self.nrows())?, 0_usize)?;
        for r in &rows {
            if let Some(c) = counts.get_mut(r.to_usize().saturating_add(1)) {
                *c += 1;
            }
        }
        let mut row_ptr = try_with_capacity(counts.len())?;
        let mut sum = 0_usize;
        for c in counts {
            sum += c;
            row_ptr.push(index::<I>("CSR", "nnz", sum)?);
        }
        CsrMatrix::try_new(
            self.nrows(),
            self.ncols(),
            row_ptr,
            self.col_idx().to_vec()?,
            self.values().to_vec()?,
        )
    }
}

impl<T: DeviceCopy, I: SparseIndex, B: Backend> CsrMatrix<T, I, B> {
    /// The same matrix in COO (same entry order).
    ///
    /// # Errors
    /// Out of memory or a device fault.
    pub fn to_coo(&self) -> Result<CooMatrix<T, I, B>> {
        let lengths = row_lengths(&self.row_ptr().to_vec()?)?;
        let mut rows = try_with_capacity(self.nnz())?;
        for (r, &len) in lengths.iter().enumerate() {
            let ri = index::<I>("COO", "row", r)?;
            rows.extend(core::iter::repeat_n(ri, len));
        }
        CooMatrix::try_new(
            self.nrows(),
            self.ncols(),
            rows,
            self.col_idx().to_vec()?,
            self.values().to_vec()?,
        )
    }

    /// The same matrix in ELL, `width` = the longest row; padding slots hold `I::PADDING` and
    /// zero bits.
    ///
    /// ```
    /// use parallaxis::sparse::CsrMatrix;
    /// let a = CsrMatrix::<f32>::try_new(2, 3, vec![0, 1, 3], vec![2, 0, 1], vec![1.0, 2.0, 3.0])?;
    /// let e = a.to_ell()?;
    /// assert_eq!(e.width(), 2);
    /// assert_eq!(e.col_idx().to_vec()?, [2, 0, u32::MAX, 1]); // column-major slots
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] when `nrows × width` slots cannot be allocated (one long row
    /// makes every row that long); [`Error::InvalidSparse`] when that count overflows.
    pub fn to_ell(&self) -> Result<EllMatrix<T, I, B>> {
        let row_ptr = self.row_ptr().to_vec()?;
        let width = row_lengths(&row_ptr)?.into_iter().max().unwrap_or(0);
        let (ell, _) = self.split_ell(&row_ptr, width)?;
        Ok(ell)
    }

    /// The same matrix in HYB: each row's first `K` entries in ELL and the rest in COO, with
    /// `K` the largest width for which at least a third of the rows fill every ELL column
    /// (so at least two-thirds of the rows fit in ELL; see the source for why one third).
    ///
    /// ```
    /// use parallaxis::sparse::CsrMatrix;
    /// // Row lengths 1, 1, 1, 4: K = 1 (every row fills ELL column 0; only one row in four,
    /// // less than a third, would fill column 1), so the long row's last 3 entries go to COO.
    /// let (rp, ci) = (vec![0, 1, 2, 3, 7], vec![0, 1, 2, 0, 1, 2, 3]);
    /// let h = CsrMatrix::<i32>::try_new(4, 4, rp, ci, vec![1; 7])?.to_hyb()?;
    /// assert_eq!((h.ell().width(), h.coo().nnz()), (1, 3));
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    ///
    /// # Errors
    /// Out of memory or a device fault.
    pub fn to_hyb(&self) -> Result<HybMatrix<T, I, B>> {
        let row_ptr = self.row_ptr().to_vec()?;
        let width = hyb_width(row_lengths(&row_ptr)?);
        let (ell, coo) = self.split_ell(&row_ptr, width)?;
        HybMatrix::try_new(ell, coo)
    }

    /// The first `width` entries of every row as ELL, the rest as COO.
    fn split_ell(&self, row_ptr: &[I], width: usize) -> Result<EllAndRest<T, I, B>> {
        let (nrows, ncols) = (self.nrows(), self.ncols());
        let (col, val) = (self.col_idx().to_vec()?, self.values().to_vec()?);
        let slots = nrows.checked_mul(width).ok_or(Error::InvalidSparse {
            format: "ELL",
            problem: SparseProblem::IndexOverflow {
                what: "nrows * width",
                value: nrows,
            },
        })?;
        // Zeroed (`calloc`), then the columns set to padding: an ELL of a power-law matrix
        // can ask for terabytes, which must be an error and not an abort.
        let mut ell_col = zeroed_vec::<I>(slots)?;
        ell_col.fill(I::PADDING);
        let mut ell_val = zeroed_vec::<T>(slots)?;
        let (mut rest_r, mut rest_c, mut rest_v) = (Vec::new(), Vec::new(), Vec::new());
        for (r, w) in row_ptr.windows(2).enumerate() {
            let entries = w[0].to_usize()..w[1].to_usize();
            let cs = col.get(entries.clone()).unwrap_or(&[]);
            let vs = val.get(entries).unwrap_or(&[]);
            for (k, (&c, &v)) in cs.iter().zip(vs).enumerate() {
                if k < width {
                    // k < width and r < nrows, so the slot is below nrows * width.
                    let slot = k * nrows + r;
                    if let (Some(ec), Some(ev)) = (ell_col.get_mut(slot), ell_val.get_mut(slot)) {
                        (*ec, *ev) = (c, v);
                    }
                } else {
                    try_push(&mut rest_r, index::<I>("COO", "row", r)?)?;
                    try_push(&mut rest_c, c)?;
                    try_push(&mut rest_v, v)?;
                }
            }
        }
        let ell = EllMatrix::try_new(nrows, ncols, width, ell_col, ell_val)?;
        let coo = CooMatrix::try_new(nrows, ncols, rest_r, rest_c, rest_v)?;
        Ok((ell, coo))
    }
}

impl<T: DeviceCopy, I: SparseIndex, B: Backend> EllMatrix<T, I, B> {
    /// The same matrix in CSR: each row's slots up to its first padding, in slot order.
    ///
    /// # Errors
    /// [`Error::InvalidSparse`] when nnz does not fit `I`; out of memory or a device fault.
    pub fn to_csr(&self) -> Result<CsrMatrix<T, I, B>> {
        let (nrows, width) = (self.nrows(), self.width());
        let (col, val) = (self.col_idx().to_vec()?, self.values().to_vec()?);
        let mut row_ptr = try_with_capacity(one_more::<I>(nrows)?)?;
        row_ptr.push(index::<I>("CSR", "nnz", 0)?);
        let (mut c_out, mut v_out) = (Vec::new(), Vec::new());
        for r in 0..nrows {
            for k in 0..width {
                let slot = k * nrows + r;
                match (col.get(slot), val.get(slot)) {
                    (Some(&c), Some(&v)) if c != I::PADDING => {
                        try_push(&mut c_out, c)?;
                        try_push(&mut v_out, v)?;
                    }
                    _ => break,
                }
            }
            row_ptr.push(index::<I>("CSR", "nnz", c_out.len())?);
        }
        CsrMatrix::try_new(nrows, self.ncols(), row_ptr, c_out, v_out)
    }
}
