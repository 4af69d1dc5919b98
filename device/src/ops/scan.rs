//! Inclusive and exclusive scan: one single-pass decoupled look-back kernel, returning once
//! it is queued (as CUB's `DeviceScan`): the tile states stay in the scratch and the
//! look-back words (`lookback_words.rs`), whose next user the stream orders after this
//! kernel.

use super::plan::Plan;
use super::prologue::{check, enter, reserve};
use crate::kernel::MonoidKernel;
use crate::Result;
use crate::{launch, DeviceBuffer};
use parallaxis_core::{DeviceCopy, Monoid};
use parallaxis_kernels::params::scan::ScanParams;
use parallaxis_kernels::{policy::lookback::packed_words, policy::scan::deep_scan_tile_items};
use std::mem::size_of;

/// How a scan moves full tiles between global memory and registers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScanLayout {
    /// Through shared memory with coalesced 16-byte accesses (CUB's `BLOCK_LOAD_TRANSPOSE`),
    /// for element types whose per-thread run is four 16-byte units (f32, f64, 16-byte
    /// structs); other types fall back to [`ScanLayout::Direct`].
    #[default]
    Staged,
    /// Each thread loads and stores its own 64 contiguous bytes.
    Direct,
}

/// `y[0] = x[0]`, `y[i] = y[i-1] ⊕ x[i]`; the identity is never combined in.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `y.len() == x.len()`;
/// buffers on different devices; no memory for the tile states. A fault of the kernel itself
/// surfaces in the next call that waits for the device.
pub fn inclusive_scan<T: DeviceCopy, M: MonoidKernel<T>>(
    m: M,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
) -> Result<()> {
    scan(m, None, x, y, ScanLayout::default())
}

/// `y[0] = init`, `y[i] = init ⊕ x[0] ⊕ ... ⊕ x[i-1]`.
///
/// # Errors
/// As [`inclusive_scan`].
pub fn exclusive_scan<T: DeviceCopy, M: MonoidKernel<T>>(
    m: M,
    init: T,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
) -> Result<()> {
    scan(m, Some(init), x, y, ScanLayout::default())
}

/// [`inclusive_scan`] (`init: None`) or [`exclusive_scan`] (`init: Some`) with an explicit
/// tile layout, for benchmarks and tests; results are identical for every layout.
///
/// # Errors
/// As [`inclusive_scan`].
pub fn scan_with_layout<T: DeviceCopy, M: MonoidKernel<T>>(
    m: M,
    init: Option<T>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    layout: ScanLayout,
) -> Result<()> {
    scan(m, init, x, y, layout)
}

fn scan<T: DeviceCopy, M: MonoidKernel<T>>(
    m: M,
    init: Option<T>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    layout: ScanLayout,
) -> Result<()> {
    check(&[("scan output", x.len(), y.len())], &[(x, y)])?;
    let exclusive = init.is_some();
    let queue_kernel = |tiles, p: ScanParams<T, M>| {
        let p = ScanParams { x: x.as_ptr(), ..p };
        // SAFETY: `x` is live for `n` elements (16-byte aligned); the rest of `p` by `queue`.
        unsafe { launch::scan::<T, M>(x.device(), exclusive, tiles, p) }
    };
    // SAFETY: `queue_kernel` queues the scan kernel over `x`'s `n` items of `T`.
    unsafe { queue(m, init, y, layout, queue_kernel) }
}

/// Readies the look-back state for a scan of `y.len()` items of `T` and has `launch` queue
/// the kernel with the tile count and the parameters (input null: the caller's), writing
/// `y`. Nothing for an empty `y`.
///
/// # Safety
/// `launch` must queue a kernel with `ScanParams<T, M>`'s contract, reading `y.len()`
/// items of `T`'s size from an input on `y`'s device that is live until it has run.
pub(super) unsafe fn queue<T: DeviceCopy, M: Monoid<T>>(
    m: M,
    init: Option<T>,
    y: &mut DeviceBuffer<T>,
    layout: ScanLayout,
    launch: impl FnOnce(u64, ScanParams<T, M>) -> Result<()>,
) -> Result<()> {
    let Some(dev) = enter(y.device(), y.is_empty())? else {
        return Ok(());
    };
    let n = y.len() as u64;
    let mut plan = Plan::default();
    let state = plan.state::<T>(n, deep_scan_tile_items(size_of::<T>()), packed_words::<T>());
    let (mut scratch, base) = reserve(dev, &plan)?;
    let status = state.ready(dev, &mut scratch, base)?;
    // `y` is live for `n` elements (16-byte aligned: buffers and views); `status` covers `tiles`
    // slots readied for this launch (later users of them and of `y`, and their frees, queue
    // after this kernel); one block per tile.
    launch(
        state.tiles,
        ScanParams {
            x: core::ptr::null(),
            y: y.as_mut_ptr(),
            n,
            status,
            init: init.unwrap_or_else(|| m.identity()),
            staged: u32::from(layout == ScanLayout::Staged),
            seeded: 0,
            m,
        },
    )
}
