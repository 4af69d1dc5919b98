//! The vectorized searches' launch shape: one thread per query, each thread running
//! `SEARCH_QUERIES` searches in lockstep (their dependent probes interleaved, so that many
//! loads are in flight per thread), blocks over the queries with a grid-stride loop past
//! [`SEARCH_MAX_BLOCKS`].

use super::common::BLOCK_THREADS;

/// Searches a thread runs side by side: query `first + k * BLOCK_THREADS` for `k < 4`, read
/// coalesced; the same four independent chains the element-wise kernels keep in flight.
pub const SEARCH_QUERIES: u64 = 4;

/// Upper bound on search blocks; more queries loop over the grid.
pub const SEARCH_MAX_BLOCKS: u64 = 1 << 20;

/// Blocks for `m` queries (at least 1, at most [`SEARCH_MAX_BLOCKS`]).
///
/// ```
/// use parallaxis_kernels::policy::search::search_blocks;
/// assert_eq!(search_blocks(0), 1);
/// assert_eq!(search_blocks(1025), 2);
/// ```
pub const fn search_blocks(m: u64) -> u64 {
    let b = m.div_ceil(BLOCK_THREADS as u64 * SEARCH_QUERIES);
    if b == 0 {
        1
    } else if b > SEARCH_MAX_BLOCKS {
        SEARCH_MAX_BLOCKS
    } else {
        b
    }
}
