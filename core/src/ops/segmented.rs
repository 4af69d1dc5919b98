//! The segmented lift: any monoid on `T` becomes a monoid on `(head flag, T)` pairs whose
//! scan restarts at every head. This is the classic construction (Blelloch 1990; Thrust's
//! `inclusive_scan_by_key` uses it) that turns any scan into a segmented scan.

use crate::{DeviceCopy, Monoid};

/// A value with a flag that says whether it starts a segment.
///
/// ```
/// use parallaxis_core::{Flagged, Monoid, Segmented, Sum};
/// let m = Segmented(Sum);
/// let a = Flagged::new(5_i32, true);
/// assert_eq!(m.combine(a, Flagged::new(2, false)), Flagged::new(7, true)); // same segment
/// assert_eq!(m.combine(a, Flagged::new(2, true)), Flagged::new(2, true)); // a new one starts
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Flagged<T> {
    /// The value.
    pub value: T,
    /// `true` when this element (or, for a combined value, some element of its range)
    /// starts a segment.
    pub head: bool,
}

// SAFETY: repr(C) struct of DeviceCopy fields; all-zero is (value 0, head false).
unsafe impl<T: DeviceCopy> DeviceCopy for Flagged<T> {}

impl<T> Flagged<T> {
    /// A flagged value.
    pub const fn new(value: T, head: bool) -> Self {
        Self { value, head }
    }
}

/// `Segmented(m)` combines `(a, b)` as `b` when `b` starts a segment, otherwise as
/// `m.combine(a, b)`; the head flags are or-ed. Associative whenever `m` is.
///
/// ```
/// use parallaxis_core::{Flagged, Monoid, Segmented, Sum};
/// let s = Segmented(Sum);
/// let a = Flagged::new(5_i32, true);
/// assert_eq!(s.combine(a, Flagged::new(2, false)), Flagged::new(7, true));
/// assert_eq!(s.combine(a, Flagged::new(2, true)), Flagged::new(2, true));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Segmented<M>(pub M);

impl<T, M: Monoid<T>> Monoid<Flagged<T>> for Segmented<M> {
    #[inline]
    fn identity(&self) -> Flagged<T> {
        Flagged::new(self.0.identity(), false)
    }

    #[inline]
    fn combine(&self, a: Flagged<T>, b: Flagged<T>) -> Flagged<T> {
        if b.head {
            b
        } else {
            Flagged::new(self.0.combine(a.value, b.value), a.head)
        }
    }
}
