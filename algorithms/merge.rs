//! Merging two sorted sequences, each a vector, view or lazy sequence (written out once
//! first; see [`Readable`]) (Thrust's `merge` and `merge_by_key`): [`merge`] in
//! [`SortKey`]'s total order (the order `sort` sorts in, i.e. the stock [`Less`]),
//! [`merge_by`] with any comparator, [`merge_by_key`] / [`merge_by_key_with`] for key-value
//! pairs; each with an `_into` form. Stable: of equal elements those of `a` come first, each
//! list's in its own order. On the GPU, the merge passes of the merge sort (merge-path
//! partitions, then one block per output tile).
//!
//! The caller promises both inputs are sorted by the comparator; on unsorted inputs the
//! output is still an interleaving of `a` and `b` (which one is unspecified), or
//! [`Error::InvalidArgument`] (`what: "merge inputs"`, `reason: "not sorted by the
//! comparator"`, the output then unspecified) where the backend notices; never a panic or an
//! access out of bounds. On CUDA the merge kernels check their merge-path splits, so a merge
//! waits for its kernels to read that check (it does not return once queued).

use crate::backend::TOKEN;
use crate::check::{lengths_agree, same_len};
use crate::{
    backend::{MergeByKeyOps, MergeOps},
    DeviceVector, Error, Result,
};
use crate::{lazy::Readable, view::Output};
use parallaxis_core::{Compare, DeviceCopy, Less, SortKey};

/// `a.len() + b.len()`, the length of a merge (`InvalidArgument` past `usize`, which only
/// zero-sized types can reach).
fn total(a: usize, b: usize) -> Result<usize> {
    a.checked_add(b).ok_or(Error::InvalidArgument {
        what: "merge inputs",
        reason: "the total length overflows usize",
    })
}

/// The stable merge of sorted `a` and `b` by `cmp`, into a new vector of `a.len() + b.len()`
/// elements.
///
/// # Errors
/// Out of memory or a device fault.
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) where the inputs are found
/// unsorted (module docs).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Greater};
/// let a = DeviceVector::<u32>::from_slice(&[9, 5, 1])?;
/// let b = DeviceVector::from_slice(&[7, 5])?;
/// assert_eq!(parallaxis::merge_by(Greater, &a, &b)?.to_vec()?, [9, 7, 5, 5, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn merge_by<T: DeviceCopy, C: Compare<T>, B: MergeOps<T, C>>(
    cmp: C,
    a: &impl Readable<T, B>,
    b: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    // SAFETY: the merge writes every element; on an error `out` is dropped unread.
    let mut out = unsafe { DeviceVector::<T, B>::for_overwrite(total(a.len(), b.len())?) }?;
    a.with_stored(|a| b.with_stored(|b| B::merge_by(cmp, a, b, out.buffer_out(TOKEN))))?;
    Ok(out)
}

/// [`merge_by`] into `out`, of `a.len() + b.len()` elements.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `out` has that length
/// (`out` untouched); a device fault.
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) where the inputs are found
/// unsorted (module docs).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Less};
/// let a = DeviceVector::<i64>::from_slice(&[-1, 4])?;
/// let b = DeviceVector::from_slice(&[0])?;
/// let mut out = DeviceVector::zeros(3)?;
/// parallaxis::merge_by_into(Less, &a, &b, &mut out)?;
/// assert_eq!(out.to_vec()?, [-1, 0, 4]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn merge_by_into<T: DeviceCopy, C: Compare<T>, B: MergeOps<T, C>>(
    cmp: C,
    a: &impl Readable<T, B>,
    b: &impl Readable<T, B>,
    out: &mut impl Output<T, B>,
) -> Result<()> {
    same_len("merge output", total(a.len(), b.len())?, out)?;
    a.with_stored(|a| b.with_stored(|b| B::merge_by(cmp, a, b, out.buffer_out(TOKEN))))
}

/// The stable merge of `a` and `b`, both sorted ascending in [`SortKey`]'s total order
/// (floats: `-0.0` before `+0.0`, NaNs last), into a new vector.
///
/// # Errors
/// Out of memory or a device fault.
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) where the inputs are found
/// unsorted (module docs).
///
/// ```
/// use parallaxis::DeviceVector;
/// let a = DeviceVector::<f32>::from_slice(&[-1.0, 2.0, f32::NAN])?;
/// let b = DeviceVector::from_slice(&[0.5, 2.0])?;
/// let m = parallaxis::merge(&a, &b)?.to_vec()?;
/// assert_eq!(m[..4], [-1.0, 0.5, 2.0, 2.0]);
/// assert!(m[4].is_nan());
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("MergeKeys", "DeviceMerge"))]
pub fn merge<T: SortKey, B: MergeOps<T, Less>>(
    a: &impl Readable<T, B>,
    b: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    merge_by(Less, a, b)
}

