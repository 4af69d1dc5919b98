//! Launching the correlator.

use super::{XcorrParams, BLOCK, C32};
use crate::{blocks_for, KERNELS};
use parallaxis_device::{DeviceBuffer, Error, LaunchConfig, UserKernel};

/// Entries of `S` per thread, rows × columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocking {
    /// 1 × 1.
    B1x1,
    /// 2 × 1.
    B2x1,
    /// 2 × 2.
    B2x2,
}

impl Blocking {
    /// (rows, columns) per thread.
    pub fn shape(self) -> (u32, u32) {
        match self {
            Blocking::B1x1 => (1, 1),
            Blocking::B2x1 => (2, 1),
            Blocking::B2x2 => (2, 2),
        }
    }
}

/// The entry point of a blocking.
pub fn entry(b: Blocking) -> &'static str {
    match b {
        Blocking::B1x1 => "xcorr_1x1",
        Blocking::B2x1 => "xcorr_2x1",
        Blocking::B2x2 => "xcorr_2x2",
    }
}

/// `s[c][i][j] = Σ_t x[c][t][i] · conj(x[c][t][j])` for `i >= j`, `times` times (timing).
/// `s` above the diagonal is left as it was.
///
/// # Errors
/// Lengths other than `channels · samples · stations` and `channels · stations²`, a grid too
/// large, or a device error.
pub fn xcorr(
    blocking: Blocking,
    x: &DeviceBuffer<C32>,
    s: &mut DeviceBuffer<C32>,
    (channels, samples, stations): (u32, u32, u32),
    times: u32,
) -> Result<(), Error> {
    let (c, t, n) = (channels as usize, samples as usize, stations as usize);
    for (what, want, len) in [
        ("xcorr x", c * t * n, x.len()),
        ("xcorr s", c * n * n, s.len()),
    ] {
        if len != want {
            return Err(Error::LengthMismatch {
                what,
                expected: want,
                actual: len,
            });
        }
    }
    let (ri, rj) = blocking.shape();
    let cfg = LaunchConfig {
        grid: (
            blocks_for(u64::from(stations), u64::from(BLOCK * rj), "xcorr")?,
            blocks_for(u64::from(stations), u64::from(BLOCK * ri), "xcorr")?,
            channels,
        ),
        block: (BLOCK, BLOCK, 1),
        shared_bytes: 0,
    };
    let p = XcorrParams {
        x: x.arg(),
        s: s.arg_mut(),
        stations,
        samples,
        channels,
    };
    // SAFETY: every `xcorr_*` entry takes one `XcorrParams` (this definition, compiled for
    // nvptx64); after checking both lengths it reads `x` and writes each `(c, i, j)` with
    // `i >= j` of `s` once, from one thread; no shared memory.
    let kernel = unsafe { UserKernel::<XcorrParams<'_>>::new(KERNELS, entry(blocking)) };
    kernel.launch_on(x.device(), &cfg, p, times)
}
