//! Stable ranking of a tile's keys by digit, warp by warp (CUB's "match" ranking): each warp
//! owns a contiguous stretch of the tile, read warp-striped (item `j` of lane `l` is key
//! `32 j + l` of the stretch), so visiting the items in `(j, lane)` order is visiting the
//! keys in input order. For each item, `match_any` finds the lanes holding the same digit;
//! the highest of them (the leader) advances the warp's counter of that digit by their
//! number, and each lane's rank is the old counter plus its peers below it.

use crate::policy::sort::RADIX_BINS;
use crate::thread::{lane, sync_warp};
use crate::warp::{match_any, shuffle_idx};

/// The rank of one item (this lane's digit `d` at the warp's next position): the number of
/// keys of the warp's stretch before it with the same digit, advancing the warp's counter
/// of `d` (in `counts`, this warp's row, zeroed before the first item) by its peers. The
/// caller visits items `j = 0, 1, ...` in order, each with all 32 lanes; a constant-trip
/// loop in the kernel keeps its arrays in registers.
///
/// # Safety
/// All 32 lanes of the warp call this; `counts` points to this warp's own `RADIX_BINS`
/// counters in shared memory, which no other warp touches meanwhile; `d < RADIX_BINS`.
#[inline(always)]
pub unsafe fn rank_in_warp(d: u32, counts: *mut [u32; RADIX_BINS]) -> u32 {
    let me = lane();
    let peers = match_any(d);
    let leader = 31 - peers.leading_zeros();
    let mut old = 0;
    if me == leader {
        // SAFETY: `d < RADIX_BINS`; the leader is the only lane writing counter `d` for this
        // item, and the previous item's writes are ordered by the `sync_warp` below.
        unsafe {
            let c = (*counts).as_mut_ptr().add(d as usize);
            old = c.read();
            c.write(old + peers.count_ones());
        }
    }
    let rank = shuffle_idx(old, leader) + (peers & ((1_u32 << me) - 1)).count_ones();
    // SAFETY: every lane of the warp reaches it (caller contract).
    unsafe { sync_warp() };
    rank
}
