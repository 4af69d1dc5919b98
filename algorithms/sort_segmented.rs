//! Segmented sort: every segment `offsets[s]..offsets[s + 1]` (CSR-style offsets, as in
//! [`inclusive_scan_by_offsets`](crate::inclusive_scan_by_offsets); empty segments allowed)
//! sorted on its own, stably, in [`sort`](crate::sort)'s total order; no element leaves its
//! segment. Keys alone ([`sort_segmented`], [`sort_segmented_descending`]) and pairs by key
//! ([`sort_by_key_segmented`], [`sort_by_key_segmented_descending`]), each with an `_into`
//! form.
//!
//! On the host backends each segment is sorted directly (`Rayon`: segments in parallel, a
//! large one with the parallel radix sort). On CUDA it is a composition of the GPU
//! algorithms, not a kernel of its own (`backend/cuda_sort_segmented.rs`): a radix sort by
//! key carrying positions, the segment id of each position (a scatter of the offsets and a
//! scan), a second radix sort by segment id (4 passes with `u32` ids, used while the length
//! fits), then a gather of the keys (and values): 3.0-3.5x the time of a plain `sort` of
//! the same `u32` keys at segments of 1000 on the H200 (`benches/results/h200/sort-narrow/`).
//!
//! Keys, values and offsets: each a vector, view or lazy sequence (written out once first; see [`Readable`](crate::lazy::Readable)); lazy offsets are
//! written out and checked before the keys and values are written out.

use crate::backend::TOKEN;
use crate::backend::{SegmentedSortByKeyOps, SegmentedSortOps};
use crate::check::{lengths_agree, offsets as check_offsets, same_len};
use crate::{lazy::Readable, view::Output, DeviceVector, Result};
use parallaxis_core::{DeviceCopy, Order, SortKey};

/// The keys with every segment sorted ascending, stably, into a new vector.
///
/// # Errors
/// [`Error::InvalidOffsets`](crate::Error::InvalidOffsets) when `offsets` is empty, does not
/// start at 0, decreases, or does not end at `keys.len()`; out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let k = DeviceVector::<f32>::from_slice(&[3.0, f32::NAN, -0.0, 0.0, 2.0, 1.0])?;
/// let o = DeviceVector::<usize>::from_slice(&[0, 2, 2, 6])?; // [0, 2), [2, 2), [2, 6)
/// let s = parallaxis::sort_segmented(&k, &o)?.to_vec()?;
/// assert!(s[0] == 3.0 && s[1].is_nan()); // NaNs last, within their segment
/// assert_eq!(s[2..], [-0.0, 0.0, 1.0, 2.0]);
/// assert!(s[2].is_sign_negative()); // -0.0 before +0.0
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("DeviceSegmentedRadixSort", "DeviceSegmentedSort"))]
pub fn sort_segmented<K: SortKey, B: SegmentedSortOps<K>>(
    keys: &impl Readable<K, B>,
    offsets: &impl Readable<usize, B>,
) -> Result<DeviceVector<K, B>> {
    sorted(keys, offsets, Order::Ascending)
}

/// [`sort_segmented`] in descending order (the reverse total order: NaNs first), stably.
///
/// # Errors
/// As [`sort_segmented`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let k = DeviceVector::<i16>::from_slice(&[1, 3, 2, -5, 9])?;
/// let o = DeviceVector::<usize>::from_slice(&[0, 3, 5])?;
/// let s = parallaxis::sort_segmented_descending(&k, &o)?;
/// assert_eq!(s.to_vec()?, [3, 2, 1, 9, -5]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn sort_segmented_descending<K: SortKey, B: SegmentedSortOps<K>>(
    keys: &impl Readable<K, B>,
    offsets: &impl Readable<usize, B>,
) -> Result<DeviceVector<K, B>> {
    sorted(keys, offsets, Order::Descending)
}

fn sorted<K: SortKey, B: SegmentedSortOps<K>>(
    keys: &impl Readable<K, B>,
    offsets: &impl Readable<usize, B>,
    order: Order,
) -> Result<DeviceVector<K, B>> {
    // The check reads the offsets (a lazy one written out first); the keys are written out
    // only once the offsets are valid.
    offsets.with_stored(|o| {
        check_offsets::<B>(o, keys.len())?;
        // SAFETY: the sort writes every element; on an error `out` is dropped unread.
        let mut out = unsafe { DeviceVector::<K, B>::for_overwrite(keys.len()) }?;
        keys.with_stored(|k| B::sort_segmented(o, k, out.buffer_out(TOKEN), order))?;
        Ok(out)
    })
}

