//! Launchers of the segmented family: the only `unsafe` launches of the segmented scans,
//! segmented reduce and reduce by key, one typed function per kernel whose signature mirrors
//! the entry point's parameter struct. All go through [`crate::launch::launch`].

use crate::device::Device;
use crate::error::Result;
use crate::kernel_segmented::{SegmentedKernel, OFFSET_HEADS};
use crate::launch::launch;
use parallax_core::DeviceCopy;
use parallax_kernels::params_segmented::{
    reduce_runs_shared_bytes, seg_scan_shared_bytes, OffsetHeadsParams, ReduceRunsParams,
    RunGatherParams, SegGatherParams, SegScanParams, HEADS_FROM_OFFSETS,
};
use parallax_kernels::tuning::{offset_carry_window, OFFSET_CARRY_MAX_MEAN_WINDOWS};

/// `parallax_seg_{in,ex}clusive_scan[_by_offsets]__<M>__<T>(SegScanParams<T, M>)`.
///
/// # Safety
/// `heads`, `x` readable and `y` writable for `n > 0` elements, 16-byte aligned; `status`
/// readied for this launch (`State::ready`) for `blocks = ceil(n / deep_scan_tile_items(size))`
/// tiles.
pub(crate) unsafe fn seg_scan<T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    exclusive: bool,
    blocks: u64,
    p: SegScanParams<T, M>,
) -> Result<()> {
    // Offsets scans with short segments take the entries that fold their carry
    // (`kernels::segmented::seg_scan`'s `OFFSETS`); the others look back.
    let folds_carry = p.key_bytes == HEADS_FROM_OFFSETS
        && p.n
            <= p.segments.saturating_mul(
                OFFSET_CARRY_MAX_MEAN_WINDOWS * offset_carry_window(size_of::<T>()),
            );
    let name = match (exclusive, folds_carry) {
        (false, false) => M::SEG_INCLUSIVE_SCAN,
        (true, false) => M::SEG_EXCLUSIVE_SCAN,
        (false, true) => M::SEG_INCLUSIVE_SCAN_BY_OFFSETS,
        (true, true) => M::SEG_EXCLUSIVE_SCAN_BY_OFFSETS,
    };
    // SAFETY: `SegmentedKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, M::PTX, name, blocks, seg_scan_shared_bytes::<T>(), p) }
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

/// `parallax_run_gather__<M>__<T>(RunGatherParams<T, M>)`.
///
/// # Safety
/// `offsets` readable for `segments + 1` validated entries; `tails` (increasing, one per
/// nonempty segment) and `values` for `runs`; `y` writable for `segments`.
pub(crate) unsafe fn run_gather<T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: RunGatherParams<T, M>,
) -> Result<()> {
    // SAFETY: `SegmentedKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, M::PTX, M::RUN_GATHER, blocks, 0, p) }
}

/// `parallax_reduce_runs__<M>__<T>(ReduceRunsParams<T, M>)`.
///
/// # Safety
/// `heads`, `x` readable for `0 < n <= u32::MAX` elements, 16-byte aligned; `values`,
/// `tails` writable for `n`, `runs` for one word; `done` null or a word that nothing else
/// writes while the kernel runs; `status` readied for this launch
/// (`State::ready`) for `blocks` tiles.
pub(crate) unsafe fn reduce_runs<T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    blocks: u64,
    p: ReduceRunsParams<T, M>,
) -> Result<()> {
    let shared = reduce_runs_shared_bytes::<T>();
    // SAFETY: `SegmentedKernel` guarantees the parameter type; pointers by contract.
    unsafe { launch(dev, M::PTX, M::REDUCE_RUNS, blocks, shared, p) }
}
