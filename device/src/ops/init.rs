//! Reduce and inclusive scan from an initial value, with no extra pass: the reduce kernel
//! combines `init` on the left of its result where it writes it (`ReduceParams::seeded`),
//! the scan kernel seeds its first tile's prefix with it (`ScanParams::seeded`).

use super::prologue::check;
use super::reduce::queue;
use super::scan::{self, ScanLayout};
use crate::kernel::MonoidKernel;
use crate::{launch, DeviceBuffer, Result};
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::{common::HostSignal, reduce::ReduceParams, scan::ScanParams};
use std::mem::size_of;

/// `out[0] = init ⊕ x[0] ⊕ ... ⊕ x[n-1]` (`init` for an empty `x`), left on the device;
/// returns without waiting.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == 1`; buffers on
/// different devices; no memory for the partials.
pub fn reduce_with_init_into<T: DeviceCopy, M: MonoidKernel<T>>(
    m: M,
    init: T,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
) -> Result<()> {
    check(
        &[("reduce_with_init_into output", 1, out.len())],
        &[(x, out)],
    )?;
    if x.is_empty() {
        return out.copy_from_slice(&[init]);
    }
    let dev = x.device();
    dev.enter()?;
    let mut scratch = dev.scratch();
    let queue_kernel = |blocks, p| {
        let p = ReduceParams {
            x: x.as_ptr(),
            init,
            seeded: 1,
            ..p
        };
        // SAFETY: `x` live for `n` elements (16-byte aligned); the rest of `p` by `queue`.
        unsafe { launch::reduce::<T, M>(dev, blocks, p) }
    };
    // SAFETY: `out` is one live element on `dev`; later frees and reads queue after it.
    unsafe {
        queue(
            dev,
            &mut scratch,
            m,
            (x.len() as u64, size_of::<T>()),
            (out.as_mut_ptr(), HostSignal::NONE),
            queue_kernel,
        )
    }
}

/// `y[i] = init ⊕ x[0] ⊕ ... ⊕ x[i]`: the inclusive scan kernel with its first tile's
/// prefix seeded with `init`; returns once queued.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `y.len() == x.len()`; buffers on
/// different devices; no memory for the tile states.
pub fn inclusive_scan_with_init<T: DeviceCopy, M: MonoidKernel<T>>(
    m: M,
    init: T,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
) -> Result<()> {
    check(&[("scan output", x.len(), y.len())], &[(x, y)])?;
    let queue_kernel = |tiles, p: ScanParams<T, M>| {
        let p = ScanParams {
            x: x.as_ptr(),
            seeded: 1,
            ..p
        };
        // SAFETY: `x` is live for `n` elements (16-byte aligned); the rest of `p` by `queue`.
        unsafe { launch::scan::<T, M>(x.device(), false, tiles, p) }
    };
    // SAFETY: `queue_kernel` queues the inclusive scan over `x`'s `n` items of `T`, with
    // `queue`'s `init` (ours) as the seed.
    unsafe { scan::queue(m, Some(init), y, ScanLayout::default(), queue_kernel) }
}