/// [`merge`] into `out`, of `a.len() + b.len()` elements.
///
/// # Errors
/// As [`merge_by_into`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let a = DeviceVector::<u64>::from_slice(&[2, 2])?;
/// let b = DeviceVector::from_slice(&[1, 3])?;
/// let mut out = DeviceVector::zeros(4)?;
/// parallaxis::merge_into(&a, &b, &mut out)?;
/// assert_eq!(out.to_vec()?, [1, 2, 2, 3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn merge_into<T: SortKey, B: MergeOps<T, Less>>(
    a: &impl Readable<T, B>,
    b: &impl Readable<T, B>,
    out: &mut impl Output<T, B>,
) -> Result<()> {
    merge_by_into(Less, a, b, out)
}

/// Both lists' key and value lengths agree; returns the merged length.
fn pair_lengths<K: DeviceCopy, V: DeviceCopy, B: crate::Backend>(
    a_keys: &impl Readable<K, B>,
    a_values: &impl Readable<V, B>,
    b_keys: &impl Readable<K, B>,
    b_values: &impl Readable<V, B>,
) -> Result<usize> {
    lengths_agree("merge_by_key a values", a_keys.len(), a_values.len())?;
    lengths_agree("merge_by_key b values", b_keys.len(), b_values.len())?;
    total(a_keys.len(), b_keys.len())
}

/// Runs `f` on the four inputs' stored elements (a lazy one written out first; see
/// [`Readable`]), nesting the `with_stored` calls in one place.
pub(crate) fn stored_pairs<K: DeviceCopy, V: DeviceCopy, B: crate::Backend, R>(
    a_keys: &impl Readable<K, B>,
    a_values: &impl Readable<V, B>,
    b_keys: &impl Readable<K, B>,
    b_values: &impl Readable<V, B>,
    f: impl FnOnce(&B::Slice<K>, &B::Slice<V>, &B::Slice<K>, &B::Slice<V>) -> Result<R>,
) -> Result<R> {
    a_keys.with_stored(|ak| {
        a_values
            .with_stored(|av| b_keys.with_stored(|bk| b_values.with_stored(|bv| f(ak, av, bk, bv))))
    })
}

/// The stable merge of the pairs `(a_keys, a_values)` and `(b_keys, b_values)` by key under
/// `cmp` (ties: `a`'s pairs first), into two new vectors.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless each list's values are as
/// long as its keys; out of memory or a device fault.
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) where the inputs are found
/// unsorted (module docs).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Greater};
/// let (ak, av) = (DeviceVector::<i32>::from_slice(&[5, 1])?, DeviceVector::from_slice(&['a' as u32, 'b' as u32])?);
/// let (bk, bv) = (DeviceVector::from_slice(&[5])?, DeviceVector::from_slice(&['c' as u32])?);
/// let (k, v) = parallaxis::merge_by_key_with(Greater, &ak, &av, &bk, &bv)?;
/// assert_eq!(k.to_vec()?, [5, 5, 1]);
/// assert_eq!(v.to_vec()?, ['a' as u32, 'c' as u32, 'b' as u32]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn merge_by_key_with<K: DeviceCopy, V: DeviceCopy, C: Compare<K>, B: MergeByKeyOps<K, V, C>>(
    cmp: C,
    a_keys: &impl Readable<K, B>,
    a_values: &impl Readable<V, B>,
    b_keys: &impl Readable<K, B>,
    b_values: &impl Readable<V, B>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    let n = pair_lengths(a_keys, a_values, b_keys, b_values)?;
    // SAFETY: the merge writes every element of both; on an error they are dropped unread.
    let (mut ok, mut ov) = unsafe {
        (
            DeviceVector::<K, B>::for_overwrite(n)?,
            DeviceVector::<V, B>::for_overwrite(n)?,
        )
    };
    merge_by_key_with_into(cmp, a_keys, a_values, b_keys, b_values, &mut ok, &mut ov)?;
    Ok((ok, ov))
}

