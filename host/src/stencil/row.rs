//! The stencil of one row segment: leading axes resolved once per row, a fast path over the
//! interior of the row and the general (reference) path at its ends.
//!
//! For a row at leading coordinates `c` and a point `k`, the leading axes either drop the
//! point for the whole row (`Boundary::Zero`) or resolve to one source row whose start is
//! `base[k]`. Along the row, the interior `lo..hi` is where `x + o[k].last` lies inside the
//! row for every point, so there the source of point `k` is the contiguous slice starting at
//! `base[k] + x + o[k].last`. The fast path folds point by point over a block of outputs:
//! `acc[j] = add(acc[j], mul(w[k], src_k[j]))` is an element-wise loop over slices that the
//! compiler vectorises across consecutive `x`, and each output still sees exactly the
//! reference's operations in the reference's order.

use parallaxis_core::{Boundary, DeviceCopy, Semiring, Stencil};

/// Outputs per fast-path block: the block is the accumulator and is re-read once per
/// stencil point, so it must stay in L1. 1024 f32 is 4 KiB (8 KiB for f64) of the 32 KiB
/// L1 per core on the development machine (Zen 3); 512 and 2048 measured within 3% of it
/// on the 1D 9-tap f32 stencil.
const BLOCK: usize = 1024;

/// Outputs folded together in registers.
const LANE: usize = 16;

/// The extents of a row-major grid.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Grid<const D: usize> {
    shape: [usize; D],
    len: usize,
}

impl<const D: usize> Grid<D> {
    /// The grid of `shape`, or `None` when `D == 0` or the point count overflows `usize`.
    pub(crate) fn new(shape: [usize; D]) -> Option<Self> {
        if D == 0 {
            return None;
        }
        let len = shape.iter().try_fold(1_usize, |a, &d| a.checked_mul(d))?;
        Some(Self { shape, len })
    }

    /// The number of grid points.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The length of a row (the last, contiguous axis).
    pub(crate) fn row_len(&self) -> usize {
        self.shape[D - 1]
    }
}

/// Everything a row segment needs: the operation, the grid, the input and the interior.
pub(crate) struct RowKernel<'a, T, S, const D: usize, const K: usize> {
    s: S,
    st: &'a Stencil<T, D, K>,
    boundary: Boundary,
    grid: Grid<D>,
    x: &'a [T],
    /// The interior of every row: `x + o[k].last` is inside the row for all `k` and all
    /// `x` in `lo..hi` (empty when `lo >= hi`).
    lo: usize,
    hi: usize,
}

impl<'a, T: DeviceCopy, S: Semiring<T>, const D: usize, const K: usize> RowKernel<'a, T, S, D, K> {
    /// The kernel of one stencil application; `grid` has a non-zero `D`.
    pub(crate) fn new(
        s: S,
        st: &'a Stencil<T, D, K>,
        boundary: Boundary,
        grid: Grid<D>,
        x: &'a [T],
    ) -> Self {
        let last = |o: &[i32; D]| i64::from(o[D - 1]);
        let min = st.offsets.iter().map(last).min().unwrap_or(0).min(0);
        let max = st.offsets.iter().map(last).max().unwrap_or(0).max(0);
        // |offset| <= 2^31, so both fit in usize on every 64-bit (and 32-bit) target.
        let lo = usize::try_from(-min).unwrap_or(usize::MAX);
        let hi = grid
            .row_len()
            .saturating_sub(usize::try_from(max).unwrap_or(usize::MAX));
        Self {
            s,
            st,
            boundary,
            grid,
            x,
            lo,
            hi,
        }
    }

    /// Computes the outputs `start..start + out.len()` (row-major point indices) into `out`.
    pub(crate) fn run(&self, start: usize, out: &mut [T]) {
        let nx = self.grid.row_len();
        let mut p = start;
        let mut rest = out;
        while !rest.is_empty() && nx > 0 {
            let x0 = p % nx;
            let len = (nx - x0).min(rest.len());
            let (seg, tail) = core::mem::take(&mut rest).split_at_mut(len);
            self.segment(&self.row_bases(p / nx), x0, seg);
            p += len;
            rest = tail;
        }
    }

    /// For each point, the start in `x` of its source row for grid row `row`, or `None`
    /// when a leading axis drops the point (exactly the reference's resolution).
    fn row_bases(&self, row: usize) -> [Option<usize>; K] {
        let shape = &self.grid.shape;
        let mut coord = [0_usize; D];
        let mut rest = row;
        for axis in (0..D - 1).rev() {
            coord[axis] = rest % shape[axis];
            rest /= shape[axis];
        }
        core::array::from_fn(|k| {
            let off = &self.st.offsets[k];
            let mut idx = 0_usize;
            for axis in 0..D - 1 {
                let c = coord[axis] as i64 + i64::from(off[axis]);
                idx = idx * shape[axis] + self.boundary.resolve(c, shape[axis])?;
            }
            Some(idx * self.grid.row_len())
        })
    }

