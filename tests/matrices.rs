//! The Matrix Market reader and SpMV on the real matrices in `data/matrices/`.
//!
//! Each file is read with `CooMatrix::read_matrix_market`, converted to CSR, ELL and HYB on
//! the sequential and the rayon backend, multiplied by a fixed `x`, and compared with an f64
//! product computed here from the file's raw triplets (parsed by the few lines below, not by
//! the library). The reader's error reporting is checked on small texts, and fuzzed.

#[cfg(feature = "cuda")]
use crate::common;

use parallaxis::{
    backend::SpmvOps,
    ops::{Number, PlusTimes},
    sparse::CooMatrix,
    Backend, DeviceVector, Error, Sequential,
};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

/// The raw triplets of a `coordinate real general` file, 0-based, in file order.
struct Raw {
    nrows: usize,
    ncols: usize,
    entries: Vec<(usize, usize, f64)>,
}

fn raw(path: &Path) -> Raw {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('%') && !l.trim().is_empty());
    let size: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let entries = lines
        .map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            let (i, j): (usize, usize) = (t[0].parse().unwrap(), t[1].parse().unwrap());
            (i - 1, j - 1, t[2].parse().unwrap())
        })
        .collect::<Vec<_>>();
    assert_eq!(entries.len(), size[2], "{}: entry count", path.display());
    Raw {
        nrows: size[0],
        ncols: size[1],
        entries,
    }
}

/// `$PARALLAX_DATA_DIR/matrices` when set (a test binary run away from its source tree, as
/// by scripts/run-gpu-tests.sh), else the repository's `data/matrices`.
fn matrix_files() -> Vec<PathBuf> {
    let data = std::env::var_os("PARALLAX_DATA_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("data"),
        PathBuf::from,
    );
    let dir = data.join("matrices");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mtx"))
        .collect();
    files.sort();
    assert_eq!(
        files.len(),
        8,
        "expected the 8 gallery matrices in {}",
        dir.display()
    );
    files
}

/// `x[j] = (j mod 17) / 4 - 2`: exact in f32, so only `A`'s values round in f32.
fn x_of(n: usize) -> Vec<f64> {
    (0..n).map(|j| (j % 17) as f64 * 0.25 - 2.0).collect()
}

/// Per row: `(Σ a·x, Σ |a·x|, entries)` in f64.
fn reference(m: &Raw, x: &[f64]) -> Vec<(f64, f64, usize)> {
    let mut rows = vec![(0.0, 0.0, 0); m.nrows];
    for &(i, j, a) in &m.entries {
        rows[i].0 += a * x[j];
        rows[i].1 += (a * x[j]).abs();
        rows[i].2 += 1;
    }
    rows
}

/// Every format of one matrix on backend `B` in precision `T`. Bound per row:
/// `|y - y_ref| <= 2·(n + 2)·eps_T·Σ|a·x|`: `n` for the sum in any order plus two for
/// rounding `a` to `T` and the product (`x` is exact), with a factor of 2 of safety; the f64
/// reference's own error (`n·eps_64·Σ`) is far inside it for f32 and covered by it for f64.
fn check<T: Number, B>(path: &Path, m: &Raw, want: &[(f64, f64, usize)])
where
    B: SpmvOps<T, u32, PlusTimes>,
{
    let name = path.file_name().unwrap().to_string_lossy();
    let coo = CooMatrix::<T, u32, B>::read_matrix_market(path).unwrap();
    assert_eq!(
        (coo.nrows(), coo.ncols(), coo.nnz()),
        (m.nrows, m.ncols, m.entries.len())
    );
    let x: Vec<T> = x_of(m.ncols).into_iter().map(T::from_f64).collect();
    let x = DeviceVector::<T, B>::from_slice(&x).unwrap();
    let csr = coo.to_csr().unwrap();
    let compare = |got: Vec<T>, format: &str| {
        for (r, (g, &(w, abs, n))) in got.iter().zip(want).enumerate() {
            let bound = 2.0 * (n + 2) as f64 * T::EPSILON * abs;
            let err = (g.to_f64() - w).abs();
            assert!(
                err <= bound,
                "{name} {format} {} row {r}: got {g:?}, want {w}, |err| {err} > {bound}",
                B::NAME
            );
        }
    };
    let run = |a: &dyn Fn() -> parallaxis::Result<DeviceVector<T, B>>, format: &str| {
        compare(a().unwrap().to_vec().unwrap(), format);
    };
    run(&|| parallaxis::spmv(PlusTimes, &coo, &x), "COO");
    run(&|| parallaxis::spmv(PlusTimes, &csr, &x), "CSR");
    let ell = csr.to_ell().unwrap();
    run(&|| parallaxis::spmv(PlusTimes, &ell, &x), "ELL");
    let hyb = csr.to_hyb().unwrap();
    assert_eq!(
        hyb.coo().nnz() + count_ell(&hyb),
        m.entries.len(),
        "{name}: HYB split"
    );
    run(&|| parallaxis::spmv(PlusTimes, &hyb, &x), "HYB");
}

