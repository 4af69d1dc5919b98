//! The op traits of the extrema with positions, the reduce and inclusive scan from an initial
//! value, and the vectorized searches (beside `ops.rs`, which holds the transform, reduce,
//! scan, keyed, SpMV and stencil families). Front doors validate lengths first, as for
//! `ops.rs`.

use crate::{Backend, Result};
use parallaxis_core::{ArgReduce, DeviceCopy, Monoid, SearchKey};

/// A reduction of each element lifted with its index ([`ArgReduce`]: `ArgMin`, `ArgMax`,
/// `ArgMinMax`), with no temporary vector of pairs.
pub trait ArgOps<T: DeviceCopy, M: ArgReduce<T>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `identity ⊕ lift(x[0], 0) ⊕ ... ⊕ lift(x[n-1], n-1)`.
    fn arg_reduce(m: M, x: &Self::Slice<T>) -> Result<M::Pick>;
    /// [`ArgOps::arg_reduce`] into `out[0]`; `out.len() == 1`. CUDA leaves it on the device
    /// and returns without waiting.
    fn arg_reduce_into(m: M, x: &Self::Slice<T>, out: &mut Self::Slice<M::Pick>) -> Result<()> {
        let v = Self::arg_reduce(m, x)?;
        Self::fill(out, v)
    }
}

/// Reduce and inclusive scan from an initial value, the leftmost operand.
pub trait InitOps<T: DeviceCopy, M: Monoid<T>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `out[0] = init ⊕ x[0] ⊕ ... ⊕ x[n-1]` (`init` when `x` is empty); `out.len() == 1`.
    fn reduce_with_init_into(
        m: M,
        init: T,
        x: &Self::Slice<T>,
        out: &mut Self::Slice<T>,
    ) -> Result<()>;
    /// `y[i] = init ⊕ x[0] ⊕ ... ⊕ x[i]`; equal lengths.
    fn inclusive_scan_with_init(
        m: M,
        init: T,
        x: &Self::Slice<T>,
        y: &mut Self::Slice<T>,
    ) -> Result<()>;
}

/// Vectorized binary search of `queries` in `sorted` ([`SearchKey`] order); `out` as long
/// as `queries`.
pub trait SearchOps<T: SearchKey>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `out[j]`: the first `i` with `!(sorted[i] < queries[j])`.
    fn lower_bound(
        sorted: &Self::Slice<T>,
        queries: &Self::Slice<T>,
        out: &mut Self::Slice<usize>,
    ) -> Result<()>;
    /// `out[j]`: the first `i` with `queries[j] < sorted[i]`.
    fn upper_bound(
        sorted: &Self::Slice<T>,
        queries: &Self::Slice<T>,
        out: &mut Self::Slice<usize>,
    ) -> Result<()>;
    /// `out[j]`: whether `queries[j]` occurs in `sorted`.
    fn binary_search(
        sorted: &Self::Slice<T>,
        queries: &Self::Slice<T>,
        out: &mut Self::Slice<bool>,
    ) -> Result<()>;
}
