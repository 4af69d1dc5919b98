use crate::{grid_len, Boundary, Semiring, Stencil};

/// Applies `stencil` at every point of a row-major grid of `shape` (last axis contiguous):
/// `y[p] = ⊕_k w[k] ⊗ x[resolve(p + offsets[k])]`, folded in point order from the semiring's
/// zero; a term whose neighbour `boundary` drops is skipped.
///
/// Writes the first `min(y.len(), grid points)` outputs. A 0-dimensional stencil, or a shape
/// whose product overflows `usize`, writes nothing (the front doors reject both with
/// `Error::InvalidStencil` before any backend runs).
pub fn stencil<T: Copy, S: Semiring<T>, const D: usize, const K: usize>(
    s: S,
    st: &Stencil<T, D, K>,
    boundary: Boundary,
    shape: [usize; D],
    x: &[T],
    y: &mut [T],
) {
    let Some(total) = grid_len(shape) else {
        return;
    };
    if D == 0 || total == 0 {
        return;
    }
    let mut coord = [0_usize; D];
    for (p, yp) in y.iter_mut().enumerate().take(total) {
        // Row-major coordinates of p, slowest axis first.
        let mut rest = p;
        for axis in (0..D).rev() {
            coord[axis] = rest % shape[axis];
            rest /= shape[axis];
        }
        let mut acc = s.zero();
        'points: for (off, &w) in st.offsets.iter().zip(&st.weights) {
            let mut idx = 0_usize;
            for axis in 0..D {
                let Some(c) = boundary.resolve(coord[axis] as i64 + off[axis] as i64, shape[axis])
                else {
                    continue 'points;
                };
                idx = idx * shape[axis] + c;
            }
            if let Some(&v) = x.get(idx) {
                acc = s.add(acc, s.mul(w, v));
            }
        }
        *yp = acc;
    }
}
