//! How a backend reads lazy sequences (`crate::lazy`): one trait per consumer family, keyed by
//! the sequence's type, so each backend implements the shapes it can run — the host backends
//! every composition (`host_lazy.rs`), CUDA the shapes its kernels cover (`cuda_lazy.rs`).

use super::ops_extrema_search::ArgOps;
use super::ops_select::SelectOps;
use crate::lazy::Source;
use crate::{Backend, Result};
use parallaxis_core::{ArgReduce, DeviceCopy, Monoid, Predicate, UnaryFunction};

/// A backend whose buffers are host slices (Sequential, Rayon): what lets a lazy sequence
/// compute its elements in place.
pub trait HostMemory: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
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
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
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
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `y[i] = f(s[i])`; `y.len() == s.len()`.
    fn transform(f: F, s: &S, y: &mut Self::Slice<F::Output>) -> Result<()>;
}

/// Writing the lazy sequence `S` out, and the reductions of the `Readable` families over it:
/// by default `S` written out once, then the backend's algorithm on the temporary; the host
/// backends override them to read each element in the reduction's own loop.
pub trait LazyCollectOps<S: Source<Backend = Self>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `y[i] = s[i]`; `y.len() == s.len()`.
    fn collect(s: &S, y: &mut Self::Slice<S::Item>) -> Result<()>;

    /// `s` written out into a new buffer of its length.
    #[doc(hidden)]
    fn collected(s: &S) -> Result<Self::Buffer<S::Item>> {
        // SAFETY: `collect` writes every element; on an error the buffer is dropped unread.
        let mut y = unsafe { Self::for_overwrite::<S::Item>(s.len()) }?;
        Self::collect(s, Self::as_slice_mut(&mut y))?;
        Ok(y)
    }

    /// The number of elements of `s` that `p` selects.
    fn count_if<P: Predicate<S::Item>>(p: P, s: &S) -> Result<usize>
    where
        Self: SelectOps<S::Item, P>,
    {
        let y = Self::collected(s)?;
        <Self as SelectOps<S::Item, P>>::count_if(p, Self::as_slice(&y))
    }

    /// `identity ⊕ lift(s[0], 0) ⊕ ... ⊕ lift(s[n-1], n-1)` (the extrema).
    fn arg_reduce<M: ArgReduce<S::Item>>(m: M, s: &S) -> Result<M::Pick>
    where
        Self: ArgOps<S::Item, M>,
    {
        let y = Self::collected(s)?;
        <Self as ArgOps<S::Item, M>>::arg_reduce(m, Self::as_slice(&y))
    }
}
