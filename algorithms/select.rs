//! Selection: stream compaction (`copy_if` by a predicate or by stencil flags, `remove_if`,
//! `unique`, `unique_by_key`), stable `partition`, and counting (`count`, `count_if`).
//!
//! Each compaction has an allocating form, whose output has exactly the selected elements
//! (it waits for their number), and an `_into` form that writes them to the front of the
//! caller's output and their number to a one-element vector, like
//! [`reduce_by_key_into`](crate::reduce_by_key_into): nothing is allocated, and on the GPU
//! the call returns once its kernels are queued (CUB's `DeviceSelect` contract).

use crate::backend::TOKEN;
use crate::check::{lengths_agree, same_len};
use crate::lazy::Readable;
use crate::view::{Input, Output};
use crate::{
    backend::{FlaggedOps, SelectOps, UniqueByKeyOps, UniqueOps},
    DeviceVector, Error, Result,
};
use crate::{ops::EqualTo, Backend};
use parallaxis_core::{DeviceCopy, Predicate};

/// `Err(LengthMismatch)` unless `out` has room for `n` elements (at least `n` long).
fn room<T: DeviceCopy, B: Backend>(
    what: &'static str,
    n: usize,
    out: &impl Input<T, B>,
) -> Result<()> {
    if out.len() >= n {
        Ok(())
    } else {
        Err(Error::LengthMismatch {
            what,
            expected: n,
            actual: out.len(),
        })
    }
}

/// The elements of `x` that `p` selects, in order (Thrust's `copy_if`, CUB's
/// `DeviceSelect::If`).
///
/// # Errors
/// A device fault, or no memory for the output.
///
/// ```
/// use parallaxis::{DeviceVector, ops::LessThan};
/// let x = DeviceVector::<f32>::from_slice(&[0.7, 0.1, 0.9, 0.3])?;
/// assert_eq!(parallaxis::copy_if(LessThan { bound: 0.5 }, &x)?.to_vec()?, [0.1, 0.3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "DeviceSelect")]
pub fn copy_if<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    x.with_stored(|x| B::copy_if(p, true, x))
        .map(DeviceVector::from_buffer)
}

/// [`copy_if`] into the caller's vectors: the selected elements go to the first `count[0]`
/// entries of `out` (the rest keep their contents) and their number to `count[0]`. Nothing
/// is allocated; on the GPU the call returns without waiting (reading `count` with `to_vec`
/// waits).
///
/// # Errors
/// [`Error::LengthMismatch`] unless `out` is at least as long as `x` (room for every
/// element) and `count` has one element; nothing is written then.
///
/// ```
/// use parallaxis::{DeviceVector, ops::GreaterThan};
/// let x = DeviceVector::<i32>::from_slice(&[4, -1, 7, 0])?;
/// let (mut out, mut count) = (DeviceVector::zeros(4)?, DeviceVector::zeros(1)?);
/// parallaxis::copy_if_into(GreaterThan { bound: 0 }, &x, &mut out, &mut count)?;
/// let k = count.to_vec()?[0];
/// assert_eq!(out.to_vec()?[..k], [4, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn copy_if_into<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
    out: &mut impl Output<T, B>,
    count: &mut impl Output<usize, B>,
) -> Result<()> {
    room("copy_if_into output", x.len(), out)?;
    same_len("copy_if_into count", 1, count)?;
    x.with_stored(|x| B::copy_if_into(p, true, x, out.buffer_out(TOKEN), count.buffer_out(TOKEN)))
}

/// The elements of `x` that `p` rejects, in order (Thrust's `remove_copy_if`; `x` is not
/// modified).
///
/// # Errors
/// A device fault, or no memory for the output.
///
/// ```
/// use parallaxis::{DeviceVector, ops::EqualTo};
/// let x = DeviceVector::<u32>::from_slice(&[3, 0, 3, 5])?;
/// assert_eq!(parallaxis::remove_if(EqualTo { value: 3 }, &x)?.to_vec()?, [0, 5]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("remove_copy_if", "remove"))]
pub fn remove_if<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    x.with_stored(|x| B::copy_if(p, false, x))
        .map(DeviceVector::from_buffer)
}

/// [`remove_if`] into the caller's vectors, as [`copy_if_into`].
///
/// # Errors
/// As [`copy_if_into`].
///
/// ```
/// use parallaxis::{DeviceVector, ops::GreaterThan};
/// let x = DeviceVector::<i32>::from_slice(&[4, -1, 7, 0])?;
/// let (mut out, mut count) = (DeviceVector::zeros(4)?, DeviceVector::zeros(1)?);
/// parallaxis::remove_if_into(GreaterThan { bound: 0 }, &x, &mut out, &mut count)?;
/// let k = count.to_vec()?[0];
/// assert_eq!(out.to_vec()?[..k], [-1, 0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn remove_if_into<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
    out: &mut impl Output<T, B>,
    count: &mut impl Output<usize, B>,
) -> Result<()> {
    room("remove_if_into output", x.len(), out)?;
    same_len("remove_if_into count", 1, count)?;
    x.with_stored(|x| B::copy_if_into(p, false, x, out.buffer_out(TOKEN), count.buffer_out(TOKEN)))
}

