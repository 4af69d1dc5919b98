//! Deep scan tiles: a block's tile is `SCAN_DEPTH` runs of 64 bytes per thread, fetched
//! whole into shared memory by `cp.async` before any thread looks at it, and written back
//! from there with coalesced 16-byte stores.
//!
//! Why: a single-pass scan block spends part of its life in the look-back, waiting for
//! earlier tiles, and during that time it has no loads in flight. What keeps DRAM busy is
//! the bytes in flight per multiprocessor, summed over resident blocks. A register-held tile
//! caps that at (blocks per SM) × 16 KiB, and the registers that hold the tile cap the
//! blocks (40 registers: 6 blocks, 96 KiB). Holding the tile in shared memory instead makes
//! a block's registers independent of its tile: each thread works on one 64-byte run at a
//! time, so a tile of 2 runs per thread (32 KiB) still runs 6 blocks per SM (192 KiB).
//!
//! A thread owns the `SCAN_DEPTH` consecutive runs `t·D .. (t+1)·D` of the tile (items in
//! thread order, as the block scan needs), reads each run from shared memory twice (once
//! to fold, once to scan) and writes its outputs back in place.

use crate::policy::common::{BLOCK_THREADS, STAGE_UNITS_PER_THREAD};
use crate::policy::scan::{deep_staged_unit, SCAN_DEPTH};
use crate::thread::{sync_threads, thread_index};
use crate::tile::async_copy::{commit, copy_async, wait_all};
use crate::tile::stage::copy_unit;
use crate::tile::{load_full, load_partial, store_full, store_partial, Unit};
use core::mem::transmute_copy;

const THREADS: usize = BLOCK_THREADS as usize;
/// 16-byte units in a run (64 bytes).
const RUN_UNITS: usize = STAGE_UNITS_PER_THREAD;
/// 16-byte units in a deep tile.
const TILE_UNITS: usize = THREADS * RUN_UNITS * SCAN_DEPTH;

/// Where this thread's runs of a block's deep tile are and how they move.
#[derive(Clone, Copy)]
pub(crate) struct DeepTile {
    /// First item of the tile.
    start: u64,
    /// First item of this thread's first run.
    base: u64,
    /// The whole tile is below `n`.
    full: bool,
    /// Full and held in shared memory (block-uniform).
    staged: bool,
    /// The block's staging area: `deep_staged_unit(TILE_UNITS)` units.
    staging: *mut Unit,
}

impl DeepTile {
    /// The runs of `tile` (of `ITEMS` items per run) in an input of `n` items; staged when
    /// the tile is full, the launch asks for it (`staged != 0`) and the element type's
    /// runs are four 16-byte units (`stages`).
    #[inline(always)]
    pub(crate) fn new<const ITEMS: usize>(
        tile: u64,
        n: u64,
        staged: u32,
        stages: bool,
        staging: *mut Unit,
    ) -> Self {
        let run = ITEMS as u64;
        let tile_items = THREADS as u64 * run * SCAN_DEPTH as u64;
        let start = tile * tile_items;
        let full = start + tile_items <= n;
        Self {
            start,
            base: start + u64::from(thread_index()) * run * SCAN_DEPTH as u64,
            full,
            staged: full && staged != 0 && stages,
            staging,
        }
    }

    /// Brings a staged tile into shared memory: [`Self::issue`], then [`Self::land`].
    ///
    /// # Safety
    /// As [`Self::issue`] and [`Self::land`].
    #[inline(always)]
    pub(crate) unsafe fn fetch<T>(self, x: *const T) {
        // SAFETY: as the caller guarantees.
        unsafe {
            self.issue(x);
            self.land();
        }
    }

    /// Starts copying a staged tile into shared memory: every thread issues its `cp.async`
    /// copies (unit `k·256 + t` for each `k`: a warp instruction covers 512 contiguous
    /// bytes). The block may do other work (read heads) while they are in flight. Does
    /// nothing for an unstaged tile.
    ///
    /// # Safety
    /// Called by every thread of the block, once, before [`Self::land`]; `x` 16-byte aligned
    /// and readable for the whole tile when it is staged.
    #[inline(always)]
    pub(crate) unsafe fn issue<T>(self, x: *const T) {
        if !self.staged {
            return;
        }
        let t = thread_index() as usize;
        // SAFETY: the tile is full, so its `TILE_UNITS` units are readable (contract).
        let src = unsafe { x.add(self.start as usize) }.cast::<Unit>();
        for k in 0..TILE_UNITS / THREADS {
            let u = k * THREADS + t;
            // SAFETY: `u < TILE_UNITS`: a unit of the tile, and its padded slot lies in the
            // staging area; nothing reads the slot before `land`.
            unsafe { copy_async(self.staging.add(deep_staged_unit(u)), src.add(u)) };
        }
        // SAFETY: closes this thread's group of copies.
        unsafe { commit() };
    }

    /// Waits for this thread's copies of [`Self::issue`], then the block meets at a barrier
    /// that publishes them to every thread. Does nothing for an unstaged tile.
    ///
    /// # Safety
    /// Called by every thread of the block after [`Self::issue`], before any [`Self::run`].
    #[inline(always)]
    pub(crate) unsafe fn land(self) {
        if !self.staged {
            return;
        }
        // SAFETY: every thread of the block is here (`staged` is block-uniform).
        unsafe {
            wait_all();
            sync_threads();
        }
    }

