// Sharded SpMV (row blocks, x all-gathered) and the 3D stencil over z-slabs against the
// reference on the unsharded data, instantiated per host backend by tests/sharded.rs.
// Integers (wrapping arithmetic), so every comparison is exact.

use super::B;
use crate::common::pseudo_random;
use crate::common::sharded::{split_lengths, Miscounts};
use parallaxis::shard::{self, HostCsr, InMemory, ShardedCsr, ShardedGrid, ShardedSpmv};
use parallaxis::shard::ShardedVector;
use parallaxis::{reference, Error, ops::{Boundary, MinPlus, PlusTimes, Semiring, Stencil}, sparse::CsrMatrix};
use proptest::prelude::*;

/// A CSR matrix in host arrays, owned.
struct Csr {
    nrows: usize,
    ncols: usize,
    row_ptr: Vec<u32>,
    col_idx: Vec<u32>,
    values: Vec<i64>,
}

impl Csr {
    /// Rows of 0..=5 entries (every third row empty, runs of empty rows included), random
    /// columns (repeats allowed) and values of every magnitude.
    fn random(nrows: usize, ncols: usize, seed: u64) -> Self {
        let r = pseudo_random(nrows * 7 + 1, seed);
        let mut row_ptr = vec![0_u32];
        let (mut col_idx, mut values) = (Vec::new(), Vec::new());
        for i in 0..nrows {
            let len = if ncols == 0 || r[i] % 3 == 0 {
                0
            } else {
                (r[i] >> 8) as usize % 6
            };
            for e in 0..len {
                let v = r[nrows + (i * 6 + e) % (nrows * 6)];
                col_idx.push((v % ncols as u64) as u32);
                values.push((v >> 20) as i64 - (1 << 40));
            }
            row_ptr.push(col_idx.len() as u32);
        }
        Self {
            nrows,
            ncols,
            row_ptr,
            col_idx,
            values,
        }
    }

    /// Square, entries only within `band` of the diagonal (a discretised PDE's shape): each
    /// row block reads a narrow column span, so the gather moves only a halo of `x`.
    fn banded(n: usize, band: usize, seed: u64) -> Self {
        let r = pseudo_random(n * (2 * band + 1) + 1, seed);
        let mut row_ptr = vec![0_u32];
        let (mut col_idx, mut values) = (Vec::new(), Vec::new());
        for i in 0..n {
            for c in i.saturating_sub(band)..(i + band + 1).min(n) {
                col_idx.push(c as u32);
                values.push((r[col_idx.len()] >> 40) as i64 - (1 << 23));
            }
            row_ptr.push(col_idx.len() as u32);
        }
        Self {
            nrows: n,
            ncols: n,
            row_ptr,
            col_idx,
            values,
        }
    }

    fn host(&self) -> HostCsr<'_, i64, u32> {
        HostCsr {
            nrows: self.nrows,
            ncols: self.ncols,
            row_ptr: &self.row_ptr,
            col_idx: &self.col_idx,
            values: &self.values,
        }
    }

    /// Each row block's column span over `k` shards, from the arrays: the smallest to the
    /// largest column index of the block's rows, `0..0` for a block with no entries.
    fn spans(&self, k: usize) -> Vec<core::ops::Range<usize>> {
        let mut first_row = 0;
        let mut spans = Vec::new();
        for rows in split_lengths(self.nrows, k) {
            let (lo, hi) = (self.row_ptr[first_row], self.row_ptr[first_row + rows]);
            let cols = &self.col_idx[lo as usize..hi as usize];
            spans.push(match (cols.iter().min(), cols.iter().max()) {
                (Some(&lo), Some(&hi)) => lo as usize..hi as usize + 1,
                _ => 0..0,
            });
            first_row += rows;
        }
        spans
    }

    /// `y = A·x` by the reference.
    fn times<S: Semiring<i64>>(&self, s: S, x: &[i64]) -> Vec<i64> {
        let mut y = vec![0; self.nrows];
        reference::spmv_csr(s, &self.row_ptr, &self.col_idx, &self.values, x, &mut y, false);
        y
    }
}

