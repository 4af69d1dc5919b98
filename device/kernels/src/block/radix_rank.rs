//! Stable ranking of a tile's keys by digit, warp by warp (CUB's "match" ranking): each warp
//! owns a contiguous stretch of the tile, read warp-striped (item `j` of lane `l` is key
//! `32 j + l` of the stretch), so visiting the items in `(j, lane)` order is visiting the
//! keys in input order. For each item, `match_bits` finds the lanes holding the same digit;
//! the highest of them (the leader) advances the warp's counter of that digit by their
//! number with one shared atomic, and each lane's rank is the old counter plus its peers
//! below it.
//!
//! The counters may start anywhere: the onesweep pass counts the tile's digits first and
//! starts each warp's counter at that warp's first position in the tile, so the rank is the
//! key's final slot in the tile.

use crate::policy::sort::{RADIX_BINS, RADIX_BITS};
use crate::thread::atomic_add::atom_add_shared_u32;
use crate::thread::lane;
use crate::warp::{match_bits, shuffle_idx};

/// The rank of one item (this lane's digit `d` at the warp's next position): the warp's
/// counter of `d` before this item plus the keys of the item's lanes below this one with the
/// same digit; advances that counter by the item's keys of digit `d`. The caller visits
/// items `j = 0, 1, ...` in order, each with all 32 lanes; a constant-trip loop in the
/// kernel keeps its arrays in registers.
///
/// No warp barrier is needed between items: an item's leader adds with an atomic whose old
/// value the shuffle waits for, and the next item's atomic is issued after that shuffle, so
/// the adds to one counter happen in item order. Without a barrier the match of the next
/// item can issue while this item's add is in flight.
///
/// # Safety
/// All 32 lanes of the warp call this; `counts` points to this warp's own `RADIX_BINS`
/// counters in shared memory, which no other warp touches meanwhile; `d < RADIX_BINS`.
#[inline(always)]
pub unsafe fn rank_in_warp(d: u32, counts: *mut [u32; RADIX_BINS]) -> u32 {
    let me = lane();
    let peers = match_bits::<RADIX_BITS>(d);
    let leader = 31 - peers.leading_zeros();
    let mut old = 0;
    if me == leader {
        // SAFETY: `d < RADIX_BINS`, a counter of this warp's row in shared memory.
        old = unsafe {
            atom_add_shared_u32((*counts).as_mut_ptr().add(d as usize), peers.count_ones())
        };
    }
    shuffle_idx(old, leader) + (peers & ((1_u32 << me) - 1)).count_ones()
}
