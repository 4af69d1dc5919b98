//! A reader for Matrix Market `coordinate` files (<https://math.nist.gov/MatrixMarket/>).
//!
//! Supported: fields `real`, `integer`, `pattern` (every entry is 1); symmetries `general`,
//! `symmetric` and `skew-symmetric`, whose one stored triangle is expanded to both (`a[j,i] =
//! a[i,j]`, or `-a[i,j]` for skew). Not supported, each with its own error: the dense `array`
//! format, `complex` and `hermitian`.
//!
//! Lenient where the format is commonly stretched: keywords are case-insensitive, blank lines
//! and `%` comment lines may appear anywhere after the banner, and a symmetric file may store
//! either triangle. Strict everywhere else: every malformed line, an index out of range, too
//! few or too many entries, is an [`Error::MatrixMarket`] naming the 1-based line.

use super::CooMatrix;
use crate::{Backend, Error, Result};
use parallax_core::{Number, SparseIndex};
use std::io::BufRead;
use std::path::Path;

/// Triplets reserved up front at most, whatever the header claims (a corrupt size line must
/// not allocate gigabytes before the first entry is read).
const MAX_PREALLOCATED: usize = 1 << 20;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Real,
    Integer,
    Pattern,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Symmetry {
    General,
    Symmetric,
    Skew,
}

fn err(line: usize, reason: impl Into<String>) -> Error {
    Error::MatrixMarket {
        line,
        reason: reason.into(),
    }
}

/// Lines of a reader, numbered from 1, checked to be UTF-8.
struct Lines<R> {
    reader: R,
    bytes: Vec<u8>,
    text: String,
    number: usize,
}

impl<R: BufRead> Lines<R> {
    /// Reads the next line into `text` (without its line ending); `false` at the end.
    fn advance(&mut self) -> Result<bool> {
        self.bytes.clear();
        self.text.clear();
        let n = self
            .reader
            .read_until(b'\n', &mut self.bytes)
            .map_err(|e| err(0, format!("read failed: {e}")))?;
        if n == 0 {
            return Ok(false);
        }
        self.number += 1;
        let text = std::str::from_utf8(&self.bytes).map_err(|_| err(self.number, "not UTF-8"))?;
        self.text.push_str(text.trim_end_matches(['\n', '\r']));
        Ok(true)
    }

    /// The next line, numbered.
    fn next_line(&mut self) -> Result<Option<(usize, &str)>> {
        Ok(self.advance()?.then_some((self.number, self.text.as_str())))
    }

    /// The next line that is neither blank nor a `%` comment, numbered.
    fn next_data(&mut self) -> Result<Option<(usize, &str)>> {
        while self.advance()? {
            let t = self.text.trim_start();
            if !t.is_empty() && !t.starts_with('%') {
                return Ok(Some((self.number, self.text.as_str())));
            }
        }
        Ok(None)
    }
}

/// Parses the banner `%%MatrixMarket matrix coordinate <field> <symmetry>`.
fn parse_banner(line: Option<(usize, &str)>) -> Result<(Field, Symmetry)> {
    let Some((n, text)) = line else {
        return Err(err(1, "empty input: no %%MatrixMarket banner"));
    };
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let [banner, object, format, field, symmetry] = words[..] else {
        return Err(err(
            n,
            "the banner needs 5 words: %%MatrixMarket matrix coordinate <field> <symmetry>",
        ));
    };
    if banner != "%%matrixmarket" {
        return Err(err(n, "missing %%MatrixMarket banner"));
    }
    if object != "matrix" {
        return Err(err(
            n,
            format!("unsupported object '{object}' (only 'matrix')"),
        ));
    }
    if format != "coordinate" {
        return Err(err(
            n,
            format!("unsupported format '{format}' (only 'coordinate')"),
        ));
    }
    let field = match field {
        "real" => Field::Real,
        "integer" => Field::Integer,
        "pattern" => Field::Pattern,
        f => {
            return Err(err(
                n,
                format!("unsupported field '{f}' (real, integer, pattern)"),
            ))
        }
    };
    let symmetry = match symmetry {
        "general" => Symmetry::General,
        "symmetric" => Symmetry::Symmetric,
        "skew-symmetric" => Symmetry::Skew,
        s => {
            let why = "(general, symmetric, skew-symmetric)";
            return Err(err(n, format!("unsupported symmetry '{s}' {why}")));
        }
    };
    if field == Field::Pattern && symmetry == Symmetry::Skew {
        return Err(err(n, "a pattern matrix cannot be skew-symmetric"));
    }
    Ok((field, symmetry))
}

/// Parses one whitespace-separated token, naming it in the error.
fn token<V: core::str::FromStr>(n: usize, what: &str, tok: Option<&str>) -> Result<V> {
    let tok = tok.ok_or_else(|| err(n, format!("missing {what}")))?;
    tok.parse()
        .map_err(|_| err(n, format!("{what} '{tok}' is not a valid number")))
}

/// Parses the size line `M N L` (line `n`).
fn parse_size(n: usize, text: &str) -> Result<(usize, [usize; 3])> {
    let mut t = text.split_whitespace();
    let size = [
        token(n, "row count", t.next())?,
        token(n, "column count", t.next())?,
        token(n, "entry count", t.next())?,
    ];
    if t.next().is_some() {
        return Err(err(n, "the size line has more than 3 numbers"));
    }
    Ok((n, size))
}

