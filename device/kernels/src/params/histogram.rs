//! Parameters of the histogram kernels (even bins, bins by edges).

use parallaxis_core::{EvenBins, HistogramSample};

/// How a histogram kernel counts (the `counting` field of its parameters).
pub mod counting {
    /// Straight into the output counters (`red.global.add`): bins that do not fit the
    /// shared memory.
    pub const GLOBAL: u32 = 0;
    /// Into per-block bins in shared memory first (one copy per warp where
    /// `policy::histogram::bin_copies` says), added to the output at the end.
    pub const SHARED_BINS: u32 = 1;
    /// 1-byte samples only: into each lane's 8-bit counters of the 256 byte values
    /// (`policy::histogram::lane_byte_shared_bytes`), binned at the end.
    pub const LANE_BYTES: u32 = 2;
}

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
    /// A [`counting`] mode; `SHARED_BINS` with `policy::histogram::even_shared_bytes` of
    /// shared memory.
    pub counting: u32,
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
    /// A [`counting`] mode; `SHARED_BINS` keeps the bins and a copy of the edges in shared
    /// memory (`policy::histogram::range_shared_bytes` of the level size).
    pub counting: u32,
    /// Copies of the private bins: 1, or one per warp (`policy::histogram::bin_copies`).
    pub copies: u32,
}
