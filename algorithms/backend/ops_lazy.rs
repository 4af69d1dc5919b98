//! How a backend reads lazy sequences (`crate::lazy`): one trait per consumer family, keyed by
//! the sequence's type, so each backend implements the shapes it can run — the host backends
//! every composition (`host_lazy.rs`), CUDA the shapes its kernels cover (`cuda_lazy.rs`).

use crate::lazy::Source;
use crate::{Backend, Result};
use parallax_core::{DeviceCopy, Monoid, UnaryFunction};

/// A backend whose buffers are host slices (Sequential, Rayon): what lets a lazy sequence
/// compute its elements in place.
pub trait HostMemory: Backend {
    /// Seals the trait: only parallax implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The slice itself.
    #[doc(hidden)]
    fn host_slice<T: DeviceCopy>(s: &Self::Slice<T>) -> &[T];
    /// The slice itself, writable.
    #[doc(hidden)]
    fn host_slice_mut<T: DeviceCopy>(s: &mut Self::Slice<T>) -> &mut [T];
}

/// Reduce and scans over the lazy sequence `S` with monoid `M`.
pub trait LazyMonoidOps<S: Source<Backend = Self>, M: Monoid<S::Item>>: Backend {
    /// Seals the trait: only parallax implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The fold from the identity.
    fn reduce(m: M, s: &S) -> Result<S::Item>;
    /// The fold into `out[0]`; `out.len() == 1`.
    fn reduce_into(m: M, s: &S, out: &mut Self::Slice<S::Item>) -> Result<()> {
        let v = Self::reduce(m, s)?;
        Self::fill(out, v)
    }
    /// The inclusive scan into `y`; `y.len() == s.len()`.
    fn inclusive_scan(m: M, s: &S, y: &mut Self::Slice<S::Item>) -> Result<()>;
    /// The exclusive scan seeded with `init` into `y`; `y.len() == s.len()`.
    fn exclusive_scan(m: M, init: S::Item, s: &S, y: &mut Self::Slice<S::Item>) -> Result<()>;
}

/// `transform` of the lazy sequence `S` by functor `F`.
pub trait LazyMapOps<S: Source<Backend = Self>, F: UnaryFunction<S::Item>>: Backend {
    /// Seals the trait: only parallax implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `y[i] = f(s[i])`; `y.len() == s.len()`.
    fn transform(f: F, s: &S, y: &mut Self::Slice<F::Output>) -> Result<()>;
}

/// Writing the lazy sequence `S` out.
pub trait LazyCollectOps<S: Source<Backend = Self>>: Backend {
    /// Seals the trait: only parallax implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `y[i] = s[i]`; `y.len() == s.len()`.
    fn collect(s: &S, y: &mut Self::Slice<S::Item>) -> Result<()>;
}
