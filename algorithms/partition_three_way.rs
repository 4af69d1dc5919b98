//! Three-way partition (CUB's `DevicePartition::If` with two selection operators): the items
//! that satisfy `first`, then those that do not but satisfy `second`, then the rest, each
//! part in input order.
//!
//! A composition of the stable partition on every backend: `x` partitioned by `first` into a
//! temporary, its selected part copied to the output, and its rejected part partitioned by
//! `second` into the rest of the output (two partitions, the second over the rejected items
//! only; on CUDA each waits for its count). No kernel of its own.

use crate::backend::{SelectOps, TOKEN};
use crate::check::same_len;
use crate::lazy::Readable;
use crate::view::Output;
use crate::{DeviceVector, Result};
use parallaxis_core::{DeviceCopy, Predicate};

/// `x` in three parts, each in input order: the items `first` selects, those it rejects and
/// `second` selects, and the rest; with the lengths of the first two parts.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{GreaterThan, LessThan}};
/// let x = DeviceVector::<i32>::from_slice(&[5, -3, 0, 12, -8, 7])?;
/// // Large items first, then negative ones, then the rest.
/// let (y, large, negative) =
///     parallaxis::partition_three_way(GreaterThan { bound: 6 }, LessThan { bound: 0 }, &x)?;
/// assert_eq!(y.to_vec()?, [12, 7, -3, -8, 5, 0]);
/// assert_eq!((large, negative), (2, 2));
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("DevicePartition::If", "three_way_partition"))]
pub fn partition_three_way<T, P1, P2, B>(
    first: P1,
    second: P2,
    x: &impl Readable<T, B>,
) -> Result<(DeviceVector<T, B>, usize, usize)>
where
    T: DeviceCopy,
    P1: Predicate<T>,
    P2: Predicate<T>,
    B: SelectOps<T, P1> + SelectOps<T, P2>,
{
    // SAFETY: the three parts together write every element; on an error `out` is dropped
    // unread.
    let mut out = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    let mut splits = DeviceVector::<usize, B>::zeros(2)?;
    x.with_stored(|x| {
        three_way::<T, P1, P2, B>(
            first,
            second,
            x,
            out.buffer_out(TOKEN),
            splits.buffer_out(TOKEN),
        )
    })?;
    let splits = splits.to_vec()?;
    Ok((out, splits[0], splits[1]))
}

/// [`partition_three_way`] into `out` (as long as `x`), the lengths of the first two parts
/// in `splits` (two items). The call waits for the first part's length, which places the
/// second partition.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == x.len()` and
/// `splits.len() == 2` (both untouched); out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{EqualTo, NonZero}};
/// let x = DeviceVector::<u8>::from_slice(&[0, 2, 1, 0, 2])?;
/// let (mut y, mut at) = (DeviceVector::zeros(5)?, DeviceVector::zeros(2)?);
/// parallaxis::partition_three_way_into(EqualTo { value: 2 }, NonZero, &x, &mut y, &mut at)?;
/// assert_eq!((y.to_vec()?, at.to_vec()?), (vec![2, 2, 1, 0, 0], vec![2, 1]));
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn partition_three_way_into<T, P1, P2, B>(
    first: P1,
    second: P2,
    x: &impl Readable<T, B>,
    out: &mut impl Output<T, B>,
    splits: &mut impl Output<usize, B>,
) -> Result<()>
where
    T: DeviceCopy,
    P1: Predicate<T>,
    P2: Predicate<T>,
    B: SelectOps<T, P1> + SelectOps<T, P2>,
{
    same_len("partition_three_way output", x.len(), out)?;
    same_len("partition_three_way splits", 2, splits)?;
    x.with_stored(|x| {
        three_way::<T, P1, P2, B>(
            first,
            second,
            x,
            out.buffer_out(TOKEN),
            splits.buffer_out(TOKEN),
        )
    })
}

/// The composition of the module docs on backend slices (`out` as long as `x`, `splits` two
/// items).
fn three_way<T, P1, P2, B>(
    first: P1,
    second: P2,
    x: &B::Slice<T>,
    out: &mut B::Slice<T>,
    splits: &mut B::Slice<usize>,
) -> Result<()>
where
    T: DeviceCopy,
    P1: Predicate<T>,
    P2: Predicate<T>,
    B: SelectOps<T, P1> + SelectOps<T, P2>,
{
    let n = B::len(x);
    B::at_home_of(x, || {
        // SAFETY: the partition writes every element; on an error `by_first` is dropped unread.
        let mut by_first = unsafe { B::for_overwrite::<T>(n) }?;
        let mut split = B::zeroed::<usize>(1)?;
        let by_first = B::as_slice_mut(&mut by_first);
        <B as SelectOps<T, P1>>::partition_into(first, x, by_first, B::as_slice_mut(&mut split))?;
        let s1 = B::to_vec(B::as_slice(&split))?
            .first()
            .copied()
            .unwrap_or(0)
            .min(n);
        B::copy_range(by_first, 0, out, 0, s1)?;
        let rejected = B::view(by_first, s1..n)?;
        let mut tail = B::view_mut(out, s1..n, TOKEN)?;
        let mut split2 = B::zeroed::<usize>(1)?;
        <B as SelectOps<T, P2>>::partition_into(
            second,
            B::view_slice(&rejected),
            B::view_mut_slice_mut(&mut tail, TOKEN),
            B::as_slice_mut(&mut split2),
        )?;
        let s2 = B::to_vec(B::as_slice(&split2))?
            .first()
            .copied()
            .unwrap_or(0);
        let both = B::from_slice(&[s1, s2])?;
        B::copy_range(B::as_slice(&both), 0, splits, 0, 2)
    })
}
