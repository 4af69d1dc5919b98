//! What the SpMV kernels share: a nonzero's product, the store of a finished row, and the
//! warp's row-keyed segmented scan.

use crate::policy::common::WARP_THREADS;
use crate::thread::cache_hints::load_streaming;
use crate::thread::lane;
use crate::warp::shuffle_up;
use parallaxis_core::{Semiring, SparseIndex};

/// `*y = t`, or `*y = *y ⊕ t` when `accumulate != 0`.
///
/// # Safety
/// `y` readable and writable.
#[inline(always)]
pub(super) unsafe fn store<T: Copy, S: Semiring<T>>(s: S, y: *mut T, t: T, accumulate: u32) {
    // SAFETY: caller contract.
    unsafe {
        let v = if accumulate != 0 {
            s.add(y.read(), t)
        } else {
            t
        };
        y.write(v);
    }
}

/// `a ⊗ x[c]` for entry `k`. `ONCE`: the entry's column and value are read with the
/// streaming hint (`cache_hints::load_streaming`), for kernels that read each entry exactly
/// once (the CSR merge kernel); the row-per-sub-warp and COO kernels re-read lines a
/// neighbouring lane or step brought in, and keep plain loads.
///
/// # Safety
/// `k` below nnz; the column is below `ncols` (validated matrix, not written during the
/// kernel).
#[inline(always)]
pub(super) unsafe fn product<T: Copy, I: SparseIndex, S: Semiring<T>, const ONCE: bool>(
    s: S,
    col: *const I,
    val: *const T,
    x: *const T,
    k: usize,
) -> T {
    // SAFETY: caller contract.
    unsafe {
        let (c, a) = if ONCE {
            (load_streaming(col.add(k)), load_streaming(val.add(k)))
        } else {
            (col.add(k).read(), val.add(k).read())
        };
        s.mul(a, x.add(c.to_usize()).read())
    }
}

/// Inclusive segmented scan over the warp, keyed by row: lane `l` gets the fold of its own
/// and the lower lanes' `v` of the same `row` (rows are non-decreasing across lanes), lower
/// lanes on the left. Kogge-Stone, 5 steps of two shuffles.
#[inline(always)]
pub(super) fn warp_row_scan<R: Copy + PartialEq, T: Copy, S: Semiring<T>>(s: S, row: R, v: T) -> T {
    let me = lane();
    let mut v = v;
    let mut delta = 1;
    while delta < WARP_THREADS {
        let (lower_row, lower_v) = (shuffle_up(row, delta), shuffle_up(v, delta));
        if me >= delta && lower_row == row {
            v = s.add(lower_v, v);
        }
        delta *= 2;
    }
    v
}
