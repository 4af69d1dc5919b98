//! Extrema with their positions: the `(value, index)` pair [`Indexed`], the monoids
//! [`ArgMin`] and [`ArgMax`] over it, and [`ArgMinMax`] over a [`MinMax`] pair of them.
//!
//! Values are ordered by `<`, with NaN placed so that it loses: after every number for
//! [`ArgMin`], before every number for [`ArgMax`] (as [`crate::Min`] and [`crate::Max`] ignore a
//! NaN operand). A NaN is therefore picked only when every value is NaN. Equal values (`-0.0`
//! and `+0.0` are equal) resolve by index: the smaller index wins, so a reduction gives the
//! first occurrence, and [`ArgMinMax`]'s largest the last one (as `std::minmax_element`).
//! Each combine picks one operand by a total order on (value rank, index), so the monoids are
//! associative and commutative: every backend and every partition gives the same pick.

use crate::{DeviceCopy, Monoid, Number};

/// A value and its position in the input.
///
/// ```
/// use parallaxis_core::Indexed;
/// let p = Indexed::new(2.5_f32, 7);
/// assert_eq!((p.value, p.index), (2.5, 7));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct Indexed<T> {
    /// The value.
    pub value: T,
    /// Its index in the input (`u64::MAX` in the identities: no element).
    pub index: u64,
}

// SAFETY: repr(C) struct of a DeviceCopy value and a u64; all-zero is (0, 0).
unsafe impl<T: DeviceCopy> DeviceCopy for Indexed<T> {}

impl<T> Indexed<T> {
    /// The pair `(value, index)`.
    pub const fn new(value: T, index: u64) -> Self {
        Self { value, index }
    }
}

/// The smallest and the largest element of a range with their positions: what
/// [`ArgMinMax`] combines.
///
/// ```
/// use parallaxis_core::{reference, ArgMinMax, Indexed};
/// let x = [4_i32, 1, 9, 1, 9];
/// let picks = reference::arg_reduce(ArgMinMax, &x);
/// assert_eq!(picks.min, Indexed::new(1, 1)); // the first smallest
/// assert_eq!(picks.max, Indexed::new(9, 4)); // the last largest
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct MinMax<T> {
    /// The first smallest element.
    pub min: Indexed<T>,
    /// The last largest element.
    pub max: Indexed<T>,
}

// SAFETY: repr(C) pair of DeviceCopy structs; all-zero is valid.
unsafe impl<T: DeviceCopy> DeviceCopy for MinMax<T> {}

/// `true` for a NaN (integers never are): `x != x`.
#[inline]
#[allow(clippy::eq_op)]
fn is_nan<T: Number>(x: T) -> bool {
    x != x
}

/// A value that every number beats in `better`: NaN for floats, `worst` for integers.
#[inline]
fn nan_or<T: Number>(worst: T) -> T {
    // `inf - inf` is NaN for floats; for integers it is 0 and `worst` is taken.
    let nan = T::HIGHEST.minus(T::HIGHEST);
    if is_nan(nan) {
        nan
    } else {
        worst
    }
}

/// `a` comes before `b` in ArgMin's order: `a < b`, NaN after every number.
#[inline]
pub(crate) fn less_for_min<T: Number>(a: T, b: T) -> bool {
    a < b || (is_nan(b) && !is_nan(a))
}

/// `a` comes before `b` in ArgMax's order: `a > b`, NaN after every number.
#[inline]
pub(crate) fn greater_for_max<T: Number>(a: T, b: T) -> bool {
    a > b || (is_nan(b) && !is_nan(a))
}

/// The smallest value, the first one among equals; identity `(NaN or T::MAX, u64::MAX)`.
///
/// ```
/// use parallaxis_core::{ArgMin, Indexed, Monoid};
/// let (a, b) = (Indexed::new(3_i32, 4), Indexed::new(3, 1));
/// assert_eq!(ArgMin.combine(a, b), b); // equal values: the smaller index
/// assert_eq!(ArgMin.combine(ArgMin.identity(), a), a);
/// let nan = Indexed::new(f32::NAN, 0);
/// assert_eq!(ArgMin.combine(nan, Indexed::new(1.0, 9)).index, 9); // NaN loses
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArgMin;

impl<T: Number> Monoid<Indexed<T>> for ArgMin {
    #[inline]
    fn identity(&self) -> Indexed<T> {
        Indexed::new(nan_or(T::HIGHEST), u64::MAX)
    }
    #[inline]
    fn combine(&self, a: Indexed<T>, b: Indexed<T>) -> Indexed<T> {
        let b_first = less_for_min(b.value, a.value)
            || (!less_for_min(a.value, b.value) && b.index < a.index);
        if b_first {
            b
        } else {
            a
        }
    }
}

