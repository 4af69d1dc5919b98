//! What the products that cut rows share: a row folded and stored as the reference does,
//! and the rows cut by piece edges, whose partial folds one fix-up joins in storage order.
//! CSR and COO cut rows; ELL stores its rows the same way.

use parallaxis_core::{Semiring, SparseIndex};

/// A row cut by a piece edge, with the piece's fold of its entries (`None`: no entries).
#[derive(Clone, Copy)]
pub(crate) struct Cut<T> {
    pub(crate) row: usize,
    pub(crate) partial: Option<T>,
}

/// What a piece leaves to the fix-up: the row it finishes but did not start (`head`) and the
/// row it starts or continues but does not finish (`tail`). Every other row it touches it
/// completes and stores itself.
pub(crate) struct Edges<T> {
    pub(crate) head: Option<Cut<T>>,
    pub(crate) tail: Option<Cut<T>>,
}

/// `y = t` or `y = y ⊕ t`, as the reference stores a row.
#[inline]
pub(crate) fn store<T: Copy, S: Semiring<T>>(s: S, y: &mut T, t: T, accumulate: bool) {
    *y = if accumulate { s.add(*y, t) } else { t };
}

/// `(0 ⊕ a[lo]⊗x[c[lo]]) ⊕ ...` over entries `lo..hi`; entries past the end of `col` or `val`
/// and columns past `x` are skipped, as in the reference.
#[inline]
pub(crate) fn fold<T: Copy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    col: &[I],
    val: &[T],
    x: &[T],
    lo: usize,
    hi: usize,
) -> T {
    let hi = hi.min(col.len()).min(val.len());
    let cs = col.get(lo..hi).unwrap_or(&[]);
    let vs = val.get(lo..hi).unwrap_or(&[]);
    let mut t = s.zero();
    for (c, &a) in cs.iter().zip(vs) {
        if let Some(&xc) = x.get(c.to_usize()) {
            t = s.add(t, s.mul(a, xc));
        }
    }
    t
}

/// Joins two partial folds of one row in storage order.
#[inline]
fn join<T: Copy, S: Semiring<T>>(s: S, a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(s.add(a, b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// Finishes the rows cut by piece edges, walking the pieces in storage order: a row's
/// partials are joined left to right and stored once, by the piece that finishes it.
pub(crate) fn fix_up<T: Copy, S: Semiring<T>>(
    s: S,
    edges: &[Edges<T>],
    y: &mut [T],
    accumulate: bool,
) {
    let mut carry: Option<Cut<T>> = None;
    for e in edges {
        if let Some(h) = e.head {
            let before = carry
                .take()
                .filter(|c| c.row == h.row)
                .and_then(|c| c.partial);
            let t = join(s, before, h.partial).unwrap_or_else(|| s.zero());
            if let Some(yr) = y.get_mut(h.row) {
                store(s, yr, t, accumulate);
            }
        }
        if let Some(tl) = e.tail {
            carry = Some(match carry {
                Some(c) if c.row == tl.row => Cut {
                    row: tl.row,
                    partial: join(s, c.partial, tl.partial),
                },
                _ => tl,
            });
        }
    }
}

/// Splits `y[..]` into consecutive pieces of the given lengths (`bounds` non-decreasing).
pub(crate) fn split_rows<'a, T>(y: &'a mut [T], bounds: &[usize]) -> Vec<&'a mut [T]> {
    let mut pieces = Vec::with_capacity(bounds.len().saturating_sub(1));
    let mut rest = y;
    for w in bounds.windows(2) {
        let (a, b) = rest.split_at_mut(w[1].saturating_sub(w[0]).min(rest.len()));
        pieces.push(a);
        rest = b;
    }
    pieces
}
