//! Element-wise transform, transform2 and tabulate: pieces of the output zipped with the same
//! pieces of the inputs, on rayon when the inputs are long or the functor is costly
//! (`chunk/adaptive.rs`).

use crate::chunk::adaptive::for_pieces_timed;
use parallaxis_core::{BinaryFunction, DeviceCopy, UnaryFunction};

/// See [`parallaxis_core::reference::transform`]; processes the common prefix of `x` and `y`.
///
/// ```
/// let mut y = [0; 3];
/// parallaxis_host::transform(parallaxis_core::Square, &[1, -2, 3], &mut y);
/// assert_eq!(y, [1, 4, 9]);
/// ```
pub fn transform<A: DeviceCopy, F: UnaryFunction<A>>(f: F, x: &[A], y: &mut [F::Output]) {
    let n = x.len().min(y.len());
    let x = &x[..n];
    for_pieces_timed(&mut y[..n], |start, yc| {
        for (yi, &xi) in yc.iter_mut().zip(&x[start..]) {
            *yi = f.apply(xi);
        }
    });
}

/// See [`parallaxis_core::reference::transform_in_place`]: pieces of `x` as `transform`.
///
/// ```
/// let mut x = [1, -2, 3];
/// parallaxis_host::transform_in_place(parallaxis_core::Negate, &mut x);
/// assert_eq!(x, [-1, 2, -3]);
/// ```
pub fn transform_in_place<T: DeviceCopy, F: UnaryFunction<T, Output = T>>(f: F, x: &mut [T]) {
    for_pieces_timed(x, |_, xc| {
        for v in xc {
            *v = f.apply(*v);
        }
    });
}

/// See [`parallaxis_core::reference::transform2`]; processes the common prefix of the three.
///
/// ```
/// let mut y = [0.0; 2];
/// let saxpy = parallaxis_core::SaxpyFunctor { a: 2.0 };
/// parallaxis_host::transform2(saxpy, &[1.0, 2.0], &[1.0, 1.0], &mut y);
/// assert_eq!(y, [3.0, 5.0]);
/// ```
pub fn transform2<A: DeviceCopy, B: DeviceCopy, F: BinaryFunction<A, B>>(
    f: F,
    a: &[A],
    b: &[B],
    y: &mut [F::Output],
) {
    let n = a.len().min(b.len()).min(y.len());
    let (a, b) = (&a[..n], &b[..n]);
    for_pieces_timed(&mut y[..n], |start, yc| {
        let (ac, bc) = (&a[start..], &b[start..]);
        for ((yi, &ai), &bi) in yc.iter_mut().zip(ac).zip(bc) {
            *yi = f.apply(ai, bi);
        }
    });
}

/// See [`parallaxis_core::reference::adjacent_difference`]; processes the common prefix of
/// `x` and `y`, the differences in pieces as `transform2` does.
///
/// ```
/// let mut y = [0; 4];
/// parallaxis_host::adjacent_difference(parallaxis_core::Minus, &[1, 4, 9, 16], &mut y);
/// assert_eq!(y, [1, 3, 5, 7]);
/// ```
pub fn adjacent_difference<T: DeviceCopy, F: BinaryFunction<T, T, Output = T>>(
    f: F,
    x: &[T],
    y: &mut [T],
) {
    let n = x.len().min(y.len());
    if n == 0 {
        return;
    }
    y[0] = x[0];
    transform2(f, &x[1..n], &x[..n - 1], &mut y[1..n]);
}

/// See [`parallaxis_core::reference::tabulate`].
///
/// ```
/// let mut y = [0; 4];
/// parallaxis_host::tabulate(parallaxis_core::Sequence { start: 1, step: 3 }, &mut y);
/// assert_eq!(y, [1, 4, 7, 10]);
/// ```
pub fn tabulate<F: UnaryFunction<u64>>(f: F, y: &mut [F::Output]) {
    for_pieces_timed(y, |start, yc| {
        let base = start as u64;
        for (k, yi) in yc.iter_mut().enumerate() {
            *yi = f.apply(base + k as u64);
        }
    });
}
