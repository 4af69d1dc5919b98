//! 1-byte samples counted per lane without atomics: every lane owns one 8-bit counter per
//! byte value, 256 of them, in shared memory laid out so that a lane only ever touches its
//! own bank (the counter of value `v` for lane `t` is byte `v % 4` of word
//! `(v / 4) * 32 + t` of its warp's rows). Counting a sample is a plain load, add and store
//! in the lane's bank: no bank conflicts and no atomic, whatever the data. Before a counter
//! could wrap (`policy::histogram::LANE_BYTE_FLUSH_STEPS`), the warp adds its 32 lanes'
//! counters up, value by value, into the block's 32-bit totals and zeroes them; at the end
//! the block adds each value's total to its bin in the output.
//!
//! Counting values, not bins, makes one kernel serve every bin rule over 1-byte samples
//! (even bins or edges, any number of bins): the bin of each of the 256 values is taken once
//! per block, at the end.

use super::bins::Counter;
use super::walk::{for_each_tail, load_run, whole_runs};
use crate::policy::common::{BLOCK_THREADS, BLOCK_WARPS, WARP_THREADS};
use crate::policy::histogram::{
    HISTOGRAM_RUNS, HISTOGRAM_RUN_BYTES, LANE_BYTE_FLUSH_STEPS, LANE_BYTE_ROWS,
    LANE_BYTE_WARP_WORDS,
};
use crate::thread::atomic_add::red_add_shared_u32;
use crate::thread::{
    block_index, grid_blocks, lane, sync_threads, sync_warp, thread_index, warp_index,
};
use parallaxis_core::NOT_COUNTED;

/// Byte values a sample can take.
const VALUES: u32 = 256;

/// The block's lane counters and value totals in shared memory.
#[derive(Clone, Copy)]
pub(super) struct LaneBytes {
    /// This warp's rows: `LANE_BYTE_ROWS` rows of 32 words, one word per lane.
    rows: *mut u32,
    /// This lane's word of row 0 of its warp.
    mine: *mut u32,
    /// The block's 256 value totals (`u32`).
    totals: *mut u32,
}

impl LaneBytes {
    /// Zeroes the block's counters and totals at `base`; every thread of the block calls it
    /// (a barrier follows).
    ///
    /// # Safety
    /// `base` points to `policy::histogram::lane_byte_shared_bytes()` bytes of this block's
    /// shared memory, 4-byte aligned.
    #[inline(always)]
    pub(super) unsafe fn zeroed(base: *mut u32) -> Self {
        let words = BLOCK_WARPS as u32 * LANE_BYTE_WARP_WORDS + VALUES;
        let mut w = thread_index();
        while w < words {
            // SAFETY: `w < words`: inside the region (contract).
            unsafe { base.add(w as usize).write(0) };
            w += BLOCK_THREADS;
        }
        // SAFETY: every thread of the block reaches this barrier.
        unsafe { sync_threads() };
        // SAFETY: the warp's rows, the lane's word and the totals lie inside the region.
        unsafe {
            let rows = base.add(warp_index() * LANE_BYTE_WARP_WORDS as usize);
            Self {
                rows,
                mine: rows.add(lane() as usize),
                totals: base.add(BLOCK_WARPS * LANE_BYTE_WARP_WORDS as usize),
            }
        }
    }

    /// Counts the four samples of word `w` (one byte each) in this lane's counters.
    #[inline(always)]
    fn count_word(self, w: u32) {
        for k in 0..4 {
            let v = (w >> (8 * k)) & 0xff;
            // SAFETY: `v / 4 < LANE_BYTE_ROWS`: this lane's word of row `v / 4`, which no
            // other lane touches until the warp's next flush (ordered by its `sync_warp`).
            unsafe {
                let p = self.mine.add(((v >> 2) * WARP_THREADS) as usize);
                p.write(p.read() + (1 << ((v & 3) * 8)));
            }
        }
    }

    /// Counts the 16 samples of one run.
    #[inline(always)]
    fn count_run(self, run: Option<[u32; 4]>) {
        if let Some([a, b, c, d]) = run {
            self.count_word(a);
            self.count_word(b);
            self.count_word(c);
            self.count_word(d);
        }
    }

