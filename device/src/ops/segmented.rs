//! Segmented scans by flags, keys and offsets, and segmented reduce by offsets: one
//! single-pass segmented scan kernel, with heads read from the caller's flag bytes or keys
//! (compared as words inside the kernel), or for offsets from flag bytes written to scratch by
//! a pre-pass (a zeroing memset of `n` bytes and one write per nonempty segment).

use super::same_device;
use crate::buffer::{check_len, device_ptr, device_ptr_mut};
use crate::device::Device;
use crate::error::Result;
use crate::kernel_segmented::{KeyKernel, SegmentedKernel};
use crate::scratch::align_up;
use crate::{launch_segmented as launch, DeviceBuffer, STREAM};
use cudarc::driver::{result, sys::CUdeviceptr};
use parallax_core::{DeviceCopy, Flagged};
use parallax_kernels::params::TileStatus;
use parallax_kernels::params_segmented::OffsetHeadsParams;
use parallax_kernels::params_segmented::SegScanParams;
use parallax_kernels::tuning::{scan_tile_items, transform_blocks};
use std::mem::size_of;

/// Scratch regions of one operation, as 256-byte aligned offsets from the scratch base.
#[derive(Default)]
pub(super) struct Plan {
    bytes: usize,
}

impl Plan {
    /// Room for `bytes` more bytes; returns their offset.
    pub(super) fn take(&mut self, bytes: usize) -> usize {
        let at = self.bytes;
        self.bytes = align_up(at + bytes);
        at
    }

    /// Look-back state of a scan over `n` values of `V` in tiles of `size`-byte items: the
    /// ticket counter (16 bytes) and one status word per tile (to be zeroed), then the tile
    /// aggregates and inclusive prefixes. 2^28 f32: 65536 tiles, 1.3 MiB.
    pub(super) fn state<V>(&mut self, n: u64, size: usize) -> State {
        let tiles = n.div_ceil(scan_tile_items(size));
        let words = self.take(16 + 4 * tiles as usize);
        let aggregates = self.take(tiles as usize * size_of::<V>());
        let inclusives = self.take(tiles as usize * size_of::<V>());
        State {
            tiles,
            words,
            aggregates,
            inclusives,
        }
    }

    /// Reserves the plan's bytes in the device's scratch; returns the base address.
    pub(super) fn reserve(
        &self,
        dev: &Device,
        scratch: &mut crate::scratch::Scratch,
    ) -> Result<CUdeviceptr> {
        scratch.reserve(dev, self.bytes.max(1))
    }
}

/// Where a scan's look-back state lies in scratch (offsets from the base).
#[derive(Clone, Copy)]
pub(super) struct State {
    /// Tiles (blocks) of the scan.
    pub(super) tiles: u64,
    words: usize,
    aggregates: usize,
    inclusives: usize,
}

impl State {
    /// Zeroes the counter and status words (queued on the stream before the scan).
    pub(super) fn zero(self, dev: &Device, base: CUdeviceptr) -> Result<()> {
        // SAFETY: the region lies inside the reserved scratch, locked by the caller until it
        // synchronizes.
        unsafe {
            result::memset_d8_async(
                base + self.words as u64,
                0,
                16 + 4 * self.tiles as usize,
                STREAM,
            )
        }
        .map_err(|e| dev.fail("zeroing scan tile states", e))
    }

    /// The kernel's view of the state.
    pub(super) fn status<V>(self, base: CUdeviceptr) -> TileStatus<V> {
        TileStatus {
            flags: device_ptr_mut(base + self.words as u64 + 16),
            aggregates: device_ptr_mut(base + self.aggregates as u64),
            inclusives: device_ptr_mut(base + self.inclusives as u64),
            counter: device_ptr_mut(base + self.words as u64),
        }
    }
}

/// The look-back state of a segmented scan of `n` values of `T`.
pub(super) fn seg_state<T>(plan: &mut Plan, n: u64) -> State {
    plan.state::<Flagged<T>>(n, size_of::<T>())
}

/// Queues the segmented scan of `n > 0` values by the head bytes at `heads`
/// (`key_bytes == 0`) or by the keys of `key_bytes` bytes there.
///
/// # Safety
/// `heads` (keys or flags), `x` readable and `y` writable for `n` elements on `dev`, 16-byte aligned;
/// `state` lies in the scratch at `base`, which the caller holds until it synchronizes.
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn seg_scan_raw<T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    m: M,
    heads: *const u8,
    x: *const T,
    y: *mut T,
    n: u64,
    init: Option<T>,
    key_bytes: u32,
    base: CUdeviceptr,
    state: State,
) -> Result<()> {
    state.zero(dev, base)?;
    let p = SegScanParams {
        heads,
        x,
        y,
        n,
        status: state.status(base),
        init: init.unwrap_or_else(|| m.identity()),
        staged: 1,
        key_bytes,
        m,
    };
    // SAFETY: as the caller guarantees; one block per tile of zeroed state.
    unsafe { launch::seg_scan(dev, init.is_some(), state.tiles, p) }
}

