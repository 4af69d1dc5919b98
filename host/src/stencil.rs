//! Stencils on 1D, 2D and 3D grids.
//!
//! STUB: sequential stand-ins, to be replaced by the parallel implementation.

#![allow(unused_imports)]
use parallax_core::reference::{self as seq, ScanKind};
use parallax_core::{
    BinaryFunction, Boundary, DeviceCopy, Monoid, Semiring, SparseIndex, Stencil, UnaryFunction,
};

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
