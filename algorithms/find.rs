//! Finding by a predicate: the first position it holds at (`find_if`, `find`, `find_if_not`),
//! whether it holds anywhere or everywhere (`any_of`, `all_of`, `none_of`), and the end of
//! the part of a partitioned vector it holds for (`partition_point`).
//!
//! All of them are one search for the first element the predicate answers `true` (or
//! `false`) for, and they wait for it. On the GPU it stops early: blocks read the input front
//! to back and stop at the first tile past a position found, so a hit near the front costs
//! about one wave of tiles, not a pass over the input (CUB's `DeviceFind::FindIf`); without a
//! hit the input is read once. On rayon the search short-circuits the same way
//! (`position_first`).
//!
//! Positions are `Option<usize>` (`None`: no such element) rather than Thrust's end
//! iterator.

use crate::backend::SelectOps;
use crate::lazy::Readable;
use crate::ops::EqualTo;
use crate::Result;
use parallaxis_core::{DeviceCopy, Predicate};

/// The first position of `x` whose element `p` selects, or `None` (Thrust's `find_if`, CUB's
/// `DeviceFind::FindIf`; waits for it).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::GreaterThan};
/// let x = DeviceVector::<f32>::from_slice(&[0.5, 1.5, -0.5, 2.5])?;
/// assert_eq!(parallaxis::find_if(GreaterThan { bound: 1.0 }, &x)?, Some(1));
/// assert_eq!(parallaxis::find_if(GreaterThan { bound: 9.0 }, &x)?, None);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn find_if<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
) -> Result<Option<usize>> {
    x.with_stored(|s| B::find_if(p, true, s))
}

/// The first position of `x` whose element `p` rejects, or `None` (Thrust's `find_if_not`;
/// waits for it).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::LessThan};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 7, 3])?;
/// assert_eq!(parallaxis::find_if_not(LessThan { bound: 5 }, &x)?, Some(2));
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn find_if_not<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
) -> Result<Option<usize>> {
    x.with_stored(|s| B::find_if(p, false, s))
}

/// The first position of `x` holding `value`, or `None` (Thrust's `find`): [`find_if`] with
/// [`EqualTo`].
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<u32>::from_slice(&[4, 8, 15, 16, 23, 42])?;
/// assert_eq!(parallaxis::find(&x, 16)?, Some(3));
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn find<T, B>(x: &impl Readable<T, B>, value: T) -> Result<Option<usize>>
where
    T: DeviceCopy + PartialEq,
    B: SelectOps<T, EqualTo<T>>,
{
    find_if(EqualTo { value }, x)
}

/// Whether `p` selects some element of `x` (Thrust's `any_of`; `false` when empty).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::NonZero};
/// let x = DeviceVector::<i64>::from_slice(&[0, 0, 3])?;
/// assert!(parallaxis::any_of(NonZero, &x)?);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn any_of<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
) -> Result<bool> {
    Ok(find_if(p, x)?.is_some())
}

/// Whether `p` selects every element of `x` (Thrust's `all_of`; `true` when empty).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::NonZero};
/// let x = DeviceVector::<i64>::from_slice(&[1, 2, 0])?;
/// assert!(!parallaxis::all_of(NonZero, &x)?);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn all_of<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
) -> Result<bool> {
    Ok(find_if_not(p, x)?.is_none())
}

/// Whether `p` selects no element of `x` (Thrust's `none_of`; `true` when empty).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::LessThan};
/// let x = DeviceVector::<f64>::from_slice(&[1.0, 2.0])?;
/// assert!(parallaxis::none_of(LessThan { bound: 0.0 }, &x)?);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn none_of<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
) -> Result<bool> {
    Ok(find_if(p, x)?.is_none())
}

/// For `x` partitioned by `p` (every element `p` selects before every one it rejects, as
/// [`partition`](crate::partition) leaves it): the number of selected elements, the position
/// of the first rejected one (Thrust's `partition_point`; waits for it). For an `x` that is
/// not partitioned it is the first position `p` rejects (or `x.len()`).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::LessThan};
/// let x = DeviceVector::<i32>::from_slice(&[1, 3, 2, 9, 8])?;
/// assert_eq!(parallaxis::partition_point(LessThan { bound: 5 }, &x)?, 3);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn partition_point<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
) -> Result<usize> {
    Ok(find_if_not(p, x)?.unwrap_or_else(|| x.len()))
}
