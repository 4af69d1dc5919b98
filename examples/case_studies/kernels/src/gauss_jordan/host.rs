//! Launching the batched inversion.

use super::{GaussJordanParams, PivotExchange, N};
use crate::KERNELS;
use parallaxis_device::{DeviceBuffer, Error, LaunchConfig, UserKernel};

/// The block's dynamic shared memory, in bytes: one [`PivotExchange`].
pub const SHARED_BYTES: u32 = core::mem::size_of::<PivotExchange>() as u32;

/// The entry point for `e` elements per thread, or `None` for a count without one.
pub fn entry(e: u32) -> Option<&'static str> {
    Some(match e {
        1 => "gj_1",
        2 => "gj_2",
        4 => "gj_4",
        8 => "gj_8",
        16 => "gj_16",
        _ => return None,
    })
}

/// Threads per block for `e` elements per thread.
pub fn threads(e: u32) -> u32 {
    (N * N) as u32 / e
}

/// `inv[m] = a[m]⁻¹` for every 32 × 32 matrix `m`, `e` elements per thread, `times` times
/// (timing).
///
/// # Errors
/// An `e` without an entry point, lengths that are not the same multiple of 1024, a batch
/// too large for one launch, or a device error.
pub fn invert(
    e: u32,
    a: &DeviceBuffer<f32>,
    inv: &mut DeviceBuffer<f32>,
    times: u32,
) -> Result<(), Error> {
    let name = entry(e).ok_or_else(|| Error::Cuda {
        during: "gauss-jordan",
        reason: format!("no kernel with {e} elements per thread (1, 2, 4, 8 or 16)"),
    })?;
    let batch = a.len() / (N * N);
    for (what, len) in [("gauss-jordan a", a.len()), ("gauss-jordan inv", inv.len())] {
        if len != batch * N * N {
            return Err(Error::LengthMismatch {
                what,
                expected: batch * N * N,
                actual: len,
            });
        }
    }
    let batch = u32::try_from(batch).map_err(|_| Error::Cuda {
        during: "gauss-jordan",
        reason: format!("{batch} matrices exceed one launch"),
    })?;
    let cfg = LaunchConfig {
        grid: (batch, 1, 1),
        block: (threads(e), 1, 1),
        shared_bytes: SHARED_BYTES,
    };
    let p = GaussJordanParams {
        a: a.arg(),
        inv: inv.arg_mut(),
        batch,
    };
    // SAFETY: every `gj_*` entry takes one `GaussJordanParams` (this definition, compiled for
    // nvptx64); after checking both lengths it reads matrix `blockIdx.x` of `a` and writes
    // the same matrix of `inv`, each element from one thread; its shared memory is one
    // `PivotExchange`, which `cfg` provides, and its block size is `threads(e)`.
    let kernel = unsafe { UserKernel::<GaussJordanParams<'_>>::new(KERNELS, name) };
    kernel.launch_on(a.device(), &cfg, p, times)
}
