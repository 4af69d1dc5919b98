//! Parameters of the histogram kernels (even bins, bins by edges).

use parallaxis_core::{EvenBins, HistogramSample};

/// Counts `x[..n]` into `counts[..bins]` (added to what `counts` holds: the host zeroes it
/// first) with even bins.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HistogramEvenParams<T: HistogramSample, C> {
    /// Samples, `n` of them.
    pub x: *const T,
    /// Number of samples.
    pub n: u64,
    /// Counters, `bins.bins` of them.
    pub counts: *mut C,
    /// The bins.
    pub bins: EvenBins<T>,
    /// 1: count into per-block bins in shared memory first
    /// (`policy::histogram::even_shared_bytes`); 0: add to `counts` directly.
    pub privatized: u32,
    /// Copies of the private bins: 1, or one per warp (`policy::histogram::bin_copies`).
    pub copies: u32,
}

/// Counts `x[..n]` into `counts[..bins]` (added, as [`HistogramEvenParams`]) with bin `i`
/// covering `edges[i] <= x < edges[i + 1]`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HistogramRangeParams<T: HistogramSample, C> {
    /// Samples, `n` of them.
    pub x: *const T,
    /// Number of samples.
    pub n: u64,
    /// Counters, `bins` of them.
    pub counts: *mut C,
    /// Sorted edges (levels), `bins + 1` of them.
    pub edges: *const T::Level,
    /// Number of bins (at least 1).
    pub bins: u32,
    /// 1: per-block bins and a copy of the edges in shared memory
    /// (`policy::histogram::range_shared_bytes` of the level size); 0: global memory only.
    pub privatized: u32,
    /// Copies of the private bins: 1, or one per warp (`policy::histogram::bin_copies`).
    pub copies: u32,
}