/// The largest value, the first one among equals; identity `(NaN or T::MIN, u64::MAX)`.
///
/// ```
/// use parallaxis_core::{ArgMax, Indexed, Monoid};
/// let (a, b) = (Indexed::new(5_u32, 2), Indexed::new(5, 8));
/// assert_eq!(ArgMax.combine(a, b), a); // equal values: the smaller index
/// assert_eq!(ArgMax.combine(b, Indexed::new(6, 9)).value, 6);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArgMax;

impl<T: Number> Monoid<Indexed<T>> for ArgMax {
    #[inline]
    fn identity(&self) -> Indexed<T> {
        Indexed::new(nan_or(T::LOWEST), u64::MAX)
    }
    #[inline]
    fn combine(&self, a: Indexed<T>, b: Indexed<T>) -> Indexed<T> {
        let b_first = greater_for_max(b.value, a.value)
            || (!greater_for_max(a.value, b.value) && b.index < a.index);
        if b_first {
            b
        } else {
            a
        }
    }
}

/// [`ArgMin`] and a largest-value pick in one pass: the first smallest and the **last**
/// largest (as `std::minmax_element`; NaN loses as in [`ArgMax`]). Identity: `ArgMin`'s, and
/// `(NaN or T::MIN, 0)` for the largest (among equals the larger index wins there).
///
/// ```
/// use parallaxis_core::{ArgMinMax, Indexed, MinMax, Monoid};
/// let one = |v: i32, i: u64| MinMax { min: Indexed::new(v, i), max: Indexed::new(v, i) };
/// let r = ArgMinMax.combine(ArgMinMax.combine(one(4, 0), one(1, 1)), one(4, 2));
/// assert_eq!((r.min.index, r.max.index), (1, 2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArgMinMax;

impl<T: Number> Monoid<MinMax<T>> for ArgMinMax {
    #[inline]
    fn identity(&self) -> MinMax<T> {
        MinMax {
            min: ArgMin.identity(),
            max: Indexed::new(nan_or(T::LOWEST), 0),
        }
    }
    #[inline]
    fn combine(&self, a: MinMax<T>, b: MinMax<T>) -> MinMax<T> {
        let (x, y) = (a.max, b.max);
        let y_wins = greater_for_max(y.value, x.value)
            || (!greater_for_max(x.value, y.value) && y.index > x.index);
        MinMax {
            min: ArgMin.combine(a.min, b.min),
            max: if y_wins { y } else { x },
        }
    }
}

/// A monoid over positioned values that an extremum search reduces with: `lift` makes the
/// monoid's operand from one element and its index. The pick must not depend on the order
/// of combining (the GPU's fused `min_element` folds each lane's items first), which holds
/// for [`ArgMin`], [`ArgMax`] and [`ArgMinMax`]: each picks by a total order.
///
/// ```
/// use parallaxis_core::{reference, ArgMax, ArgReduce, Indexed};
/// assert_eq!(ArgMax.lift(2.5_f32, 7), Indexed::new(2.5, 7));
/// assert_eq!(reference::arg_reduce(ArgMax, &[2.0_f32, 8.0, 3.0]), Indexed::new(8.0, 1));
/// ```
pub trait ArgReduce<T>: Monoid<Self::Pick> {
    /// What is combined: an [`Indexed`] or a [`MinMax`].
    type Pick: DeviceCopy;
    /// The operand for element `value` at `index`.
    fn lift(&self, value: T, index: u64) -> Self::Pick;
}

impl<T: Number> ArgReduce<T> for ArgMin {
    type Pick = Indexed<T>;
    #[inline]
    fn lift(&self, value: T, index: u64) -> Indexed<T> {
        Indexed::new(value, index)
    }
}

impl<T: Number> ArgReduce<T> for ArgMax {
    type Pick = Indexed<T>;
    #[inline]
    fn lift(&self, value: T, index: u64) -> Indexed<T> {
        Indexed::new(value, index)
    }
}

impl<T: Number> ArgReduce<T> for ArgMinMax {
    type Pick = MinMax<T>;
    #[inline]
    fn lift(&self, value: T, index: u64) -> MinMax<T> {
        let one = Indexed::new(value, index);
        MinMax { min: one, max: one }
    }
}
