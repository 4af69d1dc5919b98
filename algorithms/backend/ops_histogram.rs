//! The algorithm traits of histograms and of data movement through index maps (gather,
//! scatter, reverse), beside `ops.rs` in a file of their own.

use crate::{Backend, Result};
use parallaxis_core::{DeviceCopy, EvenBins, HistogramCounter, HistogramSample, SparseIndex};

/// Histograms of samples `T` into counters `C`. Both forms overwrite `counts`.
pub trait HistogramOps<T: HistogramSample, C: HistogramCounter>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// Counts each sample in its even bin (`parallaxis_core::EvenBins`); `counts.len() ==
    /// e.bins`.
    fn histogram_even(
        x: &Self::Slice<T>,
        e: &EvenBins<T>,
        counts: &mut Self::Slice<C>,
    ) -> Result<()>;
    /// Counts each sample in bin `i` where `edges[i] <= x < edges[i + 1]` (edges are levels,
    /// `HistogramSample::Level`), validated
    /// (`parallaxis_core::check_edges`), `counts.len() + 1 == edges.len()`.
    fn histogram_range(
        x: &Self::Slice<T>,
        edges: &Self::Slice<T::Level>,
        counts: &mut Self::Slice<C>,
    ) -> Result<()>;
}

/// Gather and scatter of `T` through maps of `I`. The moves assume every selected index is in
/// range (the front doors check with [`GatherOps::first_out_of_range`] first), so they are
/// `unsafe`: on the GPU an index out of range would write or read outside the buffers.
pub trait GatherOps<I: SparseIndex, T: DeviceCopy>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The first position `i` (with `stencil[i]`, when given) whose `map[i] >= len`, and that
    /// index; `None` when all are in range. `stencil`, when given, is as long as `map`.
    fn first_out_of_range(
        map: &Self::Slice<I>,
        stencil: Option<&Self::Slice<bool>>,
        len: usize,
    ) -> Result<Option<(usize, usize)>>;
    /// `y[i] = src[map[i]]`; `y.len() == map.len()`.
    ///
    /// # Safety
    /// Every `map[i] < src.len()`.
    unsafe fn gather(
        map: &Self::Slice<I>,
        src: &Self::Slice<T>,
        y: &mut Self::Slice<T>,
    ) -> Result<()>;
    /// `y[i] = src[map[i]]` where `stencil[i]`; equal lengths of `map`, `stencil`, `y`.
    ///
    /// # Safety
    /// `map[i] < src.len()` wherever `stencil[i]`.
    unsafe fn gather_if(
        map: &Self::Slice<I>,
        stencil: &Self::Slice<bool>,
        src: &Self::Slice<T>,
        y: &mut Self::Slice<T>,
    ) -> Result<()>;
    /// `dst[map[i]] = src[i]`; `map.len() == src.len()`.
    ///
    /// # Safety
    /// Every `map[i] < dst.len()`.
    unsafe fn scatter(
        src: &Self::Slice<T>,
        map: &Self::Slice<I>,
        dst: &mut Self::Slice<T>,
    ) -> Result<()>;
    /// `dst[map[i]] = src[i]` where `stencil[i]`; equal lengths of `src`, `map`, `stencil`.
    ///
    /// # Safety
    /// `map[i] < dst.len()` wherever `stencil[i]`.
    unsafe fn scatter_if(
        src: &Self::Slice<T>,
        map: &Self::Slice<I>,
        stencil: &Self::Slice<bool>,
        dst: &mut Self::Slice<T>,
    ) -> Result<()>;
}

/// Reversal of `T`.
pub trait ReverseOps<T: DeviceCopy>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `y[i] = x[n - 1 - i]`; equal lengths.
    fn reverse(x: &Self::Slice<T>, y: &mut Self::Slice<T>) -> Result<()>;
}