/// The keys with every segment sorted stably in `order`, into `out` of the same length.
///
/// # Errors
/// [`Error::InvalidOffsets`](crate::Error::InvalidOffsets) as for [`sort_segmented`], then
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == keys.len()`
/// (`out` untouched either way); a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Order};
/// let k = DeviceVector::<u8>::from_slice(&[9, 1, 4, 0])?;
/// let o = DeviceVector::<usize>::from_slice(&[0, 3, 4])?;
/// let mut out = DeviceVector::zeros(4)?;
/// parallaxis::sort_segmented_into(&k, &o, &mut out, Order::Ascending)?;
/// assert_eq!(out.to_vec()?, [1, 4, 9, 0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn sort_segmented_into<K: SortKey, B: SegmentedSortOps<K>>(
    keys: &impl Readable<K, B>,
    offsets: &impl Readable<usize, B>,
    out: &mut impl Output<K, B>,
    order: Order,
) -> Result<()> {
    offsets.with_stored(|o| {
        check_offsets::<B>(o, keys.len())?;
        same_len("sort_segmented output", keys.len(), out)?;
        keys.with_stored(|k| B::sort_segmented(o, k, out.buffer_out(TOKEN), order))
    })
}

/// The pairs `(keys[i], values[i])` with every segment sorted ascending by key, stably
/// (pairs with equal keys keep their input order), into two new vectors.
///
/// # Errors
/// [`Error::InvalidOffsets`](crate::Error::InvalidOffsets) as for [`sort_segmented`];
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless
/// `values.len() == keys.len()`; out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let k = DeviceVector::<u32>::from_slice(&[2, 1, 2, 1, 0])?;
/// let v = DeviceVector::<u32>::from_slice(&[0, 1, 2, 3, 4])?;
/// let o = DeviceVector::<usize>::from_slice(&[0, 4, 5])?;
/// let (sk, sv) = parallaxis::sort_by_key_segmented(&k, &v, &o)?;
/// assert_eq!(sk.to_vec()?, [1, 1, 2, 2, 0]);
/// assert_eq!(sv.to_vec()?, [1, 3, 0, 2, 4]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[doc(alias("DeviceSegmentedRadixSort", "DeviceSegmentedSort"))]
pub fn sort_by_key_segmented<K: SortKey, V: DeviceCopy, B: SegmentedSortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    offsets: &impl Readable<usize, B>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    sorted_pairs(keys, values, offsets, Order::Ascending)
}

/// [`sort_by_key_segmented`] in descending key order, still stable.
///
/// # Errors
/// As [`sort_by_key_segmented`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let k = DeviceVector::<i8>::from_slice(&[-1, 7, -1, 7])?;
/// let v = DeviceVector::<u64>::from_slice(&[0, 1, 2, 3])?;
/// let o = DeviceVector::<usize>::from_slice(&[0, 1, 4])?;
/// let (sk, sv) = parallaxis::sort_by_key_segmented_descending(&k, &v, &o)?;
/// assert_eq!((sk.to_vec()?, sv.to_vec()?), (vec![-1, 7, 7, -1], vec![0, 1, 3, 2]));
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn sort_by_key_segmented_descending<K, V, B>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    offsets: &impl Readable<usize, B>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)>
where
    K: SortKey,
    V: DeviceCopy,
    B: SegmentedSortByKeyOps<K, V>,
{
    sorted_pairs(keys, values, offsets, Order::Descending)
}

#[allow(clippy::type_complexity)]
fn sorted_pairs<K: SortKey, V: DeviceCopy, B: SegmentedSortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    offsets: &impl Readable<usize, B>,
    order: Order,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    offsets.with_stored(|o| {
        check_offsets::<B>(o, keys.len())?;
        lengths_agree("sort_by_key_segmented values", keys.len(), values.len())?;
        crate::sort::new_pairs(keys.len(), |ok, ov| {
            keys.with_stored(|k| {
                values.with_stored(|v| B::sort_by_key_segmented(o, k, v, ok, ov, order))
            })
        })
    })
}

/// The pairs with every segment sorted stably by key in `order`, into `out_keys` and
/// `out_values`.
///
/// # Errors
/// [`Error::InvalidOffsets`](crate::Error::InvalidOffsets) as for [`sort_segmented`], then
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `values`, `out_keys` and
/// `out_values` all have `keys.len()` elements (the first that differs is named); outputs
/// untouched on an error before the sort; a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Order};
/// let k = DeviceVector::<f64>::from_slice(&[0.5, -0.5, 4.0, 1.0])?;
/// let v = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4])?;
/// let o = DeviceVector::<usize>::from_slice(&[0, 2, 4])?;
/// let (mut ok, mut ov) = (DeviceVector::zeros(4)?, DeviceVector::zeros(4)?);
/// parallaxis::sort_by_key_segmented_into(&k, &v, &o, &mut ok, &mut ov, Order::Ascending)?;
/// assert_eq!(ov.to_vec()?, [2, 1, 4, 3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn sort_by_key_segmented_into<K: SortKey, V: DeviceCopy, B: SegmentedSortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    offsets: &impl Readable<usize, B>,
    out_keys: &mut impl Output<K, B>,
    out_values: &mut impl Output<V, B>,
    order: Order,
) -> Result<()> {
    offsets.with_stored(|o| {
        check_offsets::<B>(o, keys.len())?;
        lengths_agree("sort_by_key_segmented values", keys.len(), values.len())?;
        same_len("sort_by_key_segmented output keys", keys.len(), out_keys)?;
        same_len(
            "sort_by_key_segmented output values",
            keys.len(),
            out_values,
        )?;
        keys.with_stored(|k| {
            values.with_stored(|v| {
                B::sort_by_key_segmented(
                    o,
                    k,
                    v,
                    out_keys.buffer_out(TOKEN),
                    out_values.buffer_out(TOKEN),
                    order,
                )
            })
        })
    })
}
