//! Matrix Market `coordinate` files (<https://math.nist.gov/MatrixMarket/>): the reader
//! ([`CooMatrix::from_matrix_market`]) and the writer ([`CooMatrix::write_matrix_market`]).
//!
//! Files: `lines.rs` (bounded, numbered lines), `header.rs` (banner and size line),
//! `entries.rs` (exact values, the symmetric expansion), `write.rs` (the writer).

mod entries;
mod header;
mod lines;
mod write;

use super::CooMatrix;
use crate::{Backend, Error, Result};
use entries::{Triangle, Triplets};
use header::{parse_banner, parse_size};
use lines::Lines;
use parallaxis_core::{try_with_capacity, Number, SparseIndex};
use std::io::BufRead;
use std::path::Path;

pub use write::MatrixMarketForm;

/// The longest line [`CooMatrix::from_matrix_market`] reads, in bytes (1 MiB): far beyond
/// any real entry or comment, and small enough that a file without line breaks (or
/// `/dev/zero`) fails at once. [`CooMatrix::from_matrix_market_with_limit`] takes another.
pub const MATRIX_MARKET_MAX_LINE: usize = 1 << 20;

/// Triplets reserved up front at most, whatever the header claims (a corrupt size line must
/// not allocate gigabytes before the first entry is read).
const MAX_PREALLOCATED: usize = 1 << 20;

/// The reader's error on line `line`.
fn err(line: usize, reason: impl Into<String>) -> Error {
    Error::MatrixMarket {
        line,
        reason: reason.into(),
    }
}

impl<T: Number, I: SparseIndex, B: Backend> CooMatrix<T, I, B> {
    /// Reads a Matrix Market `coordinate` matrix and returns it sorted by `(row, col)`.
    ///
    /// Supported: fields `real`, `integer` and `pattern` (every entry is 1); symmetries
    /// `general`, `symmetric` and `skew-symmetric`, whose one stored triangle is expanded to
    /// both (`a[j,i] = a[i,j]`, or `-a[i,j]` for skew). Not supported, each with its own
    /// error: the dense `array` format, `complex` and `hermitian`.
    ///
    /// Values are parsed exactly into `T`, never through `f64`: an integer field into an
    /// integer type is that integer or an error when out of `T`'s range; a `real` field into
    /// an integer type is an error; NaN and infinities go only into float types; a
    /// skew-symmetric mirror that does not exist in `T` (`-i64::MIN`) is an error.
    ///
    /// Lenient where the format is commonly stretched: keywords are case-insensitive, blank
    /// lines and `%` comment lines may appear anywhere after the banner, and a symmetric file
    /// may store either triangle. Strict everywhere else: a line longer than
    /// [`MATRIX_MARKET_MAX_LINE`], a malformed line, an index out of range, too few or too
    /// many entries, a symmetric file that is not square, stores entries in both triangles
    /// or (skew) on the diagonal: each is an [`Error::MatrixMarket`] naming the 1-based line.
    ///
    /// ```
    /// use parallaxis::sparse::CooMatrix;
    /// let text = "%%MatrixMarket matrix coordinate real symmetric\n% a comment\n\
    ///             2 2 2\n1 1 4.0\n2 1 -1.5\n";
    /// let a = CooMatrix::<f64>::from_matrix_market(text.as_bytes())?;
    /// assert_eq!(a.row_idx().to_vec()?, [0, 0, 1]);
    /// assert_eq!(a.col_idx().to_vec()?, [0, 1, 0]);
    /// assert_eq!(a.values().to_vec()?, [4.0, -1.5, -1.5]);
    /// // Integers are exact: 2^53 + 1 is not rounded to 2^53.
    /// let big = "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 9007199254740993\n";
    /// let b = CooMatrix::<i64>::from_matrix_market(big.as_bytes())?;
    /// assert_eq!(b.values().to_vec()?, [9_007_199_254_740_993]);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::MatrixMarket`] with the 1-based line of the first problem (line 0 for an I/O
    /// error), including a dimension that does not fit `I`; [`Error::OutOfMemory`] when the
    /// entries cannot be stored.
    pub fn from_matrix_market<R: BufRead>(reader: R) -> Result<Self> {
        Self::from_matrix_market_with_limit(reader, MATRIX_MARKET_MAX_LINE)
    }

    /// [`from_matrix_market`](Self::from_matrix_market) with lines of at most `max_line`
    /// bytes (without the line break).
    ///
    /// ```
    /// use parallaxis::{sparse::CooMatrix, Error};
    /// let text = "%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1\n";
    /// let r = CooMatrix::<f32>::from_matrix_market_with_limit(text.as_bytes(), 16);
    /// assert!(matches!(r, Err(Error::MatrixMarket { line: 1, .. })));
    /// ```
    ///
    /// # Errors
    /// As [`from_matrix_market`](Self::from_matrix_market).
    pub fn from_matrix_market_with_limit<R: BufRead>(reader: R, max_line: usize) -> Result<Self> {
        let mut lines = Lines::new(reader, max_line);
        let (field, symmetry) = parse_banner(lines.next_line()?)?;
        let Some((size_line, text)) = lines.next_data()? else {
            let why = "missing size line 'rows cols entries'";
            return Err(err(lines.number + 1, why));
        };
        let [nrows, ncols, nnz] = parse_size(size_line, text, symmetry)?;
        for (what, v) in [("row count", nrows), ("column count", ncols)] {
            if I::from_usize(v).is_none() {
                let why = format!("{what} {v} does not fit the index type");
                return Err(err(size_line, why));
            }
        }
        let cap = nnz.min(MAX_PREALLOCATED);
        let mut t = Triplets::<T, I> {
            rows: try_with_capacity(cap)?,
            cols: try_with_capacity(cap)?,
            vals: try_with_capacity(cap)?,
        };
        let mut triangle = Triangle::default();
        for k in 0..nnz {
            let Some((n, text)) = lines.next_data()? else {
                let why =
                    format!("the input ends after {k} of the {nnz} entries on line {size_line}");
                return Err(err(lines.number + 1, why));
            };
            t.read_entry(n, text, (field, symmetry), [nrows, ncols], &mut triangle)?;
        }
        if let Some((n, _)) = lines.next_data()? {
            let why = format!("more entries than the {nnz} declared on line {size_line}");
            return Err(err(n, why));
        }
        Self::from_triplets(nrows, ncols, t.rows, t.cols, t.vals)
    }

    /// Reads a Matrix Market file from `path`; see
    /// [`from_matrix_market`](Self::from_matrix_market).
    ///
    /// # Errors
    /// [`Error::MatrixMarket`] with line 0 when the file cannot be opened or read, else as
    /// [`from_matrix_market`](Self::from_matrix_market).
    pub fn read_matrix_market(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        let file = std::fs::File::open(path)
            .map_err(|e| err(0, format!("cannot open {}: {e}", path.display())))?;
        Self::from_matrix_market(std::io::BufReader::new(file))
    }
}
