//! Segmented scans by flags, keys and offsets, and segmented reduce by offsets: one
//! single-pass segmented scan kernel, with heads read from the caller's flag bytes, keys
//! (compared as words inside the kernel) or offsets (searched by each block); flag scans and
//! offsets scans of short segments run its carry-folding instances (`launch/segmented.rs`). The
//! scans return once queued, as [`inclusive_scan`](crate::inclusive_scan) does.

use crate::buffer::device_ptr_mut;
use crate::context::Device;
use crate::context::Scratch;
use crate::kernel::segmented::{KeyKernel, SegmentedKernel};
use crate::launch::segmented as launch;
use crate::ops::plan::{Plan, State};
use crate::ops::prologue::{check, enter, reserve};
use crate::DeviceBuffer;
use crate::Result;
use cudarc::driver::{result, sys::CUdeviceptr};
use parallaxis_core::{DeviceCopy, Flagged};
use parallaxis_kernels::params::segmented::OffsetHeadsParams;
use parallaxis_kernels::{params::segmented::SegScanParams, params::segmented::HEADS_FROM_OFFSETS};
use parallaxis_kernels::{
    policy::lookback::packed_words, policy::scan::deep_scan_tile_items,
    policy::transform::transform_blocks,
};
use std::mem::size_of;

/// The look-back state of a segmented scan of `n` values of `T`: `Flagged<T>` pairs, packed
/// with the kernel's `FlaggedPair` codec when `T` has 4 or 8 bytes.
pub(super) fn seg_state<T>(plan: &mut Plan, n: u64) -> State {
    plan.state::<Flagged<T>>(n, deep_scan_tile_items(size_of::<T>()), packed_words::<T>())
}

/// Queues the segmented scan of `n > 0` values by the head bytes at `heads`
/// (`key_bytes == 0`), by the keys of `key_bytes` bytes there, or by the `segments + 1`
/// validated `u64` offsets there (`key_bytes == HEADS_FROM_OFFSETS`; `segments` is unused
/// otherwise).
///
/// # Safety
/// `heads` (keys, flags or offsets), `x` readable and `y` writable for `n` elements on `dev`,
/// 16-byte aligned; `state` lies in `scratch` at `base`, which the caller holds while this
/// queues (later users of the scratch queue after this kernel).
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
    segments: u64,
    (state, base, scratch): (State, CUdeviceptr, &mut Scratch),
) -> Result<()> {
    let status = state.ready(dev, scratch, base)?;
    let p = SegScanParams {
        heads,
        x,
        y,
        n,
        status,
        init: init.unwrap_or_else(|| m.identity()),
        staged: 1,
        key_bytes,
        segments,
        m,
    };
    // SAFETY: as the caller guarantees; one block per tile of readied state.
    unsafe { launch::seg_scan(dev, init.is_some(), state.tiles, p) }
}

/// Reserves the look-back state of a segmented scan of `x` into `y` and queues it over
/// `heads` (flags, keys or offsets as `key_bytes` and `segments` say: [`seg_scan_raw`]):
/// the tail the three public scans share after their checks.
///
/// # Safety
/// `heads` is readable on `dev` as [`seg_scan_raw`] reads it for `key_bytes` and `segments`,
/// 16-byte aligned; `x` and `y` are non-empty, of one length, on `dev`.
#[allow(clippy::too_many_arguments)]
unsafe fn seg_scan_alone<T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    m: M,
    heads: *const u8,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    init: Option<T>,
    key_bytes: u32,
    segments: u64,
) -> Result<()> {
    let n = x.len() as u64;
    let mut plan = Plan::default();
    let state = seg_state::<T>(&mut plan, n);
    let (mut scratch, base) = reserve(dev, &plan)?;
    // SAFETY: `x` and `y` are live buffers of `n` elements on `dev` (16-byte aligned
    // allocations); `heads` as the caller guarantees; the state is in the locked scratch.
    unsafe {
        seg_scan_raw(
            dev,
            m,
            heads,
            x.as_ptr(),
            y.as_mut_ptr(),
            n,
            init,
            key_bytes,
            segments,
            (state, base, &mut scratch),
        )
    }
}

/// Segmented scan by head flags: `flags[i]` starts a segment at `i` (index 0 always does).
/// `init: None` is inclusive; `Some(init)` exclusive, every segment seeded with `init`.
///
/// # Errors
/// Length mismatches, buffers on different devices, no scratch memory. A fault of the kernel
/// itself surfaces in the next call that waits for the device.
pub fn scan_by_flags<T: DeviceCopy, M: SegmentedKernel<T>>(
    m: M,
    flags: &DeviceBuffer<bool>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    init: Option<T>,
) -> Result<()> {
    let lengths = [
        ("scan_by_flags flags", x.len(), flags.len()),
        ("scan_by_flags output", x.len(), y.len()),
    ];
    check(&lengths, &[(x, y), (x, flags)])?;
    let Some(dev) = enter(x.device(), x.is_empty())? else {
        return Ok(());
    };
    // SAFETY: `bool` is one byte (0 or 1): `x.len()` flag bytes in a 256-byte aligned
    // allocation on `dev` (checked above).
    unsafe { seg_scan_alone(dev, m, flags.as_ptr().cast::<u8>(), x, y, init, 0, 0) }
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
    let lengths = [
        ("scan_by_keys keys", x.len(), keys.len()),
        ("scan_by_keys output", x.len(), y.len()),
    ];
    check(&lengths, &[(x, y), (x, keys)])?;
    let Some(dev) = enter(x.device(), x.is_empty())? else {
        return Ok(());
    };
    let key_bytes = size_of::<K>() as u32;
    // SAFETY: the keys are `x.len()` plain words of `key_bytes` bytes (1, 2, 4 or 8: a
    // `KeyKernel` is a primitive integer) in a 16-byte aligned buffer on `dev`.
    unsafe { seg_scan_alone(dev, m, keys.as_ptr().cast::<u8>(), x, y, init, key_bytes, 0) }
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
    unsafe { result::memset_d8_async(heads, 0, n as usize, dev.stream()) }
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
    check(
        &[("scan_by_offsets output", x.len(), y.len())],
        &[(x, y), (x, offsets)],
    )?;
    let empty = x.is_empty() || offsets.is_empty();
    let Some(dev) = enter(x.device(), empty)? else {
        return Ok(());
    };
    let (heads, segments) = (offsets.as_ptr().cast::<u8>(), offsets.len() as u64 - 1);
    // SAFETY: the kernel reads the validated offsets themselves, `segments + 1` `u64`s on
    // `dev` (`usize` is `u64` on the 64-bit hosts CUDA runs on).
    unsafe { seg_scan_alone(dev, m, heads, x, y, init, HEADS_FROM_OFFSETS, segments) }
}
