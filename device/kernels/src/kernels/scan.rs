//! Single-pass inclusive and exclusive scan with decoupled look-back: one tile of
//! `BLOCK_THREADS * ITEMS` items per block. A block draws its tile index from a ticket
//! counter, loads the tile (each thread `ITEMS` consecutive items as 16-byte vectors), scans
//! it in registers and through one block scan, publishes the tile aggregate, looks back for
//! the prefix of all earlier tiles, and writes the tile once.

use crate::atomics::fetch_add_relaxed;
use crate::block;
use crate::params::ScanParams;
use crate::simt::{
    dynamic_shared, dynamic_shared_at, lane, sync_threads, thread_index, warp_index,
};
use crate::tile::{
    load_full, load_partial, load_tile, look_back, publish, store_full, store_partial, store_tile,
    Unit,
};
use crate::tuning::{
    scan_stages, staging_offset, BlockShared, Partial, BLOCK_THREADS, TILE_AGGREGATE, TILE_PREFIX,
};
use parallax_core::Monoid;

/// The prefix of everything before `tile` (absent for tile 0 of an inclusive scan; the seed
/// `init` for tile 0 of an exclusive scan), the same in every thread. Publishes the tile.
///
/// # Safety
/// Called by every thread of the block, after the block scan's barrier; `total` is the
/// tile's fold (present: a launched tile has at least one item).
#[inline(always)]
unsafe fn tile_prefix<T: Copy, M: Monoid<T>, const EXCLUSIVE: bool>(
    p: &ScanParams<T, M>,
    tile: u64,
    total: Partial<T>,
    shared: *mut BlockShared<T>,
) -> Partial<T> {
    let m = p.m;
    let seed = if EXCLUSIVE {
        Partial::some(p.init)
    } else {
        Partial::none(m.identity())
    };
    if tile == 0 {
        if thread_index() == 0 {
            // SAFETY: slot 0 exists; thread 0 is its only writer.
            unsafe { publish(p.status, 0, seed.join(m, total).value, TILE_PREFIX) };
        }
        return seed;
    }
    if warp_index() == 0 {
        if lane() == 0 {
            // SAFETY: `tile` is this block's own slot; thread 0 is its only writer.
            unsafe { publish(p.status, tile, total.value, TILE_AGGREGATE) };
        }
        // SAFETY: all of warp 0; `0 < tile`; earlier tiles were drawn by started blocks.
        let before = unsafe { look_back(m, p.status, tile) };
        if lane() == 0 {
            // SAFETY: as above; then the block's other threads read the prefix from shared.
            unsafe {
                publish(p.status, tile, before.join(m, total).value, TILE_PREFIX);
                (*shared).prefix = before;
            }
        }
    }
    // SAFETY: `tile` is uniform in the block, so every thread reaches this barrier.
    unsafe { sync_threads() };
    // SAFETY: written by thread 0 before the barrier.
    unsafe { (*shared).prefix }
}

/// Where this thread's items of the block's tile are, and how they move.
#[derive(Clone, Copy)]
pub(super) struct TileIo {
    /// First item of the tile.
    pub(super) start: u64,
    /// First item of this thread (`start + thread · ITEMS`).
    pub(super) base: u64,
    /// The whole tile is below `n`.
    pub(super) full: bool,
    /// Full and moved through shared memory (block-uniform: a launch parameter and the
    /// tile decide it).
    pub(super) staged: bool,
    /// The block's staging area.
    pub(super) staging: *mut Unit,
}

impl TileIo {
    /// Loads this thread's items (identity past `n`) and how many are real.
    ///
    /// # Safety
    /// Called by every thread of the block; `x` readable for `n` items, 16-byte aligned.
    #[inline(always)]
    pub(super) unsafe fn load<T: Copy, const ITEMS: usize>(
        self,
        x: *const T,
        n: u64,
        filler: T,
    ) -> ([T; ITEMS], usize) {
        if self.staged {
            // SAFETY: the whole tile is below `n` and 16-byte aligned; every thread is here.
            (
                unsafe { load_tile(x.add(self.start as usize), self.staging) },
                ITEMS,
            )
        } else if self.full {
            // SAFETY: the whole tile is below `n`; `base` is a multiple of ITEMS items.
            (unsafe { load_full(x.add(self.base as usize)) }, ITEMS)
        } else {
            // SAFETY: reads only indices below `n`.
            unsafe { load_partial(x, self.base, n, filler) }
        }
    }

