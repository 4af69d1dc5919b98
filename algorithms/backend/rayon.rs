//! The rayon backend: host memory, rayon's global pool, the algorithms of `parallaxis_host`.

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
use parallaxis_host as par;

/// All cores of the host through rayon. Chunk boundaries depend only on the input size, so
/// results are bitwise identical for any `RAYON_NUM_THREADS`.
///
/// ```
/// use parallaxis::{DeviceVector, Rayon, Sequential, ops::Sum};
/// let x = DeviceVector::<f64, Rayon>::from_slice(&[0.1; 100_000])?;
/// let seq = x.copy_to::<Sequential>()?;
/// // The same bits under any RAYON_NUM_THREADS; close to, not equal to, the one-thread sum.
/// let (par, one) = (parallaxis::reduce(Sum, &x)?, parallaxis::reduce(Sum, &seq)?);
/// assert!((par - one).abs() < 1e-6);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rayon;

host_backend!(Rayon, "rayon", par);

use super::host_lazy::host_lazy;
use crate::lazy::AtOf;
use parallaxis_host::indexed;
host_lazy!(Rayon, indexed, AtOf);
host_histogram!(Rayon, par);
host_extrema_search!(Rayon, par);
