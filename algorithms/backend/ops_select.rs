//! The selection traits a backend implements: compaction by a predicate, by stencil flags
//! and by runs of equal elements, stable partition and counting. As in `ops.rs`, each is
//! parameterised by the predicate and element types, so the CUDA backend implements exactly
//! the combinations it has kernels for. Front doors validate lengths first.

use crate::{Backend, Result};
use parallaxis_core::{DeviceCopy, Predicate};

/// Selection by a predicate: `copy_if` and `remove_if`, stable `partition` and the one-pass
/// `partition_unstable`, `count_if`, and
/// finding (`find_if` and the searches built on it).
///
/// ```
/// use parallaxis::{DeviceVector, ops::LessThan, backend::SelectOps};
/// fn below<B: SelectOps<f32, LessThan<f32>>>(x: &DeviceVector<f32, B>, bound: f32) -> parallaxis::Result<usize> {
///     parallaxis::count_if(LessThan { bound }, x)
/// }
/// assert_eq!(below(&DeviceVector::<f32>::from_slice(&[0.5, 2.0, 1.0])?, 1.5)?, 2);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub trait SelectOps<T: DeviceCopy, P: Predicate<T>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The elements `p` selects (`selected`) or rejects (`!selected`: `remove_if`), in order,
    /// in a buffer of exactly their number.
    fn copy_if(p: P, selected: bool, x: &Self::Slice<T>) -> Result<Self::Buffer<T>>;
    /// As [`SelectOps::copy_if`], to the front of `out` (at least as long as `x`), the count
    /// to `count[0]` (one element). CUDA leaves both on the device and returns without
    /// waiting (CUB's `DeviceSelect::If`).
    fn copy_if_into(
        p: P,
        selected: bool,
        x: &Self::Slice<T>,
        out: &mut Self::Slice<T>,
        count: &mut Self::Slice<usize>,
    ) -> Result<()>;
    /// Stable partition into `out` (as long as `x`): the selected elements in order, then the
    /// rejected ones in order; the number selected to `split[0]` (one element). CUDA returns
    /// without waiting.
    fn partition_into(
        p: P,
        x: &Self::Slice<T>,
        out: &mut Self::Slice<T>,
        split: &mut Self::Slice<usize>,
    ) -> Result<()>;
    /// Partition into `out` (as long as `x`) that keeps the selected side's order only: the
    /// selected elements in order, then the rejected ones in reverse order (CUB's
    /// `DevicePartition::If`; every backend writes this same order); the number selected to
    /// `split[0]`. CUDA makes one pass and returns without waiting.
    fn partition_unstable_into(
        p: P,
        x: &Self::Slice<T>,
        out: &mut Self::Slice<T>,
        split: &mut Self::Slice<usize>,
    ) -> Result<()>;
    /// The number of elements `p` selects (waits for it).
    fn count_if(p: P, x: &Self::Slice<T>) -> Result<usize>;
    /// The first position whose element `p` answers `want` for, or `None` (waits for it;
    /// stops early past a hit).
    fn find_if(p: P, want: bool, x: &Self::Slice<T>) -> Result<Option<usize>>;
}

/// Selection by stencil flags (Thrust's `copy_if` with a stencil, CUB's
/// `DeviceSelect::Flagged`); `stencil` and `x` have equal lengths.
pub trait FlaggedOps<T: DeviceCopy>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The elements whose flag is set, in order, in a buffer of exactly their number.
    fn copy_if_stencil(stencil: &Self::Slice<bool>, x: &Self::Slice<T>) -> Result<Self::Buffer<T>>;
    /// As [`FlaggedOps::copy_if_stencil`], to the front of `out` (at least as long as `x`),
    /// the count to `count[0]`. CUDA returns without waiting.
    fn copy_if_stencil_into(
        stencil: &Self::Slice<bool>,
        x: &Self::Slice<T>,
        out: &mut Self::Slice<T>,
        count: &mut Self::Slice<usize>,
    ) -> Result<()>;
}

/// The first element of every run of equal consecutive elements (Thrust's `unique_copy`,
/// CUB's `DeviceSelect::Unique`).
pub trait UniqueOps<T: DeviceCopy + PartialEq>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The run heads, in order, in a buffer of exactly their number.
    fn unique(x: &Self::Slice<T>) -> Result<Self::Buffer<T>>;
    /// As [`UniqueOps::unique`], to the front of `out` (at least as long as `x`), the count
    /// to `count[0]`. CUDA returns without waiting.
    fn unique_into(
        x: &Self::Slice<T>,
        out: &mut Self::Slice<T>,
        count: &mut Self::Slice<usize>,
    ) -> Result<()>;
    /// The first position below the shorter length where `x` and `y` differ (`!=`), or
    /// `None`; stops early where it can. Waits for it.
    fn mismatch(x: &Self::Slice<T>, y: &Self::Slice<T>) -> Result<Option<usize>>;
    /// The number of runs of equal consecutive elements. Waits for it.
    fn unique_count(x: &Self::Slice<T>) -> Result<usize>;
}

/// The first key and value of every run of equal consecutive keys (Thrust's
/// `unique_by_key_copy`); `keys` and `values` have equal lengths.
pub trait UniqueByKeyOps<K: DeviceCopy + PartialEq, V: DeviceCopy>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The run heads' keys and values, in buffers of exactly the number of runs.
    #[allow(clippy::type_complexity)]
    fn unique_by_key(
        keys: &Self::Slice<K>,
        values: &Self::Slice<V>,
    ) -> Result<(Self::Buffer<K>, Self::Buffer<V>)>;
    /// As [`UniqueByKeyOps::unique_by_key`], to the fronts of `out_keys` and `out_values`
    /// (each at least as long as `keys`), the run count to `count[0]`.
    fn unique_by_key_into(
        keys: &Self::Slice<K>,
        values: &Self::Slice<V>,
        out_keys: &mut Self::Slice<K>,
        out_values: &mut Self::Slice<V>,
        count: &mut Self::Slice<usize>,
    ) -> Result<()>;
}