    /// Stores this thread's items (those below `n`).
    ///
    /// # Safety
    /// Called by every thread of the block, after a barrier that follows [`Self::load`];
    /// `y` writable for `n` items, 16-byte aligned; the tile is this block's alone.
    #[inline(always)]
    pub(super) unsafe fn store<T: Copy, const ITEMS: usize>(
        self,
        y: *mut T,
        n: u64,
        out: [T; ITEMS],
    ) {
        if self.staged {
            // SAFETY: as the caller guarantees.
            unsafe { store_tile(y.add(self.start as usize), self.staging, out) };
        } else if self.full {
            // SAFETY: the whole tile is below `n`.
            unsafe { store_full(y.add(self.base as usize), out) };
        } else {
            // SAFETY: writes only indices below `n`.
            unsafe { store_partial(y, self.base, n, out) };
        }
    }
}

/// In-place inclusive scan of the first `count` items; returns their fold.
#[inline(always)]
fn thread_scan<T: Copy, M: Monoid<T>, const ITEMS: usize>(
    m: M,
    items: &mut [T; ITEMS],
    count: usize,
) -> Partial<T> {
    let mut mine = Partial::none(m.identity());
    for j in 0..ITEMS {
        if j < count {
            if j > 0 {
                items[j] = m.combine(items[j - 1], items[j]);
            }
            mine = Partial::some(items[j]);
        }
    }
    mine
}

/// The outputs of a thread whose items hold their inclusive scan: `prefix ⊕ items[j]`, or
/// for an exclusive scan `prefix ⊕ items[j - 1]` (`prefix` alone for `j = 0`; present,
/// seeded with `init`).
#[inline(always)]
fn thread_outputs<T: Copy, M: Monoid<T>, const ITEMS: usize, const EXCLUSIVE: bool>(
    m: M,
    prefix: Partial<T>,
    items: &[T; ITEMS],
) -> [T; ITEMS] {
    let mut out = *items;
    if EXCLUSIVE {
        out[0] = prefix.value;
        for j in 1..ITEMS {
            out[j] = prefix.join(m, Partial::some(items[j - 1])).value;
        }
    } else {
        for j in 0..ITEMS {
            out[j] = prefix.join(m, Partial::some(items[j])).value;
        }
    }
    out
}

/// Inclusive (`EXCLUSIVE = false`) or exclusive scan (see [`ScanParams`]).
///
/// # Safety
/// `x` readable and `y` writable for `n > 0` elements, both 16-byte aligned; `status` has
/// `ceil(n / tile)` zeroed slots and a zeroed counter; launched with exactly that many blocks
/// of `BLOCK_THREADS` threads and `scan_shared_bytes::<T>()` bytes of dynamic shared memory.
#[inline(always)]
pub unsafe fn scan<T: Copy, M: Monoid<T>, const ITEMS: usize, const EXCLUSIVE: bool>(
    p: ScanParams<T, M>,
) {
    let m = p.m;
    // SAFETY: the launch provides `scan_shared_bytes::<T>()` bytes (contract).
    let (shared, staging) = unsafe {
        (
            dynamic_shared::<BlockShared<T>>(),
            dynamic_shared_at::<Unit>(staging_offset::<T>()),
        )
    };
    if thread_index() == 0 {
        // SAFETY: the counter is a valid global word; thread 0 alone writes `tile`.
        unsafe { (*shared).tile = fetch_add_relaxed(p.status.counter, 1) };
    }
    // SAFETY: reached by every thread.
    unsafe { sync_threads() };
    // SAFETY: written before the barrier.
    let tile = u64::from(unsafe { (*shared).tile });
    let tile_items = u64::from(BLOCK_THREADS) * ITEMS as u64;
    let full = (tile + 1) * tile_items <= p.n;
    let io = TileIo {
        start: tile * tile_items,
        base: tile * tile_items + u64::from(thread_index()) * ITEMS as u64,
        full,
        staged: full && p.staged != 0 && scan_stages::<T>(),
        staging,
    };
    // SAFETY: every thread is here; `x` as the contract says.
    let (mut items, count) = unsafe { io.load::<T, ITEMS>(p.x, p.n, m.identity()) };
    let mine = thread_scan(m, &mut items, count);
    // SAFETY: every thread calls the block scan, then `tile_prefix` after its barrier.
    let (before, total) = unsafe { block::exclusive_scan(m, mine, shared) };
    // SAFETY: as above.
    let prefix = unsafe { tile_prefix::<T, M, EXCLUSIVE>(&p, tile, total, shared) }.join(m, before);
    let out = thread_outputs::<T, M, ITEMS, EXCLUSIVE>(m, prefix, &items);
    // SAFETY: every thread is here; the block scan's barriers separate `load`'s staging
    // reads from `store`'s writes; `y` as the contract says.
    unsafe { io.store(p.y, p.n, out) };
}
