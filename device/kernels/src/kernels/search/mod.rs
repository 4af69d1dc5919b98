//! Vectorized binary search: one thread per query (four per thread, side by side), each a
//! branch-free search of `ceil(log2 n)` probes in `SearchKey` order. The window length
//! halves the same way for every query, so the warp never diverges: only the window's start
//! depends on the data. Every probe lies in `0..n`, whatever the data (an unsorted vector
//! gives some position, never a read out of bounds).

use crate::params::search::SearchParams;
use crate::policy::common::BLOCK_THREADS;
use crate::policy::search::SEARCH_QUERIES;
use crate::thread::{block_index, grid_blocks, thread_index};
use parallaxis_core::SearchKey;

const STEP: u64 = BLOCK_THREADS as u64;
const K: usize = SEARCH_QUERIES as usize;

/// Which answer a search gives.
pub(crate) const LOWER: u32 = 0;
/// See [`LOWER`].
pub(crate) const UPPER: u32 = 1;
/// See [`LOWER`].
pub(crate) const HIT: u32 = 2;

/// `key` comes before `q`: `<` for lower bounds (and hits), `<=` for upper bounds.
#[inline(always)]
fn before<K2: Ord, const KIND: u32>(key: K2, q: K2) -> bool {
    if KIND == UPPER {
        key <= q
    } else {
        key < q
    }
}

/// The positions of `K` queries' keys in `sorted[0..n]` (`n > 0`), searched in lockstep.
///
/// # Safety
/// `sorted` readable for `n > 0` elements.
#[inline(always)]
unsafe fn positions<T: SearchKey, const KIND: u32>(
    sorted: *const T,
    n: u64,
    q: &[T::Key; K],
) -> [u64; K] {
    let mut lo = [0_u64; K];
    let mut len = n;
    while len > 1 {
        let half = len / 2;
        // Constant-trip index loop: unrolls, keeps `lo` in registers.
        #[allow(clippy::needless_range_loop)]
        for k in 0..K {
            // SAFETY: `lo[k] + half - 1 < lo[k] + len <= n` (the window stays inside).
            let key = unsafe { sorted.add((lo[k] + half - 1) as usize).read() }.search_key();
            if before::<_, KIND>(key, q[k]) {
                lo[k] += half;
            }
        }
        len -= half;
    }
    #[allow(clippy::needless_range_loop)]
    for k in 0..K {
        // SAFETY: `lo[k] < n` (the window of one element).
        let key = unsafe { sorted.add(lo[k] as usize).read() }.search_key();
        lo[k] += u64::from(before::<_, KIND>(key, q[k]));
    }
    lo
}

/// The search kernel: `out[j]` is the lower bound (`KIND == LOWER`, `O = usize`), the upper
/// bound (`UPPER`, `usize`) or whether the query occurs (`HIT`, `bool`) of `queries[j]`.
///
/// PTX: `parallax_lower_bound__Key__<T>`, `parallax_upper_bound__Key__<T>`,
/// `parallax_binary_search__Key__<T>`.
///
/// # Safety
/// `sorted` readable for `n` elements, `queries` for `m`, `out` writable for `m` answers of
/// `O` (`usize` for `LOWER` and `UPPER`, `bool` for `HIT`; any other `O` is a logic error
/// caught by the entry points' types).
#[inline(always)]
pub(crate) unsafe fn search<T: SearchKey, O: Copy, const KIND: u32>(
    p: SearchParams<T, O>,
    answer: impl Fn(u64, bool) -> O,
) {
    let per_block = STEP * SEARCH_QUERIES;
    let stride = grid_blocks() * per_block;
    let mut first = block_index() * per_block + u64::from(thread_index());
    while first < p.m {
        // Slots past `m` repeat the step's first query (searched, never stored).
        let mut q = [T::ZERO.search_key(); K];
        // SAFETY: `first < m`.
        let first_q = unsafe { p.queries.add(first as usize).read() };
        #[allow(clippy::needless_range_loop)]
        for k in 0..K {
            let i = first + k as u64 * STEP;
            q[k] = if i < p.m {
                // SAFETY: `i < m`, readable by the contract.
                unsafe { p.queries.add(i as usize).read() }.search_key()
            } else {
                first_q.search_key()
            };
        }
        let pos = if p.n == 0 {
            [0; K]
        } else {
            // SAFETY: `sorted` readable for `n > 0` elements.
            unsafe { positions::<T, KIND>(p.sorted, p.n, &q) }
        };
        #[allow(clippy::needless_range_loop)]
        for k in 0..K {
            let i = first + k as u64 * STEP;
            if i < p.m {
                let hit = KIND == HIT
                    && pos[k] < p.n
                    // SAFETY: `pos[k] < n`.
                    && unsafe { p.sorted.add(pos[k] as usize).read() }.search_key() == q[k];
                // SAFETY: `i < m`, each index written by this thread alone.
                unsafe { p.out.add(i as usize).write(answer(pos[k], hit)) };
            }
        }
        first += stride;
    }
}
