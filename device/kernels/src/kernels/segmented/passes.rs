//! The small element-wise passes around the segmented scan: head flags from offsets, the per-segment gather of segmented reduce, and the run scatter of reduce by key.
//! Each is a grid-stride loop with one item per thread per step (consecutive threads take
//! consecutive items, so every warp access is coalesced).

use crate::params::segmented::{OffsetHeadsParams, RunGatherParams, SegGatherParams};
use crate::policy::common::BLOCK_THREADS;
use crate::thread::{block_index, grid_blocks, thread_index};
use parallaxis_core::Monoid;

/// Calls `body(i)` for every `i < n` this thread owns (grid-stride, one item per step).
#[inline(always)]
fn each_index(n: u64, mut body: impl FnMut(u64)) {
    let step = u64::from(BLOCK_THREADS);
    let stride = grid_blocks() * step;
    let mut i = block_index() * step + u64::from(thread_index());
    while i < n {
        body(i);
        i += stride;
    }
}

/// `heads[offsets[s]] = 1` for every nonempty segment `s`.
///
/// PTX: `parallax_offset_heads__Offsets__u64`.
///
/// # Safety
/// `offsets` readable for `segments + 1` validated entries, `heads` writable for
/// `offsets[segments]` bytes.
#[inline(always)]
pub(crate) unsafe fn offset_heads(p: OffsetHeadsParams) {
    each_index(p.segments, |s| {
        let s = s as usize;
        // SAFETY: `s + 1 <= segments`, readable by the contract.
        let (lo, hi) = unsafe { (p.offsets.add(s).read(), p.offsets.add(s + 1).read()) };
        if lo < hi {
            // SAFETY: `lo < hi <= n`; nonempty segments start at distinct offsets.
            unsafe { p.heads.add(lo as usize).write(1) };
        }
    });
}

/// `y[s] = identity ⊕ scanned[o[s+1] - 1]` (nonempty), `identity` (empty).
///
/// PTX: `parallax_seg_gather__<M>__<T>`.
///
/// # Safety
/// `offsets` readable for `segments + 1` validated entries, `scanned` for `o[segments]`
/// values, `y` writable for `segments` values.
#[inline(always)]
pub unsafe fn seg_gather<T: Copy, M: Monoid<T>>(p: SegGatherParams<T, M>) {
    let m = p.m;
    each_index(p.segments, |s| {
        let s = s as usize;
        // SAFETY: `s + 1 <= segments`, readable by the contract.
        let (lo, hi) = unsafe { (p.offsets.add(s).read(), p.offsets.add(s + 1).read()) };
        let v = if lo < hi {
            // SAFETY: `hi - 1 < n`.
            m.combine(m.identity(), unsafe {
                p.scanned.add(hi as usize - 1).read()
            })
        } else {
            m.identity()
        };
        // SAFETY: `s < segments`, writable; one writer per segment.
        unsafe { p.y.add(s).write(v) };
    });
}

/// `y[s]` = the fold of the run ending at `o[s+1] - 1` (nonempty), `identity` (empty).
///
/// PTX: `parallax_run_gather__<M>__<T>`.
///
/// # Safety
/// `offsets` readable for `segments + 1` validated entries; `tails` (increasing) and
/// `values` readable for `runs` entries, one per nonempty segment; `y` writable for
/// `segments` values.
#[inline(always)]
pub unsafe fn run_gather<T: Copy, M: Monoid<T>>(p: RunGatherParams<T, M>) {
    let m = p.m;
    each_index(p.segments, |s| {
        let s = s as usize;
        // SAFETY: `s + 1 <= segments`, readable by the contract.
        let (lo, hi) = unsafe { (p.offsets.add(s).read(), p.offsets.add(s + 1).read()) };
        let v = if lo < hi {
            // Lower bound of `hi - 1` in `tails[0..runs]`: it is there (a nonempty segment
            // ends a run), so the search ends on it.
            let target = hi - 1;
            let (mut first, mut len) = (0_u64, p.runs);
            while len > 0 {
                let half = len / 2;
                // SAFETY: `first + half < first + len <= runs`.
                let t = u64::from(unsafe { p.tails.add((first + half) as usize).read() });
                if t < target {
                    first += half + 1;
                    len -= half + 1;
                } else {
                    len = half;
                }
            }
            // SAFETY: `first < runs`: the target is present.
            unsafe { p.values.add(first as usize).read() }
        } else {
            m.identity()
        };
        // SAFETY: `s < segments`, writable; one writer per segment.
        unsafe { p.y.add(s).write(v) };
    });
}
