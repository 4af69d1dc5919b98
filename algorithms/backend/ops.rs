//! The algorithm traits a backend implements. Each is parameterised by the operator and
//! element types, so a backend with per-type kernels (CUDA) implements exactly the
//! combinations it has, and the front doors in this crate are one bound away from them.
//!
//! Front doors validate lengths and structure before calling these; implementations may
//! assume equal lengths where the front door documents them.

use crate::sparse::{CooMatrix, CsrMatrix, EllMatrix};
use crate::{Backend, Result};
use parallaxis_core::reference::ScanKind;
use parallaxis_core::{
    BinaryFunction, Boundary, DeviceCopy, Monoid, Semiring, SparseIndex, Stencil, UnaryFunction,
};

/// Element-wise unary transform.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Square, backend::TransformOps};
/// // Generic over backends: `B` must have the transform for (f32, Square).
/// fn squares<B: TransformOps<f32, Square>>(x: &DeviceVector<f32, B>) -> parallaxis::Result<Vec<f32>> {
///     parallaxis::transform(Square, x)?.to_vec()
/// }
/// assert_eq!(squares(&DeviceVector::<f32>::from_slice(&[2.0, 3.0])?)?, [4.0, 9.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub trait TransformOps<A: DeviceCopy, F: UnaryFunction<A>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `y[i] = f(x[i])`; `x` and `y` have equal lengths.
    fn transform(f: F, x: &Self::Slice<A>, y: &mut Self::Slice<F::Output>) -> Result<()>;
    /// `x[i] = f(x[i])`, in place.
    fn transform_in_place(f: F, x: &mut Self::Slice<A>) -> Result<()>
    where
        F: UnaryFunction<A, Output = A>;
}

/// Element-wise binary transform.
pub trait Transform2Ops<A: DeviceCopy, B: DeviceCopy, F: BinaryFunction<A, B>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `y[i] = f(a[i], b[i])`; all three have equal lengths.
    fn transform2(
        f: F,
        a: &Self::Slice<A>,
        b: &Self::Slice<B>,
        y: &mut Self::Slice<F::Output>,
    ) -> Result<()>;
}

/// Differences of neighbours (Thrust's `adjacent_difference`).
pub trait AdjacentOps<T: DeviceCopy, F: BinaryFunction<T, T, Output = T>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `y[0] = x[0]` and `y[i] = f(x[i], x[i - 1])`; `x` and `y` have equal lengths.
    fn adjacent_difference(f: F, x: &Self::Slice<T>, y: &mut Self::Slice<T>) -> Result<()>;
}

/// Index-driven generation.
pub trait TabulateOps<F: UnaryFunction<u64>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `y[i] = f(i)`.
    fn tabulate(f: F, y: &mut Self::Slice<F::Output>) -> Result<()>;
}

/// Everything driven by one monoid: reduce, scans, segmented scans and reductions.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Max, backend::MonoidOps};
/// // Generic over backends: `B` must have the kernels of the (i64, Max) monoid.
/// fn running_max<B: MonoidOps<i64, Max>>(x: &DeviceVector<i64, B>) -> parallaxis::Result<Vec<i64>> {
///     parallaxis::inclusive_scan(Max, x)?.to_vec()
/// }
/// let x = DeviceVector::<i64>::from_slice(&[3, 1, 4, 1, 5])?;
/// assert_eq!(running_max(&x)?, [3, 3, 4, 4, 5]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub trait MonoidOps<T: DeviceCopy, M: Monoid<T>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The fold of `x` from the identity.
    fn reduce(m: M, x: &Self::Slice<T>) -> Result<T>;
    /// The fold of `x` from the identity, written to `out[0]`; `out.len() == 1`. The host
    /// backends fold and store (this default); CUDA leaves the result in device memory and
    /// returns without waiting for it (the next operation on the device runs after it).
    fn reduce_into(m: M, x: &Self::Slice<T>, out: &mut Self::Slice<T>) -> Result<()> {
        let v = Self::reduce(m, x)?;
        Self::fill(out, v)
    }
    /// Inclusive scan; equal lengths.
    fn inclusive_scan(m: M, x: &Self::Slice<T>, y: &mut Self::Slice<T>) -> Result<()>;
    /// Exclusive scan seeded with `init`; equal lengths.
    fn exclusive_scan(m: M, init: T, x: &Self::Slice<T>, y: &mut Self::Slice<T>) -> Result<()>;
    /// Segmented scan by head flags; `flags`, `x`, `y` have equal lengths.
    fn scan_by_flags(
        m: M,
        flags: &Self::Slice<bool>,
        x: &Self::Slice<T>,
        y: &mut Self::Slice<T>,
        kind: ScanKind<T>,
    ) -> Result<()>;
    /// Segmented scan by validated offsets (`0 = o[0] <= ... <= o[last] = x.len()`).
    fn scan_by_offsets(
        m: M,
        offsets: &Self::Slice<usize>,
        x: &Self::Slice<T>,
        y: &mut Self::Slice<T>,
        kind: ScanKind<T>,
    ) -> Result<()>;
    /// One fold per segment of validated offsets; `y.len() + 1 == offsets.len()`.
    fn segmented_reduce(
        m: M,
        offsets: &Self::Slice<usize>,
        x: &Self::Slice<T>,
        y: &mut Self::Slice<T>,
    ) -> Result<()>;
}

