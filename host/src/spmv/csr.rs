//! CSR SpMV by merge path, balanced over rows + nonzeros.
//!
//! Each piece folds its rows with one of the loops of `csr_fold.rs`, picked from its own
//! columns (prefetching `x` when they scatter over it, unchecked after one range check when
//! they are local); all of them fold in storage order, so the choice never changes a bit.

use super::csr_fold::{fold_prefetch, prefetch_start, scattered, Validated};
use super::cut_rows::{fix_up, fold, store, Cut, Edges};
use core::ops::Range;
use parallaxis_core::reference as seq;
use parallaxis_core::{DeviceCopy, Semiring, SparseIndex};

/// Merge-path items (rows + nonzeros) per CSR piece: ≥ 8 µs of work (f32 Poisson rows,
/// 0.5 ns per item in cache on the dev VM), far above rayon's ~1 µs per-task cost, while a
/// 2^20-item matrix still yields 73 pieces to balance over 16 threads. Each piece also
/// pays a binary search and a look at its columns (`csr_fold.rs`). With full binary
/// searches 2^13 items cost Poisson rows 5-10% (vs the peer, 2 threads: 1.10x / 1.00x /
/// 1.13x at 2^20 / 2^22 / 2^24 non-zeros; 2^14: 1.14x / 1.05x / 1.25x; power-law the same);
/// with bracketed ones (`Cutter`) 2^13, 2^14 and 2^15 are within the VM's noise.
const CSR_PIECE: usize = 1 << 14;

/// CSR runs sequentially below this many merge-path items. Measured on the 2-core development
/// VM (f64, PlusTimes, Poisson 5-point rows, in cache; handing work to rayon's sleeping
/// workers costs ~10-40 µs there): parallel/reference 0.49x at 2^16 items, 1.26x at 2^17.
const CSR_SEQUENTIAL_BELOW: usize = 1 << 17;

/// The merge-path coordinate `(rows finished, entries consumed)` after `d` steps of merging
/// the row ends `row_end` with the entry indices `0..nnz` (Merrill & Garland 2016, Alg. 2):
/// a row's end is taken before entry `j` when `row_end[i] <= j`. The search stays within
/// `rows`, which must hold the answer (the cut's neighbours bracket it).
fn path_split<I: SparseIndex>(
    row_end: &[I],
    nnz: usize,
    d: usize,
    rows: Range<usize>,
) -> (usize, usize) {
    let mut hi = d.min(row_end.len()).min(rows.end);
    let mut lo = d.saturating_sub(nnz).max(rows.start).min(hi);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        // mid < hi <= d, so `d - mid - 1` does not underflow; mid < row_end.len().
        if row_end[mid].to_usize() < d - mid {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    (lo, d - lo)
}

/// The read-only operands of a CSR product.
struct Csr<'a, T, I> {
    row_ptr: &'a [I],
    col: &'a [I],
    val: &'a [T],
    x: &'a [T],
}

/// One CSR piece from path coordinate `(i0, j0)` to `(i1, j1)`; `ys` is `y[i0..i1]`. The
/// piece picks its row fold from its own columns (`csr_fold.rs`): prefetching when they
/// scatter over `x`, unchecked when they are local and all in range, else `fold`.
fn csr_piece<T: Copy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    a: &Csr<'_, T, I>,
    (i0, j0): (usize, usize),
    (i1, j1): (usize, usize),
    ys: &mut [T],
    accumulate: bool,
) -> Edges<T> {
    let (col, val, x) = (a.col, a.val, a.x);
    let rows = Rows {
        row_ptr: a.row_ptr,
        from: (i0, j0),
        to: (i1, j1),
    };
    let cols = col.get(j0..j1).unwrap_or(&[]);
    if scattered::<T, I>(cols) {
        prefetch_start(col, x, j0);
        return rows.fold(s, ys, accumulate, |lo, hi| {
            fold_prefetch(s, col, val, x, lo, hi)
        });
    }
    match Validated::new(col, val, x, j0..j1) {
        Some(v) => rows.fold(s, ys, accumulate, |lo, hi| v.fold(s, lo, hi)),
        None => rows.fold(s, ys, accumulate, |lo, hi| fold(s, col, val, x, lo, hi)),
    }
}

/// The rows of one CSR piece: path coordinates `from` to `to`.
struct Rows<'a, I> {
    row_ptr: &'a [I],
    from: (usize, usize),
    to: (usize, usize),
}

