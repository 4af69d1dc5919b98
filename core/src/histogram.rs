//! Histogram bins: which bin a sample falls in, defined once here and compiled unchanged for
//! the host backends and the GPU kernels, so every backend bins every sample identically.
//!
//! - Even bins ([`EvenBins`], CUB's `HistogramEven`): `bins` equal bins over `[lower, upper)`.
//!   Integer samples are binned exactly: `bin = floor((x - lower) * bins / (upper - lower))`
//!   in 64-bit integer arithmetic. Float samples are binned as
//!   `min(floor((x - lower) * scale), bins - 1)` with `scale = bins / (upper - lower)`
//!   rounded once to the sample type: two float operations, each correctly rounded on every
//!   backend (no fused multiply-add), so a sample within an ulp or two of a bin edge may land
//!   in the neighbouring bin compared with exact arithmetic, but in the same one everywhere.
//! - Bins by edges ([`range_bin`], CUB's `HistogramRange`): bin `i` counts
//!   `edges[i] <= x < edges[i + 1]`, comparisons only (exact for every type).
//!
//! A sample outside `[lower, upper)` (or `[edges[0], edges[last])`) and a NaN sample are not
//! counted: the bin functions return [`NOT_COUNTED`].

use crate::DeviceCopy;

/// The bin of a sample that is not counted (out of range or NaN).
pub const NOT_COUNTED: u32 = u32::MAX;

/// The most bins a histogram may have: bin indices are `u32` below [`NOT_COUNTED`].
pub const MAX_BINS: usize = u32::MAX as usize;

/// A sample type of the histograms: `u8`, `i8`, `u16`, `i16`, `u32`, `i32`, `f32`, `f64`.
/// (64-bit integers would need 128-bit products for exact even bins; they are not samples.)
///
/// ```
/// use parallaxis_core::HistogramSample;
/// // Integer samples are binned by i64 levels, so [0, 256) covers every u8.
/// assert_eq!(200_u8.level(), 200_i64);
/// assert_eq!(1.5_f32.level(), 1.5);
/// ```
pub trait HistogramSample: DeviceCopy + PartialOrd + core::fmt::Debug {
    /// The type of bounds and edges (CUB's `LevelT`): `i64` for integer samples, so that
    /// `[0, 256)` covers every `u8`; the sample type itself for floats.
    type Level: DeviceCopy + PartialOrd + core::fmt::Debug;
    /// What [`EvenBins`] keeps besides the bounds: the range `upper - lower` as `u64` for
    /// integers, the scale `bins / (upper - lower)` for floats.
    type Scale: DeviceCopy + core::fmt::Debug + PartialEq;
    /// The sample as a level (exact).
    fn level(self) -> Self::Level;
    /// The scale of `bins` even bins over `[lower, upper)`, or why there is none
    /// (`lower >= upper`, a NaN or infinite bound, a range or scale that overflows).
    fn even_scale(
        lower: Self::Level,
        upper: Self::Level,
        bins: u32,
    ) -> Result<Self::Scale, &'static str>;
    /// The bin of `self` (below `bins`), or [`NOT_COUNTED`].
    fn even_bin(self, e: &EvenBins<Self>) -> u32;
    /// `true` for a NaN level (never for integers): an edge list may not hold one.
    fn level_is_nan(l: Self::Level) -> bool;
    /// `true` when each bin of `e` holds exactly one integer value (then the bin is
    /// `x - lower`, and a table of bins is not worth its lookups).
    fn unit_bins(e: &EvenBins<Self>) -> bool;
    /// The bin of `self` where [`unit_bins`](Self::unit_bins) holds: `self - lower`, at least
    /// `bins` for a sample outside (one unsigned comparison decides, where
    /// [`even_bin`](Self::even_bin) makes two and chooses between the division and not).
    /// The host backends' byte histograms run 2-4x faster on it. Meaningful only where
    /// `unit_bins(e)` (the default defers to `even_bin`).
    #[inline(always)]
    fn unit_bin(self, e: &EvenBins<Self>) -> u64 {
        u64::from(self.even_bin(e))
    }
}

/// `bins` even bins over `[lower, upper)`, validated: build with [`EvenBins::new`].
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvenBins<T: HistogramSample> {
    /// The lowest value counted (bin 0 starts here).
    pub lower: T::Level,
    /// The first value above the last bin.
    pub upper: T::Level,
    /// The number of bins, at least 1.
    pub bins: u32,
    /// See [`HistogramSample::Scale`].
    pub scale: T::Scale,
}

