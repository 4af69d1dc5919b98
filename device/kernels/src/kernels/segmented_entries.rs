//! Entry points of the segmented family: for each (monoid, type) pair of
//! `for_each_monoid_instance!`, the inclusive and exclusive segmented scans by head flags,
//! the segmented-reduce gathers and the one-pass reduce of runs; for each key word type, the
//! reduce-by-key key gather; and the offsets-to-head-flag
//! pass.

#![allow(improper_ctypes_definitions)]

use super::{reduce_runs, segmented, segmented_aux};
use crate::params_segmented::{
    GatherKeysParams, OffsetHeadsParams, ReduceRunsParams, RunGatherParams, SegGatherParams,
    SegScanParams,
};
use crate::tuning::items_per_thread;
use core::mem::size_of;

/// The segmented entry points of each (monoid, type) pair.
macro_rules! segmented_entry_points {
    ($( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(seg_inclusive_scan, $mt, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: SegScanParams<$t, $m>) {
                // SAFETY: launched by parallax-device's launcher, which upholds the contract.
                unsafe {
                    segmented::seg_scan::<$t, $m, { items_per_thread(size_of::<$t>()) }, false>(p)
                }
            }
        };
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(seg_exclusive_scan, $mt, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: SegScanParams<$t, $m>) {
                // SAFETY: as above.
                unsafe {
                    segmented::seg_scan::<$t, $m, { items_per_thread(size_of::<$t>()) }, true>(p)
                }
            }
        };
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(seg_gather, $mt, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: SegGatherParams<$t, $m>) {
                // SAFETY: as above.
                unsafe { segmented_aux::seg_gather::<$t, $m>(p) }
            }
        };
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(run_gather, $mt, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: RunGatherParams<$t, $m>) {
                // SAFETY: as above.
                unsafe { segmented_aux::run_gather::<$t, $m>(p) }
            }
        };
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(reduce_runs, $mt, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: ReduceRunsParams<$t, $m>) {
                // SAFETY: as above.
                unsafe {
                    reduce_runs::reduce_runs::<$t, $m, { items_per_thread(size_of::<$t>()) }>(p)
                }
            }
        };
    )* };
}
crate::for_each_monoid_instance!(segmented_entry_points);

/// The key passes of each key word type.
macro_rules! key_entry_points {
    ($( ($wt:ident: $w:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(gather_keys, $wt, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: GatherKeysParams<$t>) {
                // SAFETY: as above.
                unsafe { segmented_aux::gather_keys::<$t>(p) }
            }
        };
    )* };
}
crate::for_each_key_word_instance!(key_entry_points);

#[unsafe(export_name = crate::entry_name!(offset_heads, Offsets, u64))]
unsafe extern "ptx-kernel" fn offset_heads_entry(p: OffsetHeadsParams) {
    // SAFETY: as above.
    unsafe { segmented_aux::offset_heads(p) }
}
