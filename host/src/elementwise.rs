//! Element-wise transform, transform2 and tabulate.
//!
//! STUB: sequential stand-ins, to be replaced by the parallel implementation.

#![allow(unused_imports)]
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
