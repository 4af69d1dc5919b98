//! Single-pass select with decoupled look-back over the selection counts (CUB's
//! `DeviceSelect` / `DevicePartition` design): a block loads its tile into registers, tests
//! every item into a bit mask, scans the threads' counts through one block scan, publishes
//! the tile's count and looks back for the number selected before the tile, then compacts
//! its selected items through shared memory (`compact.rs`) so the output is written with
//! coalesced stores. Reads `n` items, writes the selected ones once: the ideal traffic.
//!
//! The entry bodies differ only in the test: [`select_if`] (a predicate, or its negation
//! for `remove_if`; with `split`, a stable partition; with `rejects_from_end`, a partition in
//! one pass whose rejected side is reversed), [`select_flagged`] (stencil bytes),
//! [`select_unique`] (an item that differs from the one before it) and [`unique_by_key`]
//! (the same over keys, copying the values beside them). `find.rs` holds [`find_if`], the
//! first item a predicate answers for, which stops early instead of selecting.

mod compact;
mod find;

pub use find::{find_if, mismatch, sorted_until};

use crate::block;
use crate::lookback::{draw_tile, looked_back_prefix, Plain};
use crate::params::select::SelectParams;
use crate::policy::common::{BlockShared, Partial, BLOCK_WARPS};
use crate::policy::select::{
    select_buffer_offset, select_counts_offset, select_tile_items, SELECT_RUNS,
};

const _: () = assert!(SELECT_RUNS <= 2, "the runs are unrolled for at most 2");
use crate::thread::atomics::raise;
use crate::thread::{dynamic_shared, dynamic_shared_at, thread_index};
use crate::tile::{load_full, load_partial};
use compact::{compact, Placement, Rejects};
use core::mem::size_of;
use parallaxis_core::{DeviceCopy, Predicate, Sum};

/// A thread's items: `SELECT_RUNS` runs of `ITEMS` consecutive items.
type Runs<T, const ITEMS: usize> = [[T; ITEMS]; SELECT_RUNS];

/// Where a thread's items lie in the input of `n` items.
#[derive(Clone, Copy)]
struct Span {
    /// The block's tile.
    tile: u64,
    /// First item of the tile.
    start: u64,
    /// Items of the tile below `n`.
    count: u64,
    /// First item of this thread.
    base: u64,
    /// The whole tile is below `n`.
    full: bool,
}

impl Span {
    #[inline(always)]
    fn new<const ITEMS: usize>(tile: u64, tile_items: u64, n: u64) -> Self {
        let start = tile * tile_items;
        let per_thread = (ITEMS * SELECT_RUNS) as u64;
        Self {
            tile,
            start,
            count: (n - start).min(tile_items),
            base: start + u64::from(thread_index()) * per_thread,
            full: start + tile_items <= n,
        }
    }

    /// Items of this thread below `n`.
    #[inline(always)]
    fn mine<const ITEMS: usize>(self, n: u64) -> u32 {
        n.saturating_sub(self.base)
            .min((ITEMS * SELECT_RUNS) as u64) as u32
    }

    /// The last tile (it writes the count).
    #[inline(always)]
    fn last(self, n: u64) -> bool {
        self.start + self.count == n
    }
}

/// This thread's runs of `x` (zeros past `n`: `DeviceCopy` makes zero bits a value).
///
/// # Safety
/// `x` readable for `n` items, 16-byte aligned.
#[inline(always)]
unsafe fn load_runs<T: DeviceCopy, const ITEMS: usize>(
    x: *const T,
    span: Span,
    n: u64,
) -> Runs<T, ITEMS> {
    // SAFETY: `DeviceCopy` accepts all-zero bits.
    let zero: T = unsafe { core::mem::zeroed() };
    let mut runs = [[zero; ITEMS]; SELECT_RUNS];
    unroll!(r in SELECT_RUNS; 0 1; {
        let first = span.base + (r * ITEMS) as u64;
        runs[r] = if span.full {
            // SAFETY: the tile is below `n`; `first` is a multiple of ITEMS items.
            unsafe { load_full(x.add(first as usize)) }
        } else {
            // SAFETY: reads only indices below `n`.
            unsafe { load_partial(x, first, n, zero).0 }
        };
    });
    runs
}

/// The mask of this thread's items (bit `r·ITEMS + j`, below `mine`) that `test` selects;
/// `test` gets the item and its global index. In a full tile every item is tested without a
/// bound check; in the last tile only those below `n` (a test never sees the zero filler,
/// which a predicate that divides by its item would trap on).
#[inline(always)]
fn mask<T: Copy, const ITEMS: usize>(
    runs: &Runs<T, ITEMS>,
    span: Span,
    mine: u32,
    test: impl Fn(usize, usize, T) -> bool,
) -> u32 {
    let mut m = 0_u32;
    // Unrolled by `unroll!` (constant indices): a loop LLVM unrolls only partly indexes the
    // runs at run time, which puts them in local memory.
    if span.full {
        unroll!(r in SELECT_RUNS; 0 1; {
            unroll!(j in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
                m |= u32::from(test(r, j, runs[r][j])) << (r * ITEMS + j);
            });
        });
    } else {
        unroll!(r in SELECT_RUNS; 0 1; {
            unroll!(j in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
                let bit = (r * ITEMS + j) as u32;
                if bit < mine && test(r, j, runs[r][j]) {
                    m |= 1 << bit;
                }
            });
        });
    }
    m
}

