//! Batched top-k: in every segment `offsets[s]..offsets[s + 1]` (CSR-style offsets, as
//! [`sort_segmented`](crate::sort_segmented) takes; empty segments allowed) its `k` largest
//! ([`top_k_segmented`]) or smallest ([`bottom_k_segmented`]) keys, best first, ties in input
//! order, all of a segment shorter than `k`; with `_by_key` forms for pairs (CUB's
//! `DeviceBatchedTopK`, with each segment's output sorted). The results are concatenated,
//! segment after segment, and come with their own offsets: segment `s` of the result is
//! `out_offsets[s]..out_offsets[s + 1]`, `min(k, len_s)` items. The result is exactly each
//! segment's first items of [`sort_segmented`](crate::sort_segmented) in that order.
//!
//! On the host backends each segment runs the partial sort of [`top_k`](crate::top_k)
//! (`Rayon`: segments in parallel, a large one in parallel itself). On CUDA it is the
//! segmented sort into a temporary and a gather of each segment's front (no kernel of its
//! own yet). The output offsets are computed on the host from the offsets, which the call
//! reads back (as every segmented front door does to check them).
//!
//! Keys, values and offsets: each a vector, view or lazy sequence (written out once first;
//! see [`Readable`]).

use crate::backend::{SegmentedSortByKeyOps, SegmentedSortOps, TOKEN};
use crate::check::{lengths_agree, offsets as check_offsets};
use crate::lazy::Readable;
use crate::view::Output;
use crate::{Backend, DeviceVector, Result};
use parallaxis_core::{try_with_capacity, DeviceCopy, Order, SortKey};

/// Each segment's `k` largest keys (all of a shorter segment), largest first, equal keys in
/// input order, and the offsets of the result's segments.
///
/// # Errors
/// [`Error::InvalidOffsets`](crate::Error::InvalidOffsets) when `offsets` is empty, does not
/// start at 0, decreases, or does not end at `keys.len()`; out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let scores = DeviceVector::<f32>::from_slice(&[0.2, 0.9, 0.5, 0.7, 0.1, 0.3])?;
/// let rows = DeviceVector::<usize>::from_slice(&[0, 3, 3, 6])?; // [0, 3), [3, 3), [3, 6)
/// let (best, at) = parallaxis::top_k_segmented(&scores, &rows, 2)?;
/// assert_eq!(best.to_vec()?, [0.9, 0.5, 0.7, 0.3]);
/// assert_eq!(at.to_vec()?, [0, 2, 2, 4]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[doc(alias("DeviceBatchedTopK", "segmented_top_k"))]
pub fn top_k_segmented<K: SortKey, B: SegmentedSortOps<K>>(
    keys: &impl Readable<K, B>,
    offsets: &impl Readable<usize, B>,
    k: usize,
) -> Result<(DeviceVector<K, B>, DeviceVector<usize, B>)> {
    firsts(keys, offsets, k, Order::Descending)
}

/// Each segment's `k` smallest keys (all of a shorter segment), smallest first, equal keys
/// in input order, and the offsets of the result's segments.
///
/// # Errors
/// As [`top_k_segmented`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let d = DeviceVector::<u32>::from_slice(&[7, 3, 5, 2, 2, 9])?;
/// let o = DeviceVector::<usize>::from_slice(&[0, 3, 6])?;
/// let (near, at) = parallaxis::bottom_k_segmented(&d, &o, 1)?;
/// assert_eq!((near.to_vec()?, at.to_vec()?), (vec![3, 2], vec![0, 1, 2]));
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn bottom_k_segmented<K: SortKey, B: SegmentedSortOps<K>>(
    keys: &impl Readable<K, B>,
    offsets: &impl Readable<usize, B>,
    k: usize,
) -> Result<(DeviceVector<K, B>, DeviceVector<usize, B>)> {
    firsts(keys, offsets, k, Order::Ascending)
}