fn values(n: usize, seed: u64) -> Vec<i64> {
    pseudo_random(n, seed)
        .into_iter()
        .map(|v| (v >> 16) as i64 - (1 << 47))
        .collect()
}

/// The sharded product (allocating, and through a plan kept over three products) equals the
/// reference, and `y` is split like the rows.
fn check_spmv(a: &Csr, k: usize, seed: u64) {
    let sharded = ShardedCsr::<i64, u32, B>::from_csr(&a.host(), k).unwrap();
    assert_eq!(sharded.block_rows(), split_lengths(a.nrows, k));
    assert_eq!((sharded.nrows(), sharded.ncols()), (a.nrows, a.ncols));
    assert_eq!(sharded.column_spans(), a.spans(k), "spans of {}x{} over {k}", a.nrows, a.ncols);
    let x_host = values(a.ncols, seed);
    let x = ShardedVector::<i64, B>::from_slice(&x_host, k).unwrap();
    let what = format!("{}x{} over {k}", a.nrows, a.ncols);
    let y = shard::spmv(PlusTimes, &sharded, &x, &InMemory).unwrap();
    assert_eq!(y.shard_lengths(), split_lengths(a.nrows, k), "{what}");
    assert_eq!(y.to_vec().unwrap(), a.times(PlusTimes, &x_host), "{what}");
    let y = shard::spmv(MinPlus, &sharded, &x, &InMemory).unwrap();
    assert_eq!(y.to_vec().unwrap(), a.times(MinPlus, &x_host), "min-plus {what}");

    // A square matrix iterates x <- A·x through one plan; y += A·x accumulates.
    if a.nrows == a.ncols {
        let mut plan = ShardedSpmv::new(&sharded, &InMemory).unwrap();
        let (mut xs, mut want) = (x, x_host.clone());
        for _ in 0..3 {
            xs = plan.apply(PlusTimes, &sharded, &xs, &InMemory).unwrap();
            want = a.times(PlusTimes, &want);
        }
        assert_eq!(xs.to_vec().unwrap(), want, "iterated {what}");
        // y = x + A·(A³·x) from the gathered A³·x. (`apply` with one shard reads x in place
        // and leaves the plan's buffer as it was, so the gather is explicit.)
        plan.gather(&xs, &InMemory).unwrap();
        let mut y = ShardedVector::<i64, B>::from_slice(&x_host, k).unwrap();
        plan.multiply_into(PlusTimes, &sharded, &mut y, true).unwrap();
        let sum: Vec<i64> = x_host
            .iter()
            .zip(&a.times(PlusTimes, &want))
            .map(|(p, q)| p.wrapping_add(*q))
            .collect();
        assert_eq!(y.to_vec().unwrap(), sum, "accumulated {what}");
    }
}

#[test]
fn sharded_spmv_matches_the_reference() {
    for (nrows, ncols) in [(0, 0), (0, 3), (3, 0), (1, 1), (2, 5), (9, 9), (40, 17), (1000, 1000)] {
        let a = Csr::random(nrows, ncols, nrows as u64 * 31 + ncols as u64);
        for k in 1..=(nrows + 2).min(12) {
            check_spmv(&a, k, k as u64);
        }
        check_spmv(&a, nrows + 3, 5);
    }
}

#[test]
fn banded_matrices_gather_only_the_column_spans_and_match_the_reference() {
    for (n, band) in [(1, 0), (7, 1), (50, 2), (300, 9)] {
        let a = Csr::banded(n, band, n as u64);
        for k in 1..=(n + 2).min(16) {
            check_spmv(&a, k, 3 + k as u64);
        }
    }
}

/// A block rebuilt from its arrays: a matrix made elsewhere.
fn rebuilt(b: &CsrMatrix<i64, u32, B>) -> CsrMatrix<i64, u32, B> {
    CsrMatrix::try_new(
        b.nrows(),
        b.ncols(),
        b.row_ptr().to_vec().unwrap(),
        b.col_idx().to_vec().unwrap(),
        b.values().to_vec().unwrap(),
    )
    .unwrap()
}