impl<T: HistogramSample> EvenBins<T> {
    /// `bins` even bins over `[lower, upper)`, or `(argument, reason)` when they make no sense
    /// (zero bins, more than [`MAX_BINS`], `lower >= upper`, NaN or infinite bounds).
    ///
    /// ```
    /// use parallaxis_core::{EvenBins, HistogramSample};
    /// let e = EvenBins::<f32>::new(0.0, 1.0, 4).unwrap();
    /// assert_eq!(0.5_f32.even_bin(&e), 2);
    /// let bytes = EvenBins::<u8>::new(0, 256, 256).unwrap(); // every byte its own bin
    /// assert_eq!(255_u8.even_bin(&bytes), 255);
    /// assert!(EvenBins::<u8>::new(1, 1, 4).is_err());
    /// ```
    #[inline]
    pub fn new(
        lower: T::Level,
        upper: T::Level,
        bins: usize,
    ) -> Result<Self, (&'static str, &'static str)> {
        if bins == 0 {
            return Err(("bins", "a histogram needs at least one bin"));
        }
        if bins > MAX_BINS {
            return Err(("bins", "more than u32::MAX - 1 bins"));
        }
        let bins = bins as u32;
        let scale = T::even_scale(lower, upper, bins).map_err(|r| ("bounds", r))?;
        Ok(Self {
            lower,
            upper,
            bins,
            scale,
        })
    }
}

macro_rules! integer_sample {
    ($($t:ty),*) => {$(
        impl HistogramSample for $t {
            type Level = i64;
            type Scale = u64;
            #[inline(always)]
            fn level(self) -> i64 {
                self as i64
            }
            #[inline]
            fn even_scale(lower: i64, upper: i64, _bins: u32) -> Result<u64, &'static str> {
                if lower >= upper {
                    return Err("lower must be below upper");
                }
                match upper.checked_sub(lower) {
                    Some(r) if r <= 1 << 32 => Ok(r as u64),
                    _ => Err("upper - lower above 2^32 (the bins are computed in 64 bits)"),
                }
            }
            #[inline(always)]
            fn even_bin(self, e: &EvenBins<Self>) -> u32 {
                let x = self as i64;
                if x < e.lower || x >= e.upper {
                    return NOT_COUNTED;
                }
                // `d < upper - lower <= 2^32` and `bins < 2^32`: the product fits u64, and
                // the quotient is below `bins`. One value per bin (`[0, 256)` in 256 bins)
                // is the common case and needs no division (the same quotient).
                let d = (x - e.lower) as u64;
                if e.scale == e.bins as u64 {
                    d as u32
                } else {
                    ((d * e.bins as u64) / e.scale) as u32
                }
            }
            #[inline(always)]
            fn level_is_nan(_: i64) -> bool {
                false
            }
            #[inline(always)]
            fn unit_bins(e: &EvenBins<Self>) -> bool {
                e.scale == e.bins as u64
            }
            #[inline(always)]
            fn unit_bin(self, e: &EvenBins<Self>) -> u64 {
                // Exact: `self - lower` lies in (-2^64, 2^64) (`self` fits 32 bits and
                // `upper - lower <= 2^32` keeps `lower` clear of the ends), so the wrapped
                // difference is below `bins` exactly when the true one is in `[0, bins)`.
                (self as i64).wrapping_sub(e.lower) as u64
            }
        }
    )*};
}
integer_sample!(u8, i8, u16, i16, u32, i32);

