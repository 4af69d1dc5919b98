//! Reductions: reduce, reduce_into (result left in a one-element vector) and the fused
//! transform_reduce and transform2_reduce.

use crate::backend::TOKEN;
use crate::check::{lengths_agree, same_len};
use crate::{
    backend::{Fused2Ops, FusedOps},
    lazy::MonoidSource,
    Result,
};
use crate::{lazy::Readable, view::Output};
use parallaxis_core::{BinaryFunction, DeviceCopy, Monoid, UnaryFunction};

/// `identity ⊕ x[0] ⊕ ... ⊕ x[n-1]`, operands combined in index order (the monoid need not
/// be commutative). Empty input gives the identity. Backends may re-associate, so float sums
/// differ from a left fold by rounding only (bounded by `n·eps·Σ|x|`).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Max, Sum}};
/// let x = DeviceVector::<i32>::from_slice(&[3, -1, 4])?;
/// assert_eq!(parallaxis::reduce(Sum, &x)?, 6);
/// assert_eq!(parallaxis::reduce(Max, &x)?, 4);
/// assert_eq!(parallaxis::reduce(Sum, &DeviceVector::<i32>::zeros(0)?)?, 0);
/// # Ok::<(), parallaxis::Error>(())
/// ```
///
/// On the CPU backends a monoid can be built from an identity and an associative closure
/// ([`monoid`](crate::ops::monoid)):
///
/// ```
/// use parallaxis::{DeviceVector, Sequential};
/// let x = DeviceVector::<u32, Sequential>::from_slice(&[0b0011, 0b0110, 0b1000])?;
/// let or = parallaxis::ops::monoid(0_u32, |a, b| a | b);
/// assert_eq!(parallaxis::reduce(or, &x)?, 0b1111);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "DeviceReduce")]
pub fn reduce<M, X>(m: M, x: &X) -> Result<X::Item>
where
    M: Monoid<X::Item>,
    X: MonoidSource<M> + ?Sized,
{
    x.run_reduce(m)
}

/// [`reduce`] into a one-element vector of the same backend: `out[0] = identity ⊕ x[0] ⊕ ...
/// ⊕ x[n-1]`, bit for bit the value [`reduce`] returns. On the GPU the result stays in device
/// memory and the call returns without waiting for the kernel (no copy to the host, no
/// synchronization), so it can feed the next operation; reading it (`to_vec`) waits.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == 1` (`out` is
/// untouched); a device fault (on the GPU, a fault of the kernel itself surfaces in the next
/// call that waits for the device).
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Max, Sum}};
/// let x = DeviceVector::<i32>::from_slice(&[3, -1, 4])?;
/// let mut total = DeviceVector::zeros(1)?;
/// parallaxis::reduce_into(Sum, &x, &mut total)?;
/// assert_eq!(total.to_vec()?, [6]);
/// parallaxis::reduce_into(Max, &DeviceVector::zeros(0)?, &mut total)?;
/// assert_eq!(total.to_vec()?, [i32::MIN]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn reduce_into<M, X>(m: M, x: &X, out: &mut impl Output<X::Item, X::Backend>) -> Result<()>
where
    M: Monoid<X::Item>,
    X: MonoidSource<M> + ?Sized,
{
    same_len("reduce_into output", 1, out)?;
    x.run_reduce_into(m, out.buffer_out(TOKEN))
}

/// `reduce(m, [f(x[0]), ..., f(x[n-1])])` in one pass, with no temporary vector. `x`: a
/// vector, view or lazy sequence (written out once first; see [`Readable`]).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Square, Sum}};
/// let x = DeviceVector::<f64>::from_slice(&[3.0, 4.0])?;
/// assert_eq!(parallaxis::transform_reduce(Square, Sum, &x)?.sqrt(), 5.0);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "TransformReduce")]
pub fn transform_reduce<A, T, F, M, B>(f: F, m: M, x: &impl Readable<A, B>) -> Result<T>
where
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
    B: FusedOps<A, T, F, M>,
{
    x.with_stored(|x| B::transform_reduce(f, m, x))
}

/// `reduce(m, [f(a[0], b[0]), ..., f(a[n-1], b[n-1])])` in one pass, with no temporary
/// vector (`a`, `b`: vectors, views or lazy sequences, written out once first; see
/// [`Readable`]): Thrust's `inner_product`. The dot product is `transform2_reduce(Times, Sum, &a,
/// &b)`; on the GPU that pair runs as one kernel that reads both inputs once (see
/// `parallaxis_device::transform2_reduce_is_fused`), other pairs as a `transform2` and a
/// reduce.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `a` and `b` differ in
/// length; a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Sum, Times}};
/// let a = DeviceVector::<f64>::from_slice(&[1.0, 2.0, 3.0])?;
/// let b = DeviceVector::from_slice(&[4.0, 5.0, 6.0])?;
/// assert_eq!(parallaxis::transform2_reduce(Times, Sum, &a, &b)?, 32.0);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "inner_product")]
pub fn transform2_reduce<A, C, T, F, M, B>(
    f: F,
    m: M,
    a: &impl Readable<A, B>,
    b: &impl Readable<C, B>,
) -> Result<T>
where
    A: DeviceCopy,
    C: DeviceCopy,
    T: DeviceCopy,
    F: BinaryFunction<A, C, Output = T>,
    M: Monoid<T>,
    B: Fused2Ops<A, C, T, F, M>,
{
    lengths_agree("transform2_reduce second input", a.len(), b.len())?;
    a.with_stored(|a| b.with_stored(|b| B::transform2_reduce(f, m, a, b)))
}
