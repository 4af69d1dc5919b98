//! Reductions: reduce and the fused transform_reduce.

use crate::{DeviceVector, FusedOps, MonoidOps, Result};
use parallax_core::{DeviceCopy, Monoid, UnaryFunction};

/// `identity ⊕ x[0] ⊕ ... ⊕ x[n-1]`, operands combined in index order (the monoid need not
/// be commutative). Empty input gives the identity. Backends may re-associate, so float sums
/// differ from a left fold by rounding only (bounded by `n·eps·Σ|x|`).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallax::{DeviceVector, Max, Sum};
/// let x = DeviceVector::<i32>::from_slice(&[3, -1, 4])?;
/// assert_eq!(parallax::reduce(Sum, &x)?, 6);
/// assert_eq!(parallax::reduce(Max, &x)?, 4);
/// assert_eq!(parallax::reduce(Sum, &DeviceVector::<i32>::zeros(0)?)?, 0);
/// # Ok::<(), parallax::Error>(())
/// ```
pub fn reduce<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    x: &DeviceVector<T, B>,
) -> Result<T> {
    B::reduce(m, x.buffer())
}

/// `reduce(m, [f(x[0]), ..., f(x[n-1])])` in one pass, with no temporary vector.
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallax::{DeviceVector, Square, Sum};
/// let x = DeviceVector::<f64>::from_slice(&[3.0, 4.0])?;
/// assert_eq!(parallax::transform_reduce(Square, Sum, &x)?.sqrt(), 5.0);
/// # Ok::<(), parallax::Error>(())
/// ```
pub fn transform_reduce<A, T, F, M, B>(f: F, m: M, x: &DeviceVector<A, B>) -> Result<T>
where
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
    B: FusedOps<A, T, F, M>,
{
    B::transform_reduce(f, m, x.buffer())
}
