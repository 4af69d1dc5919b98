//! The Matrix Market reader is exact and bounded, the writer round-trips.
//!
//! Exact values (integers never through `f64`, no rounding `real` into integer types, NaN
//! and infinities only into floats), a bound on line length (`/dev/zero` fails at once),
//! symmetric files square with one triangle, every error naming its line; and
//! `write_matrix_market` read back to the same matrix, bit for bit (a property test). The
//! fuzzing of the reader on arbitrary bytes is in tests/matrices.rs.

use parallaxis::{
    ops::Number,
    sparse::{CooMatrix, MatrixMarketForm, MATRIX_MARKET_MAX_LINE},
    Error, Sequential,
};
use proptest::prelude::*;

type Coo<T> = CooMatrix<T, u32, Sequential>;

fn read<T: Number>(text: &str) -> parallaxis::Result<Coo<T>> {
    Coo::<T>::from_matrix_market(text.as_bytes())
}

/// `text` read into `T` fails on `line` with a reason containing `reason`.
#[track_caller]
fn fails<T: Number>(text: &str, line: usize, reason: &str) {
    match read::<T>(text) {
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

fn values<T: Number>(a: &Coo<T>) -> Vec<T> {
    a.values().to_vec().unwrap()
}

const INT: &str = "%%MatrixMarket matrix coordinate integer general\n";
const REAL: &str = "%%MatrixMarket matrix coordinate real general\n";

#[test]
fn integers_are_exact_in_their_type() {
    let a = read::<i64>(&format!("{INT}1 1 1\n1 1 9007199254740993\n")).unwrap();
    assert_eq!(values(&a), [9_007_199_254_740_993]);
    let a = read::<i64>(&format!(
        "{INT}1 2 2\n1 1 -9223372036854775808\n1 2 +9223372036854775807\n"
    ));
    assert_eq!(values(&a.unwrap()), [i64::MIN, i64::MAX]);
    let a = read::<u64>(&format!("{INT}1 1 1\n1 1 18446744073709551615\n")).unwrap();
    assert_eq!(values(&a), [u64::MAX]);
    fails::<i32>(
        &format!("{INT}1 1 1\n1 1 2147483648\n"),
        3,
        "out of range of i32",
    );
    fails::<i32>(
        &format!("{INT}2 2 2\n1 1 1\n2 2 -2147483649\n"),
        4,
        "out of range of i32",
    );
    fails::<u8>(&format!("{INT}1 1 1\n1 1 -1\n"), 3, "out of range of u8");
    fails::<i64>(&format!("{INT}1 1 1\n1 1 1e3\n"), 3, "integer value '1e3'");
    fails::<i64>(&format!("{INT}1 1 1\n1 1 1.5\n"), 3, "integer value");
    // Into a float an integer field is rounded once, to the nearest value.
    let a = read::<f64>(&format!("{INT}1 1 1\n1 1 9007199254740993\n")).unwrap();
    assert_eq!(values(&a), [9_007_199_254_740_992.0]);
    fails::<f64>(&format!("{INT}1 1 1\n1 1 inf\n"), 3, "integer value 'inf'");
}

#[test]
fn real_values_never_go_into_integer_types() {
    fails::<i64>(&format!("{REAL}1 1 1\n1 1 1.5\n"), 3, "real value ('1.5')");
    fails::<i32>(&format!("{REAL}1 1 1\n1 1 2\n"), 3, "integer matrix");
    fails::<u32>(&format!("{REAL}1 1 1\n1 1 NaN\n"), 3, "integer matrix");
}

#[test]
fn nan_and_infinities_only_into_floats() {
    let a = read::<f32>(&format!("{REAL}1 3 3\n1 1 NaN\n1 2 -inf\n1 3 Infinity\n")).unwrap();
    let v = values(&a);
    assert!(v[0].is_nan() && v[1] == f32::NEG_INFINITY && v[2] == f32::INFINITY);
    // f32 values parse straight into f32 (one rounding, not two through f64).
    let a = read::<f32>(&format!("{REAL}1 1 1\n1 1 1.00000005960464477539062501\n")).unwrap();
    assert_eq!(values(&a), [1.000_000_1_f32]);
    fails::<i16>(&format!("{INT}1 1 1\n1 1 nan\n"), 3, "integer value 'nan'");
}

#[test]
fn symmetric_files_are_square_and_store_one_triangle() {
    let h = "%%MatrixMarket matrix coordinate integer symmetric\n";
    fails::<i64>(&format!("{h}2 3 0\n"), 2, "must be square, not 2 x 3");
    let s = "%%MatrixMarket matrix coordinate real skew-symmetric\n";
    fails::<f64>(&format!("{s}% c\n3 2 0\n"), 3, "must be square");
    // Both (2, 1) and (1, 2): an error naming the second, not a doubled entry.
    fails::<i64>(
        &format!("{h}2 2 2\n2 1 5\n1 2 5\n"),
        4,
        "upper triangle, but line 3 stored the lower",
    );
    fails::<i64>(
        &format!("{h}3 3 3\n1 3 1\n2 2 1\n3 1 1\n"),
        5,
        "lower triangle, but line 3",
    );
    // Either triangle alone is accepted, expanded to both.
    let upper = read::<i64>(&format!("{h}2 2 2\n1 2 5\n2 2 1\n")).unwrap();
    assert_eq!(values(&upper), [5, 5, 1]);
    // Indices past the (square) size name their line.
    fails::<i64>(
        &format!("{h}2 2 1\n3 1 5\n"),
        3,
        "row 3 is out of range 1..=2",
    );
    fails::<f64>(&format!("{s}2 2 1\n2 2 1.0\n"), 3, "no diagonal entries");
}

#[test]
fn skew_mirrors_that_do_not_exist_are_errors() {
    let s = "%%MatrixMarket matrix coordinate integer skew-symmetric\n";
    fails::<i64>(
        &format!("{s}2 2 1\n2 1 -9223372036854775808\n"),
        3,
        "out of range of i64",
    );
    fails::<u32>(&format!("{s}3 3 2\n2 1 0\n3 1 4\n"), 4, "mirror");
    let a = read::<i64>(&format!("{s}2 2 1\n2 1 9223372036854775807\n")).unwrap();
    assert_eq!(values(&a), [-i64::MAX, i64::MAX]);
}

#[test]
fn long_lines_are_an_error_naming_the_line() {
    let long = format!(
        "{REAL}% {}\n1 1 1\n1 1 1.0\n",
        "x".repeat(MATRIX_MARKET_MAX_LINE)
    );
    fails::<f64>(&long, 2, "line longer than 1048576 bytes");
    let ok = format!("{REAL}% {}\n1 1 1\n1 1 1.0\n", "x".repeat(1000));
    assert_eq!(read::<f64>(&ok).unwrap().nnz(), 1);
    let r = Coo::<f64>::from_matrix_market_with_limit(ok.as_bytes(), 999);
    assert!(
        matches!(r, Err(Error::MatrixMarket { line: 2, .. })),
        "{:?}",
        r.err()
    );
}

#[test]
fn a_crlf_ending_does_not_count_toward_the_line_bound() {
    // The comment line is exactly the bound long, then `\r\n`.
    let body = format!("% {}", "x".repeat(998));
    assert_eq!(body.len(), 1000);
    let text = format!("{REAL}{body}\r\n1 1 1\r\n1 1 1.0\r\n");
    let a = Coo::<f64>::from_matrix_market_with_limit(text.as_bytes(), 1000).unwrap();
    assert_eq!(values(&a), [1.0]);
    // One byte more is over the bound, with or without the `\r`.
    for end in ["\r\n", "\n"] {
        let text = format!("{REAL}{body}y{end}1 1 1\n1 1 1.0\n");
        let r = Coo::<f64>::from_matrix_market_with_limit(text.as_bytes(), 1000);
        assert!(
            matches!(&r, Err(Error::MatrixMarket { line: 2, reason }) if reason.contains("longer than 1000")),
            "{end:?}: {:?}",
            r.err()
        );
    }
    // A `\r` ending the last line (no `\n` after it) is dropped too: the line is 7 bytes.
    let text = format!("{REAL}1 1 1\n1 1 2.5\r");
    let limit = REAL.len() - 1;
    let a = Coo::<f64>::from_matrix_market_with_limit(text.as_bytes(), limit).unwrap();
    assert_eq!(values(&a), [2.5]);
}

#[test]
fn a_finite_value_beyond_the_float_range_is_an_error() {
    fails::<f32>(
        &format!("{REAL}1 1 1\n1 1 1e39\n"),
        3,
        "'1e39' is out of range of f32",
    );
    fails::<f32>(
        &format!("{REAL}1 1 1\n1 1 -3.5e38\n"),
        3,
        "out of range of f32",
    );
    fails::<f64>(
        &format!("{REAL}1 1 1\n1 1 1e309\n"),
        3,
        "out of range of f64",
    );
    // The largest finite values and the words for infinity still read.
    let a = read::<f32>(&format!(
        "{REAL}1 3 3\n1 1 3.4028235e38\n1 2 -inf\n1 3 Infinity\n"
    ))
    .unwrap();
    assert_eq!(values(&a), [f32::MAX, f32::NEG_INFINITY, f32::INFINITY]);
    assert_eq!(
        read::<f64>(&format!("{REAL}1 1 1\n1 1 1e39\n"))
            .unwrap()
            .nnz(),
        1
    );
    // An integer field into a float type: the same rule.
    let int = "%%MatrixMarket matrix coordinate integer general\n";
    let big = format!("1{}", "0".repeat(39));
    fails::<f32>(
        &format!("{int}1 1 1\n1 1 {big}\n"),
        3,
        "out of range of f32",
    );
}

#[test]
fn a_value_on_a_pattern_line_is_an_error() {
    let pattern = "%%MatrixMarket matrix coordinate pattern general\n";
    fails::<f64>(
        &format!("{pattern}2 2 2\n1 1\n2 2 5.0\n"),
        4,
        "unexpected extra text",
    );
    let a = read::<f64>(&format!("{pattern}2 2 2\n1 1\n2 2\n")).unwrap();
    assert_eq!(values(&a), [1.0, 1.0]);
}

/// `/dev/zero`: one endless line of NUL bytes. The reader stops after the bound, at once.
#[test]
fn dev_zero_fails_fast() {
    let Ok(zero) = std::fs::File::open("/dev/zero") else {
        eprintln!("skipped: no /dev/zero on this system; the same bound is tested above");
        return;
    };
    let start = std::time::Instant::now();
    let r = Coo::<f64>::from_matrix_market(std::io::BufReader::new(zero));
    let Err(Error::MatrixMarket { line: 1, reason }) = r else {
        panic!("/dev/zero gave {:?}", r.map(|a| a.nnz()));
    };
    assert!(reason.contains("longer than"), "{reason}");
    assert!(start.elapsed().as_secs() < 5, "took {:?}", start.elapsed());
}

#[test]
fn the_writer_writes_the_documented_text() {
    let a = Coo::<i64>::try_new(3, 2, vec![0, 2, 2], vec![1, 0, 1], vec![i64::MIN, 7, -1]).unwrap();
    let mut out = Vec::new();
    a.write_matrix_market(&mut out, MatrixMarketForm::General)
        .unwrap();
    let want = "%%MatrixMarket matrix coordinate integer general\n3 2 3\n1 2 -9223372036854775808\n3 1 7\n3 2 -1\n";
    assert_eq!(String::from_utf8(out).unwrap(), want);
    let r = a.write_matrix_market(Vec::new(), MatrixMarketForm::Symmetric);
    assert!(
        matches!(r, Err(Error::InvalidArgument { .. })),
        "non-square as symmetric: {r:?}"
    );
    let b = Coo::<f32>::try_new(2, 2, vec![0, 1], vec![1, 1], vec![1.0, 2.0]).unwrap();
    let r = b.write_matrix_market(Vec::new(), MatrixMarketForm::Symmetric);
    assert!(
        matches!(r, Err(Error::InvalidArgument { .. })),
        "unsymmetric as symmetric: {r:?}"
    );
}

/// A writer whose every write fails.
struct Broken;
impl std::io::Write for Broken {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("disk full"))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Err(std::io::Error::other("disk full"))
    }
}

