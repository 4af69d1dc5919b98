//! Reduce and inclusive scan from an initial value (Thrust's `reduce(first, last, init,
//! op)`, CUB's `DeviceScan::InclusiveScanInit`). The initial value is the leftmost operand.

use crate::Monoid;

/// `init ⊕ x[0] ⊕ ... ⊕ x[n-1]`, folded left to right; `init` for an empty `x`.
pub fn reduce_with_init<T: Copy, M: Monoid<T>>(m: M, init: T, x: &[T]) -> T {
    x.iter().fold(init, |acc, &v| m.combine(acc, v))
}

/// `y[i] = init ⊕ x[0] ⊕ ... ⊕ x[i]` over the common length.
pub fn inclusive_scan_with_init<T: Copy, M: Monoid<T>>(m: M, init: T, x: &[T], y: &mut [T]) {
    let mut acc = init;
    for (yi, &xi) in y.iter_mut().zip(x) {
        acc = m.combine(acc, xi);
        *yi = acc;
    }
}
