//! Cross-correlation of radio-telescope stations: for every channel `c` and station pair
//! `i >= j`, `S_c[i][j] = Σ_t X_c[t][i] · conj(X_c[t][j])` (complex `f32`; the correlator's
//! "visibilities"). Blocks of 16 × 16 threads; each thread accumulates an `RI × RJ` block of
//! `S` in registers (register blocking: per sample it loads `RI + RJ` values for `RI · RJ`
//! complex multiply-adds), its rows and columns 16 apart so a half-warp's loads of `X_j` are
//! 16 consecutive values. Blocks wholly above the diagonal exit at once.

use parallaxis_core::DeviceCopy;
use parallaxis_kernels::args::{In, Out};

#[cfg(target_arch = "nvptx64")]
mod device;
#[cfg(not(target_arch = "nvptx64"))]
mod host;
#[cfg(not(target_arch = "nvptx64"))]
pub use host::{entry, xcorr, Blocking};

/// Threads of a block along each axis (`x`: columns `j`, `y`: rows `i`).
pub const BLOCK: u32 = 16;

/// A complex `f32` (8 bytes, one vector load).
#[derive(Clone, Copy, Debug, Default, PartialEq, DeviceCopy)]
#[repr(C, align(8))]
pub struct C32 {
    /// Real part.
    pub re: f32,
    /// Imaginary part.
    pub im: f32,
}

/// A launch's arguments.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct XcorrParams<'a> {
    /// `channels × samples × stations` values, station fastest.
    pub x: In<'a, C32>,
    /// `channels × stations × stations`; only `i >= j` is written.
    pub s: Out<'a, C32>,
    /// Stations.
    pub stations: u32,
    /// Samples per channel.
    pub samples: u32,
    /// Channels (the grid's z).
    pub channels: u32,
}
