//! Searches with early exit for the least position where a test holds: `find_if` (Thrust's
//! `find_if` / `find_if_not`, CUB's `DeviceFind::FindIf`: the predicate answers `want`),
//! `mismatch` (two inputs differ) and `sorted_until` (an item goes before the one ahead of
//! it). Blocks take tiles in index order (tile `b`, then `b + grid`, ...; the grid is a few
//! blocks per multiprocessor, so the tiles in flight are the front of the input); every warp
//! checks the position found so far before each tile and stops once it lies at or before the
//! tile's first position. So a hit near the front ends the kernel after about one wave of
//! tiles, and an input without a hit is read once, as a reduce reads it.
//!
//! A thread holds `ITEMS` consecutive items (vector loads); its first hit is the warp's when
//! no lower lane has one (a ballot picks the lowest lane), and that lane lowers the found
//! position with one atomic minimum: at most one atomic per warp and tile.

use crate::params::select::{FindParams, MismatchParams, SortedUntilParams};
use crate::policy::common::BLOCK_THREADS;
use crate::thread::atomic_add::red_min_global_u64;
use crate::thread::atomics::load_relaxed_u64;
use crate::thread::{block_index, grid_blocks, lane, thread_index};
use crate::tile::{load_full, load_partial};
use crate::warp::{ballot, shuffle_idx};
use parallaxis_core::{Compare, DeviceCopy, Predicate};

/// The walk every search shares: lowers `*first` to the least position any thread's `probe`
/// reports. `probe(base, full)` tests this thread's `ITEMS` positions from `base` (`full`:
/// the whole tile is below `n`) and returns its least hit, or `u64::MAX`; a hit lies at or
/// after the tile's first position.
///
/// # Safety
/// `first` one live `u64`, at least `n` before the launch, that only atomic minima change
/// while the kernel runs; `probe` reads only what the entry's contract makes readable.
#[inline(always)]
unsafe fn search<const ITEMS: usize>(n: u64, first: *mut u64, probe: impl Fn(u64, bool) -> u64) {
    let tile_items = u64::from(BLOCK_THREADS) * ITEMS as u64;
    let stride = grid_blocks() * tile_items;
    let mut start = block_index() * tile_items;
    while start < n {
        // Lane 0 reads the position found so far and the warp follows it: the warp stays
        // converged for the ballot below, whatever other warps write meanwhile.
        // SAFETY: one live word (contract); other threads change it only atomically.
        let found = shuffle_idx(
            if lane() == 0 {
                unsafe { load_relaxed_u64(first) }
            } else {
                0
            },
            0,
        );
        if found <= start {
            return;
        }
        let base = start + u64::from(thread_index()) * ITEMS as u64;
        let hit = probe(base, start + tile_items <= n);
        let lanes = ballot(hit != u64::MAX);
        if lanes != 0 {
            let least = shuffle_idx(hit, lanes.trailing_zeros());
            if lane() == 0 {
                // SAFETY: one live word (contract).
                unsafe { red_min_global_u64(first, least) };
            }
        }
        start += stride;
    }
}

/// This thread's `ITEMS` items of `x` from `base` (`full`: all below `n`; otherwise the
/// positions at or past `n` repeat an item that exists, which no test may count).
///
/// # Safety
/// `x` readable for `n > 0` items, 16-byte aligned; `base` a multiple of `ITEMS`.
#[inline(always)]
unsafe fn load<T: Copy, const ITEMS: usize>(
    x: *const T,
    base: u64,
    full: bool,
    n: u64,
) -> [T; ITEMS] {
    if full {
        // SAFETY: the whole tile is below `n`; `base` is a multiple of ITEMS items from an
        // aligned start.
        unsafe { load_full(x.add(base as usize)) }
    } else {
        // SAFETY: reads only positions below `n` (the filler too: `n > 0`).
        unsafe {
            let filler = x.add(base.min(n - 1) as usize).read();
            load_partial(x, base, n, filler).0
        }
    }
}

