use crate::{BinaryFunction, UnaryFunction};

/// `y[i] = f(x[i])`.
pub fn transform<A: Copy, F: UnaryFunction<A>>(f: F, x: &[A], y: &mut [F::Output]) {
    for (yi, &xi) in y.iter_mut().zip(x) {
        *yi = f.apply(xi);
    }
}

/// `x[i] = f(x[i])`, in place (Thrust's `transform` with the output its input).
pub fn transform_in_place<T: Copy, F: UnaryFunction<T, Output = T>>(f: F, x: &mut [T]) {
    for v in x {
        *v = f.apply(*v);
    }
}

/// `y[i] = f(a[i], b[i])`.
pub fn transform2<A: Copy, B: Copy, F: BinaryFunction<A, B>>(
    f: F,
    a: &[A],
    b: &[B],
    y: &mut [F::Output],
) {
    for ((yi, &ai), &bi) in y.iter_mut().zip(a).zip(b) {
        *yi = f.apply(ai, bi);
    }
}

/// `y[0] = x[0]` and `y[i] = f(x[i], x[i - 1])` (Thrust's `adjacent_difference`, CUB's
/// `DeviceAdjacentDifference::SubtractLeftCopy`); processes the common prefix of `x` and `y`.
pub fn adjacent_difference<T: Copy, F: BinaryFunction<T, T, Output = T>>(
    f: F,
    x: &[T],
    y: &mut [T],
) {
    let n = x.len().min(y.len());
    if n == 0 {
        return;
    }
    y[0] = x[0];
    for i in 1..n {
        y[i] = f.apply(x[i], x[i - 1]);
    }
}

/// `y[i] = f(i)`.
pub fn tabulate<F: UnaryFunction<u64>>(f: F, y: &mut [F::Output]) {
    for (i, yi) in y.iter_mut().enumerate() {
        *yi = f.apply(i as u64);
    }
}