/// Key-driven segmented operations.
pub trait KeyedOps<K: DeviceCopy + PartialEq, T: DeviceCopy, M: Monoid<T>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// Segmented scan where runs of equal consecutive keys are segments; equal lengths.
    fn scan_by_keys(
        m: M,
        keys: &Self::Slice<K>,
        x: &Self::Slice<T>,
        y: &mut Self::Slice<T>,
        kind: ScanKind<T>,
    ) -> Result<()>;
    /// One `(key, fold)` pair per run of equal consecutive keys; equal lengths.
    #[allow(clippy::type_complexity)]
    fn reduce_by_key(
        m: M,
        keys: &Self::Slice<K>,
        x: &Self::Slice<T>,
    ) -> Result<(Self::Buffer<K>, Self::Buffer<T>)>;
    /// [`KeyedOps::reduce_by_key`] into the first `runs[0]` entries of `out_keys` and
    /// `out_values` (each as long as `x`), the run count into `runs[0]`. CUDA leaves all of it
    /// in device memory and returns without waiting (as CUB's `ReduceByKey`).
    fn reduce_by_key_into(
        m: M,
        keys: &Self::Slice<K>,
        x: &Self::Slice<T>,
        out_keys: &mut Self::Slice<K>,
        out_values: &mut Self::Slice<T>,
        runs: &mut Self::Slice<usize>,
    ) -> Result<()>;
}

/// Transforms fused into a reduction or scan (no temporary vector).
pub trait FusedOps<A: DeviceCopy, T: DeviceCopy, F, M>: Backend
where
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
{
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `reduce(m, map(f, x))`.
    fn transform_reduce(f: F, m: M, x: &Self::Slice<A>) -> Result<T>;
    /// `inclusive_scan(m, map(f, x))`; equal lengths.
    fn transform_inclusive_scan(
        f: F,
        m: M,
        x: &Self::Slice<A>,
        y: &mut Self::Slice<T>,
    ) -> Result<()>;
    /// `exclusive_scan(m, init, map(f, x))`; equal lengths.
    fn transform_exclusive_scan(
        f: F,
        m: M,
        init: T,
        x: &Self::Slice<A>,
        y: &mut Self::Slice<T>,
    ) -> Result<()>;
}

/// A binary transform fused into a reduction (no temporary vector).
pub trait Fused2Ops<A: DeviceCopy, C: DeviceCopy, T: DeviceCopy, F, M>: Backend
where
    F: BinaryFunction<A, C, Output = T>,
    M: Monoid<T>,
{
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `reduce(m, map2(f, a, b))`; equal lengths.
    fn transform2_reduce(f: F, m: M, a: &Self::Slice<A>, b: &Self::Slice<C>) -> Result<T>;
}

/// Sparse matrix times dense vector over a semiring. `x.len() == ncols`, `y.len() == nrows`;
/// with `accumulate`, `y = y ⊕ A·x`, else `y = A·x`.
pub trait SpmvOps<T: DeviceCopy, I: SparseIndex, S: Semiring<T>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// CSR SpMV.
    fn spmv_csr(
        s: S,
        a: &CsrMatrix<T, I, Self>,
        x: &Self::Slice<T>,
        y: &mut Self::Slice<T>,
        accumulate: bool,
    ) -> Result<()>;
    /// ELL SpMV.
    fn spmv_ell(
        s: S,
        a: &EllMatrix<T, I, Self>,
        x: &Self::Slice<T>,
        y: &mut Self::Slice<T>,
        accumulate: bool,
    ) -> Result<()>;
    /// COO SpMV (rows sorted).
    fn spmv_coo(
        s: S,
        a: &CooMatrix<T, I, Self>,
        x: &Self::Slice<T>,
        y: &mut Self::Slice<T>,
        accumulate: bool,
    ) -> Result<()>;
}

/// Stencils over a `D`-dimensional row-major grid.
pub trait StencilOps<T: DeviceCopy, S: Semiring<T>, const D: usize, const K: usize>:
    Backend
{
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `y[p] = ⊕_k w[k] ⊗ x[p + o[k]]`; `x.len() == y.len() == shape.product()`.
    fn stencil(
        s: S,
        st: &Stencil<T, D, K>,
        boundary: Boundary,
        shape: [usize; D],
        x: &Self::Slice<T>,
        y: &mut Self::Slice<T>,
    ) -> Result<()>;
}
