//! SpMV for CSR, ELL and COO.
//!
//! STUB: sequential stand-ins, to be replaced by the parallel implementation.

#![allow(unused_imports)]
use parallax_core::reference::{self as seq, ScanKind};
use parallax_core::{
    BinaryFunction, Boundary, DeviceCopy, Monoid, Semiring, SparseIndex, Stencil, UnaryFunction,
};

/// See [`seq::spmv_csr`].
pub fn spmv_csr<T: DeviceCopy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    row_ptr: &[I],
    col: &[I],
    val: &[T],
    x: &[T],
    y: &mut [T],
    accumulate: bool,
) {
    seq::spmv_csr(s, row_ptr, col, val, x, y, accumulate)
}
/// See [`seq::spmv_ell`].
pub fn spmv_ell<T: DeviceCopy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    width: usize,
    col: &[I],
    val: &[T],
    x: &[T],
    y: &mut [T],
    accumulate: bool,
) {
    seq::spmv_ell(s, width, col, val, x, y, accumulate)
}
/// See [`seq::spmv_coo`].
pub fn spmv_coo<T: DeviceCopy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    row: &[I],
    col: &[I],
    val: &[T],
    x: &[T],
    y: &mut [T],
    accumulate: bool,
) {
    seq::spmv_coo(s, row, col, val, x, y, accumulate)
}
