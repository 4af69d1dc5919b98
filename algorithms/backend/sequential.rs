//! The sequential backend: host memory, one thread, the reference implementations of
//! `parallaxis_core::reference`. Always available; the oracle the other backends are tested
//! against, and Thrust's `host_vector` counterpart.

use super::host_backend::host_backend;
use super::host_extrema_search::host_extrema_search;
use super::host_histogram::host_histogram;
use super::ops::*;
use crate::sparse::{CooMatrix, CsrMatrix, EllMatrix};
use crate::{Backend, Result};
use parallaxis_core::reference::ScanKind;
use parallaxis_core::{
    BinaryFunction, Boundary, DeviceCopy, Monoid, Semiring, SparseIndex, Stencil, UnaryFunction,
};

/// One thread on the host, running the reference implementations.
///
/// ```
/// use parallaxis::{DeviceVector, Sequential, ops::Sum};
/// let x = DeviceVector::<u64, Sequential>::from_slice(&[1, 2, 3])?;
/// assert_eq!(parallaxis::reduce(Sum, &x)?, 6);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sequential;

/// The reference algorithms, plus the three buffer-level helpers the host backends share.
mod seq {
    pub(super) use parallaxis_core::reference::reduce_by_key as reduce_by_key_into;
    pub(super) use parallaxis_core::reference::*;
    pub(super) use parallaxis_core::zeroed_vec;
    use parallaxis_core::{try_to_vec, DeviceCopy, Monoid, Result};

    /// Sets every element to `value`.
    pub(super) fn fill<T: Copy>(buf: &mut [T], value: T) {
        buf.fill(value);
    }

    /// `dst[i] = src[i]`; equal lengths (the front door checks).
    pub(super) fn copy<T: Copy>(src: &[T], dst: &mut [T]) {
        dst.copy_from_slice(src);
    }

    /// The reference `reduce_by_key`, compacted into new vectors of the run count.
    pub(super) fn reduce_by_key<K: DeviceCopy + PartialEq, T: DeviceCopy, M: Monoid<T>>(
        m: M,
        keys: &[K],
        x: &[T],
    ) -> Result<(Vec<K>, Vec<T>)> {
        let (mut out_keys, mut out_values) = (try_to_vec(keys)?, try_to_vec(x)?);
        let runs =
            parallaxis_core::reference::reduce_by_key(m, keys, x, &mut out_keys, &mut out_values);
        out_keys.truncate(runs);
        out_values.truncate(runs);
        Ok((out_keys, out_values))
    }
}

host_backend!(Sequential, "sequential", seq);

use super::host_lazy::host_lazy;
use super::host_lazy::sequential::{self as seq_lazy, Seq};
host_lazy!(Sequential, seq_lazy, Seq);
host_histogram!(Sequential, seq);
host_extrema_search!(Sequential, seq);
