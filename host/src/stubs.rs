//! Temporary sequential stand-ins, replaced one by one by the parallel implementations.

use parallax_core::reference::{self as seq, ScanKind};
use parallax_core::{
    BinaryFunction, Boundary, DeviceCopy, Monoid, Semiring, SparseIndex, Stencil, UnaryFunction,
};

/// See [`seq::transform`].
pub fn transform<A: DeviceCopy, F: UnaryFunction<A>>(f: F, x: &[A], y: &mut [F::Output]) {
    seq::transform(f, x, y)
}
/// See [`seq::transform2`].
pub fn transform2<A: DeviceCopy, B: DeviceCopy, F: BinaryFunction<A, B>>(
    f: F,
    a: &[A],
    b: &[B],
    y: &mut [F::Output],
) {
    seq::transform2(f, a, b, y)
}
/// See [`seq::tabulate`].
pub fn tabulate<F: UnaryFunction<u64>>(f: F, y: &mut [F::Output]) {
    seq::tabulate(f, y)
}
/// See [`seq::reduce`].
pub fn reduce<T: DeviceCopy, M: Monoid<T>>(m: M, x: &[T]) -> T {
    seq::reduce(m, x)
}
/// See [`seq::transform_reduce`].
pub fn transform_reduce<
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
>(
    f: F,
    m: M,
    x: &[A],
) -> T {
    seq::transform_reduce(f, m, x)
}
/// See [`seq::inclusive_scan`].
pub fn inclusive_scan<T: DeviceCopy, M: Monoid<T>>(m: M, x: &[T], y: &mut [T]) {
    seq::inclusive_scan(m, x, y)
}
/// See [`seq::exclusive_scan`].
pub fn exclusive_scan<T: DeviceCopy, M: Monoid<T>>(m: M, init: T, x: &[T], y: &mut [T]) {
    seq::exclusive_scan(m, init, x, y)
}
/// See [`seq::transform_inclusive_scan`].
pub fn transform_inclusive_scan<
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
>(
    f: F,
    m: M,
    x: &[A],
    y: &mut [T],
) {
    seq::transform_inclusive_scan(f, m, x, y)
}
/// See [`seq::scan_by_flags`].
pub fn scan_by_flags<T: DeviceCopy, M: Monoid<T>>(
    m: M,
    flags: &[bool],
    x: &[T],
    y: &mut [T],
    kind: ScanKind<T>,
) {
    seq::scan_by_flags(m, flags, x, y, kind)
}
/// See [`seq::scan_by_keys`].
pub fn scan_by_keys<K: DeviceCopy + PartialEq, T: DeviceCopy, M: Monoid<T>>(
    m: M,
    keys: &[K],
    x: &[T],
    y: &mut [T],
    kind: ScanKind<T>,
) {
    seq::scan_by_keys(m, keys, x, y, kind)
}
/// See [`seq::scan_by_offsets`].
pub fn scan_by_offsets<T: DeviceCopy, M: Monoid<T>>(
    m: M,
    offsets: &[usize],
    x: &[T],
    y: &mut [T],
    kind: ScanKind<T>,
) {
    seq::scan_by_offsets(m, offsets, x, y, kind)
}
/// See [`seq::reduce_by_key`]; returns the run keys and their folds.
pub fn reduce_by_key<K: DeviceCopy + PartialEq, T: DeviceCopy, M: Monoid<T>>(
    m: M,
    keys: &[K],
    x: &[T],
) -> (Vec<K>, Vec<T>) {
    let mut k = keys.to_vec();
    let mut v = x.to_vec();
    let runs = seq::reduce_by_key(m, keys, x, &mut k, &mut v);
    k.truncate(runs);
    v.truncate(runs);
    (k, v)
}
/// See [`seq::segmented_reduce`].
pub fn segmented_reduce<T: DeviceCopy, M: Monoid<T>>(
    m: M,
    offsets: &[usize],
    x: &[T],
    y: &mut [T],
) {
    seq::segmented_reduce(m, offsets, x, y)
}
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
/// See [`seq::stencil`].
pub fn stencil<T: DeviceCopy, S: Semiring<T>, const D: usize, const K: usize>(
    s: S,
    st: &Stencil<T, D, K>,
    boundary: Boundary,
    shape: [usize; D],
    x: &[T],
    y: &mut [T],
) {
    seq::stencil(s, st, boundary, shape, x, y)
}
