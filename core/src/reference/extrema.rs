//! Extrema with their positions, by plain loops (the specification of `min_element`,
//! `max_element` and `minmax_element`; the `ArgMin` / `ArgMax` / `ArgMinMax` monoids must
//! agree with them).

use crate::ops::argminmax::{greater_for_max, less_for_min};
use crate::Number;

/// The first index of a smallest value of `x` and that value; `None` when `x` is empty.
/// Values compare by `<` with NaN after every number (a NaN is picked only when all are).
pub fn min_element<T: Number>(x: &[T]) -> Option<(usize, T)> {
    let mut best: Option<(usize, T)> = None;
    for (i, &v) in x.iter().enumerate() {
        match best {
            Some((_, b)) if !less_for_min(v, b) => {}
            _ => best = Some((i, v)),
        }
    }
    best
}

/// The first index of a largest value of `x` and that value; `None` when `x` is empty.
/// Values compare by `>` with NaN before every number (a NaN is picked only when all are).
pub fn max_element<T: Number>(x: &[T]) -> Option<(usize, T)> {
    let mut best: Option<(usize, T)> = None;
    for (i, &v) in x.iter().enumerate() {
        match best {
            Some((_, b)) if !greater_for_max(v, b) => {}
            _ => best = Some((i, v)),
        }
    }
    best
}

/// `(min_element(x), the LAST index of a largest value)`, as `std::minmax_element`;
/// `None` when `x` is empty.
#[allow(clippy::type_complexity)]
pub fn minmax_element<T: Number>(x: &[T]) -> Option<((usize, T), (usize, T))> {
    let min = min_element(x)?;
    let mut max = (0, x[0]);
    for (i, &v) in x.iter().enumerate().skip(1) {
        // Ties move to the later index: only a strictly smaller value keeps the old one.
        if !greater_for_max(max.1, v) {
            max = (i, v);
        }
    }
    Some((min, max))
}

/// `identity ⊕ lift(x[0], 0) ⊕ ... ⊕ lift(x[n-1], n-1)`, folded left to right: the pick of an
/// [`ArgReduce`](crate::ArgReduce) monoid (the identity for an empty `x`).
pub fn arg_reduce<T: Copy, M: crate::ArgReduce<T>>(m: M, x: &[T]) -> M::Pick {
    x.iter().enumerate().fold(m.identity(), |acc, (i, &v)| {
        m.combine(acc, m.lift(v, i as u64))
    })
}