/// Segmented scan by head flags: `flags[i]` starts a segment at `i` (index 0 always does).
/// `init: None` is inclusive; `Some(init)` exclusive, every segment seeded with `init`.
///
/// # Errors
/// Length mismatches, buffers on different devices, no scratch memory, a device fault.
pub fn scan_by_flags<T: DeviceCopy, M: SegmentedKernel<T>>(
    m: M,
    flags: &DeviceBuffer<bool>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    init: Option<T>,
) -> Result<()> {
    check_len("scan_by_flags flags", x.len(), flags.len())?;
    check_len("scan_by_flags output", x.len(), y.len())?;
    let dev = same_device(x, y)?;
    same_device(x, flags)?;
    if x.is_empty() {
        return Ok(());
    }
    dev.enter()?;
    let n = x.len() as u64;
    let mut plan = Plan::default();
    let state = seg_state::<T>(&mut plan, n);
    let mut scratch = dev.scratch();
    let base = plan.reserve(dev, &mut scratch)?;
    // SAFETY: `bool` is one byte (0 or 1); buffers live for `n` elements (cuMemAlloc
    // aligned); the state is in the locked scratch until the synchronize below.
    unsafe {
        seg_scan_raw(
            dev,
            m,
            flags.as_ptr().cast::<u8>(),
            x.as_ptr(),
            y.as_mut_ptr(),
            n,
            init,
            0,
            base,
            state,
        )
    }?;
    dev.synchronize("scan_by_flags")
}

/// Segmented scan by keys: a segment is a maximal run of equal consecutive keys.
///
/// # Errors
/// As [`scan_by_flags`].
pub fn scan_by_keys<K: KeyKernel, T: DeviceCopy, M: SegmentedKernel<T>>(
    m: M,
    keys: &DeviceBuffer<K>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    init: Option<T>,
) -> Result<()> {
    check_len("scan_by_keys keys", x.len(), keys.len())?;
    check_len("scan_by_keys output", x.len(), y.len())?;
    let dev = same_device(x, y)?;
    same_device(x, keys)?;
    if x.is_empty() {
        return Ok(());
    }
    dev.enter()?;
    let n = x.len() as u64;
    let mut plan = Plan::default();
    let state = seg_state::<T>(&mut plan, n);
    let mut scratch = dev.scratch();
    let base = plan.reserve(dev, &mut scratch)?;
    // SAFETY: the keys are `n` plain words of `size_of::<K>()` bytes (1, 2, 4 or 8: a
    // `KeyKernel` is a primitive integer), cuMemAlloc aligned; otherwise as in
    // `scan_by_flags`.
    unsafe {
        seg_scan_raw(
            dev,
            m,
            keys.as_ptr().cast::<u8>(),
            x.as_ptr(),
            y.as_mut_ptr(),
            n,
            init,
            size_of::<K>() as u32,
            base,
            state,
        )
    }?;
    dev.synchronize("scan_by_keys")
}

/// Writes head bytes for `offsets` (validated, `segments + 1` entries ending at `n > 0`) to
/// the scratch at `heads`.
pub(super) fn offsets_to_heads(
    dev: &Device,
    offsets: &DeviceBuffer<usize>,
    heads: CUdeviceptr,
    n: u64,
) -> Result<()> {
    // SAFETY: `n` bytes of scratch locked by the caller.
    unsafe { result::memset_d8_async(heads, 0, n as usize, STREAM) }
        .map_err(|e| dev.fail("zeroing head flags", e))?;
    let segments = offsets.len() as u64 - 1;
    let p = OffsetHeadsParams {
        offsets: offsets.as_ptr().cast::<u64>(),
        heads: device_ptr_mut(heads),
        segments,
    };
    // SAFETY: `usize` is `u64` on the 64-bit hosts CUDA runs on; validated offsets end at
    // `n`, so every write is inside `heads`.
    unsafe { launch::offset_heads(dev, transform_blocks(segments), p) }
}

/// Segmented scan by offsets: segment `s` is `offsets[s]..offsets[s + 1]` (validated:
/// `0 = o[0] <= ... <= o[last] = x.len()`, empty segments allowed).
///
/// # Errors
/// As [`scan_by_flags`].
pub fn scan_by_offsets<T: DeviceCopy, M: SegmentedKernel<T>>(
    m: M,
    offsets: &DeviceBuffer<usize>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    init: Option<T>,
) -> Result<()> {
    check_len("scan_by_offsets output", x.len(), y.len())?;
    let dev = same_device(x, y)?;
    same_device(x, offsets)?;
    if x.is_empty() || offsets.is_empty() {
        return Ok(());
    }
    dev.enter()?;
    let n = x.len() as u64;
    let mut plan = Plan::default();
    let heads = plan.take(n as usize);
    let state = seg_state::<T>(&mut plan, n);
    let mut scratch = dev.scratch();
    let base = plan.reserve(dev, &mut scratch)?;
    let heads = base + heads as u64;
    offsets_to_heads(dev, offsets, heads, n)?;
    // SAFETY: as in `scan_by_flags`, with the heads just written.
    unsafe {
        seg_scan_raw(
            dev,
            m,
            device_ptr(heads),
            x.as_ptr(),
            y.as_mut_ptr(),
            n,
            init,
            0,
            base,
            state,
        )
    }?;
    dev.synchronize("scan_by_offsets")
}
