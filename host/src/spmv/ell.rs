//! ELL SpMV on rayon: blocks of consecutive rows, each row folded as the reference does.
//!
//! ELL stores slot `k` of row `r` at `k * nrows + r`, so a block of rows reads one contiguous
//! run of `col`/`val` per slot (the same access a GPU warp makes). Every row is folded by one
//! task in slot order, exactly as the reference does, so the result is the reference's bits
//! for every semiring and does not depend on the block size or the thread count.

use super::cut_rows::store;
use parallaxis_core::reference as seq;
use parallaxis_core::{DeviceCopy, Semiring, SparseIndex};
use rayon::prelude::*;

/// Slots (rows × width) per block: 16384 slots is ~10 µs of work, far above rayon's ~1 µs
/// per-task cost; rows per block are clamped to 64..=4096.
const ELL_BLOCK_SLOTS: usize = 1 << 14;

/// ELL runs sequentially below this many slots. Measured on the 2-core development VM (f64,
/// PlusTimes, width 5, in cache): parallel/reference 1.00x at 54k slots, 1.22x at 108k; the
/// threshold is the power of two above, shared with CSR and COO.
const ELL_SEQUENTIAL_BELOW: usize = 1 << 17;

/// The read-only operands of an ELL product.
struct Ell<'a, T, I> {
    width: usize,
    nrows: usize,
    col: &'a [I],
    val: &'a [T],
    x: &'a [T],
}

/// Rows `r0..r0 + ys.len()`, each folded slot by slot exactly as the reference does; a row
/// stops at its first padding slot (or a slot past the arrays' end). Each slot stream
/// `k * nrows + r0..` is read sequentially, so the `width` streams prefetch well. (A
/// slot-major variant with per-row running sums in a buffer measured 3x slower here.)
fn ell_block<T: Copy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    a: &Ell<'_, T, I>,
    r0: usize,
    ys: &mut [T],
    accumulate: bool,
) {
    for (r, yr) in (r0..).zip(ys.iter_mut()) {
        let mut t = s.zero();
        // k < width and r < nrows, and nrows * width was checked not to overflow.
        for slot in (0..a.width).map(|k| k * a.nrows + r) {
            let (Some(&c), Some(&v)) = (a.col.get(slot), a.val.get(slot)) else {
                break;
            };
            if c == I::PADDING {
                break;
            }
            if let Some(&xc) = a.x.get(c.to_usize()) {
                t = s.add(t, s.mul(v, xc));
            }
        }
        store(s, yr, t, accumulate);
    }
}

/// ELL SpMV; see [`seq::spmv_ell`]. Rows are independent, so blocks of rows run in parallel.
pub fn spmv_ell<T: DeviceCopy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    width: usize,
    col: &[I],
    val: &[T],
    x: &[T],
    y: &mut [T],
    accumulate: bool,
) {
    let nrows = y.len();
    let slots = nrows.checked_mul(width);
    if slots.is_none_or(|n| n < ELL_SEQUENTIAL_BELOW) {
        return seq::spmv_ell(s, width, col, val, x, y, accumulate);
    }
    let block_rows = (ELL_BLOCK_SLOTS / width.max(1)).clamp(64, 4096);
    let a = Ell {
        width,
        nrows,
        col,
        val,
        x,
    };
    y.par_chunks_mut(block_rows)
        .enumerate()
        .for_each(|(b, ys)| ell_block(s, &a, b * block_rows, ys, accumulate));
}