    /// The outputs `x0..x0 + out.len()` of one row: the general path outside the interior,
    /// the fast path inside it.
    fn segment(&self, bases: &[Option<usize>; K], x0: usize, out: &mut [T]) {
        let x1 = x0 + out.len();
        let (ia, ib) = if self.lo < self.hi {
            let ia = self.lo.clamp(x0, x1);
            (ia, self.hi.clamp(ia, x1))
        } else {
            (x1, x1)
        };
        let (left, rest) = out.split_at_mut(ia - x0);
        let (mid, right) = rest.split_at_mut(ib - ia);
        self.general(bases, x0, left);
        for (b, blk) in mid.chunks_mut(BLOCK).enumerate() {
            let xa = ia + b * BLOCK;
            if !self.fast(bases, xa, blk) {
                self.general(bases, xa, blk);
            }
        }
        self.general(bases, ib, right);
    }

    /// The reference's fold for each output `xa..xa + out.len()` of a row, resolving the
    /// last axis per term.
    fn general(&self, bases: &[Option<usize>; K], xa: usize, out: &mut [T]) {
        let (s, nx) = (self.s, self.grid.row_len());
        for (j, y) in out.iter_mut().enumerate() {
            let xc = (xa + j) as i64;
            let mut acc = s.zero();
            for ((base, off), &w) in bases.iter().zip(&self.st.offsets).zip(&self.st.weights) {
                let Some(base) = *base else { continue };
                let Some(c) = self.boundary.resolve(xc + i64::from(off[D - 1]), nx) else {
                    continue;
                };
                if let Some(&v) = self.x.get(base + c) {
                    acc = s.add(acc, s.mul(w, v));
                }
            }
            *y = acc;
        }
    }

    /// The interior fold for outputs `xa..xa + out.len()`, all inside `lo..hi`: one
    /// contiguous source slice per point, folded point by point into `LANE` accumulators
    /// held in registers. Returns `false` (writing nothing) when a source slice is not inside
    /// `x`, which only a short `x` can cause; the caller then uses the general path.
    fn fast(&self, bases: &[Option<usize>; K], xa: usize, out: &mut [T]) -> bool {
        let mut ok = true;
        let srcs: [Option<&[T]>; K] = core::array::from_fn(|k| {
            let base = bases[k]?;
            // Inside the interior `xa + off >= 0`, so this never fails there.
            let first = usize::try_from(xa as i64 + i64::from(self.st.offsets[k][D - 1]));
            let src = first
                .ok()
                .and_then(|f| self.x.get(base + f..base + f + out.len()));
            ok &= src.is_some();
            src
        });
        if !ok {
            return false;
        }
        let len = out.len();
        if len < LANE {
            for (j, y) in out.iter_mut().enumerate() {
                *y = self.point(&srcs, j);
            }
            return true;
        }
        // Whole lanes, then, when `LANE` does not divide `len`, one more lane ending at `len`
        // that overlaps the one before: its outputs are recomputed bit for bit, which is
        // cheaper than a scalar tail (a 254-point row interior spent 30% of its time in a
        // 14-point scalar tail).
        let tail = (len % LANE != 0).then_some(len - LANE);
        for at in (0..len / LANE).map(|c| c * LANE).chain(tail) {
            if let Some(yc) = out.get_mut(at..at + LANE) {
                yc.copy_from_slice(&self.lane(&srcs, at));
            }
        }
        true
    }

    /// The fold of the `LANE` outputs `at..at + LANE` of a fast-path block, in registers.
    #[inline(always)]
    fn lane(&self, srcs: &[Option<&[T]>; K], at: usize) -> [T; LANE] {
        let s = self.s;
        let mut acc = [s.zero(); LANE];
        for (src, &w) in srcs.iter().zip(&self.st.weights) {
            let Some(v) = src.and_then(|src| src.get(at..at + LANE)) else {
                continue;
            };
            for (a, &v) in acc.iter_mut().zip(v) {
                *a = s.add(*a, s.mul(w, v));
            }
        }
        acc
    }

    /// The fold of output `j` of a fast-path block.
    fn point(&self, srcs: &[Option<&[T]>; K], j: usize) -> T {
        let s = self.s;
        let mut acc = s.zero();
        for (src, &w) in srcs.iter().zip(&self.st.weights) {
            if let Some(&v) = src.and_then(|src| src.get(j)) {
                acc = s.add(acc, s.mul(w, v));
            }
        }
        acc
    }
}
