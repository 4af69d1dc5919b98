//! Block-level compaction through shared memory: each thread stores its selected items at
//! their rank in the tile (and, for a partition, its rejected ones after all the selected),
//! then the block copies the compacted tile to the output with consecutive threads on
//! consecutive items, so every warp store covers one contiguous piece of the output.
//!
//! Positions inside a tile are 32-bit (a tile holds at most 8192 items) and a thread's items
//! go to running slots (one predicated store and one add per item) rather than a rank per
//! item from the mask: the selection's instruction count, not its bytes, limited it
//! (`benches/RESULTS.md#selection-instruction-count`).

use super::Runs;
use crate::policy::common::BLOCK_THREADS;
use crate::policy::select::SELECT_RUNS;
use crate::thread::{sync_threads, thread_index};

/// Where a tile's items go.
#[derive(Clone, Copy)]
pub(super) struct Placement {
    /// Items the tile selects.
    pub(super) tile_selected: u32,
    /// Items selected before the tile.
    pub(super) before_tile: u64,
    /// Items of the tile selected before this thread's.
    pub(super) before_thread: u32,
    /// First item of the tile.
    pub(super) start: u64,
    /// Items of the tile below `n`.
    pub(super) count: u32,
    /// This thread's first item, counted from the tile's first.
    pub(super) offset: u32,
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
    // A previous compaction's copy-out may still read the area.
    // SAFETY: every thread of the block is here.
    unsafe { sync_threads() };
    // SAFETY: the slots lie inside the tile's area (each function's contract, from `at`).
    unsafe {
        if matches!(rejects, Rejects::Dropped) {
            place_selected(area, runs, selected, at.before_thread);
        } else {
            let first_rejected = at.tile_selected + (at.offset - at.before_thread);
            place_both(
                area,
                runs,
                (selected, mine),
                at.before_thread,
                first_rejected,
            );
        }
    }
    // SAFETY: every thread of the block is here.
    unsafe { sync_threads() };
    let t = thread_index();
    // SAFETY: `before_tile` plus the tile's selections is at most the number selected, which
    // `y` has room for.
    let out = unsafe { y.add(at.before_tile as usize) };
    let mut k = t;
    while k < at.tile_selected {
        // SAFETY: slot `k` was written above; `out + k` is below the number selected.
        unsafe { out.add(k as usize).write(area.add(k as usize).read()) };
        k += BLOCK_THREADS;
    }
    let (from, down) = match rejects {
        Rejects::Dropped => return,
        Rejects::After(split) => (split, false),
        Rejects::FromEnd(n) => (n - 1, true),
    };
    let rejected_before = at.start - at.before_tile;
    let mut k = at.tile_selected + t;
    while k < at.count {
        let r = rejected_before + u64::from(k - at.tile_selected);
        let to = if down { from - r } else { from + r };
        // SAFETY: slot `k` was written above; `to < n`: every rejected item has a place
        // (`split + r < n`; from the back, `r < n`).
        unsafe { y.add(to as usize).write(area.add(k as usize).read()) };
        k += BLOCK_THREADS;
    }
}

/// Stores the items `selected` marks, in order, from slot `first` of `area`.
///
/// # Safety
/// `area + first + selected.count_ones()` lies inside the tile's area.
#[inline(always)]
#[allow(
    unused_assignments,
    reason = "the last item's advance of its slot is never read"
)]
unsafe fn place_selected<T: Copy, const ITEMS: usize>(
    area: *mut T,
    runs: &Runs<T, ITEMS>,
    selected: u32,
    first: u32,
) {
    // SAFETY: `first` is inside the area (contract).
    let mut slot = unsafe { area.add(first as usize) };
    // Unrolled by `unroll!` (constant indices keep the runs in registers; LLVM unrolled these
    // conditional stores only partly, which put the runs in local memory: 128 bytes of stack).
    unroll!(r in SELECT_RUNS; 0 1; {
        unroll!(j in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
            if selected & (1 << (r * ITEMS + j)) != 0 {
                // SAFETY: one slot per selected item, inside the area (contract).
                unsafe {
                    slot.write(runs[r][j]);
                    slot = slot.add(1);
                }
            }
        });
    });
}

/// Stores the items `selected` marks from slot `first_selected` of `area`, and the others
/// among the first `mine` from slot `first_rejected`, each side in order.
///
/// # Safety
/// Both runs of slots lie inside the tile's area.
#[inline(always)]
#[allow(
    unused_assignments,
    reason = "the last item's advance of its slot is never read"
)]
unsafe fn place_both<T: Copy, const ITEMS: usize>(
    area: *mut T,
    runs: &Runs<T, ITEMS>,
    (selected, mine): (u32, u32),
    first_selected: u32,
    first_rejected: u32,
) {
    // SAFETY: both are inside the area (contract).
    let (mut kept, mut rejected) = unsafe {
        (
            area.add(first_selected as usize),
            area.add(first_rejected as usize),
        )
    };
    unroll!(r in SELECT_RUNS; 0 1; {
        unroll!(j in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
            let bit = (r * ITEMS + j) as u32;
            // SAFETY: one slot per item on its side, inside the area (contract).
            unsafe {
                if selected & (1 << bit) != 0 {
                    kept.write(runs[r][j]);
                    kept = kept.add(1);
                } else if bit < mine {
                    rejected.write(runs[r][j]);
                    rejected = rejected.add(1);
                }
            }
        });
    });
}
