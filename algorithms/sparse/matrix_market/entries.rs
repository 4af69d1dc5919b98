//! The entry lines: indices checked against the size, values parsed exactly into the
//! matrix's type, and the one stored triangle of a symmetric file expanded to both.

use super::err;
use super::header::{count, Field, Symmetry};
use crate::Result;
use parallaxis_core::{try_push, Number, SparseIndex};

/// The value of one entry, parsed from `tok` into `T` exactly, as the field says: `integer`
/// text must be an integer (and in `T`'s range for an integer `T`), `real` text cannot go
/// into an integer `T` (it would be rounded), and NaN and infinities only into a float `T`
/// from a `real` field. `pattern` entries are [`Number::ONE`].
pub(super) fn parse_value<T: Number>(n: usize, field: Field, tok: Option<&str>) -> Result<T> {
    if field == Field::Pattern {
        return Ok(T::ONE);
    }
    let tok = tok.ok_or_else(|| err(n, "missing value"))?;
    let what = match field {
        Field::Integer => "integer value",
        _ => "value",
    };
    let invalid = || err(n, format!("{what} '{tok}' is not a valid number"));
    if field == Field::Real && T::INTEGER {
        return Err(err(
            n,
            format!("a real value ('{tok}') cannot be read into an integer matrix exactly"),
        ));
    }
    if field == Field::Integer {
        let digits = tok.strip_prefix(['+', '-']).unwrap_or(tok);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid());
        }
    }
    T::parse_exact(tok).ok_or_else(|| {
        let ty = core::any::type_name::<T>();
        if field == Field::Integer && T::INTEGER {
            err(n, format!("integer value '{tok}' is out of range of {ty}"))
        } else if !T::INTEGER && tok.parse::<f64>().is_ok() {
            // A decimal that parses, yet not into `T`: finite and beyond `T`'s range.
            err(n, format!("{what} '{tok}' is out of range of {ty}"))
        } else {
            invalid()
        }
    })
}

/// Which triangle the off-diagonal entries of a symmetric file are in: the first one
/// decides (the format asks for the lower, some writers store the upper), and every later
/// one must agree, so a file that stores both `(i, j)` and `(j, i)` is an error instead of
/// a doubled entry.
#[derive(Default)]
pub(super) struct Triangle {
    /// `(lower, line of the first off-diagonal entry)`.
    first: Option<(bool, usize)>,
}

impl Triangle {
    /// Checks the off-diagonal entry `(i, j)` of line `n`.
    fn check(&mut self, n: usize, i: usize, j: usize) -> Result<()> {
        let lower = i > j;
        match self.first {
            None => self.first = Some((lower, n)),
            Some((l, _)) if l == lower => {}
            Some((l, first)) => {
                let name = |lower| if lower { "lower" } else { "upper" };
                return Err(err(
                    n,
                    format!(
                        "entry ({}, {}) is in the {} triangle, but line {first} stored the {}: \
                         a symmetric file stores one triangle",
                        i + 1,
                        j + 1,
                        name(lower),
                        name(l)
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The triplets read so far, 0-based, in file order, each mirrored entry right after its
/// original.
pub(super) struct Triplets<T, I> {
    pub(super) rows: Vec<I>,
    pub(super) cols: Vec<I>,
    pub(super) vals: Vec<T>,
}

impl<T: Number, I: SparseIndex> Triplets<T, I> {
    /// Appends `(i, j, v)`, growing fallibly.
    fn push(&mut self, i: I, j: I, v: T) -> Result<()> {
        try_push(&mut self.rows, i)?;
        try_push(&mut self.cols, j)?;
        try_push(&mut self.vals, v)
    }

    /// Parses the entry on line `n` of a `dims[0] x dims[1]` matrix (both fit `I`) and
    /// appends it, with its mirror for a symmetric or skew-symmetric file.
    pub(super) fn read_entry(
        &mut self,
        n: usize,
        text: &str,
        (field, symmetry): (Field, Symmetry),
        dims: [usize; 2],
        triangle: &mut Triangle,
    ) -> Result<()> {
        let mut t = text.split_whitespace();
        let mut idx = [0_usize; 2];
        for (k, what) in ["row", "column"].into_iter().enumerate() {
            let i = count(n, what, t.next())?;
            if i == 0 || i > dims[k] {
                let why = format!("{what} {i} is out of range 1..={}", dims[k]);
                return Err(err(n, why));
            }
            idx[k] = i - 1;
        }
        // A pattern entry has no value token: one there is extra text, as after a value.
        let value_token = if field == Field::Pattern {
            None
        } else {
            t.next()
        };
        let v: T = parse_value(n, field, value_token)?;
        if t.next().is_some() {
            return Err(err(n, "unexpected extra text after the entry"));
        }
        let [i, j] = idx;
        // Both are below a dimension that fits `I` (checked on the size line).
        let index = |v: usize| I::from_usize(v).ok_or_else(|| err(n, "index overflow"));
        let (ii, jj) = (index(i)?, index(j)?);
        self.push(ii, jj, v)?;
        match symmetry {
            Symmetry::General => Ok(()),
            Symmetry::Symmetric if i == j => Ok(()),
            Symmetry::Skew if i == j => Err(err(
                n,
                "a skew-symmetric matrix has no diagonal entries (they are zero)",
            )),
            Symmetry::Symmetric => {
                triangle.check(n, i, j)?;
                self.push(jj, ii, v)
            }
            Symmetry::Skew => {
                triangle.check(n, i, j)?;
                let mirror = v.checked_negate().ok_or_else(|| {
                    let ty = core::any::type_name::<T>();
                    err(n, format!("the mirror -({v:?}) of this skew-symmetric entry is out of range of {ty}"))
                })?;
                self.push(jj, ii, mirror)
            }
        }
    }
}
