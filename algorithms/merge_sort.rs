//! Merge sort by a comparator ([`Compare`]): [`sort_by`] for elements of any `DeviceCopy`
//! type and [`sort_by_key_with`] for key-value pairs, each with an `_into` form. Stable:
//! elements the comparator calls equal keep their input order (values with their keys).
//! With the stock [`Less`](crate::ops::Less) / [`Greater`](crate::ops::Greater) on a [`SortKey`]
//! type the result is exactly [`sort`](crate::sort)'s / `sort_descending`'s (the radix sort,
//! faster there); a comparator is for what the radix sort cannot order: your own types,
//! key fields, orders such as "by magnitude". On CUDA, comparator and type need kernels
//! (the stock comparators over the six numbers, yours through `instantiate_compare!`).
//! Keys and values: each a vector, view or lazy sequence (written out once first; see [`Readable`](crate::lazy::Readable)).
//!
//! The comparator must be a strict weak order. With one that is not (say, one that always
//! answers `true`), the result is still a permutation of the input, values beside their
//! keys, or [`Error::InvalidArgument`](crate::Error::InvalidArgument) (`what: "comparator"`,
//! `reason: "not a strict weak order"`, the output then unspecified) where the backend
//! notices; never a panic or an access out of bounds. On CUDA the merge kernels check their
//! merge-path splits, so a sort waits for its kernels to read that check (it does not return
//! once queued).
//!
//! [`SortKey`]: crate::ops::SortKey

use crate::backend::TOKEN;
use crate::check::{lengths_agree, same_len};
use crate::{
    backend::{MergeByKeyOps, MergeOps},
    DeviceVector, Result,
};
use crate::{lazy::Readable, view::Output};
use parallaxis_core::{Compare, DeviceCopy};

/// `x` sorted stably by `cmp` into a new vector.
///
/// # Errors
/// Out of memory or a device fault.
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) where `cmp` is found not to be
/// a strict weak order (module docs).
///
/// ```
/// use parallaxis::{ops::Compare, DeviceVector};
/// /// Descending by absolute value.
/// #[derive(Clone, Copy)]
/// struct ByMagnitude;
/// impl Compare<i32> for ByMagnitude {
///     fn less(&self, a: i32, b: i32) -> bool { a.unsigned_abs() > b.unsigned_abs() }
/// }
/// let x = DeviceVector::<i32, parallaxis::Rayon>::from_slice(&[3, -8, 1, -3, 5])?;
/// assert_eq!(parallaxis::sort_by(ByMagnitude, &x)?.to_vec()?, [-8, 5, 3, -3, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("stable_sort", "DeviceMergeSort", "StableSortKeys"))]
pub fn sort_by<T: DeviceCopy, C: Compare<T>, B: MergeOps<T, C>>(
    cmp: C,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    // SAFETY: the sort writes every element; on an error `out` is dropped unread.
    let mut out = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    x.with_stored(|x| B::sort_by(cmp, x, out.buffer_out(TOKEN)))?;
    Ok(out)
}

/// [`sort_by`] into `out`, of the same length as `x`.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == x.len()`
/// (`out` untouched); a device fault.
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) where `cmp` is found not to be
/// a strict weak order (module docs).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Greater};
/// let x = DeviceVector::<f64>::from_slice(&[0.5, f64::NAN, -2.0])?;
/// let mut out = DeviceVector::zeros(3)?;
/// parallaxis::sort_by_into(Greater, &x, &mut out)?;
/// let s = out.to_vec()?;
/// assert!(s[0].is_nan() && s[1..] == [0.5, -2.0]); // Greater: NaNs first, as sort_descending
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn sort_by_into<T: DeviceCopy, C: Compare<T>, B: MergeOps<T, C>>(
    cmp: C,
    x: &impl Readable<T, B>,
    out: &mut impl Output<T, B>,
) -> Result<()> {
    same_len("sort_by output", x.len(), out)?;
    x.with_stored(|x| B::sort_by(cmp, x, out.buffer_out(TOKEN)))
}

/// The pairs `(keys[i], values[i])` sorted stably by key under `cmp` into two new vectors.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless
/// `values.len() == keys.len()`; out of memory or a device fault.
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) where `cmp` is found not to be
/// a strict weak order (module docs).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Less};
/// let k = DeviceVector::<u64>::from_slice(&[3, 1, 3, 1])?;
/// let v = DeviceVector::<f32>::from_slice(&[0.0, 1.0, 2.0, 3.0])?;
/// let (sk, sv) = parallaxis::sort_by_key_with(Less, &k, &v)?;
/// assert_eq!((sk.to_vec()?, sv.to_vec()?), (vec![1, 1, 3, 3], vec![1.0, 3.0, 0.0, 2.0]));
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[doc(alias("stable_sort_by_key", "StableSortPairs"))]
pub fn sort_by_key_with<K: DeviceCopy, V: DeviceCopy, C: Compare<K>, B: MergeByKeyOps<K, V, C>>(
    cmp: C,
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    lengths_agree("sort_by_key_with values", keys.len(), values.len())?;
    // SAFETY: the sort writes every element of both; on an error they are dropped unread.
    let (mut ok, mut ov) = unsafe {
        (
            DeviceVector::<K, B>::for_overwrite(keys.len())?,
            DeviceVector::<V, B>::for_overwrite(keys.len())?,
        )
    };
    keys.with_stored(|k| {
        values.with_stored(|v| {
            B::sort_by_key_with(cmp, k, v, ok.buffer_out(TOKEN), ov.buffer_out(TOKEN))
        })
    })?;
    Ok((ok, ov))
}

/// [`sort_by_key_with`] into `out_keys` and `out_values`.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `values`, `out_keys` and
/// `out_values` all have `keys.len()` elements (the first that differs is named; outputs
/// untouched); a device fault.
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) where `cmp` is found not to be
/// a strict weak order (module docs).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Greater};
/// let k = DeviceVector::<i32>::from_slice(&[1, 2])?;
/// let v = DeviceVector::<u32>::from_slice(&[10, 20])?;
/// let (mut ok, mut ov) = (DeviceVector::zeros(2)?, DeviceVector::zeros(2)?);
/// parallaxis::sort_by_key_with_into(Greater, &k, &v, &mut ok, &mut ov)?;
/// assert_eq!(ov.to_vec()?, [20, 10]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn sort_by_key_with_into<
    K: DeviceCopy,
    V: DeviceCopy,
    C: Compare<K>,
    B: MergeByKeyOps<K, V, C>,
>(
    cmp: C,
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    out_keys: &mut impl Output<K, B>,
    out_values: &mut impl Output<V, B>,
) -> Result<()> {
    lengths_agree("sort_by_key_with values", keys.len(), values.len())?;
    same_len("sort_by_key_with output keys", keys.len(), out_keys)?;
    same_len("sort_by_key_with output values", keys.len(), out_values)?;
    keys.with_stored(|k| {
        values.with_stored(|v| {
            B::sort_by_key_with(
                cmp,
                k,
                v,
                out_keys.buffer_out(TOKEN),
                out_values.buffer_out(TOKEN),
            )
        })
    })
}
