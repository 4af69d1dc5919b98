//! Single-pass inclusive and exclusive scan with decoupled look-back: one tile of
//! `BLOCK_THREADS * ITEMS` items per block. A block takes its tile index (`draw_tile`), loads
//! the tile (each thread `ITEMS` consecutive items as 16-byte vectors), scans it in registers
//! and through one block scan, publishes the tile aggregate, looks back for the prefix of
//! all earlier tiles, and writes the tile once.

use crate::block;
use crate::params::ScanParams;
use crate::simt::{dynamic_shared, dynamic_shared_at, thread_index};
use crate::tile::{
    draw_tile, load_full, load_partial, load_tile, store_full, store_partial, store_tile,
    tile_prefix, DeepTile, Plain, Unit,
};
use crate::tuning::{scan_stages, staging_offset, BlockShared, Partial, BLOCK_THREADS, SCAN_DEPTH};
use parallax_core::Monoid;

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
    /// The items of `tile` (of `ITEMS` per thread) in an input of `n`; staged when the tile
    /// is full, the launch asks for it (`staged != 0`) and `T` stages (`stages`).
    #[inline(always)]
    pub(super) fn new<const ITEMS: usize>(
        tile: u64,
        n: u64,
        staged: u32,
        stages: bool,
        staging: *mut Unit,
    ) -> Self {
        let tile_items = u64::from(BLOCK_THREADS) * ITEMS as u64;
        let start = tile * tile_items;
        let full = start + tile_items <= n;
        Self {
            start,
            base: start + u64::from(thread_index()) * ITEMS as u64,
            full,
            staged: full && staged != 0 && stages,
            staging,
        }
    }

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

/// Inclusive (`EXCLUSIVE = false`) or exclusive scan (see [`ScanParams`]) over deep tiles
/// (`tile::deep`): each thread folds its `SCAN_DEPTH` runs, one block scan and the look-back
/// give its prefix, and a second pass over the runs scans them with it.
///
/// # Safety
/// `x` readable and `y` writable for `n > 0` elements, both 16-byte aligned; `status` has
/// `ceil(n / deep_scan_tile_items)` zeroed slots and a null or zeroed counter; launched with
/// exactly that many blocks of `BLOCK_THREADS` threads and `scan_shared_bytes::<T>()` bytes
/// of dynamic shared memory.
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
    // SAFETY: every thread is here, before any other use of `shared`.
    let tile = unsafe { draw_tile(p.status, shared) };
    let io = DeepTile::new::<ITEMS>(tile, p.n, p.staged, scan_stages::<T>(), staging);
    // SAFETY: every thread is here; `x` as the contract says.
    unsafe { io.fetch(p.x) };
    let mut mine = Partial::none(m.identity());
    for r in 0..SCAN_DEPTH {
        // SAFETY: after `fetch`; `x` as the contract says.
        let (items, count) = unsafe { io.run::<T, ITEMS>(p.x, p.n, r, m.identity()) };
        mine = mine.join(m, thread_fold(m, &items, count));
    }
    // SAFETY: every thread calls the block scan, then `tile_prefix` after its barrier.
    let (before, total) = unsafe { block::exclusive_scan(m, mine, shared) };
    let seed = if EXCLUSIVE {
        Partial::some(p.init)
    } else {
        Partial::none(m.identity())
    };
    // SAFETY: as above; `tile` was drawn by `draw_tile`.
    let mut prefix = unsafe { tile_prefix::<_, _, Plain>(m, p.status, tile, seed, total, shared) }
        .join(m, before);
    for r in 0..SCAN_DEPTH {
        // SAFETY: as above; run `r` is read before this thread overwrites it.
        let (mut items, count) = unsafe { io.run::<T, ITEMS>(p.x, p.n, r, m.identity()) };
        let run = thread_scan(m, &mut items, count);
        let out = thread_outputs::<T, M, ITEMS, EXCLUSIVE>(m, prefix, &items);
        // SAFETY: this thread's own run; `y` as the contract says.
        unsafe { io.put(p.y, p.n, r, out) };
        prefix = prefix.join(m, run);
    }
    // SAFETY: every thread is here after its `put`s; `y` as the contract says.
    unsafe { io.flush(p.y) };
}

/// The fold of the first `count` items (absent when `count == 0`).
#[inline(always)]
fn thread_fold<T: Copy, M: Monoid<T>, const ITEMS: usize>(
    m: M,
    items: &[T; ITEMS],
    count: usize,
) -> Partial<T> {
    let mut fold = Partial::none(m.identity());
    for (j, &v) in items.iter().enumerate() {
        if j < count {
            fold = fold.join(m, Partial::some(v));
        }
    }
    fold
}
