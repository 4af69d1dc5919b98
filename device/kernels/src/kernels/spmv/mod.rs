//! SpMV over any semiring: the entry points for every (semiring, type) pair of the semiring
//! family's declaration and index width (`u32`, `u64`), the row-per-sub-warp CSR
//! kernel and the ELL kernel. The nonzero-balanced kernels are in `csr_merge.rs`
//! (merge-based CSR and its tile coordinates) and `merge.rs` (COO, fix-up).
//!
//! Every row's product is folded from the semiring's zero, as in
//! `parallaxis_core::reference::spmv_*`; partial folds of one row are combined lower entries
//! first. Integer semirings are associative and commutative, so results are exact; float
//! `(+, ×)` differs from the sequential fold only by re-association.

mod common;
mod csr_merge;
mod merge;

use crate::params::spmv::{SpmvCoordsParams, SpmvCsrVectorParams, SpmvEllParams};
use crate::policy::common::{BLOCK_THREADS, BLOCK_WARPS, WARP_THREADS};
use crate::thread::{block_index, grid_blocks, lane, thread_index, warp_index};
use crate::warp::shuffle_idx;
use common::{product, store};
use csr_merge::{csr_merge, merge_coords};
use merge::{coo, fixup};
use parallaxis_core::{Semiring, SparseIndex};
/// CSR, one sub-warp per row (see [`SpmvCsrVectorParams`]). Each warp takes
/// `32 >> lanes_log2` consecutive rows per step (grid-stride, the loop bound is uniform per
/// warp, so the shuffles always see all 32 lanes).
///
/// PTX: `parallax_spmv_csr_vector_u32__<S>__<T>`, `parallax_spmv_csr_vector_u64__<S>__<T>`.
///
/// # Safety
/// A validated CSR matrix; `x` of `ncols`, `y` of `nrows` elements; `BLOCK_THREADS` threads.
#[inline(always)]
pub(crate) unsafe fn csr_vector<T: Copy, I: SparseIndex, S: Semiring<T>>(
    p: SpmvCsrVectorParams<T, I, S>,
) {
    let s = p.s;
    let lanes = 1_u32 << p.lanes_log2;
    let rows_per_warp = u64::from(WARP_THREADS >> p.lanes_log2);
    let sub = lane() & (lanes - 1);
    let group = u64::from(lane() >> p.lanes_log2);
    let steps = p.nrows.div_ceil(rows_per_warp);
    let stride = grid_blocks() * BLOCK_WARPS as u64;
    let mut w = block_index() * BLOCK_WARPS as u64 + warp_index() as u64;
    while w < steps {
        let row = w * rows_per_warp + group;
        let mut t = s.zero();
        if row < p.nrows {
            // SAFETY: `row < nrows`, so `row + 1` is a valid row pointer.
            let (lo, hi) = unsafe {
                (
                    p.row_ptr.add(row as usize).read().to_usize(),
                    p.row_ptr.add(row as usize + 1).read().to_usize(),
                )
            };
            let mut k = lo + sub as usize;
            while k < hi {
                // SAFETY: `k < row_ptr[row + 1] <= nnz`.
                t = s.add(t, unsafe {
                    product::<T, I, S, false>(s, p.col, p.val, p.x, k)
                });
                k += lanes as usize;
            }
        }
        // Butterfly over the sub-warp; the lower lanes' partial always goes on the left.
        let mut off = lanes >> 1;
        while off > 0 {
            let other = shuffle_idx(t, lane() ^ off);
            t = if sub & off == 0 {
                s.add(t, other)
            } else {
                s.add(other, t)
            };
            off >>= 1;
        }
        if sub == 0 && row < p.nrows {
            // SAFETY: `row < nrows`.
            unsafe { store(s, p.y.add(row as usize), t, p.accumulate) };
        }
        w += stride;
    }
}

/// ELL, one thread per row (see [`SpmvEllParams`]).
///
/// PTX: `parallax_spmv_ell_u32__<S>__<T>`, `parallax_spmv_ell_u64__<S>__<T>`.
///
/// # Safety
/// A validated ELL matrix (padding trailing, columns below `ncols`); `BLOCK_THREADS` threads.
#[inline(always)]
pub(crate) unsafe fn ell<T: Copy, I: SparseIndex, S: Semiring<T>>(p: SpmvEllParams<T, I, S>) {
    let s = p.s;
    let stride = grid_blocks() * u64::from(BLOCK_THREADS);
    let mut r = block_index() * u64::from(BLOCK_THREADS) + u64::from(thread_index());
    while r < p.nrows {
        let mut t = s.zero();
        let mut k = 0;
        while k < p.width {
            let slot = (k * p.nrows + r) as usize;
            // SAFETY: `slot < nrows * width`.
            let c = unsafe { p.col.add(slot).read() };
            if c == I::PADDING {
                break;
            }
            // SAFETY: `c` is a column below `ncols` (validated), `slot` in range.
            t = s.add(t, unsafe {
                s.mul(p.val.add(slot).read(), p.x.add(c.to_usize()).read())
            });
            k += 1;
        }
        // SAFETY: `r < nrows`.
        unsafe { store(s, p.y.add(r as usize), t, p.accumulate) };
        r += stride;
    }
}

// Every SpMV entry point of each (semiring, type) pair of the family's declaration
// (`entry/families/semiring.rs`), expanded here, where the bodies are.
crate::__semiring_family!(@stock @ptx);

/// The CSR merge kernel's tile coordinates, per index width (no semiring or element type).
macro_rules! spmv_coords_entry_point {
    ($($it:ident: $i:ty),*) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(spmv_merge_coords, Index, $it))]
            unsafe extern "ptx-kernel" fn entry(p: SpmvCoordsParams<$i>) {
                // SAFETY: launched by parallaxis-device's SpMV launcher, which upholds the
                // contract.
                unsafe { merge_coords::<$i>(p) }
            }
        };
    )* };
}
spmv_coords_entry_point!(u32: u32, u64: u64);
