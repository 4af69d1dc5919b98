//! Inclusive, exclusive and transform-inclusive scans: the reduce-then-scan skeleton of
//! [`crate::chunk::scan`] with the monoid itself as the carry monoid.
//!
//! Lane `j` of a chunk is scanned from its carry, the fold of every element before the lane,
//! so `y[i] = carry ⊕ (x[lane start] ⊕ ... ⊕ x[i])`: operands stay in index order.

use crate::chunk::lanes::{lockstep, Discard, Lanes, LANES};
use crate::chunk::scan::{chunked_scan, LaneScan, Windowed};
use parallaxis_core::{DeviceCopy, Identity, Monoid, UnaryFunction};

/// A plain scan of `f(x[i])`: inclusive when `init` is `None`, else exclusive from `init`.
/// A scan of `f(x[i])` under `m`, seeded with `init` for the exclusive form; `x` a slice or
/// an index-driven sequence (`crate::indexed`).
pub(crate) struct Plain<X, F, M, T> {
    x: X,
    f: F,
    m: M,
    init: Option<T>,
}

impl<X, F, M, T> Plain<X, F, M, T> {
    pub(crate) fn new(x: X, f: F, m: M, init: Option<T>) -> Self {
        Self { x, f, m, init }
    }
}

impl<X, T, F, M> LaneScan for Plain<X, F, M, T>
where
    X: Windowed,
    X::Item: DeviceCopy,
    T: DeviceCopy,
    F: UnaryFunction<X::Item, Output = T>,
    M: Monoid<T>,
{
    type Carry = T;
    type Out = T;
    type Found = ();

    fn fold_carry(&self, a: T, b: T) -> T {
        self.m.combine(a, b)
    }

    fn totals(&self, start: usize, end: usize) -> Option<(Lanes<T>, ())> {
        let (f, m) = (self.f, self.m);
        let x = self.x.window(start, end)?;
        let lanes = lockstep(
            x,
            Discard,
            |_, v| (f.apply(v), ()),
            |s, v| (m.combine(s, f.apply(v)), ()),
        )?;
        Some((lanes, ()))
    }

    fn scan(&self, start: usize, seeds: &[Option<T>; LANES], _: &(), y: &mut [T]) {
        let (f, m) = (self.f, self.m);
        let Some(x) = self.x.window(start, self.x.len()) else {
            return;
        };
        match self.init {
            None => lockstep(
                x,
                y,
                |j, v| {
                    let v = f.apply(v);
                    let a = seeds[j].map_or(v, |c| m.combine(c, v));
                    (a, a)
                },
                |a, v| {
                    let a = m.combine(a, f.apply(v));
                    (a, a)
                },
            ),
            Some(init) => lockstep(
                x,
                y,
                |j, v| {
                    let a = seeds[j].unwrap_or(init);
                    (m.combine(a, f.apply(v)), a)
                },
                |a, v| (m.combine(a, f.apply(v)), a),
            ),
        };
    }
}

/// See [`parallaxis_core::reference::inclusive_scan`].
///
/// ```
/// let mut y = [0; 3];
/// parallaxis_host::inclusive_scan(parallaxis_core::Sum, &[1, 2, 3], &mut y);
/// assert_eq!(y, [1, 3, 6]);
/// ```
pub fn inclusive_scan<T: DeviceCopy, M: Monoid<T>>(m: M, x: &[T], y: &mut [T]) {
    transform_inclusive_scan(Identity, m, x, y);
}

/// See [`parallaxis_core::reference::exclusive_scan`].
///
/// ```
/// let mut y = [0; 3];
/// parallaxis_host::exclusive_scan(parallaxis_core::Sum, 10, &[1, 2, 3], &mut y);
/// assert_eq!(y, [10, 11, 13]);
/// ```
pub fn exclusive_scan<T: DeviceCopy, M: Monoid<T>>(m: M, init: T, x: &[T], y: &mut [T]) {
    let n = x.len().min(y.len());
    let s = Plain {
        x: &x[..n],
        f: Identity,
        m,
        init: Some(init),
    };
    chunked_scan(&s, &mut y[..n], Some(init));
}

/// See [`parallaxis_core::reference::transform_inclusive_scan`]; `f` runs twice per element
/// (once for the lane totals, once in the scan), which is cheaper than a temporary.
///
/// ```
/// use parallaxis_core::{Square, Sum};
/// let mut y = [0; 3];
/// parallaxis_host::transform_inclusive_scan(Square, Sum, &[1, 2, 3], &mut y);
/// assert_eq!(y, [1, 5, 14]);
/// ```
pub fn transform_inclusive_scan<
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
>(
    f: F,
    m: M,
    x: &[A],
    y: &mut [T],
) {
    let n = x.len().min(y.len());
    let s = Plain {
        x: &x[..n],
        f,
        m,
        init: None,
    };
    chunked_scan(&s, &mut y[..n], None);
}

/// See [`parallaxis_core::reference::transform_exclusive_scan`]; `f` runs twice per element,
/// as in [`transform_inclusive_scan`].
///
/// ```
/// use parallaxis_core::{Square, Sum};
/// let mut y = [0; 3];
/// parallaxis_host::transform_exclusive_scan(Square, Sum, 10, &[1, 2, 3], &mut y);
/// assert_eq!(y, [10, 11, 15]);
/// ```
pub fn transform_exclusive_scan<
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
>(
    f: F,
    m: M,
    init: T,
    x: &[A],
    y: &mut [T],
) {
    let n = x.len().min(y.len());
    let s = Plain {
        x: &x[..n],
        f,
        m,
        init: Some(init),
    };
    chunked_scan(&s, &mut y[..n], Some(init));
}

/// See [`parallaxis_core::reference::inclusive_scan_with_init`]: the inclusive scan with `init`
/// as the carry into index 0 (no extra pass).
///
/// ```
/// use parallaxis_core::Sum;
/// let mut y = [0; 3];
/// parallaxis_host::inclusive_scan_with_init(Sum, 10, &[1, 2, 3], &mut y);
/// assert_eq!(y, [11, 13, 16]);
/// ```
pub fn inclusive_scan_with_init<T: DeviceCopy, M: Monoid<T>>(m: M, init: T, x: &[T], y: &mut [T]) {
    let n = x.len().min(y.len());
    let s = Plain {
        x: &x[..n],
        f: Identity,
        m,
        init: None,
    };
    chunked_scan(&s, &mut y[..n], Some(init));
}
