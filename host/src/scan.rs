//! Inclusive, exclusive and transform-inclusive scans.
//!
//! STUB: sequential stand-ins, to be replaced by the parallel implementation.

#![allow(unused_imports)]
use parallax_core::reference::{self as seq, ScanKind};
use parallax_core::{
    BinaryFunction, Boundary, DeviceCopy, Monoid, Semiring, SparseIndex, Stencil, UnaryFunction,
};

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