/// The pairs of each segment's `k` largest keys (all of a shorter segment), largest first,
/// pairs of equal keys in input order: the keys, their values, and the offsets of the
/// result's segments.
///
/// # Errors
/// As [`top_k_segmented`]; [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless
/// `values.len() == keys.len()`.
///
/// ```
/// use parallaxis::DeviceVector;
/// let logits = DeviceVector::<f32>::from_slice(&[1.0, 4.0, 2.0, 0.5, 3.0, 3.0])?;
/// let token = DeviceVector::<u32>::from_slice(&[0, 1, 2, 0, 1, 2])?;
/// let rows = DeviceVector::<usize>::from_slice(&[0, 3, 6])?;
/// let (l, t, _) = parallaxis::top_k_by_key_segmented(&logits, &token, &rows, 2)?;
/// assert_eq!(l.to_vec()?, [4.0, 2.0, 3.0, 3.0]);
/// assert_eq!(t.to_vec()?, [1, 2, 1, 2]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[doc(alias = "DeviceBatchedTopK")]
pub fn top_k_by_key_segmented<K: SortKey, V: DeviceCopy, B: SegmentedSortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    offsets: &impl Readable<usize, B>,
    k: usize,
) -> Result<(
    DeviceVector<K, B>,
    DeviceVector<V, B>,
    DeviceVector<usize, B>,
)> {
    first_pairs(keys, values, offsets, k, Order::Descending)
}

/// The pairs of each segment's `k` smallest keys (all of a shorter segment), smallest
/// first, pairs of equal keys in input order, and the offsets of the result's segments.
///
/// # Errors
/// As [`top_k_by_key_segmented`].
#[allow(clippy::type_complexity)]
pub fn bottom_k_by_key_segmented<K: SortKey, V: DeviceCopy, B: SegmentedSortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    offsets: &impl Readable<usize, B>,
    k: usize,
) -> Result<(
    DeviceVector<K, B>,
    DeviceVector<V, B>,
    DeviceVector<usize, B>,
)> {
    first_pairs(keys, values, offsets, k, Order::Ascending)
}

/// Each segment's first `min(k, len)` keys in `order`, and the result's offsets.
#[allow(clippy::type_complexity)]
fn firsts<K: SortKey, B: SegmentedSortOps<K>>(
    keys: &impl Readable<K, B>,
    offsets: &impl Readable<usize, B>,
    k: usize,
    order: Order,
) -> Result<(DeviceVector<K, B>, DeviceVector<usize, B>)> {
    offsets.with_stored(|o| {
        check_offsets::<B>(o, keys.len())?;
        let (kept, total) = kept_offsets::<B>(o, k)?;
        // SAFETY: the partial sort writes every element; on an error `out` is dropped unread.
        let mut out = unsafe { DeviceVector::<K, B>::for_overwrite(total) }?;
        keys.with_stored(|keys| {
            B::partial_sort_segmented(o, keys, kept.buffer(), out.buffer_out(TOKEN), order)
        })?;
        Ok((out, kept))
    })
}

/// Each segment's first `min(k, len)` pairs by key in `order`, and the result's offsets.
#[allow(clippy::type_complexity)]
fn first_pairs<K: SortKey, V: DeviceCopy, B: SegmentedSortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    offsets: &impl Readable<usize, B>,
    k: usize,
    order: Order,
) -> Result<(
    DeviceVector<K, B>,
    DeviceVector<V, B>,
    DeviceVector<usize, B>,
)> {
    offsets.with_stored(|o| {
        check_offsets::<B>(o, keys.len())?;
        lengths_agree("top_k_by_key_segmented values", keys.len(), values.len())?;
        let (kept, total) = kept_offsets::<B>(o, k)?;
        let (ok, ov) = crate::sort::new_pairs(total, |ok, ov| {
            keys.with_stored(|keys| {
                values.with_stored(|values| {
                    B::partial_sort_by_key_segmented(o, keys, values, kept.buffer(), ok, ov, order)
                })
            })
        })?;
        Ok((ok, ov, kept))
    })
}

/// The result's offsets (segment `s` keeps `min(k, len_s)` items; valid `offsets`), on the
/// backend, and their last: the result's length.
fn kept_offsets<B: Backend>(
    offsets: &B::Slice<usize>,
    k: usize,
) -> Result<(DeviceVector<usize, B>, usize)> {
    let kept = B::with_host_slice(offsets, |o| {
        let mut kept = try_with_capacity(o.len())?;
        let mut end = 0_usize;
        kept.push(end);
        for w in o.windows(2) {
            end += (w[1] - w[0]).min(k);
            kept.push(end);
        }
        Ok::<_, crate::Error>(kept)
    })??;
    let total = kept.last().copied().unwrap_or(0);
    Ok((DeviceVector::from_vec(kept)?, total))
}