/// One stored entry: 0-based `(row, col)` and its value.
fn parse_entry(
    n: usize,
    text: &str,
    field: Field,
    dims: [usize; 2],
) -> Result<(usize, usize, f64)> {
    let mut t = text.split_whitespace();
    let mut idx = [0_usize; 2];
    for (k, what) in ["row", "column"].into_iter().enumerate() {
        let i: usize = token(n, what, t.next())?;
        if i == 0 || i > dims[k] {
            return Err(err(
                n,
                format!("{what} {i} is out of range 1..={}", dims[k]),
            ));
        }
        idx[k] = i - 1;
    }
    let v = match field {
        Field::Pattern => 1.0,
        Field::Integer => token::<i64>(n, "integer value", t.next())? as f64,
        Field::Real => token::<f64>(n, "value", t.next())?,
    };
    if t.next().is_some() {
        return Err(err(n, "unexpected extra text after the entry"));
    }
    Ok((idx[0], idx[1], v))
}

/// The expanded triplets of a file (0-based), in file order, each mirrored entry right after
/// its original.
struct Triplets {
    size_line: usize,
    nrows: usize,
    ncols: usize,
    rows: Vec<usize>,
    cols: Vec<usize>,
    vals: Vec<f64>,
}

fn read_triplets<R: BufRead>(reader: R) -> Result<Triplets> {
    let mut lines = Lines {
        reader,
        bytes: Vec::new(),
        text: String::new(),
        number: 0,
    };
    let (field, symmetry) = parse_banner(lines.next_line()?)?;
    let size = lines
        .next_data()?
        .map(|(n, t)| parse_size(n, t))
        .transpose()?;
    let Some((size_line, [nrows, ncols, nnz])) = size else {
        return Err(err(
            lines.number + 1,
            "missing size line 'rows cols entries'",
        ));
    };
    let cap = nnz.min(MAX_PREALLOCATED);
    let (mut rows, mut cols, mut vals) = (
        Vec::with_capacity(cap),
        Vec::with_capacity(cap),
        Vec::with_capacity(cap),
    );
    for k in 0..nnz {
        let Some((n, text)) = lines.next_data()? else {
            let why = format!("the input ends after {k} of the {nnz} entries on line {size_line}");
            return Err(err(lines.number + 1, why));
        };
        let (i, j, v) = parse_entry(n, text, field, [nrows, ncols])?;
        rows.push(i);
        cols.push(j);
        vals.push(v);
        match symmetry {
            Symmetry::General => {}
            _ if i == j && symmetry == Symmetry::Symmetric => {}
            Symmetry::Skew if i == j => {
                return Err(err(n, "a skew-symmetric matrix has no diagonal entries"));
            }
            _ => {
                rows.push(j);
                cols.push(i);
                vals.push(if symmetry == Symmetry::Skew { -v } else { v });
            }
        }
    }
    if let Some((n, _)) = lines.next_data()? {
        return Err(err(
            n,
            format!("more entries than the {nnz} declared on line {size_line}"),
        ));
    }
    Ok(Triplets {
        size_line,
        nrows,
        ncols,
        rows,
        cols,
        vals,
    })
}

impl<T: Number, I: SparseIndex, B: Backend> CooMatrix<T, I, B> {
    /// Reads a Matrix Market `coordinate` matrix and returns it sorted by `(row, col)`.
    /// Supported: fields `real`, `integer` and `pattern` (every entry 1); symmetries
    /// `general`, `symmetric` and `skew-symmetric` (the stored triangle expanded to both).
    /// The dense `array` format, `complex` and `hermitian` are errors of their own; every
    /// error is an [`Error::MatrixMarket`] naming the 1-based line. Values are parsed as `f64` and converted with
    /// [`Number::from_f64`].
    ///
    /// ```
    /// use parallax::CooMatrix;
    /// let text = "%%MatrixMarket matrix coordinate real symmetric\n% a comment\n\
    ///             2 2 2\n1 1 4.0\n2 1 -1.5\n";
    /// let a = CooMatrix::<f64>::from_matrix_market(text.as_bytes())?;
    /// assert_eq!(a.row_idx().to_vec()?, [0, 0, 1]);
    /// assert_eq!(a.col_idx().to_vec()?, [0, 1, 0]);
    /// assert_eq!(a.values().to_vec()?, [4.0, -1.5, -1.5]);
    /// # Ok::<(), parallax::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::MatrixMarket`] with the 1-based line of the first problem (line 0 for an I/O
    /// error), including a dimension that does not fit `I`; out of memory.
    pub fn from_matrix_market<R: BufRead>(reader: R) -> Result<Self> {
        let t = read_triplets(reader)?;
        let line = t.size_line;
        let to_index = |v: usize| {
            I::from_usize(v).ok_or_else(|| err(line, format!("{v} does not fit the index type")))
        };
        // Once both dimensions fit `I`, every in-range index does too.
        to_index(t.nrows)?;
        to_index(t.ncols)?;
        let rows = t.rows.into_iter().map(to_index).collect::<Result<_>>()?;
        let cols = t.cols.into_iter().map(to_index).collect::<Result<_>>()?;
        let vals = t.vals.into_iter().map(T::from_f64).collect();
        Self::from_triplets(t.nrows, t.ncols, rows, cols, vals)
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
