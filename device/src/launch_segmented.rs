//! Launchers of the segmented family: the only `unsafe` launches of the segmented scans,
//! segmented reduce and reduce by key, one typed function per kernel whose signature mirrors
//! the entry point's parameter struct. All go through [`crate::launch::launch`].

use crate::device::Device;
use crate::error::Result;
use crate::kernel_segmented::{KeyKernel, SegmentedKernel, OFFSET_HEADS};
use crate::launch::launch;
use parallax_core::DeviceCopy;
use parallax_kernels::params_segmented::{
    seg_scan_shared_bytes, KeyHeadsParams, NoOp, OffsetHeadsParams, RunScatterParams,
    SegGatherParams, SegScanParams,
};

/// `parallax_seg_{in,ex}clusive_scan__<M>__<T>(SegScanParams<T, M>)`.
///
/// # Safety
/// `heads`, `x` readable and `y` writable for `n > 0` elements, 16-byte aligned; `status`
/// zeroed for `blocks = ceil(n / scan_tile_items(size))` tiles.
pub(crate) unsafe fn seg_scan<T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    exclusive: bool,
    blocks: u64,
    p: SegScanParams<T, M>,
) -> Result<()> {
    let name = if exclusive {
        M::SEG_EXCLUSIVE_SCAN
    } else {
        M::SEG_INCLUSIVE_SCAN
    };
    // SAFETY: `SegmentedKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, M::PTX, name, blocks, seg_scan_shared_bytes::<T>(), p) }
}

/// `parallax_key_heads__Word__<W>(KeyHeadsParams<W>)`.
///
/// # Safety
/// `keys` readable, `heads` (and `counts` unless null) writable for `n` elements.
pub(crate) unsafe fn key_heads<K: KeyKernel>(
    dev: &Device,
    blocks: u64,
    p: KeyHeadsParams<K::Word>,
) -> Result<()> {
    // SAFETY: `KeyKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, K::PTX, K::KEY_HEADS, blocks, 0, p) }
}

/// `parallax_offset_heads__Offsets__u64(OffsetHeadsParams)`.
///
/// # Safety
/// `offsets` readable for `segments + 1` validated entries; `heads` writable for the last.
pub(crate) unsafe fn offset_heads(dev: &Device, blocks: u64, p: OffsetHeadsParams) -> Result<()> {
    // SAFETY: the entry point takes `OffsetHeadsParams`; pointers by contract.
    unsafe { launch(dev, crate::PTX, OFFSET_HEADS, blocks, 0, p) }
}

/// `parallax_seg_gather__<M>__<T>(SegGatherParams<T, M>)`.
///
/// # Safety
/// `offsets` readable for `segments + 1` validated entries, `scanned` for the last of them,
/// `y` writable for `segments`.
pub(crate) unsafe fn seg_gather<T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: SegGatherParams<T, M>,
) -> Result<()> {
    // SAFETY: `SegmentedKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, M::PTX, M::SEG_GATHER, blocks, 0, p) }
}

/// `parallax_scatter_values__<M>__<T>(RunScatterParams<T, M>)`.
///
/// # Safety
/// `heads`, `counts`, `src` readable for `n`; `out` writable for `counts[n - 1]`.
pub(crate) unsafe fn scatter_values<T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: RunScatterParams<T, M>,
) -> Result<()> {
    // SAFETY: `SegmentedKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, M::PTX, M::SCATTER_VALUES, blocks, 0, p) }
}

/// `parallax_scatter_keys__Word__<W>(RunScatterParams<W, NoOp>)`.
///
/// # Safety
/// As [`scatter_values`].
pub(crate) unsafe fn scatter_keys<K: KeyKernel>(
    dev: &Device,
    blocks: u64,
    p: RunScatterParams<K::Word, NoOp>,
) -> Result<()> {
    // SAFETY: `KeyKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, K::PTX, K::SCATTER_KEYS, blocks, 0, p) }
}
