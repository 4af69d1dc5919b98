//! Stencils on 1D, 2D and 3D grids, in parallel over fixed-size groups of rows.
//!
//! The grid is row-major, so a row (the last, contiguous axis) is the unit of work: the
//! output is cut into groups of whole rows of about [`GROUP`] points (rows longer than
//! `GROUP` are cut into `GROUP`-point segments), and the groups run on rayon's pool. Group
//! boundaries depend only on `shape`, and every output point is computed by exactly the
//! operations of the reference (`parallaxis_core::reference::stencil`) in the same order, so
//! the results are bitwise identical to it for any thread count, floats included.
//!
//! Inside a row, [`crate::stencil::row`] resolves the leading axes once per row and point,
//! runs a fast path over the row's interior (no boundary resolution, one contiguous source
//! slice per point) and the general path at the row ends.

use super::row::{Grid, RowKernel};
use parallaxis_core::{Boundary, DeviceCopy, Semiring, Stencil};
use rayon::prelude::*;

/// Output points per parallel task. 2^14 f32 outputs are 64 KiB; a 256-point row of the
/// 3D 7-point stencil makes a group of 64 rows, whose source planes (3 × 256 KiB) stay in
/// the 1 MiB L2 of the development machine. A rayon task costs ~1 µs, about 2% of the
/// ~50 µs a group of 9-tap f32 work takes.
const GROUP: usize = 1 << 14;

/// Below this many terms (output points × stencil points) the stencil runs on the calling
/// thread, through the very same row code. Measured on the 2-core EPYC (Zen 3) development
/// machine (shared, best of 100+ runs), f32 (+,×), Zero boundary, sequential vs parallel:
/// 1D 9 taps at 2^15 points (295k terms) 31 vs 53 µs, 2^16 (590k) 62 vs 61 µs, 2^17 (1.2M)
/// 124 vs 109 µs; 3D 7-point at 40^3 (448k terms) 136 vs 149 µs, 48^3 (774k) 198 vs 163 µs.
const SEQUENTIAL_BELOW: usize = 1 << 19;

/// See [`parallaxis_core::reference::stencil`]: `y[p] = ⊕_k w[k] ⊗ x[resolve(p + o[k])]`,
/// folded in point order from the semiring's zero, a dropped term skipped.
///
/// Bitwise identical to the reference for every input. Like it, this writes the first
/// `min(y.len(), shape product)` outputs and skips a term whose source index is past the end
/// of `x`; a shape whose product overflows `usize` (which the front doors reject) writes
/// nothing.
pub fn stencil<T: DeviceCopy, S: Semiring<T>, const D: usize, const K: usize>(
    s: S,
    st: &Stencil<T, D, K>,
    boundary: Boundary,
    shape: [usize; D],
    x: &[T],
    y: &mut [T],
) {
    let Some(grid) = Grid::new(shape) else {
        return;
    };
    let n = grid.len().min(y.len());
    if n == 0 {
        return;
    }
    let kernel = RowKernel::new(s, st, boundary, grid, x);
    let group = group_len(grid.row_len());
    let y = &mut y[..n];
    if n.saturating_mul(K.max(1)) < SEQUENTIAL_BELOW {
        y.chunks_mut(group)
            .enumerate()
            .for_each(|(g, yg)| kernel.run(g * group, yg));
    } else {
        y.par_chunks_mut(group)
            .enumerate()
            .for_each(|(g, yg)| kernel.run(g * group, yg));
    }
}

/// Points per group for rows of `row_len` points: whole rows up to [`GROUP`] points, or
/// `GROUP`-point segments of a longer row. Never zero.
fn group_len(row_len: usize) -> usize {
    if row_len == 0 || row_len >= GROUP {
        GROUP
    } else {
        GROUP / row_len * row_len
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parallaxis_core::reference as seq;
    use parallaxis_core::{MinPlus, PlusTimes};

    fn data(n: usize) -> Vec<f32> {
        (0..n)
            .map(|i| ((i * 7919 % 1013) as f32 - 500.0) / 97.0)
            .collect()
    }

    fn check<const D: usize, const K: usize>(st: &Stencil<f32, D, K>, shape: [usize; D]) {
        let n: usize = shape.iter().product();
        let x = data(n);
        for b in [Boundary::Zero, Boundary::Clamp, Boundary::Wrap] {
            let (mut want, mut got) = (vec![0.0; n], vec![1.0; n]);
            seq::stencil(PlusTimes, st, b, shape, &x, &mut want);
            stencil(PlusTimes, st, b, shape, &x, &mut got);
            let (wb, gb): (Vec<u32>, Vec<u32>) = (
                want.iter().map(|v| v.to_bits()).collect(),
                got.iter().map(|v| v.to_bits()).collect(),
            );
            assert_eq!(wb, gb, "{b:?} {shape:?}");
        }
    }

    #[test]
    fn parallel_sizes_match_reference_bitwise() {
        let taps: Stencil<f32, 1, 9> = Stencil::new(
            core::array::from_fn(|k| [k as i32 - 4]),
            data(9).try_into().unwrap(),
        );
        check(&taps, [(1 << 16) + 3]);
        let p7 = Stencil::new(
            parallaxis_core::STAR_3D_OFFSETS,
            [-6.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
        );
        check(&p7, [33, 40, 70]);
        check(&p7, [2, 3, GROUP + 5]);
    }

    #[test]
    fn short_x_and_long_y_follow_the_reference() {
        let st = Stencil::new([[-2], [0], [3]], [1.0_f32, 2.0, 0.5]);
        let x = data(1000);
        for b in [Boundary::Zero, Boundary::Clamp, Boundary::Wrap] {
            let (mut want, mut got) = (vec![9.0; 1300], vec![9.0; 1300]);
            seq::stencil(MinPlus, &st, b, [1200], &x, &mut want);
            stencil(MinPlus, &st, b, [1200], &x, &mut got);
            assert_eq!(want, got, "{b:?}");
        }
    }

    #[test]
    fn overflowing_shape_writes_nothing() {
        let st = Stencil::new([[0, 0]], [1.0_f32]);
        let mut y = vec![3.0; 4];
        stencil(
            PlusTimes,
            &st,
            Boundary::Wrap,
            [usize::MAX, 2],
            &[1.0; 4],
            &mut y,
        );
        assert_eq!(y, [3.0; 4]);
    }
}
