//! reduce_by_key and segmented_reduce.
//!
//! STUB: sequential stand-ins, to be replaced by the parallel implementation.

#![allow(unused_imports)]
use parallax_core::reference::{self as seq, ScanKind};
use parallax_core::{
    BinaryFunction, Boundary, DeviceCopy, Monoid, Semiring, SparseIndex, Stencil, UnaryFunction,
};

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