/// [`merge_by_key_with`] into `out_keys` and `out_values`, of the total length each.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless each list's values are as
/// long as its keys and both outputs have the total length (the first that differs is
/// named; outputs untouched); a device fault.
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) where the inputs are found
/// unsorted (module docs).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Less};
/// let (ak, av) = (DeviceVector::<u32>::from_slice(&[1, 4])?, DeviceVector::from_slice(&[0.1_f32, 0.4])?);
/// let (bk, bv) = (DeviceVector::from_slice(&[2])?, DeviceVector::from_slice(&[0.2])?);
/// let (mut ok, mut ov) = (DeviceVector::zeros(3)?, DeviceVector::zeros(3)?);
/// parallaxis::merge_by_key_with_into(Less, &ak, &av, &bk, &bv, &mut ok, &mut ov)?;
/// assert_eq!(ov.to_vec()?, [0.1, 0.2, 0.4]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::too_many_arguments)]
pub fn merge_by_key_with_into<
    K: DeviceCopy,
    V: DeviceCopy,
    C: Compare<K>,
    B: MergeByKeyOps<K, V, C>,
>(
    cmp: C,
    a_keys: &impl Readable<K, B>,
    a_values: &impl Readable<V, B>,
    b_keys: &impl Readable<K, B>,
    b_values: &impl Readable<V, B>,
    out_keys: &mut impl Output<K, B>,
    out_values: &mut impl Output<V, B>,
) -> Result<()> {
    let n = pair_lengths(a_keys, a_values, b_keys, b_values)?;
    same_len("merge_by_key output keys", n, out_keys)?;
    same_len("merge_by_key output values", n, out_values)?;
    stored_pairs(a_keys, a_values, b_keys, b_values, |ak, av, bk, bv| {
        B::merge_by_key_with(
            cmp,
            ak,
            av,
            bk,
            bv,
            out_keys.buffer_out(TOKEN),
            out_values.buffer_out(TOKEN),
        )
    })
}

/// [`merge_by_key_with`] in [`SortKey`]'s total order (the stock [`Less`]).
///
/// # Errors
/// As [`merge_by_key_with`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let (ak, av) = (DeviceVector::<u32>::from_slice(&[1, 3])?, DeviceVector::from_slice(&[10_u64, 30])?);
/// let (bk, bv) = (DeviceVector::from_slice(&[3])?, DeviceVector::from_slice(&[31])?);
/// let (k, v) = parallaxis::merge_by_key(&ak, &av, &bk, &bv)?;
/// assert_eq!((k.to_vec()?, v.to_vec()?), (vec![1, 3, 3], vec![10, 30, 31]));
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[doc(alias = "MergePairs")]
pub fn merge_by_key<K: SortKey, V: DeviceCopy, B: MergeByKeyOps<K, V, Less>>(
    a_keys: &impl Readable<K, B>,
    a_values: &impl Readable<V, B>,
    b_keys: &impl Readable<K, B>,
    b_values: &impl Readable<V, B>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    merge_by_key_with(Less, a_keys, a_values, b_keys, b_values)
}

/// [`merge_by_key`] into `out_keys` and `out_values`.
///
/// # Errors
/// As [`merge_by_key_with_into`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let (ak, av) = (DeviceVector::<i32>::from_slice(&[0])?, DeviceVector::from_slice(&[1_i32])?);
/// let (bk, bv) = (DeviceVector::from_slice(&[-1])?, DeviceVector::from_slice(&[2])?);
/// let (mut ok, mut ov) = (DeviceVector::zeros(2)?, DeviceVector::zeros(2)?);
/// parallaxis::merge_by_key_into(&ak, &av, &bk, &bv, &mut ok, &mut ov)?;
/// assert_eq!(ov.to_vec()?, [2, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn merge_by_key_into<K: SortKey, V: DeviceCopy, B: MergeByKeyOps<K, V, Less>>(
    a_keys: &impl Readable<K, B>,
    a_values: &impl Readable<V, B>,
    b_keys: &impl Readable<K, B>,
    b_values: &impl Readable<V, B>,
    out_keys: &mut impl Output<K, B>,
    out_values: &mut impl Output<V, B>,
) -> Result<()> {
    merge_by_key_with_into(
        Less, a_keys, a_values, b_keys, b_values, out_keys, out_values,
    )
}
