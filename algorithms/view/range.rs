//! A view's range, checked against the length it slices.

use crate::{Error, Result};
use core::ops::{Bound, Range, RangeBounds};

/// `range` as `start..end` inside `0..len`, or [`Error::RangeOutOfBounds`].
pub(crate) fn checked(range: impl RangeBounds<usize>, len: usize) -> Result<Range<usize>> {
    let start = match range.start_bound() {
        Bound::Included(&s) => Some(s),
        Bound::Excluded(&s) => s.checked_add(1),
        Bound::Unbounded => Some(0),
    };
    let end = match range.end_bound() {
        Bound::Included(&e) => e.checked_add(1),
        Bound::Excluded(&e) => Some(e),
        Bound::Unbounded => Some(len),
    };
    match (start, end) {
        (Some(start), Some(end)) if start <= end && end <= len => Ok(start..end),
        // An overflowing bound (`..=usize::MAX`) is past any length.
        (start, end) => Err(Error::RangeOutOfBounds {
            start: start.unwrap_or(usize::MAX),
            end: end.unwrap_or(usize::MAX),
            len,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::checked;
    use crate::Error;

    #[test]
    fn accepts_every_range_form_inside_the_length() {
        assert_eq!(checked(.., 5), Ok(0..5));
        assert_eq!(checked(1..3, 5), Ok(1..3));
        assert_eq!(checked(2.., 5), Ok(2..5));
        assert_eq!(checked(..=4, 5), Ok(0..5));
        assert_eq!(checked(5..5, 5), Ok(5..5));
    }

    #[test]
    #[allow(clippy::reversed_empty_ranges)] // a reversed range is the input under test
    fn rejects_reversed_and_overlong_ranges() {
        let oob = |start, end| Err(Error::RangeOutOfBounds { start, end, len: 5 });
        assert_eq!(checked(3..2, 5), oob(3, 2));
        assert_eq!(checked(0..6, 5), oob(0, 6));
        assert_eq!(checked(..=usize::MAX, 5), oob(0, usize::MAX));
        assert_eq!(checked(6.., 5), oob(6, 5));
    }
}