    /// Adds the warp's 32 lanes' counters into the block's totals and zeroes them. Lane `t`
    /// takes rows `t` and `t + 32`, reading its row's words in an order rotated by `t`, so
    /// the 32 lanes read 32 different banks at each step.
    ///
    /// # Safety
    /// All 32 lanes of the warp call it.
    #[inline(always)]
    unsafe fn flush(self) {
        // SAFETY: the whole warp arrives (contract): the lanes' counts are visible to the
        // lane that sums their row.
        unsafe { sync_warp() };
        let t = lane();
        for half in 0..LANE_BYTE_ROWS / WARP_THREADS {
            let g = t + half * WARP_THREADS;
            // SAFETY: `g < LANE_BYTE_ROWS`: a row of this warp's.
            let row = unsafe { self.rows.add((g * WARP_THREADS) as usize) };
            // Bytes 0 and 2 of each word, and bytes 1 and 3, summed in 16-bit halves: at
            // most 32 lanes x 255 = 8160 per half.
            let (mut even, mut odd) = (0u32, 0u32);
            for c in 0..WARP_THREADS {
                // SAFETY: the column is below 32: a word of the row, which only this lane
                // reads and writes during the flush.
                unsafe {
                    let p = row.add(((c + t) % WARP_THREADS) as usize);
                    let w = p.read();
                    p.write(0);
                    even += w & 0x00ff_00ff;
                    odd += (w >> 8) & 0x00ff_00ff;
                }
            }
            // Values 4g .. 4g + 3 are bytes 0 .. 3 of the row's words (written out: an array
            // indexed in a loop went to local memory).
            let at = (4 * g) as usize;
            self.add_total(at, even & 0xffff);
            self.add_total(at + 1, odd & 0xffff);
            self.add_total(at + 2, even >> 16);
            self.add_total(at + 3, odd >> 16);
        }
        // SAFETY: as above: the zeroed words are visible before any lane counts again.
        unsafe { sync_warp() };
    }

    /// Adds `count` (if any) to the block's total of value `v < 256`.
    #[inline(always)]
    fn add_total(self, v: usize, count: u32) {
        if count != 0 {
            // SAFETY: `v < 256`: one of the block's totals, in shared memory.
            unsafe { red_add_shared_u32(self.totals.add(v), count) };
        }
    }

    /// Adds the block's value totals to the output: the count of value `v` to bin
    /// `bin(v)` (skipped where it is `NOT_COUNTED`); every thread of the block calls it.
    ///
    /// # Safety
    /// Every bin `bin` gives, other than `NOT_COUNTED`, indexes a live counter of `counts`.
    #[inline(always)]
    pub(super) unsafe fn merge_into<C: Counter>(self, counts: *mut C, bin: impl Fn(u8) -> u32) {
        // SAFETY: every thread of the block reaches this barrier, after its last flush.
        unsafe { sync_threads() };
        let v = thread_index();
        if v < VALUES {
            // SAFETY: `v < 256`: one of the totals.
            let c = unsafe { self.totals.add(v as usize).read() };
            let b = bin(v as u8);
            if c != 0 && b != NOT_COUNTED {
                // SAFETY: a counted bin indexes a live counter (contract).
                unsafe { C::add(counts.add(b as usize), c) };
            }
        }
    }
}

/// Counts every byte of `x[..n]` into `counts`, each exactly once across the grid: whole
/// 16-byte runs as the general walk (`walk.rs`) takes them, but in steps the whole warp takes
/// together so that it can flush, then the walk's tail one byte at a time.
///
/// # Safety
/// `x..x + n` readable and not written during the kernel; `counts` from
/// [`LaneBytes::zeroed`] of this block.
#[inline(always)]
pub(super) unsafe fn count_bytes(x: *const u8, n: u64, counts: LaneBytes) {
    let step = BLOCK_THREADS as u64;
    let runs = whole_runs::<u8, HISTOGRAM_RUN_BYTES>(x, n);
    let units = x.cast::<[u32; 4]>();
    let stride = grid_blocks() * step * HISTOGRAM_RUNS;
    let mut first = block_index() * step * HISTOGRAM_RUNS + u64::from(thread_index());
    // Lane 0's `first`: the warp steps while its first lane has a run, so every lane takes
    // part in each flush; lanes past the end load nothing.
    let mut warp_first = first - u64::from(lane());
    let mut steps = 0;
    while warp_first < runs {
        // SAFETY: runs below `runs` cover bytes below `n`: readable, 16-byte aligned.
        let (r0, r1, r2, r3) = unsafe {
            (
                load_run(units, first, runs),
                load_run(units, first + step, runs),
                load_run(units, first + 2 * step, runs),
                load_run(units, first + 3 * step, runs),
            )
        };
        counts.count_run(r0);
        counts.count_run(r1);
        counts.count_run(r2);
        counts.count_run(r3);
        steps += 1;
        if steps == LANE_BYTE_FLUSH_STEPS {
            // SAFETY: `steps` is the same in every lane of the warp: all of it flushes.
            unsafe { counts.flush() };
            steps = 0;
        }
        first += stride;
        warp_first += stride;
    }
    if steps != 0 {
        // SAFETY: as above.
        unsafe { counts.flush() };
    }
    // The tail: fewer than one run (or everything, from an unaligned base), straight into the
    // totals.
    // SAFETY: `x..x + n` readable (contract); a byte indexes one of the 256 totals.
    unsafe {
        for_each_tail(x, runs * HISTOGRAM_RUN_BYTES as u64, n, |v: u8| {
            red_add_shared_u32(counts.totals.add(v as usize), 1)
        })
    };
}
