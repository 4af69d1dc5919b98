//! The banner `%%MatrixMarket matrix coordinate <field> <symmetry>` and the size line.

use super::err;
use crate::Result;

/// The value field of a file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Field {
    Real,
    Integer,
    Pattern,
}

/// The symmetry of a file: which entries it stores.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Symmetry {
    General,
    Symmetric,
    Skew,
}

impl Field {
    /// The banner keyword.
    pub(super) fn keyword(self) -> &'static str {
        match self {
            Field::Real => "real",
            Field::Integer => "integer",
            Field::Pattern => "pattern",
        }
    }
}

impl Symmetry {
    /// The banner keyword.
    pub(super) fn keyword(self) -> &'static str {
        match self {
            Symmetry::General => "general",
            Symmetry::Symmetric => "symmetric",
            Symmetry::Skew => "skew-symmetric",
        }
    }
}

/// Parses the banner (line `line`, `None` for an empty input).
pub(super) fn parse_banner(line: Option<(usize, &str)>) -> Result<(Field, Symmetry)> {
    let Some((n, text)) = line else {
        return Err(err(1, "empty input: no %%MatrixMarket banner"));
    };
    let mut words = text.split_whitespace().map(str::to_lowercase);
    let mut word = || words.next().unwrap_or_default();
    let [banner, object, format, field, symmetry] = [word(), word(), word(), word(), word()];
    if banner != "%%matrixmarket" {
        return Err(err(n, "missing %%MatrixMarket banner"));
    }
    if symmetry.is_empty() || !word().is_empty() {
        return Err(err(
            n,
            "the banner needs 5 words: %%MatrixMarket matrix coordinate <field> <symmetry>",
        ));
    }
    if object != "matrix" {
        let why = format!("unsupported object '{object}' (only 'matrix')");
        return Err(err(n, why));
    }
    if format != "coordinate" {
        let why = format!("unsupported format '{format}' (only 'coordinate')");
        return Err(err(n, why));
    }
    let field = match field.as_str() {
        "real" => Field::Real,
        "integer" => Field::Integer,
        "pattern" => Field::Pattern,
        f => {
            let why = format!("unsupported field '{f}' (real, integer, pattern)");
            return Err(err(n, why));
        }
    };
    let symmetry = match symmetry.as_str() {
        "general" => Symmetry::General,
        "symmetric" => Symmetry::Symmetric,
        "skew-symmetric" => Symmetry::Skew,
        s => {
            let why = format!("unsupported symmetry '{s}' (general, symmetric, skew-symmetric)");
            return Err(err(n, why));
        }
    };
    if field == Field::Pattern && symmetry == Symmetry::Skew {
        return Err(err(n, "a pattern matrix cannot be skew-symmetric"));
    }
    Ok((field, symmetry))
}

/// Parses one whitespace-separated count or index, naming it in the error.
pub(super) fn count(n: usize, what: &str, tok: Option<&str>) -> Result<usize> {
    let tok = tok.ok_or_else(|| err(n, format!("missing {what}")))?;
    tok.parse()
        .map_err(|_| err(n, format!("{what} '{tok}' is not a valid number")))
}

/// Parses the size line `M N L` (line `n`); a symmetric or skew-symmetric matrix must be
/// square.
pub(super) fn parse_size(n: usize, text: &str, symmetry: Symmetry) -> Result<[usize; 3]> {
    let mut t = text.split_whitespace();
    let size = [
        count(n, "row count", t.next())?,
        count(n, "column count", t.next())?,
        count(n, "entry count", t.next())?,
    ];
    if t.next().is_some() {
        return Err(err(n, "the size line has more than 3 numbers"));
    }
    if symmetry != Symmetry::General && size[0] != size[1] {
        let (rows, cols, kind) = (size[0], size[1], symmetry.keyword());
        return Err(err(
            n,
            format!("a {kind} matrix must be square, not {rows} x {cols}"),
        ));
    }
    Ok(size)
}