#[test]
fn row_blocks_hold_their_rows_with_global_columns() {
    let a = Csr::random(10, 6, 3);
    let whole = ShardedCsr::<i64, u32, B>::from_csr(&a.host(), 3).unwrap();
    let mut first_row = 0;
    for (rank, rows) in split_lengths(10, 3).into_iter().enumerate() {
        let one = ShardedCsr::<i64, u32, B>::from_csr_rank(&a.host(), rank, 3).unwrap();
        assert_eq!((one.first_shard(), one.shard_count(), one.nrows()), (rank, 3, 10));
        let b = &one.blocks()[0];
        assert_eq!(b.nrows(), rows);
        // Rebased row pointers, the global columns of those rows.
        let (lo, hi) = (a.row_ptr[first_row], a.row_ptr[first_row + rows]);
        let ptr: Vec<u32> = a.row_ptr[first_row..=first_row + rows].iter().map(|p| p - lo).collect();
        assert_eq!(b.row_ptr().to_vec().unwrap(), ptr);
        assert_eq!(b.col_idx().to_vec().unwrap(), a.col_idx[lo as usize..hi as usize]);
        assert_eq!(
            whole.blocks()[rank].values().to_vec().unwrap(),
            a.values[lo as usize..hi as usize]
        );
        first_row += rows;
    }
    // Blocks made elsewhere go back together.
    let again = ShardedCsr::from_blocks(whole.blocks().iter().map(rebuilt).collect()).unwrap();
    let x = ShardedVector::<i64, B>::from_slice(&values(6, 1), 3).unwrap();
    assert_eq!(
        shard::spmv(PlusTimes, &again, &x, &InMemory).unwrap().to_vec().unwrap(),
        a.times(PlusTimes, &values(6, 1))
    );
}

#[test]
fn the_matrix_holds_its_column_spans_however_it_was_made() {
    // Rows 0..2 read columns 1..=4, rows 2..4 nothing, rows 4..6 column 0 only.
    let a = Csr {
        nrows: 6,
        ncols: 7,
        row_ptr: vec![0, 2, 3, 3, 3, 4, 5],
        col_idx: vec![4, 1, 2, 0, 0],
        values: vec![1, 2, 3, 4, 5],
    };
    let whole = ShardedCsr::<i64, u32, B>::from_csr(&a.host(), 3).unwrap();
    assert_eq!(whole.column_spans(), [1..5, 0..0, 0..1]);
    // One shard spans the matrix's columns; from blocks made elsewhere, the same spans.
    let one = ShardedCsr::<i64, u32, B>::from_csr(&a.host(), 1).unwrap();
    let columns = 0..5;
    assert_eq!(one.column_spans(), core::slice::from_ref(&columns));
    let again = ShardedCsr::from_blocks(whole.blocks().iter().map(rebuilt).collect()).unwrap();
    assert_eq!(again.column_spans(), whole.column_spans());
    let alone = ShardedCsr::from_blocks(vec![rebuilt(&one.blocks()[0])]).unwrap();
    assert_eq!(alone.column_spans(), core::slice::from_ref(&columns));
    // One participant's block: its own span only, uploaded or made elsewhere.
    for (rank, span) in [1..5, 0..0, 0..1].into_iter().enumerate() {
        let mine = ShardedCsr::<i64, u32, B>::from_csr_rank(&a.host(), rank, 3).unwrap();
        assert_eq!(mine.column_spans(), core::slice::from_ref(&span));
        let block = rebuilt(&mine.blocks()[0]);
        let made = ShardedCsr::from_rank(block, rank, 3, a.nrows).unwrap();
        assert_eq!(made.column_spans(), core::slice::from_ref(&span));
    }
    // The products are the reference's, the empty block's rows zero.
    let x_host = values(7, 4);
    let want = a.times(PlusTimes, &x_host);
    for m in [&whole, &again] {
        let x = ShardedVector::<i64, B>::from_slice(&x_host, 3).unwrap();
        assert_eq!(shard::spmv(PlusTimes, m, &x, &InMemory).unwrap().to_vec().unwrap(), want);
    }
    for m in [&one, &alone] {
        let x = ShardedVector::<i64, B>::from_slice(&x_host, 1).unwrap();
        assert_eq!(shard::spmv(PlusTimes, m, &x, &InMemory).unwrap().to_vec().unwrap(), want);
    }
}