impl<I: SparseIndex> Rows<'_, I> {
    /// Folds every row of the piece with `f(lo, hi)` (its entries `lo..hi`), storing the rows
    /// it completes into `ys` and returning the cut ones.
    fn fold<T: Copy, S: Semiring<T>>(
        &self,
        s: S,
        ys: &mut [T],
        accumulate: bool,
        f: impl Fn(usize, usize) -> T,
    ) -> Edges<T> {
        let ((i0, j0), (i1, j1)) = (self.from, self.to);
        // Row i ends at row_ptr[i + 1]; one slice for the piece keeps the row loop check-free.
        let ends = self.row_ptr.get(i0 + 1..i1 + 1).unwrap_or(&[]);
        let mut rows = ys.iter_mut().zip(ends);
        let mut j = j0;
        let mut head = None;
        // Row i0 began in an earlier piece when its first entry lies before j0.
        if self.row_ptr.get(i0).is_some_and(|p| p.to_usize() < j0) {
            if let Some((_, e)) = rows.next() {
                let end = e.to_usize().max(j);
                head = Some(Cut {
                    row: i0,
                    partial: (j < end).then(|| f(j, end)),
                });
                j = end;
            }
        }
        for (yi, e) in rows {
            let end = e.to_usize().max(j);
            store(s, yi, f(j, end), accumulate);
            j = end;
        }
        let tail = (j < j1).then(|| Cut {
            row: i1,
            partial: Some(f(j, j1)),
        });
        Edges { head, tail }
    }
}

/// CSR SpMV; see [`seq::spmv_csr`]. Merge-path: the `nrows + nnz` path is cut into pieces of
/// `CSR_PIECE` (2^14) items, so a row of a million entries is shared by many pieces instead of
/// serializing one thread (power-law rows).
pub fn spmv_csr<T: DeviceCopy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    row_ptr: &[I],
    col: &[I],
    val: &[T],
    x: &[T],
    y: &mut [T],
    accumulate: bool,
) {
    let nrows = y.len().min(row_ptr.len().saturating_sub(1));
    let row_end = row_ptr.get(1..nrows + 1).unwrap_or(&[]);
    let first = row_ptr.first().map_or(0, |p| p.to_usize());
    let nnz = row_ptr.get(nrows).map_or(0, |p| p.to_usize());
    let path = nrows.saturating_add(nnz);
    if path < CSR_SEQUENTIAL_BELOW || first != 0 || nnz > col.len().min(val.len()) {
        return seq::spmv_csr(s, row_ptr, col, val, x, y, accumulate);
    }
    let npieces = path.div_ceil(CSR_PIECE);
    let a = Csr {
        row_ptr,
        col,
        val,
        x,
    };
    let cut = Cutter {
        row_end,
        nnz,
        path,
        s,
        a,
        accumulate,
    };
    let mut edges: Vec<Edges<T>> = (0..npieces)
        .map(|_| Edges {
            head: None,
            tail: None,
        })
        .collect();
    let end = path_split(row_end, nnz, path, 0..nrows);
    cut.pieces(0..npieces, (0, 0), end, &mut y[..nrows], &mut edges);
    fix_up(s, &edges, y, accumulate);
}

/// Cuts the merge path into pieces of [`CSR_PIECE`] items as it recurses (a binary search
/// per cut, by the task that cuts there, between the coordinates of the cuts around it)
/// and runs them: one parallel region per product. A pass of its own for the coordinates
/// cost a second rayon region, ~17 µs on the dev VM (5% of a 2^20 Poisson product on 2
/// threads), and in `cargo bench` that version often took 0.7 ms for it, not 0.36-0.40 ms.
struct Cutter<'a, T, I, S> {
    row_end: &'a [I],
    nnz: usize,
    path: usize,
    s: S,
    a: Csr<'a, T, I>,
    accumulate: bool,
}

impl<T: DeviceCopy, I: SparseIndex, S: Semiring<T>> Cutter<'_, T, I, S> {
    /// Runs pieces `ks`, which span path coordinates `from` to `to`; `ys` is `y[from.0..to.0]`
    /// and `edges` their slots.
    fn pieces(
        &self,
        ks: Range<usize>,
        from: (usize, usize),
        to: (usize, usize),
        ys: &mut [T],
        edges: &mut [Edges<T>],
    ) {
        if ks.len() <= 1 {
            if let Some(e) = edges.first_mut() {
                *e = csr_piece(self.s, &self.a, from, to, ys, self.accumulate);
            }
            return;
        }
        let mid = ks.start + ks.len() / 2;
        let d = (mid * CSR_PIECE).min(self.path);
        // The cuts around this one bracket it, so deep in the recursion a search spans a few
        // pieces' rows, not all rows (a full search per piece missed the cache ~20 times;
        // 2^24 Poisson, 2 threads:
        // 10.3 ms with full searches, 9.0-9.3 ms bracketed).
        let (i, j) = path_split(self.row_end, self.nnz, d, from.0..to.0);
        // A validated row_ptr gives coordinates inside [from, to] already; clamping keeps a
        // corrupt one from producing overlapping pieces.
        let c = (
            i.clamp(from.0, to.0.max(from.0)),
            j.clamp(from.1, to.1.max(from.1)),
        );
        let (y0, y1) = ys.split_at_mut((c.0 - from.0).min(ys.len()));
        let (e0, e1) = edges.split_at_mut((mid - ks.start).min(edges.len()));
        rayon::join(
            || self.pieces(ks.start..mid, from, c, y0, e0),
            || self.pieces(mid..ks.end, c, to, y1, e1),
        );
    }
}
