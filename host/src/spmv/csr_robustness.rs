//! CSR SpMV's row folds ([`super::csr_fold`]) against the reference, bit for bit on exact
//! semirings: scattered (prefetching) and local (validated, unchecked) pieces, every
//! primitive index type, a user-defined index type (checked folds only), and columns out of
//! `x` straight to the slice function (the front doors reject them; the reference skips them).
//! Sizes pass the parallel threshold and span many pieces; one row spans several.

use super::csr::spmv_csr;
use super::csr_fold::scattered;
use parallaxis_core::reference as seq;
use parallaxis_core::{DeviceCopy, MinPlus, PlusTimes, SparseIndex, SplitMix64};

/// Rows of the test matrices (with ~6 entries each, past the 2^17-item parallel threshold).
const ROWS: usize = 60_000;

/// A CSR pattern: `(row_ptr, col)` with `usize` indices.
type Pattern = (Vec<usize>, Vec<usize>);

/// Power-law row lengths (2..=2000) with random sorted columns in `0..ncols`; row 7 holds
/// 40 000 entries, so it is cut by several pieces.
fn scattered_pattern(ncols: usize) -> Pattern {
    let mut g = SplitMix64::new(5);
    let (mut row_ptr, mut col) = (vec![0], vec![]);
    for r in 0..ROWS {
        let u = g.unit_f64().max(1e-6);
        let len = if r == 7 {
            40_000
        } else {
            ((2.0 / u.powf(0.7)) as usize).min(2000)
        };
        let start = col.len();
        col.extend((0..len).map(|_| (g.next_u64() % ncols as u64) as usize));
        col[start..].sort_unstable();
        row_ptr.push(col.len());
    }
    (row_ptr, col)
}

/// A 5-point band (a Poisson matrix on a 200-wide grid) with some empty rows.
fn local_pattern() -> Pattern {
    let (mut row_ptr, mut col) = (vec![0], vec![]);
    for r in 0..ROWS {
        if r % 97 != 3 {
            let near = [r.wrapping_sub(200), r.wrapping_sub(1), r, r + 1, r + 200];
            col.extend(near.into_iter().filter(|&c| c < ROWS));
        }
        row_ptr.push(col.len());
    }
    (row_ptr, col)
}

/// Wrapping i64 values in -500..500 for the entries and for `x`.
fn ints(n: usize, seed: u64) -> Vec<i64> {
    let mut g = SplitMix64::new(seed);
    (0..n).map(|_| (g.next_u64() % 1000) as i64 - 500).collect()
}

/// `spmv_csr` against the reference on the pattern with index type `I`, PlusTimes i64 and
/// MinPlus i64, both plain and accumulating into a non-zero `y`.
fn check<I: SparseIndex>(
    what: &str,
    (row_ptr, col): &Pattern,
    nx: usize,
    index: impl Fn(usize) -> I,
) {
    let rp: Vec<I> = row_ptr.iter().map(|&p| index(p)).collect();
    let ci: Vec<I> = col.iter().map(|&c| index(c)).collect();
    let (val, x) = (ints(col.len(), 1), ints(nx, 2));
    let y0 = ints(ROWS, 3);
    for accumulate in [false, true] {
        let (mut got, mut want) = (y0.clone(), y0.clone());
        spmv_csr(PlusTimes, &rp, &ci, &val, &x, &mut got, accumulate);
        seq::spmv_csr(PlusTimes, &rp, &ci, &val, &x, &mut want, accumulate);
        assert!(got == want, "{what}: PlusTimes, accumulate {accumulate}");
        let (mut got, mut want) = (y0.clone(), y0.clone());
        spmv_csr(MinPlus, &rp, &ci, &val, &x, &mut got, accumulate);
        seq::spmv_csr(MinPlus, &rp, &ci, &val, &x, &mut want, accumulate);
        assert!(got == want, "{what}: MinPlus, accumulate {accumulate}");
    }
}

#[test]
fn every_primitive_index_type_matches_the_reference() {
    for (what, p) in [
        ("scattered", scattered_pattern(ROWS)),
        ("local", local_pattern()),
    ] {
        check(&format!("{what} u32"), &p, ROWS, |i| i as u32);
        check(&format!("{what} u64"), &p, ROWS, |i| i as u64);
        check(&format!("{what} usize"), &p, ROWS, |i| i);
    }
}

#[test]
fn columns_out_of_x_are_skipped_as_the_reference_does() {
    // x shorter than the columns reach: pieces with an out-of-range column take the checked
    // folds (the local ones are refused by `Validated::new`), every other piece the fast ones.
    for (what, p) in [
        ("scattered", scattered_pattern(ROWS)),
        ("local", local_pattern()),
    ] {
        check(&format!("{what} u32, x short"), &p, ROWS - 150, |i| {
            i as u32
        });
        check(&format!("{what} usize, x short"), &p, ROWS / 2, |i| i);
        check(&format!("{what} u64, x empty"), &p, 0, |i| i as u64);
    }
}

/// A user's index type: the unchecked fold is kept for parallaxis's own index types, so a
/// user's gets the checked folds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Mine(u32);

// SAFETY: one u32 field under repr(Rust) of a single field: a plain integer, zero is valid.
unsafe impl DeviceCopy for Mine {}

// SAFETY: widening and narrowing of the one u32 field: pure, and inverse on the range.
unsafe impl SparseIndex for Mine {
    const PADDING: Self = Mine(u32::MAX);
    fn to_usize(self) -> usize {
        self.0 as usize
    }
    fn from_usize(v: usize) -> Option<Self> {
        u32::try_from(v).ok().filter(|&i| i != u32::MAX).map(Mine)
    }
}

#[test]
fn a_user_index_type_takes_the_checked_folds() {
    for (what, p) in [
        ("scattered", scattered_pattern(ROWS)),
        ("local", local_pattern()),
    ] {
        check(&format!("{what} Mine"), &p, ROWS, |i| Mine(i as u32));
        check(&format!("{what} Mine, x short"), &p, ROWS - 150, |i| {
            Mine(i as u32)
        });
    }
}

#[test]
fn span_sample_tells_scattered_from_local_columns() {
    let (_, local) = local_pattern();
    let (_, far) = scattered_pattern(ROWS);
    // i64 entries, as `check` uses: the band spans ~3 KiB, the power-law rows ~480 KiB.
    assert!(!scattered::<i64, usize>(&local[..1000]));
    assert!(scattered::<i64, usize>(&far[..1000]));
    // 64 Ki f32 columns apart is 256 KiB: not more than the threshold.
    assert!(!scattered::<f32, u32>(&[0, 65_536]));
    assert!(scattered::<f32, u32>(&[0, 65_537]));
    assert!(!scattered::<f64, u32>(&[]));
}