#[test]
fn with_one_shard_apply_reads_x_in_place_and_gather_still_copies() {
    let a = Csr::random(40, 40, 8);
    let m = ShardedCsr::<i64, u32, B>::from_csr(&a.host(), 1).unwrap();
    let (first, second) = (values(40, 1), values(40, 2));
    let mut plan = ShardedSpmv::new(&m, &InMemory).unwrap();
    plan.gather(&ShardedVector::from_slice(&first, 1).unwrap(), &InMemory).unwrap();
    let x = ShardedVector::<i64, B>::from_slice(&second, 1).unwrap();
    let y = plan.apply(PlusTimes, &m, &x, &InMemory).unwrap();
    assert_eq!(y.to_vec().unwrap(), a.times(PlusTimes, &second));
    // `apply` copied nothing into the plan: it still holds the first gathered x.
    let y = plan.multiply(PlusTimes, &m).unwrap();
    assert_eq!(y.to_vec().unwrap(), a.times(PlusTimes, &first));
    // An x of another length or split is still refused.
    let short = ShardedVector::<i64, B>::from_slice(&second[1..], 1).unwrap();
    assert!(matches!(
        plan.apply(PlusTimes, &m, &short, &InMemory),
        Err(Error::LengthMismatch { .. })
    ));
    let split = ShardedVector::<i64, B>::from_slice(&second, 2).unwrap();
    assert!(matches!(
        plan.apply(PlusTimes, &m, &split, &InMemory),
        Err(Error::InvalidArgument { .. })
    ));
}

#[test]
fn a_collective_that_miscounts_the_spans_is_a_typed_error() {
    let m = ShardedCsr::<i64, u32, B>::from_csr(&Csr::random(9, 9, 3).host(), 3).unwrap();
    for collective in [Miscounts::LosesOne, Miscounts::AddsOne] {
        assert!(matches!(
            ShardedSpmv::new(&m, &collective),
            Err(Error::Collective { .. })
        ));
        let x = ShardedVector::<i64, B>::from_slice(&values(9, 1), 3).unwrap();
        assert!(matches!(
            shard::spmv(PlusTimes, &m, &x, &collective),
            Err(Error::Collective { .. })
        ));
    }
}

