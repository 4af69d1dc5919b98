use crate::{Monoid, UnaryFunction};

/// `y[0] = x[0]`, `y[i] = y[i-1] ⊕ x[i]` (the identity is never combined in, so even a
/// signed float zero comes through unchanged).
pub fn inclusive_scan<T: Copy, M: Monoid<T>>(m: M, x: &[T], y: &mut [T]) {
    let mut acc: Option<T> = None;
    for (yi, &xi) in y.iter_mut().zip(x) {
        let next = acc.map_or(xi, |a| m.combine(a, xi));
        acc = Some(next);
        *yi = next;
    }
}

/// `y[0] = init`, `y[i] = init ⊕ x[0] ⊕ ... ⊕ x[i-1]`.
pub fn exclusive_scan<T: Copy, M: Monoid<T>>(m: M, init: T, x: &[T], y: &mut [T]) {
    let mut acc = init;
    for (yi, &xi) in y.iter_mut().zip(x) {
        *yi = acc;
        acc = m.combine(acc, xi);
    }
}

/// `y[0] = f(x[0])`, `y[i] = y[i-1] ⊕ f(x[i])`.
pub fn transform_inclusive_scan<A: Copy, T: Copy, F, M>(f: F, m: M, x: &[A], y: &mut [T])
where
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
{
    let mut acc: Option<T> = None;
    for (yi, &xi) in y.iter_mut().zip(x) {
        let v = f.apply(xi);
        let next = acc.map_or(v, |a| m.combine(a, v));
        acc = Some(next);
        *yi = next;
    }
}

/// `y[0] = init`, `y[i] = init ⊕ f(x[0]) ⊕ ... ⊕ f(x[i-1])`.
pub fn transform_exclusive_scan<A: Copy, T: Copy, F, M>(f: F, m: M, init: T, x: &[A], y: &mut [T])
where
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
{
    let mut acc = init;
    for (yi, &xi) in y.iter_mut().zip(x) {
        *yi = acc;
        acc = m.combine(acc, f.apply(xi));
    }
}
