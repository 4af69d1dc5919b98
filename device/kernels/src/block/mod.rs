//! Block-level primitives: the 8 warps of a block combining through shared memory. Every
//! function here must be called by all threads of the block (they contain barriers).
//!
//! Public for user kernels (see `device/README.md`, "Your own types and kernels on the
//! GPU"): they assume a 1-D block of [`crate::policy::common::BLOCK_THREADS`] (256) threads
//! and a [`crate::policy::common::BlockShared<T>`] in dynamic shared memory (launch with at
//! least `size_of::<BlockShared<T>>()` bytes). Values are
//! [`crate::policy::common::Partial`]s: a value and whether it is present, so that no
//! monoid needs its identity combined.

mod radix_rank;
mod reduce;
mod scan;

pub use radix_rank::rank_in_warp;
pub use reduce::fold_warps;
pub use scan::{exclusive_count, exclusive_scan};