macro_rules! float_sample {
    ($($t:ident),*) => {$(
        impl HistogramSample for $t {
            type Level = $t;
            type Scale = $t;
            #[inline(always)]
            fn level(self) -> $t {
                self
            }
            #[inline]
            fn even_scale(lower: Self, upper: Self, bins: u32) -> Result<$t, &'static str> {
                if lower.is_nan() || upper.is_nan() {
                    return Err("a bound is NaN");
                }
                if !lower.is_finite() || !upper.is_finite() {
                    return Err("a bound is infinite");
                }
                if lower >= upper {
                    return Err("lower must be below upper");
                }
                let scale = bins as $t / (upper - lower);
                if !scale.is_finite() || !(upper - lower).is_finite() {
                    return Err("the range is too large or too small for the bin count");
                }
                Ok(scale)
            }
            #[inline(always)]
            fn even_bin(self, e: &EvenBins<Self>) -> u32 {
                // Written so that NaN fails the test.
                if !(self >= e.lower && self < e.upper) {
                    return NOT_COUNTED;
                }
                // `as u32` truncates (the operand is >= 0) and saturates; rounding may give
                // `bins` for a sample just under `upper`, which belongs to the last bin.
                let b = ((self - e.lower) * e.scale) as u32;
                if b >= e.bins { e.bins - 1 } else { b }
            }
            #[inline(always)]
            fn level_is_nan(l: $t) -> bool {
                l.is_nan()
            }
            #[inline(always)]
            fn unit_bins(_: &EvenBins<Self>) -> bool {
                false
            }
        }
    )*};
}
float_sample!(f32, f64);

/// The bin of `x` among `bins + 1` sorted edges read through `edge(i)` (`bins >= 1`): the
/// last `i` with `edge(i) <= x`, if `edge(0) <= x < edge(bins)`; else [`NOT_COUNTED`].
/// Equal consecutive edges make empty bins. A binary search: `ceil(log2(edges))` reads.
///
/// ```
/// let edges = [0_i32, 10, 10, 20];
/// let bin = |x| parallaxis_core::range_bin(x, 3, |i| edges[i as usize]);
/// assert_eq!((bin(-1), bin(0), bin(10), bin(19), bin(20)), (u32::MAX, 0, 2, 2, u32::MAX));
/// ```
#[inline(always)]
pub fn range_bin<T: PartialOrd + Copy>(x: T, bins: u32, edge: impl Fn(u32) -> T) -> u32 {
    if !(x >= edge(0) && x < edge(bins)) {
        return NOT_COUNTED;
    }
    // Invariant: edge(lo) <= x < edge(hi).
    let (mut lo, mut hi) = (0u32, bins);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if edge(mid) <= x {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Why `edges` cannot bound a histogram, as `(argument, reason)`: fewer than two edges (zero
/// bins), more than [`MAX_BINS`] bins, a NaN edge, or edges that decrease.
///
/// ```
/// assert!(parallaxis_core::check_edges::<f32>(&[0.0, 1.0, 1.0, 2.0]).is_ok());
/// assert!(parallaxis_core::check_edges::<f32>(&[0.0, 2.0, 1.0]).is_err());
/// assert!(parallaxis_core::check_edges::<u8>(&[0, 128, 256]).is_ok());
/// ```
#[inline]
pub fn check_edges<T: HistogramSample>(
    edges: &[T::Level],
) -> Result<(), (&'static str, &'static str)> {
    if edges.len() < 2 {
        return Err((
            "edges",
            "fewer than two edges: a histogram needs at least one bin",
        ));
    }
    if edges.len() - 1 > MAX_BINS {
        return Err(("edges", "more than u32::MAX - 1 bins"));
    }
    if edges.iter().any(|&e| T::level_is_nan(e)) {
        return Err(("edges", "an edge is NaN"));
    }
    if edges.windows(2).any(|w| w[1] < w[0]) {
        return Err(("edges", "edges are not sorted"));
    }
    Ok(())
}

/// A histogram counter: `u32` or `u64`. Counts wrap at the type's width on every backend.
///
/// ```
/// use parallaxis_core::HistogramCounter;
/// assert_eq!(<u32 as HistogramCounter>::ZERO.add_count(3), 3);
/// assert_eq!(u32::MAX.add_count(2), 1); // counts wrap at the counter's width
/// ```
pub trait HistogramCounter: DeviceCopy + PartialEq + core::fmt::Debug {
    /// No samples.
    const ZERO: Self;
    /// `self + n`, wrapping.
    fn add_count(self, n: u64) -> Self;
}

impl HistogramCounter for u32 {
    const ZERO: Self = 0;
    #[inline(always)]
    fn add_count(self, n: u64) -> Self {
        self.wrapping_add(n as u32)
    }
}

impl HistogramCounter for u64 {
    const ZERO: Self = 0;
    #[inline(always)]
    fn add_count(self, n: u64) -> Self {
        self.wrapping_add(n)
    }
}