#[test]
fn bad_matrices_and_layouts_are_typed_errors() {
    let a = Csr::random(6, 4, 9);
    let host = a.host();
    let build = |h: &HostCsr<'_, i64, u32>, k| ShardedCsr::<i64, u32, B>::from_csr(h, k);
    assert!(matches!(build(&host, 0), Err(Error::InvalidArgument { .. })));
    let short = HostCsr { row_ptr: &a.row_ptr[..6], ..host };
    assert!(matches!(build(&short, 2), Err(Error::LengthMismatch { .. })));
    let fewer_values = HostCsr { values: &a.values[1..], ..host };
    assert!(matches!(build(&fewer_values, 2), Err(Error::LengthMismatch { .. })));
    let decreasing = [0_u32, 2, 1, 3];
    let cols = [0_u32; 3];
    let vals = [1_i64; 3];
    let bad = HostCsr { nrows: 3, ncols: 4, row_ptr: &decreasing, col_idx: &cols, values: &vals };
    assert!(matches!(build(&bad, 2), Err(Error::InvalidSparse { .. })));
    let wide = [0_u32, 4, 1];
    let bad = HostCsr { nrows: 1, ncols: 4, row_ptr: &[0, 3], col_idx: &wide, values: &vals };
    assert!(matches!(build(&bad, 1), Err(Error::InvalidSparse { .. })));
    assert!(matches!(
        ShardedCsr::<i64, u32, B>::from_csr_rank(&host, 3, 3),
        Err(Error::InvalidArgument { .. })
    ));
    // Blocks against the split rule: 6 rows as 2 + 4.
    let two = ShardedCsr::<i64, u32, B>::from_csr(&host, 3).unwrap();
    let four = ShardedCsr::<i64, u32, B>::from_csr(&Csr::random(8, 4, 1).host(), 2).unwrap();
    let blocks = vec![rebuilt(&two.blocks()[0]), rebuilt(&four.blocks()[0])];
    assert!(matches!(ShardedCsr::from_blocks(blocks), Err(Error::InvalidArgument { .. })));
    assert!(matches!(
        ShardedCsr::<i64, u32, B>::from_blocks(Vec::new()),
        Err(Error::InvalidArgument { .. })
    ));

    // x of the wrong length or split: typed errors, no product.
    let m = ShardedCsr::<i64, u32, B>::from_csr(&host, 2).unwrap();
    let long = ShardedVector::<i64, B>::from_slice(&values(5, 1), 2).unwrap();
    assert!(matches!(
        shard::spmv(PlusTimes, &m, &long, &InMemory),
        Err(Error::LengthMismatch { .. })
    ));
    let three = ShardedVector::<i64, B>::from_slice(&values(4, 1), 3).unwrap();
    assert!(matches!(
        shard::spmv(PlusTimes, &m, &three, &InMemory),
        Err(Error::InvalidArgument { .. })
    ));
    // A plan for another layout, and a y not split like the rows.
    let mut plan = ShardedSpmv::new(&m, &InMemory).unwrap();
    let x = ShardedVector::<i64, B>::from_slice(&values(4, 1), 2).unwrap();
    let other = ShardedCsr::<i64, u32, B>::from_csr(&Csr::random(6, 5, 2).host(), 2).unwrap();
    assert!(matches!(
        plan.apply(PlusTimes, &other, &x, &InMemory),
        Err(Error::InvalidArgument { .. })
    ));
    plan.gather(&x, &InMemory).unwrap();
    let mut wrong_y = ShardedVector::<i64, B>::from_slice(&values(6, 1), 3).unwrap();
    assert!(matches!(
        plan.multiply_into(PlusTimes, &m, &mut wrong_y, false),
        Err(Error::InvalidArgument { .. })
    ));
    let mut short_y = ShardedVector::<i64, B>::from_slice(&values(5, 1), 2).unwrap();
    assert!(matches!(
        plan.multiply_into(PlusTimes, &m, &mut short_y, false),
        Err(Error::LengthMismatch { .. })
    ));
}

/// Weights with no symmetry, so a plane taken from the wrong side shows.
fn star() -> Stencil<i64, 3, 7> {
    parallaxis::star_3d([-6, 3, 5, 7, 11, 13, 17])
}

fn boxed() -> Stencil<i64, 3, 27> {
    parallaxis::mask_3d(core::array::from_fn(|i| (i as i64 * 37) % 23 - 11), [3, 3, 3]).unwrap()
}

const BOUNDARIES: [Boundary; 3] = [Boundary::Zero, Boundary::Clamp, Boundary::Wrap];

/// The sharded stencil (both forms) equals the reference on the whole grid.
fn check_stencil<S: Semiring<i64>, const K: usize>(
    s: S,
    st: &Stencil<i64, 3, K>,
    shape: [usize; 3],
    k: usize,
    seed: u64,
) {
    let n = shape.iter().product();
    let data = values(n, seed);
    let x = ShardedGrid::<i64, B>::from_slice(&data, shape, k).unwrap();
    assert_eq!(x.shard_planes(), split_lengths(shape[0], k));
    for boundary in BOUNDARIES {
        let mut want = vec![0; n];
        reference::stencil(s, st, boundary, shape, &data, &mut want);
        let what = format!("{shape:?} over {k}, {boundary:?}");
        let y = shard::stencil3d(s, st, boundary, &x, &InMemory).unwrap();
        assert_eq!(y.shard_planes(), x.shard_planes(), "{what}");
        assert_eq!(y.to_vec().unwrap(), want, "{what}");
        let mut into = ShardedGrid::<i64, B>::from_slice(&values(n, seed + 1), shape, k).unwrap();
        shard::stencil3d_into(s, st, boundary, &x, &mut into, &InMemory).unwrap();
        assert_eq!(into.to_vec().unwrap(), want, "into, {what}");
    }
}

