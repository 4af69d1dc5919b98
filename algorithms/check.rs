//! Argument checks shared by the front doors: run before any output is touched.

use crate::view::Input;
use crate::{Backend, Error, Result};
use parallaxis_core::DeviceCopy;

/// `Err(LengthMismatch)` unless `v.len() == expected`.
pub(crate) fn same_len<T: DeviceCopy, B: Backend>(
    what: &'static str,
    expected: usize,
    v: &impl Input<T, B>,
) -> Result<()> {
    lengths_agree(what, expected, v.len())
}

/// `Err(LengthMismatch)` unless `actual == expected`.
pub(crate) fn lengths_agree(what: &'static str, expected: usize, actual: usize) -> Result<()> {
    if actual == expected {
        Ok(())
    } else {
        Err(Error::LengthMismatch {
            what,
            expected,
            actual,
        })
    }
}

/// Validates segment offsets for an input of `len` elements. Takes the backend slice: a lazy
/// `offsets` is written out once by its caller's `with_stored`, which the check then reads.
pub(crate) fn offsets<B: Backend>(offsets: &B::Slice<usize>, len: usize) -> Result<()> {
    B::with_host_slice(offsets, |o| crate::sparse::check_offsets(o, len))?
        .map_err(|problem| Error::InvalidOffsets { problem })
}
