//! Inclusive and exclusive scan: one single-pass decoupled look-back kernel.

use super::same_device;
use crate::buffer::{check_len, device_ptr_mut};
use crate::error::Result;
use crate::kernel::MonoidKernel;
use crate::scratch::align_up;
use crate::{launch, DeviceBuffer, STREAM};
use cudarc::driver::result;
use parallax_core::DeviceCopy;
use parallax_kernels::params::{ScanParams, TileStatus};
use parallax_kernels::tuning::scan_tile_items;
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
/// [`LengthMismatch`](crate::DeviceError::LengthMismatch) unless `y.len() == x.len()`;
/// buffers on different devices; no memory for the tile states; a device fault.
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
    check_len("scan output", x.len(), y.len())?;
    let dev = same_device(x, y)?;
    if x.is_empty() {
        return Ok(());
    }
    dev.enter()?;
    let (n, size) = (x.len() as u64, size_of::<T>());
    let tiles = n.div_ceil(scan_tile_items(size));
    // Scratch: the ticket counter (16 bytes), one status word per tile, then aggregates and
    // inclusive prefixes, each region 256-byte aligned. 2^28 f32: 65536 tiles, 768 KiB.
    let status_bytes = 16 + 4 * tiles as usize;
    let values_bytes = align_up(tiles as usize * size);
    let aggregates = align_up(status_bytes);
    let inclusives = aggregates + values_bytes;
    let mut scratch = dev.scratch();
    let base = scratch.reserve(dev, inclusives + values_bytes)?;
    // SAFETY: zeroes the counter and status words inside the reserved scratch, queued on the
    // legacy stream before the kernel.
    unsafe { result::memset_d8_async(base, 0, status_bytes, STREAM) }
        .map_err(|e| dev.fail("zeroing scan tile states", e))?;
    let p = ScanParams {
        x: x.as_ptr(),
        y: y.as_mut_ptr(),
        n,
        status: TileStatus {
            flags: device_ptr_mut(base + 16),
            aggregates: device_ptr_mut(base + aggregates as u64),
            inclusives: device_ptr_mut(base + inclusives as u64),
            counter: device_ptr_mut(base),
        },
        init: init.unwrap_or_else(|| m.identity()),
        staged: u32::from(layout == ScanLayout::Staged),
        m,
    };
    // SAFETY: `x`, `y` live for `n` elements (cuMemAlloc-aligned); `status` covers `tiles`
    // zeroed slots in scratch, locked until the synchronize below; one block per tile.
    unsafe { launch::scan::<T, M>(dev, init.is_some(), tiles, p) }?;
    dev.synchronize("scan")
}