#[test]
fn sharded_stencil_matches_the_whole_grid() {
    for nz in 0..=7 {
        for [ny, nx] in [[1, 1], [2, 3], [4, 5], [0, 3]] {
            let shape = [nz, ny, nx];
            for k in 1..=nz + 2 {
                check_stencil(PlusTimes, &star(), shape, k, k as u64);
                check_stencil(PlusTimes, &boxed(), shape, k, nz as u64);
            }
        }
    }
    check_stencil(MinPlus, &star(), [9, 5, 4], 4, 2);
    check_stencil(PlusTimes, &star(), [33, 17, 9], 5, 3);
}

#[test]
fn bad_grids_and_stencils_are_typed_errors() {
    let data = values(24, 1);
    let grid = |d: &[i64], shape, k| ShardedGrid::<i64, B>::from_slice(d, shape, k);
    assert!(matches!(grid(&data, [4, 3, 2], 0), Err(Error::InvalidArgument { .. })));
    assert!(matches!(grid(&data, [4, 3, 3], 2), Err(Error::LengthMismatch { .. })));
    assert!(matches!(
        grid(&[], [0, usize::MAX, 2], 2),
        Err(Error::InvalidStencil { .. })
    ));
    let x = grid(&data, [4, 3, 2], 2).unwrap();
    // Reaching two planes along z needs a wider halo than the one exchanged.
    let far = Stencil::new([[0, 0, 0], [2, 0, 0]], [1_i64, 1]);
    assert!(matches!(
        shard::stencil3d(PlusTimes, &far, Boundary::Zero, &x, &InMemory),
        Err(Error::InvalidStencil { .. })
    ));
    let mut other = grid(&data, [4, 3, 2], 3).unwrap();
    assert!(matches!(
        shard::stencil3d_into(PlusTimes, &star(), Boundary::Zero, &x, &mut other, &InMemory),
        Err(Error::InvalidArgument { .. })
    ));
    let mut reshaped = grid(&data, [4, 2, 3], 2).unwrap();
    assert!(matches!(
        shard::stencil3d_into(PlusTimes, &star(), Boundary::Zero, &x, &mut reshaped, &InMemory),
        Err(Error::InvalidArgument { .. })
    ));
    // Slabs against the split rule: 4 planes as 1 + 3.
    let parts = vec![
        parallaxis::DeviceVector::<i64, B>::from_slice(&data[..6]).unwrap(),
        parallaxis::DeviceVector::<i64, B>::from_slice(&data[6..]).unwrap(),
    ];
    assert!(matches!(
        ShardedGrid::from_parts(parts, [4, 3, 2]),
        Err(Error::InvalidArgument { .. })
    ));
    let slab = parallaxis::DeviceVector::<i64, B>::from_slice(&data[..12]).unwrap();
    assert!(matches!(
        ShardedGrid::from_rank(slab, 2, 2, [4, 3, 2]),
        Err(Error::InvalidArgument { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn sharded_spmv_and_stencil_match_the_reference(
        nrows in 0_usize..60,
        ncols in 0_usize..60,
        nz in 0_usize..9,
        ny in 1_usize..5,
        nx in 1_usize..5,
        k in 1_usize..12,
        seed in any::<u64>(),
    ) {
        check_spmv(&Csr::random(nrows, ncols, seed), k, seed);
        check_stencil(PlusTimes, &star(), [nz, ny, nx], k, seed);
    }
}