/// Stable partition: the elements `p` selects, in order, then the others, in order, and the
/// split point (the number selected). Both sides keep input order (Thrust's
/// `stable_partition_copy` into one vector; CUB's `DevicePartition::If` reverses the rejected
/// side).
///
/// # Errors
/// A device fault, or no memory for the output.
///
/// ```
/// use parallaxis::{DeviceVector, ops::NonZero};
/// let x = DeviceVector::<i64>::from_slice(&[0, 2, 0, 1, 3])?;
/// let (y, split) = parallaxis::partition(NonZero, &x)?;
/// assert_eq!((y.to_vec()?, split), (vec![2, 1, 3, 0, 0], 3));
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias(
    "stable_partition",
    "stable_partition_copy",
    "partition_copy",
    "DevicePartition"
))]
pub fn partition<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
) -> Result<(DeviceVector<T, B>, usize)> {
    // SAFETY: a partition writes every element of its output (each input element goes to
    // one slot); on an error `out` is dropped unread.
    let mut out = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    let mut split = DeviceVector::<usize, B>::zeros(1)?;
    x.with_stored(|x| B::partition_into(p, x, out.buffer_out(TOKEN), split.buffer_out(TOKEN)))?;
    let split = split.to_vec()?[0];
    Ok((out, split))
}

/// [`partition`] into the caller's vectors: `out` receives the partition, `split[0]` the
/// number selected; on the GPU the call returns without waiting.
///
/// # Errors
/// [`Error::LengthMismatch`] unless `out` is as long as `x` and `split` has one element.
///
/// ```
/// use parallaxis::{DeviceVector, ops::GreaterThan};
/// let x = DeviceVector::<i32>::from_slice(&[4, -1, 7, 0])?;
/// let (mut out, mut split) = (DeviceVector::zeros(4)?, DeviceVector::zeros(1)?);
/// parallaxis::partition_into(GreaterThan { bound: 0 }, &x, &mut out, &mut split)?;
/// assert_eq!(split.to_vec()?, [2]);
/// assert_eq!(out.to_vec()?, [4, 7, -1, 0]); // both sides keep their order
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn partition_into<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
    out: &mut impl Output<T, B>,
    split: &mut impl Output<usize, B>,
) -> Result<()> {
    same_len("partition_into output", x.len(), out)?;
    same_len("partition_into split", 1, split)?;
    x.with_stored(|x| B::partition_into(p, x, out.buffer_out(TOKEN), split.buffer_out(TOKEN)))
}

/// Partition that keeps only the selected side in order: the elements `p` selects, in order,
/// then the others in reverse order, and the split point (the number selected). Thrust's
/// `partition` (whose rejected side has no set order) and CUB's `DevicePartition::If` (which
/// writes it reversed, as every backend here does). On the GPU one pass over `x`, against the
/// two of the stable [`partition`].
///
/// # Errors
/// A device fault, or no memory for the output.
///
/// ```
/// use parallaxis::{DeviceVector, ops::NonZero};
/// let x = DeviceVector::<i64>::from_slice(&[7, 2, 0, 1, 3, 0, 4])?;
/// let (y, split) = parallaxis::partition_unstable(NonZero, &x)?;
/// assert_eq!(split, 5);
/// assert_eq!(y.to_vec()?, [7, 2, 1, 3, 4, 0, 0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("DevicePartition::If", "unstable_partition"))]
pub fn partition_unstable<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
) -> Result<(DeviceVector<T, B>, usize)> {
    // SAFETY: a partition writes every element of its output (each input element goes to
    // one slot); on an error `out` is dropped unread.
    let mut out = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    let mut split = DeviceVector::<usize, B>::zeros(1)?;
    x.with_stored(|x| {
        B::partition_unstable_into(p, x, out.buffer_out(TOKEN), split.buffer_out(TOKEN))
    })?;
    let split = split.to_vec()?[0];
    Ok((out, split))
}

