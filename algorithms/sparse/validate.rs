//! Structure checks shared by the sparse formats and the offset-based segmented algorithms.

use crate::SparseProblem;
use parallaxis_core::SparseIndex;

/// Checks `offsets[0] == 0`, non-decreasing, `offsets[last] == len`.
pub(crate) fn check_offsets<I: SparseIndex>(
    offsets: &[I],
    len: usize,
) -> Result<(), SparseProblem> {
    let Some(&first) = offsets.first() else {
        return Err(SparseProblem::EmptyOffsets { len });
    };
    if first.to_usize() != 0 {
        return Err(SparseProblem::FirstNotZero {
            found: first.to_usize(),
        });
    }
    if let Some(at) = offsets.windows(2).position(|w| w[1] < w[0]) {
        return Err(SparseProblem::NotMonotone { at });
    }
    let last = offsets[offsets.len() - 1].to_usize();
    if last != len {
        return Err(SparseProblem::LastNotLength {
            found: last,
            expected: len,
        });
    }
    Ok(())
}

/// Checks that every index is below `bound`; `make` builds the problem for a bad one.
pub(crate) fn check_below<I: SparseIndex>(
    indices: &[I],
    bound: usize,
    make: impl Fn(usize, usize) -> SparseProblem,
) -> Result<(), SparseProblem> {
    match indices.iter().position(|i| i.to_usize() >= bound) {
        Some(at) => Err(make(at, indices[at].to_usize())),
        None => Ok(()),
    }
}

/// Checks that a dimension fits the index type (so every valid index is representable and
/// distinct from `I::PADDING`).
pub(crate) fn check_fits<I: SparseIndex>(
    what: &'static str,
    value: usize,
) -> Result<(), SparseProblem> {
    match I::from_usize(value) {
        Some(_) => Ok(()),
        None => Err(SparseProblem::IndexOverflow { what, value }),
    }
}