/// The mask of the first `count` bits (`count <= 32`).
#[inline(always)]
fn first_bits(count: u32) -> u32 {
    if count >= 32 {
        u32::MAX
    } else {
        (1 << count) - 1
    }
}

/// The tile's selection after the test: counts scanned over the block and looked back over
/// the tiles, the items compacted and written, the count written by the last tile.
///
/// # Safety
/// Called by every thread of the block with the launch's contract (`SelectParams`): `status`
/// has a slot per tile, `y` (and `y_values` with `VALUES`) room for `n`, `count` null or a
/// word, `split` null or the number selected (null with `rejects_from_end`); dynamic shared
/// memory of `select_shared_bytes(max(size_of T, size_of V))` bytes.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn finish<T: Copy, V: Copy, P, const ITEMS: usize, const VALUES: bool>(
    p: &SelectParams<T, V, P>,
    shared: *mut BlockShared<u64>,
    span: Span,
    runs: &Runs<T, ITEMS>,
    values: &Runs<V, ITEMS>,
    selected: u32,
) {
    let mine = span.mine::<ITEMS>(p.n);
    // SAFETY: the launch provides the warps' counts after `BlockShared<u64>` (contract);
    // every thread is here, and nothing read them before.
    let (before, total) = unsafe {
        let counts = dynamic_shared_at::<[u32; BLOCK_WARPS]>(select_counts_offset());
        block::exclusive_count(selected.count_ones(), counts)
    };
    // SAFETY: every thread is here; `shared` holds the block's `BlockShared<u64>`;
    // `span.tile` was drawn by `draw_tile`.
    let prefix = unsafe {
        looked_back_prefix::<u64, Sum, Plain>(
            Sum,
            p.status,
            span.tile,
            Partial::none(0),
            Partial::some(u64::from(total)),
            p.poll_delay_ns,
            shared,
        )
    };
    let at = Placement {
        tile_selected: total,
        before_tile: if prefix.valid != 0 { prefix.value } else { 0 },
        before_thread: before,
        start: span.start,
        count: span.count as u32,
        offset: (span.base - span.start) as u32,
    };
    // SAFETY: the launch provides the compaction area after `BlockShared<u64>` (contract).
    let area = unsafe { dynamic_shared_at::<u8>(select_buffer_offset()) };
    let rejects = if p.rejects_from_end != 0 {
        Rejects::FromEnd(p.n)
    } else if p.split.is_null() {
        Rejects::Dropped
    } else {
        // SAFETY: written before the launch (contract).
        Rejects::After(unsafe { p.split.read() })
    };
    // SAFETY: every thread is here; `y` has room for `n` (contract).
    unsafe { compact::<T, ITEMS>(area.cast(), runs, (selected, mine), at, p.y, rejects) };
    if VALUES {
        // SAFETY: as above, for the values (the area holds a tile of the wider type).
        unsafe {
            compact::<V, ITEMS>(
                area.cast(),
                values,
                (selected, mine),
                at,
                p.y_values,
                Rejects::Dropped,
            )
        };
    }
    if span.last(p.n) && thread_index() == 0 {
        if !p.count.is_null() {
            // SAFETY: one word (contract); only thread 0 of the last tile writes it.
            unsafe { p.count.write(at.before_tile + u64::from(at.tile_selected)) };
        }
        // SAFETY: only this thread raises it.
        unsafe { raise(p.done) };
    }
}

/// The block's tile and where its items lie.
///
/// # Safety
/// Every thread of the block, before any other use of the shared memory.
#[inline(always)]
unsafe fn begin<T, V, P, const ITEMS: usize>(
    p: &SelectParams<T, V, P>,
) -> (*mut BlockShared<u64>, Span) {
    // SAFETY: the launch provides `BlockShared<u64>` at the base (contract).
    let shared = unsafe { dynamic_shared::<BlockShared<u64>>() };
    // SAFETY: every thread is here, first.
    let tile = unsafe { draw_tile(p.status, shared) };
    let wide = size_of::<T>().max(size_of::<V>());
    (
        shared,
        Span::new::<ITEMS>(tile, select_tile_items(wide), p.n),
    )
}

