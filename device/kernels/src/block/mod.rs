//! Block-level primitives: the 8 warps of a block combining through shared memory. Every
//! function here must be called by all threads of the block (they contain barriers).

mod reduce;
mod scan;

pub(crate) use reduce::fold_warps;
pub(crate) use scan::exclusive_scan;
