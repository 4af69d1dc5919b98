//! The walk over the samples: 16-byte runs loaded as one `ld.global.nc.v4` each,
//! `HISTOGRAM_RUNS` (4) runs per thread before any is used (grid stride), then the tail that
//! does not fill a run, one sample per thread.

use crate::policy::common::BLOCK_THREADS;
use crate::policy::histogram::{HISTOGRAM_RUNS, HISTOGRAM_RUN_BYTES};
use crate::thread::vector_load::load_nc_v4;
use crate::thread::{block_index, grid_blocks, thread_index};
use core::mem::size_of;
use core::ptr::read_unaligned;

const _: () = assert!(
    HISTOGRAM_RUNS == 4,
    "the walk below is written out for four runs"
);

/// Run `r`'s 16 bytes (`None` at or past `runs`).
///
/// # Safety
/// Runs below `runs` are readable 16-byte aligned units at `x`.
#[inline(always)]
pub(super) unsafe fn load_run(x: *const [u32; 4], r: u64, runs: u64) -> Option<[u32; 4]> {
    // SAFETY: as the caller guarantees.
    (r < runs).then(|| unsafe { load_nc_v4(x.add(r as usize)) })
}

/// Calls `visit` on the samples of one word (`T` of at most 4 bytes), taken out by shifts.
#[inline(always)]
fn visit_word<T: Copy>(w: u32, visit: &impl Fn(T)) {
    let size = size_of::<T>();
    for k in 0..4 / size {
        let bits = w >> (8 * size * k);
        // SAFETY: `T` is at most 4 bytes here: its bytes are the low bytes of `bits`
        // (little-endian), and every bit pattern is a valid sample.
        visit(unsafe { read_unaligned((&bits as *const u32).cast::<T>()) });
    }
}

/// Calls `visit` on the samples of one run: its words written out one by one (an array
/// indexed in a loop that LLVM did not unroll went to local memory).
#[inline(always)]
fn visit_run<T: Copy>(run: Option<[u32; 4]>, visit: &impl Fn(T)) {
    let Some([a, b, c, d]) = run else { return };
    if size_of::<T>() == 8 {
        let (lo, hi) = (
            u64::from(a) | u64::from(b) << 32,
            u64::from(c) | u64::from(d) << 32,
        );
        // SAFETY: `T` is 8 bytes here, and every bit pattern is a valid sample.
        unsafe {
            visit(read_unaligned((&lo as *const u64).cast::<T>()));
            visit(read_unaligned((&hi as *const u64).cast::<T>()));
        }
    } else {
        visit_word(a, visit);
        visit_word(b, visit);
        visit_word(c, visit);
        visit_word(d, visit);
    }
}

/// Calls `visit(x[i])` for every `i < n`, each exactly once across the grid. `ITEMS` is
/// `16 / size_of::<T>()`: the samples of one run.
///
/// # Safety
/// `x..x + n` readable, and not written during the kernel.
#[inline(always)]
pub(super) unsafe fn for_each_sample<T: Copy, const ITEMS: usize>(
    x: *const T,
    n: u64,
    visit: impl Fn(T),
) {
    debug_assert!(ITEMS * size_of::<T>() == HISTOGRAM_RUN_BYTES);
    let step = BLOCK_THREADS as u64;
    let (block, thread) = (block_index(), u64::from(thread_index()));
    let runs = whole_runs::<T, ITEMS>(x, n);
    let units = x.cast::<[u32; 4]>();
    let stride = grid_blocks() * step * HISTOGRAM_RUNS;
    let mut first = block * step * HISTOGRAM_RUNS + thread;
    while first < runs {
        // SAFETY: runs below `runs` cover samples below `n`: readable, 16-byte aligned.
        let (r0, r1, r2, r3) = unsafe {
            (
                load_run(units, first, runs),
                load_run(units, first + step, runs),
                load_run(units, first + 2 * step, runs),
                load_run(units, first + 3 * step, runs),
            )
        };
        visit_run::<T>(r0, &visit);
        visit_run::<T>(r1, &visit);
        visit_run::<T>(r2, &visit);
        visit_run::<T>(r3, &visit);
        first += stride;
    }
    // SAFETY: `x..x + n` readable (contract).
    unsafe { for_each_tail(x, runs * ITEMS as u64, n, visit) };
}

/// The whole 16-byte runs of `x[..n]` (`ITEMS` samples each) from a 16-byte aligned base
/// (allocation bases are); 0 from another base, which leaves every sample to the tail.
#[inline(always)]
pub(super) fn whole_runs<T, const ITEMS: usize>(x: *const T, n: u64) -> u64 {
    if (x as usize) % HISTOGRAM_RUN_BYTES == 0 && ITEMS * size_of::<T>() == HISTOGRAM_RUN_BYTES {
        n / ITEMS as u64
    } else {
        0
    }
}

/// Calls `visit(x[i])` for every `i` in `from..n`, one sample a thread per step across the
/// grid: the tail past the whole runs.
///
/// # Safety
/// `x..x + n` readable.
#[inline(always)]
pub(super) unsafe fn for_each_tail<T: Copy>(x: *const T, from: u64, n: u64, visit: impl Fn(T)) {
    let step = grid_blocks() * BLOCK_THREADS as u64;
    let mut i = from + block_index() * BLOCK_THREADS as u64 + u64::from(thread_index());
    while i < n {
        // SAFETY: `i < n`, readable.
        visit(unsafe { x.add(i as usize).read() });
        i += step;
    }
}
