//! Reference SpMV. Row `r`'s product `t[r]` folds the row's stored entries, in storage order,
//! from the semiring's zero: `t[r] = ((0 ⊕ a0⊗x[c0]) ⊕ a1⊗x[c1]) ⊕ ...`. Then
//! `y[r] = t[r]`, or with `accumulate`, `y[r] = y[r] ⊕ t[r]`.

use crate::{Semiring, SparseIndex};

#[inline]
fn store<T: Copy, S: Semiring<T>>(s: S, y: &mut T, t: T, accumulate: bool) {
    *y = if accumulate { s.add(*y, t) } else { t };
}

/// CSR: row `r` holds entries `row_ptr[r]..row_ptr[r + 1]` of `col`/`val`.
pub fn spmv_csr<T: Copy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    row_ptr: &[I],
    col: &[I],
    val: &[T],
    x: &[T],
    y: &mut [T],
    accumulate: bool,
) {
    for (r, yr) in y.iter_mut().enumerate() {
        let (Some(&lo), Some(&hi)) = (row_ptr.get(r), row_ptr.get(r + 1)) else {
            return;
        };
        let mut t = s.zero();
        for k in lo.to_usize()..hi.to_usize() {
            if let (Some(&c), Some(&a)) = (col.get(k), val.get(k)) {
                if let Some(&xc) = x.get(c.to_usize()) {
                    t = s.add(t, s.mul(a, xc));
                }
            }
        }
        store(s, yr, t, accumulate);
    }
}

/// ELL: `width` slots per row stored column-major (slot `k` of row `r` at `k * nrows + r`),
/// so consecutive rows are adjacent in memory. A slot whose column is `I::PADDING` is empty;
/// padding is trailing within a row.
pub fn spmv_ell<T: Copy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    width: usize,
    col: &[I],
    val: &[T],
    x: &[T],
    y: &mut [T],
    accumulate: bool,
) {
    let nrows = y.len();
    for (r, yr) in y.iter_mut().enumerate() {
        let mut t = s.zero();
        for k in 0..width {
            let slot = k * nrows + r;
            let (Some(&c), Some(&a)) = (col.get(slot), val.get(slot)) else {
                break;
            };
            if c == I::PADDING {
                break;
            }
            if let Some(&xc) = x.get(c.to_usize()) {
                t = s.add(t, s.mul(a, xc));
            }
        }
        store(s, yr, t, accumulate);
    }
}

/// COO with row indices sorted (non-decreasing): entries of one row are contiguous and
/// folded in storage order; rows without entries get `t[r] = zero`.
pub fn spmv_coo<T: Copy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    row: &[I],
    col: &[I],
    val: &[T],
    x: &[T],
    y: &mut [T],
    accumulate: bool,
) {
    let mut k = 0;
    let n = row.len().min(col.len()).min(val.len());
    for (r, yr) in y.iter_mut().enumerate() {
        let mut t = s.zero();
        while k < n && row[k].to_usize() == r {
            if let Some(&xc) = x.get(col[k].to_usize()) {
                t = s.add(t, s.mul(val[k], xc));
            }
            k += 1;
        }
        store(s, yr, t, accumulate);
    }
}
