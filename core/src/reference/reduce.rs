use crate::{BinaryFunction, Monoid, UnaryFunction};

/// `identity ⊕ x[0] ⊕ x[1] ⊕ ... ⊕ x[n-1]`, folded left to right.
pub fn reduce<T: Copy, M: Monoid<T>>(m: M, x: &[T]) -> T {
    x.iter().fold(m.identity(), |acc, &v| m.combine(acc, v))
}

/// `reduce(m, [f(x[0]), ..., f(x[n-1])])` without the temporary.
pub fn transform_reduce<A: Copy, T, F, M>(f: F, m: M, x: &[A]) -> T
where
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
{
    x.iter()
        .fold(m.identity(), |acc, &v| m.combine(acc, f.apply(v)))
}

/// `reduce(m, [f(a[0], b[0]), ..., f(a[n-1], b[n-1])])` without the temporary, over the
/// common length (an inner product is `Times` then `Sum`).
pub fn transform2_reduce<A: Copy, B: Copy, T, F, M>(f: F, m: M, a: &[A], b: &[B]) -> T
where
    F: BinaryFunction<A, B, Output = T>,
    M: Monoid<T>,
{
    a.iter()
        .zip(b)
        .fold(m.identity(), |acc, (&x, &y)| m.combine(acc, f.apply(x, y)))
}
