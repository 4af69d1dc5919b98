//! COO SpMV on rayon: entries split into fixed chunks, rows cut by chunk edges fixed up after.
//!
//! Rows are sorted, so chunk `c` (entries `c·C..(c+1)·C`) owns the rows from its first
//! entry's row up to the next chunk's first row, empty rows included. A row that began in an
//! earlier chunk (its `head`) or runs on into the next (its `tail`) is left to the shared
//! fix-up, which joins the partial folds in storage order (see `cut_rows.rs`).

use super::cut_rows::{fix_up, split_rows, store, Cut, Edges};
use parallaxis_core::reference as seq;
use parallaxis_core::{DeviceCopy, Semiring, SparseIndex};
use rayon::prelude::*;

/// Entries per COO chunk: 8192 entries is ≥ 6 µs of work (0.68 ns/entry measured in cache
/// here), far above rayon's ~1 µs per task.
const COO_CHUNK: usize = 1 << 13;

/// COO runs sequentially below this many entries + rows. Measured on the 2-core development
/// VM (f64, PlusTimes, 5 entries/row, in cache): parallel/reference 1.03x at 64k, 1.13x at
/// 129k; the threshold is the power of two above, shared with CSR and ELL.
const COO_SEQUENTIAL_BELOW: usize = 1 << 17;

/// The read-only operands of a COO product (all three arrays cut to the common length).
struct Coo<'a, T, I> {
    row: &'a [I],
    col: &'a [I],
    val: &'a [T],
    x: &'a [T],
}

/// Chunk `e0..e1` owning rows `r0..r0 + ys.len()`.
fn coo_chunk<T: Copy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    a: &Coo<'_, T, I>,
    (e0, e1): (usize, usize),
    r0: usize,
    ys: &mut [T],
    accumulate: bool,
) -> Edges<T> {
    // The chunk's slices (all `e1 - e0` long: the arrays were cut to their common length).
    let rows = a.row.get(e0..e1).unwrap_or(&[]);
    let cols = a.col.get(e0..e1).unwrap_or(&[]);
    let vals = a.val.get(e0..e1).unwrap_or(&[]);
    let n = rows.len().min(cols.len()).min(vals.len());
    let continued = e0 > 0 && a.row.get(e0 - 1) == rows.first();
    let mut k = 0;
    let mut head = None;
    for (r, yr) in (r0..).zip(ys.iter_mut()) {
        let start = k;
        let mut t = s.zero();
        while k < n && rows[k].to_usize() == r {
            if let Some(&xc) = a.x.get(cols[k].to_usize()) {
                t = s.add(t, s.mul(vals[k], xc));
            }
            k += 1;
        }
        if r == r0 && continued {
            head = Some(Cut {
                row: r,
                partial: (k > start).then_some(t),
            });
        } else {
            store(s, yr, t, accumulate);
        }
    }
    // Entries left belong to the next chunk's first row (rows are sorted).
    let tail = rows.get(k).map(|r| Cut {
        row: r.to_usize(),
        partial: Some(super::cut_rows::fold(s, cols, vals, a.x, k, n)),
    });
    Edges { head, tail }
}

/// COO SpMV (rows sorted); see [`seq::spmv_coo`]. Balanced over entries, so one row holding
/// most of them is shared by many chunks.
pub fn spmv_coo<T: DeviceCopy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    row: &[I],
    col: &[I],
    val: &[T],
    x: &[T],
    y: &mut [T],
    accumulate: bool,
) {
    let n = row.len().min(col.len()).min(val.len());
    let nrows = y.len();
    if n.saturating_add(nrows) < COO_SEQUENTIAL_BELOW || n == 0 {
        return seq::spmv_coo(s, row, col, val, x, y, accumulate);
    }
    let nchunks = n.div_ceil(COO_CHUNK);
    // Chunk c owns rows bounds[c]..bounds[c + 1]. The running max keeps unsorted (invalid)
    // rows from producing overlapping pieces; sorted rows are left as they are.
    let mut bounds = Vec::with_capacity(nchunks + 1);
    bounds.push(0);
    for c in 1..nchunks {
        let r = row[c * COO_CHUNK].to_usize().min(nrows);
        bounds.push(r.max(bounds[c - 1]));
    }
    bounds.push(nrows);
    let a = Coo {
        row: &row[..n],
        col: &col[..n],
        val: &val[..n],
        x,
    };
    let edges: Vec<Edges<T>> = split_rows(y, &bounds)
        .into_par_iter()
        .enumerate()
        .map(|(c, ys)| {
            let e = (c * COO_CHUNK, ((c + 1) * COO_CHUNK).min(n));
            coo_chunk(s, &a, e, bounds[c], ys, accumulate)
        })
        .collect();
    fix_up(s, &edges, y, accumulate);
}