/// Stored (non-padding) slots of a HYB's ELL part.
fn count_ell<T: Number, B: Backend>(h: &parallaxis::sparse::HybMatrix<T, u32, B>) -> usize {
    h.ell()
        .col_idx()
        .to_vec()
        .unwrap()
        .iter()
        .filter(|&&c| c != u32::MAX)
        .count()
}

#[test]
fn gallery_matrices_in_every_format() {
    for path in matrix_files() {
        let m = raw(&path);
        let want = reference(&m, &x_of(m.ncols));
        check::<f64, Sequential>(&path, &m, &want);
        check::<f32, Sequential>(&path, &m, &want);
        #[cfg(feature = "rayon")]
        {
            check::<f64, parallaxis::Rayon>(&path, &m, &want);
            check::<f32, parallaxis::Rayon>(&path, &m, &want);
        }
    }
}

/// The same on the GPU (cuda builds; see tests/common/gpu.rs for the no-GPU policy).
#[cfg(feature = "cuda")]
#[test]
fn gallery_matrices_on_the_gpu() {
    if common::gpu::skip_gpu::<parallaxis::Cuda>() {
        return;
    }
    for path in matrix_files() {
        let m = raw(&path);
        let want = reference(&m, &x_of(m.ncols));
        check::<f64, parallaxis::Cuda>(&path, &m, &want);
        check::<f32, parallaxis::Cuda>(&path, &m, &want);
    }
}

/// Reads `text` as a Matrix Market file of i64 on the sequential backend.
fn read(text: &str) -> parallaxis::Result<CooMatrix<i64, u32, Sequential>> {
    CooMatrix::from_matrix_market(text.as_bytes())
}

/// `(row, col, value)` triplets of a matrix.
fn triplets(a: &CooMatrix<i64, u32, Sequential>) -> Vec<(u32, u32, i64)> {
    let (r, c, v) = (a.row_idx(), a.col_idx(), a.values());
    (0..a.nnz()).map(|k| (r[k], c[k], v[k])).collect()
}

#[test]
fn symmetric_skew_pattern_and_integer_files() {
    let sym =
        read("%%MatrixMarket matrix coordinate integer symmetric\n3 3 3\n2 1 5\n3 3 7\n3 1 -2\n");
    assert_eq!(
        triplets(&sym.unwrap()),
        [(0, 1, 5), (0, 2, -2), (1, 0, 5), (2, 0, -2), (2, 2, 7)]
    );
    let skew =
        read("%%MatrixMarket MATRIX Coordinate INTEGER Skew-Symmetric\n\n% note\n2 2 1\n2 1 3\n");
    assert_eq!(triplets(&skew.unwrap()), [(0, 1, -3), (1, 0, 3)]);
    let pat = read("%%MatrixMarket matrix coordinate pattern general\n2 3 3\n2 3\n1 1\n2 3\n");
    assert_eq!(triplets(&pat.unwrap()), [(0, 0, 1), (1, 2, 1), (1, 2, 1)]);
    let empty = read("%%MatrixMarket matrix coordinate real general\n0 0 0\n").unwrap();
    assert_eq!((empty.nrows(), empty.ncols(), empty.nnz()), (0, 0, 0));
}

/// The line and a fragment of the reason of the error `text` gives, read as f64 (a `real`
/// file cannot be read into an integer type at all).
fn fails(text: &str, line: usize, reason: &str) {
    match CooMatrix::<f64, u32, Sequential>::from_matrix_market(text.as_bytes()) {
        Err(Error::MatrixMarket { line: l, reason: r }) => {
            assert_eq!(l, line, "line of {r:?} in {text:?}");
            assert!(
                r.contains(reason),
                "reason {r:?} lacks {reason:?} for {text:?}"
            );
        }
        other => panic!("{text:?} gave {:?}", other.map(|a| a.nnz())),
    }
}

