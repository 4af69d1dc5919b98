//! The segmented family, all on the single-pass segmented scan kernel: scans by flags, keys
//! and offsets, segmented reduce by offsets, and reduce by key.

mod by_key;
mod reduce;
mod scan;

pub use by_key::{reduce_by_key, reduce_by_key_into};
pub use reduce::segmented_reduce;
pub use scan::{scan_by_flags, scan_by_keys, scan_by_offsets};