/// The least `base + j` (`j < ITEMS`, below `n`) that `hit(j)` holds for, or `u64::MAX`.
#[inline(always)]
fn least<const ITEMS: usize>(base: u64, n: u64, hit: impl Fn(usize) -> bool) -> u64 {
    const { assert!(ITEMS <= 16, "a search thread tests at most 16 items") };
    let mut least = u64::MAX;
    // Unrolled by `unroll!`, from the last item down (constant indices keep the items in
    // registers; a loop LLVM unrolled only partly put them in local memory).
    unroll!(k in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        let j = ITEMS - 1 - k;
        let i = base + j as u64;
        if i < n && hit(j) {
            least = i;
        }
    });
    least
}

/// Lowers `*p.first` to the least position `i < n` with `p.pred.test(x[i]) == (p.want != 0)`.
///
/// PTX: `parallax_find_if__<P>__<T>`.
///
/// # Safety
/// `p.x` readable for `n > 0` items of `T`, 16-byte aligned; `p.first` one live `u64`, at least
/// `n` before the launch (`u64::MAX`: nothing found yet), that only atomic minima change while
/// the kernel runs.
#[inline(always)]
pub unsafe fn find_if<T: DeviceCopy, P: Predicate<T>, const ITEMS: usize>(p: FindParams<T, P>) {
    let want = p.want != 0;
    // SAFETY: the contract (`n > 0`: the search reads only tiles that start below it); the
    // filler past `n` is never tested: `least` skips those positions.
    unsafe {
        search::<ITEMS>(p.n, p.first, |base, full| {
            let items: [T; ITEMS] = load(p.x, base, full, p.n);
            least::<ITEMS>(base, p.n, |j| p.pred.test(items[j]) == want)
        })
    }
}

/// Lowers `*p.first` to the least position `i < n` with `x[i] != y[i]` (`!=`: a NaN differs
/// even from itself).
///
/// PTX: `parallax_mismatch__<T>`.
///
/// # Safety
/// `p.x` and `p.y` readable for `n > 0` items of `T`, 16-byte aligned; `p.first` as
/// [`find_if`]'s.
#[inline(always)]
pub unsafe fn mismatch<T: DeviceCopy + PartialEq, const ITEMS: usize>(p: MismatchParams<T>) {
    // SAFETY: as `find_if`, for both inputs.
    unsafe {
        search::<ITEMS>(p.n, p.first, |base, full| {
            let x: [T; ITEMS] = load(p.x, base, full, p.n);
            let y: [T; ITEMS] = load(p.y, base, full, p.n);
            least::<ITEMS>(base, p.n, |j| x[j] != y[j])
        })
    }
}

/// Lowers `*p.first` to the least position `i < n` with `p.cmp.less(x[i], x[i - 1])`: the
/// end of the sorted prefix (`is_sorted_until`). A thread tests the pairs that end at
/// `base + 1 ..= base + ITEMS`: its own items and the one after them.
///
/// PTX: `parallax_sorted_until__<C>__<T>`.
///
/// # Safety
/// `p.x` readable for `n > 0` items of `T`, 16-byte aligned; `p.first` as [`find_if`]'s.
#[inline(always)]
pub unsafe fn sorted_until<T: DeviceCopy, C: Compare<T>, const ITEMS: usize>(
    p: SortedUntilParams<T, C>,
) {
    // SAFETY: as `find_if`; `base + ITEMS` is read only below `n`.
    unsafe {
        search::<ITEMS>(p.n, p.first, |base, full| {
            let x: [T; ITEMS] = load(p.x, base, full, p.n);
            let after = base + ITEMS as u64;
            let next = if after < p.n {
                p.x.add(after as usize).read()
            } else {
                x[ITEMS - 1]
            };
            // Pair `j` ends at `base + j + 1`; `least` reports `base + j`, one short.
            let pair = least::<ITEMS>(base, p.n - 1, |j| {
                let ahead = if j + 1 < ITEMS { x[j + 1] } else { next };
                p.cmp.less(ahead, x[j])
            });
            if pair == u64::MAX {
                pair
            } else {
                pair + 1
            }
        })
    }
}