#[test]
fn write_errors_are_line_zero() {
    let a = Coo::<f64>::try_new(1, 1, vec![0], vec![0], vec![1.0]).unwrap();
    let r = a.write_matrix_market(Broken, MatrixMarketForm::General);
    assert!(
        matches!(r, Err(Error::MatrixMarket { line: 0, ref reason }) if reason.contains("disk full"))
    );
}

/// Triplets of an `n x n` matrix with entries drawn from `value`.
fn triplets<T: std::fmt::Debug>(
    value: impl Strategy<Value = T> + Clone,
) -> impl Strategy<Value = (usize, Vec<(u32, u32, T)>)> {
    (1_usize..6).prop_flat_map(move |n| {
        let entry = (0..n as u32, 0..n as u32, value.clone());
        (Just(n), proptest::collection::vec(entry, 0..12))
    })
}

/// Writes `a` and reads it back; the arrays must be identical (floats compared by bits).
fn round_trip<T: Number>(a: &Coo<T>, form: MatrixMarketForm) -> Coo<T> {
    let mut file = Vec::new();
    a.write_matrix_market(&mut file, form).unwrap();
    Coo::<T>::from_matrix_market(&file[..]).unwrap()
}

fn same_arrays<T: Number>(a: &Coo<T>, b: &Coo<T>, bits: impl Fn(T) -> u64) -> bool {
    let v = |m: &Coo<T>| {
        m.values()
            .to_vec()
            .unwrap()
            .into_iter()
            .map(&bits)
            .collect::<Vec<_>>()
    };
    (
        a.nrows(),
        a.ncols(),
        a.row_idx().to_vec().unwrap(),
        a.col_idx().to_vec().unwrap(),
        v(a),
    ) == (
        b.nrows(),
        b.ncols(),
        b.row_idx().to_vec().unwrap(),
        b.col_idx().to_vec().unwrap(),
        v(b),
    )
}

