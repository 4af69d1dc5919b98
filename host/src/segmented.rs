//! Segmented scans by flags, keys and offsets.
//!
//! STUB: sequential stand-ins, to be replaced by the parallel implementation.

#![allow(unused_imports)]
use parallax_core::reference::{self as seq, ScanKind};
use parallax_core::{
    BinaryFunction, Boundary, DeviceCopy, Monoid, Semiring, SparseIndex, Stencil, UnaryFunction,
};

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
