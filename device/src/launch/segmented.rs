//! Launchers of the segmented family: the only `unsafe` launches of the segmented scans,
//! segmented reduce and reduce by key, one typed function per kernel whose signature mirrors
//! the entry point's parameter struct. All go through [`crate::launch::launch`].

use crate::context::Device;
use crate::kernel::segmented::{SegmentedKernel, OFFSET_HEADS};
use crate::launch::launch;
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::{
    params::segmented::OffsetHeadsParams, params::segmented::ReduceRunsParams,
    params::segmented::RunGatherParams, params::segmented::SegGatherParams,
    params::segmented::SegScanParams, params::segmented::HEADS_FROM_OFFSETS,
    policy::segmented::reduce_runs_shared_bytes, policy::segmented::seg_scan_shared_bytes,
};
use parallaxis_kernels::{
    policy::segmented::carry_window_items, policy::segmented::FLAGS_FOLD_CARRY,
    policy::segmented::OFFSET_CARRY_MAX_MEAN_WINDOWS,
};

/// `parallax_seg_{in,ex}clusive_scan[_carry]__<M>__<T>(SegScanParams<T, M>)`.
///
/// # Safety
/// `heads`, `x` readable and `y` writable for `n > 0` elements, 16-byte aligned, `y` not
/// overlapping `x`; `status`
/// readied for this launch (`State::ready`) for `blocks = ceil(n / deep_scan_tile_items(size))`
/// tiles.
pub(crate) unsafe fn seg_scan<T: DeviceCopy, M: SegmentedKernel<T>>(
    dev: &Device,
    exclusive: bool,
    blocks: u64,
    p: SegScanParams<T, M>,
) -> Result<()> {
    let folds_carry = folds_carry(size_of::<T>(), p.key_bytes, p.n, p.segments);
    let name = match (exclusive, folds_carry) {
        (false, false) => M::SEG_INCLUSIVE_SCAN,
        (true, false) => M::SEG_EXCLUSIVE_SCAN,
        (false, true) => M::SEG_INCLUSIVE_SCAN_CARRY,
        (true, true) => M::SEG_EXCLUSIVE_SCAN_CARRY,
    };
    // SAFETY: `SegmentedKernel` guarantees the parameter type; pointers by contract.
    unsafe {
        launch(
            dev,
            M::KERNELS,
            name,
            blocks,
            seg_scan_shared_bytes::<T>(),
            p,
        )
    }
}

/// Whether a segmented scan of `n` items of `size` bytes, heads from `key_bytes`
/// ([`SegScanParams::key_bytes`]) over `segments` offsets, takes the entries that fold their
/// carry: flag scans (`FLAGS_FOLD_CARRY`) and offsets scans with short segments; keys and long
/// segments look back. Empty segments count toward the mean (speed only: the tiles whose
/// head is further back than the window look back).
pub(crate) fn folds_carry(size: usize, key_bytes: u32, n: u64, segments: u64) -> bool {
    match key_bytes {
        0 => FLAGS_FOLD_CARRY,
        HEADS_FROM_OFFSETS => {
            n <= segments.saturating_mul(OFFSET_CARRY_MAX_MEAN_WINDOWS * carry_window_items(size))
        }
        _ => false,
    }
}

/// `parallax_offset_heads__Offsets__u64(OffsetHeadsParams)`.
///
/// # Safety
/// `offsets` readable for `segments + 1` validated entries; `heads` writable for the last.
pub(crate) unsafe fn offset_heads(dev: &Device, blocks: u64, p: OffsetHeadsParams) -> Result<()> {
    // SAFETY: the entry point takes `OffsetHeadsParams`; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, OFFSET_HEADS, blocks, 0, p) }
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
    unsafe { launch(dev, M::KERNELS, M::SEG_GATHER, blocks, 0, p) }
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
    unsafe { launch(dev, M::KERNELS, M::RUN_GATHER, blocks, 0, p) }
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
    unsafe { launch(dev, M::KERNELS, M::REDUCE_RUNS, blocks, shared, p) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carry_entries_for_flags_and_short_offsets_segments_only() {
        assert_eq!(folds_carry(4, 0, 1 << 28, 0), FLAGS_FOLD_CARRY);
        for key_bytes in [1, 2, 4, 8] {
            assert!(!folds_carry(4, key_bytes, 1 << 28, 0));
        }
        // Runs of 1000 and of 65536 over 2^28 `f32` (windows of 1024).
        assert!(folds_carry(
            4,
            HEADS_FROM_OFFSETS,
            1 << 28,
            (1 << 28) / 1000
        ));
        assert!(!folds_carry(
            4,
            HEADS_FROM_OFFSETS,
            1 << 28,
            (1 << 28) / 65536
        ));
        // 16-byte values: windows of 256, so a mean of 512 still folds, 513 does not.
        assert!(folds_carry(16, HEADS_FROM_OFFSETS, 512 * 1000, 1000));
        assert!(!folds_carry(16, HEADS_FROM_OFFSETS, 513 * 1000, 1000));
        assert!(!folds_carry(
            4,
            HEADS_FROM_OFFSETS,
            u64::MAX,
            u64::MAX / 4096
        ));
        // The layout of `tests/conformance/segmented.rs`' `offsets_carry_window_edges`.
        let n = 16 * 8192 + 77;
        for size in [4, 8, 16] {
            assert!(folds_carry(size, HEADS_FROM_OFFSETS, n, n / 256 + 1));
        }
    }
}
