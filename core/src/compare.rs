//! Comparators: the strict weak orders `sort_by`, `sort_by_key_with`, `merge_by` and
//! `merge_by_key_with` order elements by, the stock [`Less`] and [`Greater`], and the
//! merge-path split every merge (host and GPU) is cut into pieces with.
//!
//! A comparator is a plain `Copy` value carried into kernels by value (its parameters
//! included), like [`crate::Predicate`].

use crate::SortKey;
use core::cmp::Ordering;

/// A strict weak order on `T`: `less(a, b)` is whether `a` goes strictly before `b`.
///
/// It must be irreflexive (`!less(a, a)`), transitive, and incomparability (`!less(a, b) &&
/// !less(b, a)`, "equal") must be transitive; the merge sorts are stable, so equal elements
/// keep their input order. A comparator that is not a strict weak order gives some
/// permutation of the input (never a panic, never a read out of bounds).
///
/// ```
/// use parallaxis_core::Compare;
/// /// Descending by absolute value.
/// #[derive(Clone, Copy)]
/// struct ByMagnitude;
/// impl Compare<i32> for ByMagnitude {
///     fn less(&self, a: i32, b: i32) -> bool { a.unsigned_abs() > b.unsigned_abs() }
/// }
/// assert!(ByMagnitude.less(-7, 3) && !ByMagnitude.less(3, -3));
/// ```
pub trait Compare<T>: Copy + Send + Sync + 'static {
    /// Whether `a` goes strictly before `b`.
    fn less(&self, a: T, b: T) -> bool;

    /// The [`Ordering`] of `a` and `b` (equal when neither is less), for sorts that take
    /// one.
    ///
    /// ```
    /// use core::cmp::Ordering;
    /// use parallaxis_core::{Compare, Greater};
    /// assert_eq!(Greater.ordering(1_u8, 2), Ordering::Greater);
    /// ```
    #[inline]
    fn ordering(&self, a: T, b: T) -> Ordering
    where
        T: Copy,
    {
        if self.less(a, b) {
            Ordering::Less
        } else if self.less(b, a) {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    }
}

/// Ascending in [`SortKey`]'s total order, the order of [`crate::reference::sort`]:
/// integers by value; floats `-inf < ... < -0.0 < +0.0 < ... < +inf < NaN` with every NaN
/// equal to every other (so sorting floats with `Less` gives exactly what `sort` gives,
/// NaNs last in input order), rather than `<`, which is no strict weak order with NaNs.
///
/// ```
/// use parallaxis_core::{Compare, Less};
/// assert!(Less.less(-0.0_f32, 0.0) && Less.less(f32::INFINITY, f32::NAN));
/// assert!(!Less.less(f32::NAN, -f32::NAN) && !Less.less(-f32::NAN, f32::NAN));
/// assert!(Less.less(-3_i64, 2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Less;

impl<T: SortKey> Compare<T> for Less {
    #[inline(always)]
    fn less(&self, a: T, b: T) -> bool {
        a.order_bits() < b.order_bits()
    }
}

/// Descending in [`SortKey`]'s total order, the order of `sort_descending`: NaNs first (all
/// equal), then `+inf` down to `+0.0`, `-0.0`, `-inf`.
///
/// ```
/// use parallaxis_core::{Compare, Greater};
/// assert!(Greater.less(f32::NAN, f32::INFINITY) && Greater.less(0.0_f32, -0.0));
/// assert!(Greater.less(5_u32, 2) && !Greater.less(2_u32, 2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Greater;

impl<T: SortKey> Compare<T> for Greater {
    #[inline(always)]
    fn less(&self, a: T, b: T) -> bool {
        b.order_bits() < a.order_bits()
    }
}

/// The merge-path split of diagonal `diag` of the merge of lists `a` (`a_len` items) and `b`
/// (`b_len` items), stable with `a` first on ties: the number `i` of items of `a` among the
/// first `diag` items of the merge (the other `diag - i` come from `b`).
///
/// `b_before_a(j, i)` must return `less(b[j], a[i])`; it is only asked for `i < a_len`, `j <
/// b_len`. A binary search of `ceil(log2(min(diag, a_len) + 1))` probes; the answer lies in
/// `max(0, diag - b_len) ..= min(diag, a_len)` whatever `b_before_a` returns.
///
/// ```
/// use parallaxis_core::merge_path;
/// let (a, b) = ([1, 3, 5], [2, 3, 4]);
/// // The first four of the merge are 1, 2, 3 (of a, ties take a first), 3: two from a.
/// assert_eq!(merge_path(4, 3, 3, |j, i| b[j as usize] < a[i as usize]), 2);
/// assert_eq!(merge_path(6, 3, 3, |j, i| b[j as usize] < a[i as usize]), 3);
/// ```
#[inline(always)]
pub fn merge_path(diag: u64, a_len: u64, b_len: u64, b_before_a: impl Fn(u64, u64) -> bool) -> u64 {
    let mut lo = diag.saturating_sub(b_len);
    let mut hi = if diag < a_len { diag } else { a_len };
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        // a[mid] goes before b[diag - 1 - mid] unless b's is strictly less: ties take a.
        if b_before_a(diag - 1 - mid, mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}
