//! Replacing the elements a predicate selects, or those equal to a value: in place
//! (`replace_if`, `replace`) or into a new vector (`replace_copy_if`, `replace_copy`), as
//! Thrust's functions of those names. Each is a transform by [`ReplaceIf`] (in place: the
//! transform with its output its input), one element-wise launch on the GPU, where the stock
//! predicates over the six numbers have kernels and yours get theirs from
//! `instantiate_unary!` of `ReplaceIf<YourPredicate, T>`.

use crate::backend::TransformOps;
use crate::lazy::{MapSource, Source};
use crate::ops::{EqualTo, Predicate, ReplaceIf};
use crate::view::Output;
use crate::{DeviceVector, Result};
use parallaxis_core::DeviceCopy;

/// Sets every element of `x` that `p` selects to `value`, in place (Thrust's `replace_if`).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::LessThan};
/// let mut x = DeviceVector::<i32>::from_slice(&[3, -1, 4, -5])?;
/// parallaxis::replace_if(LessThan { bound: 0 }, &mut x, 0)?;
/// assert_eq!(x.to_vec()?, [3, 0, 4, 0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn replace_if<T, P, B>(p: P, x: &mut impl Output<T, B>, value: T) -> Result<()>
where
    T: DeviceCopy,
    P: Predicate<T>,
    B: TransformOps<T, ReplaceIf<P, T>>,
{
    crate::transform_in_place(ReplaceIf { pred: p, value }, x)
}

/// Sets every element of `x` equal to `old` (`==`) to `new`, in place (Thrust's `replace`).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let mut x = DeviceVector::<u32>::from_slice(&[7, 1, 7, 2])?;
/// parallaxis::replace(&mut x, 7, 0)?;
/// assert_eq!(x.to_vec()?, [0, 1, 0, 2]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn replace<T, B>(x: &mut impl Output<T, B>, old: T, new: T) -> Result<()>
where
    T: DeviceCopy + PartialEq,
    B: TransformOps<T, ReplaceIf<EqualTo<T>, T>>,
{
    replace_if(EqualTo { value: old }, x, new)
}

/// `x` with every element `p` selects replaced by `value`, in a new vector (Thrust's
/// `replace_copy_if`); `x` may be a vector, a view or a lazy sequence.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::GreaterThan};
/// let x = DeviceVector::<f32>::from_slice(&[0.5, 2.0, 1.5])?;
/// let y = parallaxis::replace_copy_if(GreaterThan { bound: 1.0 }, &x, 1.0)?;
/// assert_eq!(y.to_vec()?, [0.5, 1.0, 1.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn replace_copy_if<T, P, X>(p: P, x: &X, value: T) -> Result<DeviceVector<T, X::Backend>>
where
    T: DeviceCopy,
    P: Predicate<T>,
    X: Source<Item = T> + MapSource<ReplaceIf<P, T>> + ?Sized,
{
    crate::transform(ReplaceIf { pred: p, value }, x)
}

/// `x` with every element equal to `old` replaced by `new`, in a new vector (Thrust's
/// `replace_copy`).
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<i64>::from_slice(&[1, 2, 1])?;
/// assert_eq!(parallaxis::replace_copy(&x, 1, 9)?.to_vec()?, [9, 2, 9]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn replace_copy<T, X>(x: &X, old: T, new: T) -> Result<DeviceVector<T, X::Backend>>
where
    T: DeviceCopy + PartialEq,
    X: Source<Item = T> + MapSource<ReplaceIf<EqualTo<T>, T>> + ?Sized,
{
    replace_copy_if(EqualTo { value: old }, x, new)
}