    /// Run `r` of this thread (`r < SCAN_DEPTH`) and how many of its items are real
    /// (values of `filler()` past `n`, called only for a partial tile).
    ///
    /// # Safety
    /// After [`Self::fetch`] (or [`Self::land`]); `x` readable for `n` items, 16-byte aligned.
    #[inline(always)]
    pub(crate) unsafe fn run<T: Copy, const ITEMS: usize>(
        self,
        x: *const T,
        n: u64,
        r: usize,
        filler: impl Fn() -> T,
    ) -> ([T; ITEMS], usize) {
        let first = self.run_base::<ITEMS>(r);
        if self.staged {
            let mut units = [Unit::ZERO; RUN_UNITS];
            #[allow(clippy::needless_range_loop)]
            for j in 0..RUN_UNITS {
                // SAFETY: this thread's unit of the tile, fetched before the barrier.
                units[j] = unsafe { self.staging.add(self.unit(r, j)).read() };
            }
            // SAFETY: a staged run of `ITEMS` values is exactly these 64 bytes (`stages`).
            (unsafe { transmute_copy(&units) }, ITEMS)
        } else if self.full {
            // SAFETY: the whole tile is below `n`; `first` is a multiple of ITEMS items.
            (unsafe { load_full(x.add(first as usize)) }, ITEMS)
        } else {
            // SAFETY: reads only indices below `n`.
            unsafe { load_partial(x, first, n, filler()) }
        }
    }

    /// Writes run `r`'s outputs: back into its shared slots (staged; [`Self::flush`] stores
    /// them) or straight to `y` (the items below `n`).
    ///
    /// # Safety
    /// After this thread's last [`Self::run`] of run `r`; `y` writable for `n` items,
    /// 16-byte aligned, this tile's items written by this block alone.
    #[inline(always)]
    pub(crate) unsafe fn put<T: Copy, const ITEMS: usize>(
        self,
        y: *mut T,
        n: u64,
        r: usize,
        out: [T; ITEMS],
    ) {
        let first = self.run_base::<ITEMS>(r);
        if self.staged {
            // SAFETY: 64 bytes of plain data either way (`stages`).
            let units = unsafe { transmute_copy::<[T; ITEMS], [Unit; RUN_UNITS]>(&out) };
            #[allow(clippy::needless_range_loop)]
            for j in 0..RUN_UNITS {
                // SAFETY: this thread's own slot; no other thread touches it before `flush`'s
                // barrier.
                unsafe { self.staging.add(self.unit(r, j)).write(units[j]) };
            }
        } else if self.full {
            // SAFETY: the whole tile is below `n`.
            unsafe { store_full(y.add(first as usize), out) };
        } else {
            // SAFETY: writes only indices below `n`.
            unsafe { store_partial(y, first, n, out) };
        }
    }

    /// Stores a staged tile from shared memory to `y` with coalesced 16-byte stores, after a
    /// barrier that orders every thread's [`Self::put`] before them. Does nothing for an
    /// unstaged tile (its runs went out in `put`).
    ///
    /// # Safety
    /// Called by every thread of the block after all its `put`s; `y` as for `put`.
    #[inline(always)]
    pub(crate) unsafe fn flush<T>(self, y: *mut T) {
        if !self.staged {
            return;
        }
        // SAFETY: every thread of the block is here (`staged` is block-uniform).
        unsafe { sync_threads() };
        let t = thread_index() as usize;
        // SAFETY: the tile is full and this block's alone (contract).
        let dst = unsafe { y.add(self.start as usize) }.cast::<Unit>();
        for k in 0..TILE_UNITS / THREADS {
            let u = k * THREADS + t;
            // SAFETY: `u < TILE_UNITS`, written by its owner before the barrier.
            unsafe { copy_unit(self.staging.add(deep_staged_unit(u)), dst.add(u)) };
        }
    }

    /// The same runs read and written directly (never staged): how a scan reads a second
    /// input beside the staged one (`kernels/scan/zipped.rs`).
    #[inline(always)]
    pub(crate) fn unstaged(self) -> Self {
        Self {
            staged: false,
            ..self
        }
    }

    /// The first item of this thread's run `r`.
    #[inline(always)]
    pub(crate) fn run_base<const ITEMS: usize>(self, r: usize) -> u64 {
        self.base + (r * ITEMS) as u64
    }

    /// The tile's first item.
    #[inline(always)]
    pub(crate) fn start(self) -> u64 {
        self.start
    }

    /// Full and held in shared memory (block-uniform).
    #[inline(always)]
    pub(crate) fn staged(self) -> bool {
        self.staged
    }

    /// The whole tile is below `n`.
    #[inline(always)]
    pub(crate) fn full(self) -> bool {
        self.full
    }

    /// The padded shared slot of unit `j` of this thread's run `r`.
    #[inline(always)]
    fn unit(self, r: usize, j: usize) -> usize {
        let t = thread_index() as usize;
        deep_staged_unit((t * SCAN_DEPTH + r) * RUN_UNITS + j)
    }
}
