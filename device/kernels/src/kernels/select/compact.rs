//! Block-level compaction through shared memory: each thread stores its selected items at
//! their rank in the tile (and, for a partition, its rejected ones after all the selected),
//! then the block copies the compacted tile to the output with consecutive threads on
//! consecutive items, so every warp store covers one contiguous piece of the output.

use super::Runs;
use crate::policy::common::BLOCK_THREADS;
use crate::policy::select::SELECT_RUNS;
use crate::thread::{sync_threads, thread_index};

/// Where a tile's items go.
#[derive(Clone, Copy)]
pub(super) struct Placement {
    /// Items the tile selects.
    pub(super) tile_selected: u64,
    /// Items selected before the tile.
    pub(super) before_tile: u64,
    /// Items of the tile selected before this thread's.
    pub(super) before_thread: u64,
    /// First item of the tile.
    pub(super) start: u64,
    /// Items of the tile below `n`.
    pub(super) count: u64,
    /// First item of this thread.
    pub(super) base: u64,
}

/// Where a partition's rejected items go.
#[derive(Clone, Copy)]
pub(super) enum Rejects {
    /// Nowhere (a selection).
    Dropped,
    /// To `y[split + rejected before..]`, in order (`split`: the number selected).
    After(u64),
    /// To `y[n - 1 - rejected before]` and down (`n`: the input's length): in input order
    /// from the back, so the back of `y` holds them reversed.
    FromEnd(u64),
}

/// Compacts this thread's items (`selected`: the mask of those selected among the first
/// `mine`) into the tile's slots of `area`, then writes the tile: the selected items to
/// `y[before_tile..]` in input order, and in a partition the rejected ones where `rejects`
/// says.
///
/// # Safety
/// Every thread of the block; `area` holds the block's compaction area (a tile of `T`),
/// not in use by another phase (the barriers here order it against the previous call);
/// `y` has room for every position written.
#[inline(always)]
pub(super) unsafe fn compact<T: Copy, const ITEMS: usize>(
    area: *mut T,
    runs: &Runs<T, ITEMS>,
    (selected, mine): (u32, u32),
    at: Placement,
    y: *mut T,
    rejects: Rejects,
) {
    let partition = !matches!(rejects, Rejects::Dropped);
    // A previous compaction's copy-out may still read the area.
    // SAFETY: every thread of the block is here.
    unsafe { sync_threads() };
    let first_rejected = at.base - at.start - at.before_thread;
    // Unrolled by `unroll!` (constant indices keep the runs in registers; LLVM unrolled these
    // conditional stores only partly, which put the runs in local memory: 128 bytes of stack).
    unroll!(r in SELECT_RUNS; 0 1; {
        unroll!(j in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
            let bit = (r * ITEMS + j) as u32;
            let below = (1_u32 << bit) - 1;
            let slot = if selected & (1 << bit) != 0 {
                Some(at.before_thread + u64::from((selected & below).count_ones()))
            } else if partition && bit < mine {
                let rejected = u64::from(bit) - u64::from((selected & below).count_ones());
                Some(at.tile_selected + first_rejected + rejected)
            } else {
                None
            };
            if let Some(s) = slot {
                // SAFETY: `s` is below the tile's item count: selected ranks below
                // `tile_selected`, rejected ones after them below `count`.
                unsafe { area.add(s as usize).write(runs[r][j]) };
            }
        });
    });
    // SAFETY: every thread of the block is here.
    unsafe { sync_threads() };
    let t = u64::from(thread_index());
    let step = u64::from(BLOCK_THREADS);
    let mut k = t;
    while k < at.tile_selected {
        // SAFETY: slot `k` was written above; `before_tile + k` is below the total selected.
        unsafe {
            y.add((at.before_tile + k) as usize)
                .write(area.add(k as usize).read())
        };
        k += step;
    }
    let (from, down) = match rejects {
        Rejects::Dropped => return,
        Rejects::After(split) => (split, false),
        Rejects::FromEnd(n) => (n - 1, true),
    };
    let rejected_before = at.start - at.before_tile;
    let mut k = at.tile_selected + t;
    while k < at.count {
        let r = rejected_before + (k - at.tile_selected);
        let to = if down { from - r } else { from + r };
        // SAFETY: slot `k` was written above; `to < n`: every rejected item has a place
        // (`split + r < n`; from the back, `r < n`).
        unsafe { y.add(to as usize).write(area.add(k as usize).read()) };
        k += step;
    }
}
