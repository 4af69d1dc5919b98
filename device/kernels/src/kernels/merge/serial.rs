//! The per-thread serial merge every merge step ends in: `ITEMS` items of two sorted runs
//! held in shared memory, merged into registers (CUB's `SerialMerge`).

use parallaxis_core::Compare;

/// Merges `ITEMS` items from runs `keys[i..a_end]` and `keys[j..b_end]` (shared memory
/// positions) into `out` and their positions into `from`: at each step B's next item only
/// when strictly less than A's next (ties take A). Steps past both runs take positions past
/// `a_end` (the caller writes only its valid items). Reads clamp to `last`, so the look-ahead
/// never leaves the tile. Returns A's position after the last step.
///
/// Whatever `cmp` answers, each step takes A's next or B's next item, so the steps taken
/// while the runs hold items consume `keys[i..i']` and `keys[j..j']` for some `i' <= a_end`,
/// `j' <= b_end`, and only items of the runs are compared. The caller checks `i'`
/// against where the next thread starts: a comparator that is not a strict weak order, or
/// runs that are not sorted by it, can make one thread's merge end elsewhere.
///
/// # Safety
/// `keys` readable for `last + 1` items; `i <= a_end <= j <= b_end <= last + 1`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
// The last unrolled step's look-ahead (`ka` / `kb` reloaded) is never read.
#[allow(unused_assignments)]
pub(super) unsafe fn serial_merge<K: Copy, C: Compare<K>, const ITEMS: usize>(
    cmp: C,
    keys: *const K,
    mut i: usize,
    a_end: usize,
    mut j: usize,
    b_end: usize,
    last: usize,
    out: &mut [K; ITEMS],
    from: &mut [u32; ITEMS],
) -> usize {
    // SAFETY: clamped to `last` (contract).
    let read = |at: usize| unsafe { keys.add(at.min(last)).read() };
    let (mut ka, mut kb) = (read(i), read(j));
    unroll!(k in ITEMS; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; {
        let take_b = j < b_end && (i >= a_end || cmp.less(kb, ka));
        if take_b {
            out[k] = kb;
            from[k] = j as u32;
            j += 1;
            kb = read(j);
        } else {
            out[k] = ka;
            from[k] = i as u32;
            i += 1;
            ka = read(i);
        }
    });
    i
}