/// [`partition_unstable`] into the caller's vectors: `out` receives the partition, `split[0]`
/// the number selected; on the GPU the call returns without waiting.
///
/// # Errors
/// [`Error::LengthMismatch`] unless `out` is as long as `x` and `split` has one element.
///
/// ```
/// use parallaxis::{DeviceVector, ops::GreaterThan};
/// let x = DeviceVector::<i32>::from_slice(&[4, -1, 7, 0, -5])?;
/// let (mut out, mut split) = (DeviceVector::zeros(5)?, DeviceVector::zeros(1)?);
/// parallaxis::partition_unstable_into(GreaterThan { bound: 0 }, &x, &mut out, &mut split)?;
/// assert_eq!(split.to_vec()?, [2]);
/// assert_eq!(out.to_vec()?, [4, 7, -5, 0, -1]); // the rejected side reversed
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn partition_unstable_into<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
    out: &mut impl Output<T, B>,
    split: &mut impl Output<usize, B>,
) -> Result<()> {
    same_len("partition_unstable_into output", x.len(), out)?;
    same_len("partition_unstable_into split", 1, split)?;
    x.with_stored(|x| {
        B::partition_unstable_into(p, x, out.buffer_out(TOKEN), split.buffer_out(TOKEN))
    })
}

/// The elements of `x` whose `stencil` flag is set, in order (Thrust's `copy_if` with a
/// stencil, CUB's `DeviceSelect::Flagged`).
///
/// # Errors
/// [`Error::LengthMismatch`] when `stencil` and `x` differ in length.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<f64>::from_slice(&[1.0, 2.0, 3.0])?;
/// let keep = DeviceVector::from_slice(&[true, false, true])?;
/// assert_eq!(parallaxis::copy_if_stencil(&keep, &x)?.to_vec()?, [1.0, 3.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("copy_if", "Flagged"))]
pub fn copy_if_stencil<T: DeviceCopy, B: FlaggedOps<T>>(
    stencil: &impl Readable<bool, B>,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    lengths_agree("copy_if_stencil stencil", x.len(), stencil.len())?;
    stencil
        .with_stored(|s| x.with_stored(|x| B::copy_if_stencil(s, x)))
        .map(DeviceVector::from_buffer)
}

/// [`copy_if_stencil`] into the caller's vectors, as [`copy_if_into`].
///
/// # Errors
/// [`Error::LengthMismatch`] when `stencil` and `x` differ in length, `out` is shorter than
/// `x` or `count` does not have one element.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<f32>::from_slice(&[1.0, 2.0, 3.0])?;
/// let keep = DeviceVector::from_slice(&[true, false, true])?;
/// let (mut out, mut count) = (DeviceVector::zeros(3)?, DeviceVector::zeros(1)?);
/// parallaxis::copy_if_stencil_into(&keep, &x, &mut out, &mut count)?;
/// let k = count.to_vec()?[0];
/// assert_eq!(out.to_vec()?[..k], [1.0, 3.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn copy_if_stencil_into<T: DeviceCopy, B: FlaggedOps<T>>(
    stencil: &impl Readable<bool, B>,
    x: &impl Readable<T, B>,
    out: &mut impl Output<T, B>,
    count: &mut impl Output<usize, B>,
) -> Result<()> {
    lengths_agree("copy_if_stencil_into stencil", x.len(), stencil.len())?;
    room("copy_if_stencil_into output", x.len(), out)?;
    same_len("copy_if_stencil_into count", 1, count)?;
    stencil.with_stored(|s| {
        x.with_stored(|x| {
            B::copy_if_stencil_into(s, x, out.buffer_out(TOKEN), count.buffer_out(TOKEN))
        })
    })
}

/// The first element of every run of equal consecutive elements, in order (Thrust's
/// `unique_copy`, CUB's `DeviceSelect::Unique`); elements compare with `==` (a float NaN
/// starts a run of its own).
///
/// # Errors
/// A device fault, or no memory for the output.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<u32>::from_slice(&[1, 1, 2, 2, 2, 1, 3])?;
/// assert_eq!(parallaxis::unique(&x)?.to_vec()?, [1, 2, 1, 3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "unique_copy")]
pub fn unique<T: DeviceCopy + PartialEq, B: UniqueOps<T>>(
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    x.with_stored(|x| B::unique(x))
        .map(DeviceVector::from_buffer)
}

/// [`unique`] into the caller's vectors, as [`copy_if_into`].
///
/// # Errors
/// As [`copy_if_into`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<u8>::from_slice(&[1, 1, 2, 2, 2, 1])?;
/// let (mut out, mut count) = (DeviceVector::zeros(6)?, DeviceVector::zeros(1)?);
/// parallaxis::unique_into(&x, &mut out, &mut count)?;
/// let k = count.to_vec()?[0];
/// assert_eq!(out.to_vec()?[..k], [1, 2, 1]); // runs, not a set
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn unique_into<T: DeviceCopy + PartialEq, B: UniqueOps<T>>(
    x: &impl Readable<T, B>,
    out: &mut impl Output<T, B>,
    count: &mut impl Output<usize, B>,
) -> Result<()> {
    room("unique_into output", x.len(), out)?;
    same_len("unique_into count", 1, count)?;
    x.with_stored(|x| B::unique_into(x, out.buffer_out(TOKEN), count.buffer_out(TOKEN)))
}

