//! Reduce and transform_reduce.
//!
//! STUB: sequential stand-ins, to be replaced by the parallel implementation.

#![allow(unused_imports)]
use parallax_core::reference::{self as seq, ScanKind};
use parallax_core::{
    BinaryFunction, Boundary, DeviceCopy, Monoid, Semiring, SparseIndex, Stencil, UnaryFunction,
};

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