#[test]
fn malformed_files_name_their_line() {
    const H: &str = "%%MatrixMarket matrix coordinate real general\n";
    fails("", 1, "no %%MatrixMarket banner");
    fails(
        "%%MatrixMarket matrix array real general\n2 2\n",
        1,
        "'array'",
    );
    fails(
        "%%MatrixMarket matrix coordinate complex general\n",
        1,
        "'complex'",
    );
    fails(
        "%%MatrixMarket matrix coordinate real hermitian\n",
        1,
        "'hermitian'",
    );
    fails(
        "%%MatrixMarket matrix coordinate pattern skew-symmetric\n",
        1,
        "pattern",
    );
    fails(
        "%MatrixMarket matrix coordinate real general\n",
        1,
        "banner",
    );
    fails(&format!("{H}% only comments\n"), 3, "missing size line");
    fails(&format!("{H}2 2\n"), 2, "entry count");
    fails(&format!("{H}2 x 1\n"), 2, "column count 'x'");
    fails(&format!("{H}2 2 1 9\n"), 2, "more than 3");
    fails(&format!("{H}2 2 2\n1 1 1.0\n"), 4, "ends after 1 of the 2");
    fails(
        &format!("{H}2 2 1\n1 1 1.0\n2 2 2.0\n"),
        4,
        "more entries than the 1",
    );
    fails(&format!("{H}2 2 1\n3 1 1.0\n"), 3, "row 3 is out of range");
    fails(
        &format!("{H}2 2 1\n1 0 1.0\n"),
        3,
        "column 0 is out of range",
    );
    fails(&format!("{H}2 2 1\n1 1 abc\n"), 3, "value 'abc'");
    fails(&format!("{H}2 2 1\n1 1\n"), 3, "missing value");
    fails(&format!("{H}2 2 1\n1 1 1 1\n"), 3, "extra text");
    fails(&format!("{H}2 2 1\n-1 1 1\n"), 3, "row '-1'");
    fails(
        "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 1.5\n",
        3,
        "integer value",
    );
    fails(
        "%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n1 1 1\n",
        3,
        "diagonal",
    );
    fails(
        &format!("{H}5000000000 1 0\n"),
        2,
        "does not fit the index type",
    );
    fails(&format!("{H}1 1 1\n1 1 \u{fffd}\n"), 3, "value");
    match CooMatrix::<f64, u32, Sequential>::from_matrix_market(&b"%%MatrixMarket\xff\n"[..]) {
        Err(Error::MatrixMarket { line: 1, reason }) => assert!(reason.contains("UTF-8")),
        other => panic!("non-UTF-8 banner gave {:?}", other.map(|a| a.nnz())),
    }
}

/// A reader whose every read fails.
struct Broken;
impl std::io::Read for Broken {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("disk on fire"))
    }
}

#[test]
fn io_errors_are_line_zero() {
    let r = CooMatrix::<f64, u32, Sequential>::from_matrix_market(std::io::BufReader::new(Broken));
    let fire = |r: &str| r.contains("disk on fire");
    assert!(matches!(r, Err(Error::MatrixMarket { line: 0, ref reason }) if fire(reason)));
    let r = CooMatrix::<f64, u32, Sequential>::read_matrix_market("/nonexistent/none.mtx");
    assert!(
        matches!(r, Err(Error::MatrixMarket { line: 0, ref reason }) if reason.contains("none.mtx"))
    );
}

/// A valid file to mutate, so the fuzzer reaches the entry parser as well as the header's.
const SEED: &[u8] =
    b"%%MatrixMarket matrix coordinate real symmetric\n% c\n3 3 3\n1 1 1.5\n3 1 -2e3\n2 2 4\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random bytes: an error naming a line within the input (or 0), never a panic.
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
        match CooMatrix::<f32, u32, Sequential>::from_matrix_market(&bytes[..]) {
            Ok(_) => {}
            Err(Error::MatrixMarket { line, .. }) => prop_assert!(line <= lines + 1),
            Err(e) => prop_assert!(false, "unexpected error kind {e:?}"),
        }
    }

    /// A valid file with a few bytes replaced, or cut short: never a panic.
    #[test]
    fn mutated_files_never_panic(
        edits in proptest::collection::vec((0..SEED.len(), any::<u8>()), 0..4),
        cut in 0..=SEED.len(),
    ) {
        let mut bytes = SEED.to_vec();
        for (at, b) in edits {
            bytes[at] = b;
        }
        bytes.truncate(cut);
        let r = CooMatrix::<f64, u64, Sequential>::from_matrix_market(&bytes[..]);
        prop_assert!(matches!(r, Ok(_) | Err(Error::MatrixMarket { .. })), "{:?}", r.err());
    }
}