/// For every run of equal consecutive keys, its first key and the value beside it (Thrust's
/// `unique_by_key_copy`).
///
/// # Errors
/// [`Error::LengthMismatch`] when `keys` and `values` differ in length.
///
/// ```
/// use parallaxis::DeviceVector;
/// let k = DeviceVector::<u32>::from_slice(&[7, 7, 9, 7])?;
/// let v = DeviceVector::<f32>::from_slice(&[1.0, 2.0, 3.0, 4.0])?;
/// let (keys, values) = parallaxis::unique_by_key(&k, &v)?;
/// assert_eq!((keys.to_vec()?, values.to_vec()?), (vec![7, 9, 7], vec![1.0, 3.0, 4.0]));
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[doc(alias("unique_by_key_copy", "UniqueByKey"))]
pub fn unique_by_key<K, V, B>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)>
where
    K: DeviceCopy + PartialEq,
    V: DeviceCopy,
    B: UniqueByKeyOps<K, V>,
{
    lengths_agree("unique_by_key values", keys.len(), values.len())?;
    let (k, v) = keys.with_stored(|k| values.with_stored(|v| B::unique_by_key(k, v)))?;
    Ok((DeviceVector::from_buffer(k), DeviceVector::from_buffer(v)))
}

/// [`unique_by_key`] into the caller's vectors: the runs go to the first `count[0]` entries
/// of `out_keys` and `out_values`, their number to `count[0]`.
///
/// # Errors
/// [`Error::LengthMismatch`] when `keys` and `values` differ in length, either output is
/// shorter than `keys` or `count` does not have one element.
///
/// ```
/// use parallaxis::DeviceVector;
/// let keys = DeviceVector::<u32>::from_slice(&[7, 7, 9, 9, 7])?;
/// let vals = DeviceVector::<f32>::from_slice(&[1.0, 2.0, 3.0, 4.0, 5.0])?;
/// let (mut k_out, mut v_out) = (DeviceVector::zeros(5)?, DeviceVector::zeros(5)?);
/// let mut count = DeviceVector::zeros(1)?;
/// parallaxis::unique_by_key_into(&keys, &vals, &mut k_out, &mut v_out, &mut count)?;
/// let k = count.to_vec()?[0];
/// assert_eq!(k_out.to_vec()?[..k], [7, 9, 7]);
/// assert_eq!(v_out.to_vec()?[..k], [1.0, 3.0, 5.0]); // each run's first value
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn unique_by_key_into<K, V, B>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    out_keys: &mut impl Output<K, B>,
    out_values: &mut impl Output<V, B>,
    count: &mut impl Output<usize, B>,
) -> Result<()>
where
    K: DeviceCopy + PartialEq,
    V: DeviceCopy,
    B: UniqueByKeyOps<K, V>,
{
    lengths_agree("unique_by_key_into values", keys.len(), values.len())?;
    room("unique_by_key_into output keys", keys.len(), out_keys)?;
    room("unique_by_key_into output values", keys.len(), out_values)?;
    same_len("unique_by_key_into count", 1, count)?;
    keys.with_stored(|k| {
        values.with_stored(|v| {
            B::unique_by_key_into(
                k,
                v,
                out_keys.buffer_out(TOKEN),
                out_values.buffer_out(TOKEN),
                count.buffer_out(TOKEN),
            )
        })
    })
}

/// The number of elements of `x` that `p` selects (Thrust's `count_if`; waits for it).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::InRange};
/// let x = DeviceVector::<f32>::from_slice(&[0.5, 1.5, -0.5, 0.0])?;
/// assert_eq!(parallaxis::count_if(InRange { lo: 0.0, hi: 1.0 }, &x)?, 2);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn count_if<T: DeviceCopy, P: Predicate<T>, B: SelectOps<T, P>>(
    p: P,
    x: &impl Readable<T, B>,
) -> Result<usize> {
    x.run_count_if(p)
}

/// The number of elements of `x` equal to `value` (Thrust's `count`): [`count_if`] with
/// [`EqualTo`].
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<i32>::from_slice(&[3, 1, 3, 3])?;
/// assert_eq!(parallaxis::count(&x, 3)?, 3);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn count<T, B>(x: &impl Readable<T, B>, value: T) -> Result<usize>
where
    T: DeviceCopy + PartialEq,
    B: SelectOps<T, EqualTo<T>>,
{
    count_if(EqualTo { value }, x)
}
