//! The segmented family: the single-pass segmented scan (`scan.rs`) with its heads from
//! flags or keys (`heads.rs`) or offsets (`offset_heads.rs`) and the carry it may fold
//! itself (`carry_window.rs`); the one-pass reduce of runs built on it (`reduce_runs.rs`,
//! which also writes reduce by key's keys); and the element-wise passes around them
//! (`passes.rs`). Dependencies run one way: `reduce_runs` uses `scan` and `heads`, `scan`
//! uses the head and carry files, and nothing here uses another family.
//!
//! Entry points: the monoid family's declaration (`entry/families/monoid.rs`) gives each
//! (monoid, type) pair its inclusive and exclusive segmented scans, the segmented-reduce
//! gathers and the reduce of runs; here, the offsets-to-head-flag pass.

mod carry_window;
mod heads;
mod offset_heads;
#[doc(hidden)]
pub mod passes;
#[doc(hidden)]
pub mod reduce_runs;
#[doc(hidden)]
pub mod scan;

use crate::params::segmented::OffsetHeadsParams;
use passes::offset_heads;

// The segmented half of the monoid family's stock entry points.
crate::__monoid_family!(@stock @ptx_segmented);

#[unsafe(export_name = crate::entry_name!(offset_heads, Offsets, u64))]
unsafe extern "ptx-kernel" fn offset_heads_entry(p: OffsetHeadsParams) {
    // SAFETY: launched by parallaxis-device's segmented launcher, which upholds the
    // contract.
    unsafe { offset_heads(p) }
}
