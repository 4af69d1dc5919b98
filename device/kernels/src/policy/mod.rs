//! Tuning as data: launch shapes, per-algorithm constants and shared-memory layouts, read
//! by both the kernels and their launchers, one file per algorithm; [`common`] holds the
//! geometry every kernel shares and the value types of block-level folds. Each constant
//! carries its reason and a pointer to the measurement that chose it (a section of
//! `benches/RESULTS.md`).
//!
//! Partitions depend only on `n` and these constants, never on the GPU's multiprocessor
//! count, so a float reduce associates the same way on every GPU that gets the same entry of
//! the tuning table ([`gpu`]: launch shapes chosen per class of GPU at run time) and its
//! result is reproducible bit for bit there. A scan's tiles are fixed the same way, but
//! across tiles its look-back folds the aggregates back to the nearest tile whose prefix is
//! already published, and which one that is depends on timing: the grouping across tiles,
//! and with it the last bits of a float scan, can differ between runs (exact monoids are
//! unaffected).

pub mod common;
pub mod extrema;
pub mod gather;
pub mod gpu;
pub mod histogram;
/// Launch bounds of entry points (the file has no `//!` docs: build.rs includes it too).
pub mod launch_bounds;
pub mod lookback;
pub mod merge;
pub mod reduce;
pub mod scan;
pub mod search;
pub mod segmented;
pub mod select;
pub mod sort;
pub mod spmv;
pub mod stencil;
pub mod stencil_march;
pub mod transform;