/// Select (or, with `keep == 0`, reject) by a predicate; with `split`, a stable partition;
/// with `rejects_from_end`, the one-pass partition (the rejected side reversed).
///
/// PTX: `parallax_select_if__<P>__<T>`.
///
/// # Safety
/// `x` readable and `y` writable for `n > 0` items, 16-byte aligned; the rest as
/// [`SelectParams`] says; one block of `BLOCK_THREADS` threads per tile, with
/// `select_shared_bytes(size_of::<T>())` bytes of dynamic shared memory.
#[inline(always)]
pub unsafe fn select_if<T: DeviceCopy, P: Predicate<T>, const ITEMS: usize>(
    p: SelectParams<T, T, P>,
) {
    // SAFETY: every thread, first.
    let (shared, span) = unsafe { begin::<T, T, P, ITEMS>(&p) };
    // SAFETY: `x` as the contract says.
    let runs = unsafe { load_runs::<T, ITEMS>(p.x, span, p.n) };
    let mine = span.mine::<ITEMS>(p.n);
    let passed = mask(&runs, span, mine, |_, _, v| p.pred.test(v));
    // A rejection (`keep == 0`) selects the complement, among the items below `n`: one
    // operation per thread instead of one per item.
    let selected = if p.keep != 0 {
        passed
    } else {
        !passed & first_bits(mine)
    };
    // SAFETY: every thread; the contract.
    unsafe { finish::<T, T, P, ITEMS, false>(&p, shared, span, &runs, &runs, selected) };
}

/// Select the items whose stencil byte is nonzero.
///
/// PTX: `parallax_select_flagged__Flags__<T>`.
///
/// # Safety
/// As [`select_if`], with `flags` readable for `n` bytes, 16-byte aligned.
#[inline(always)]
pub unsafe fn select_flagged<T: DeviceCopy, const ITEMS: usize>(p: SelectParams<T, T, ()>) {
    // SAFETY: every thread, first.
    let (shared, span) = unsafe { begin::<T, T, (), ITEMS>(&p) };
    // SAFETY: `x` and `flags` as the contract says.
    let (runs, flags) = unsafe {
        (
            load_runs::<T, ITEMS>(p.x, span, p.n),
            load_runs::<u8, ITEMS>(p.flags, span, p.n),
        )
    };
    let selected = mask(&flags, span, span.mine::<ITEMS>(p.n), |_, _, f| f != 0);
    // SAFETY: every thread; the contract.
    unsafe { finish::<T, T, (), ITEMS, false>(&p, shared, span, &runs, &runs, selected) };
}

/// The heads of runs of equal items: item `i` is selected when `i == 0` or `x[i] != x[i - 1]`.
#[inline(always)]
unsafe fn heads<T: DeviceCopy + PartialEq, const ITEMS: usize>(
    x: *const T,
    runs: &Runs<T, ITEMS>,
    span: Span,
    n: u64,
) -> u32 {
    let before = if span.base > 0 && span.base < n {
        // SAFETY: `base - 1 < n`.
        Some(unsafe { x.add(span.base as usize - 1).read() })
    } else {
        None
    };
    mask(runs, span, span.mine::<ITEMS>(n), |r, j, v| {
        let prev = if j > 0 {
            Some(runs[r][j - 1])
        } else if r > 0 {
            Some(runs[r - 1][ITEMS - 1])
        } else {
            before
        };
        prev.is_none_or(|q| q != v)
    })
}

/// Select the first item of every run of equal consecutive items (`==`: a NaN heads a run of
/// its own).
///
/// PTX: `parallax_select_unique__Equal__<T>`.
///
/// # Safety
/// As [`select_if`].
#[inline(always)]
pub unsafe fn select_unique<T: DeviceCopy + PartialEq, const ITEMS: usize>(
    p: SelectParams<T, T, ()>,
) {
    // SAFETY: every thread, first.
    let (shared, span) = unsafe { begin::<T, T, (), ITEMS>(&p) };
    // SAFETY: `x` as the contract says.
    let runs = unsafe { load_runs::<T, ITEMS>(p.x, span, p.n) };
    // SAFETY: as above.
    let selected = unsafe { heads(p.x, &runs, span, p.n) };
    // SAFETY: every thread; the contract.
    unsafe { finish::<T, T, (), ITEMS, false>(&p, shared, span, &runs, &runs, selected) };
}

/// The first key of every run of equal consecutive keys (`x`) and the value beside it.
///
/// PTX: `parallax_unique_by_key__<K>__<V>`.
///
/// # Safety
/// As [`select_if`], with `values` readable and `y_values` writable for `n` values, 16-byte
/// aligned, and `select_shared_bytes(max(size_of K, size_of V))` bytes of shared memory.
#[inline(always)]
pub unsafe fn unique_by_key<K: DeviceCopy + PartialEq, V: DeviceCopy, const ITEMS: usize>(
    p: SelectParams<K, V, ()>,
) {
    // SAFETY: every thread, first.
    let (shared, span) = unsafe { begin::<K, V, (), ITEMS>(&p) };
    // SAFETY: `x` and `values` as the contract says.
    let (keys, values) = unsafe {
        (
            load_runs::<K, ITEMS>(p.x, span, p.n),
            load_runs::<V, ITEMS>(p.values, span, p.n),
        )
    };
    // SAFETY: as above.
    let selected = unsafe { heads(p.x, &keys, span, p.n) };
    // SAFETY: every thread; the contract.
    unsafe { finish::<K, V, (), ITEMS, true>(&p, shared, span, &keys, &values, selected) };
}