/// The symmetric matrix of `entries` (each off-diagonal one mirrored), sorted.
fn symmetric<T: Number>(n: usize, entries: &[(u32, u32, T)]) -> Coo<T> {
    let mut all = Vec::new();
    for &(i, j, v) in entries {
        all.push((i, j, v));
        if i != j {
            all.push((j, i, v));
        }
    }
    let (r, c, v) = all
        .into_iter()
        .fold((vec![], vec![], vec![]), |(mut r, mut c, mut v), e| {
            r.push(e.0);
            c.push(e.1);
            v.push(e.2);
            (r, c, v)
        });
    Coo::<T>::from_triplets(n, n, r, c, v).unwrap()
}

fn general<T: Number>(n: usize, entries: &[(u32, u32, T)]) -> Coo<T> {
    let r = entries.iter().map(|e| e.0).collect();
    let c = entries.iter().map(|e| e.1).collect();
    let v = entries.iter().map(|e| e.2).collect();
    Coo::<T>::from_triplets(n, n + 1, r, c, v).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any f64 (NaN, infinities, subnormals, -0.0 included), general and symmetric.
    #[test]
    fn f64_matrices_round_trip_bit_for_bit((n, e) in triplets(any::<f64>())) {
        let a = general(n, &e);
        prop_assert!(same_arrays(&a, &round_trip(&a, MatrixMarketForm::General), |v| v.to_bits()));
        let s = symmetric(n, &e);
        prop_assert!(same_arrays(&s, &round_trip(&s, MatrixMarketForm::Symmetric), |v| v.to_bits()));
    }

    #[test]
    fn f32_matrices_round_trip_bit_for_bit((n, e) in triplets(any::<f32>())) {
        let a = general(n, &e);
        let bits = |v: f32| u64::from(v.to_bits());
        prop_assert!(same_arrays(&a, &round_trip(&a, MatrixMarketForm::General), bits));
    }

    /// Any i64 (both extremes included) and u64, exactly.
    #[test]
    fn integer_matrices_round_trip_exactly(
        (n, e) in triplets(any::<i64>()),
        (m, u) in triplets(any::<u64>()),
    ) {
        let a = general(n, &e);
        prop_assert!(same_arrays(&a, &round_trip(&a, MatrixMarketForm::General), |v| v as u64));
        let s = symmetric(n, &e);
        prop_assert!(same_arrays(&s, &round_trip(&s, MatrixMarketForm::Symmetric), |v| v as u64));
        let b = general(m, &u);
        prop_assert!(same_arrays(&b, &round_trip(&b, MatrixMarketForm::General), |v| v));
    }
}
