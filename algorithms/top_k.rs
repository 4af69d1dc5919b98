//! Top-k and k-selection: the first `k` keys (or key-value pairs) of the stable radix sort
//! without sorting the rest. [`top_k`] keeps the `k` largest, largest first, [`bottom_k`]
//! the `k` smallest, smallest first, each with a `_by_key` form for pairs (CUB's
//! `DeviceTopK` `MaxKeys` / `MinKeys` / `MaxPairs` / `MinPairs`, with the output sorted);
//! [`partial_sort_into`] and [`partial_sort_by_key_into`] take the order (and a bit range,
//! as [`sort_bits`](crate::sort_bits)) and `k` as the output's length (C++'s
//! `partial_sort_copy`); [`select_nth`] gives the key at one position of the sort
//! (`nth_element`).
//!
//! The order is [`sort`](crate::sort)'s total order (floats: `-0.0` before `+0.0`, NaNs the
//! largest, so `top_k` of floats holding NaNs starts with them), and ties keep their input
//! order, so the result is exactly the sort's first `k` items, values included: the same on
//! every backend and for any thread count.
//!
//! On the host backends `Rayon` keeps each chunk's best `k` candidates and sorts the best
//! `k` of all chunks (a `k` of an eighth of the input or more sorts it whole); on CUDA it
//! is a radix sort of the whole input and a copy of its prefix (no selection kernel yet).
//! Keys, values: each a vector, view or lazy sequence (written out once first; see
//! [`Readable`]).

use crate::backend::{SortByKeyOps, SortOps, TOKEN};
use crate::check::{lengths_agree, same_len};
use crate::lazy::Readable;
use crate::sort::new_pairs;
use crate::view::Output;
use crate::{DeviceVector, Error, Result};
use parallaxis_core::{DeviceCopy, Order, RadixOrder, SortKey};

/// The `k` largest keys (all of them when there are fewer), largest first; equal keys in
/// input order. A new vector of `min(k, keys.len())` items.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<f32>::from_slice(&[0.5, 3.0, -1.0, 3.0, 2.0])?;
/// assert_eq!(parallaxis::top_k(&x, 3)?.to_vec()?, [3.0, 3.0, 2.0]);
/// assert_eq!(parallaxis::top_k(&x, 9)?.len(), 5); // fewer than k: all, sorted
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("DeviceTopK", "MaxKeys", "topk"))]
pub fn top_k<K: SortKey, B: SortOps<K>>(
    keys: &impl Readable<K, B>,
    k: usize,
) -> Result<DeviceVector<K, B>> {
    first_keys(keys, k, Order::Descending.into())
}

/// The `k` smallest keys (all of them when there are fewer), smallest first; equal keys in
/// input order. A new vector of `min(k, keys.len())` items.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<i64>::from_slice(&[7, -2, 9, -2, 0])?;
/// assert_eq!(parallaxis::bottom_k(&x, 2)?.to_vec()?, [-2, -2]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("MinKeys", "partial_sort"))]
pub fn bottom_k<K: SortKey, B: SortOps<K>>(
    keys: &impl Readable<K, B>,
    k: usize,
) -> Result<DeviceVector<K, B>> {
    first_keys(keys, k, Order::Ascending.into())
}

/// The pairs `(keys[i], values[i])` of the `k` largest keys (all of them when there are
/// fewer), largest first; pairs of equal keys in input order. Two new vectors of
/// `min(k, keys.len())` items.
///
/// # Errors
/// [`Error::LengthMismatch`] unless `values.len() == keys.len()`; out of memory or a device
/// fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let score = DeviceVector::<f32>::from_slice(&[0.1, 0.9, 0.4, 0.9])?;
/// let id = DeviceVector::<u32>::from_slice(&[10, 11, 12, 13])?;
/// let (s, i) = parallaxis::top_k_by_key(&score, &id, 3)?;
/// assert_eq!(s.to_vec()?, [0.9, 0.9, 0.4]);
/// assert_eq!(i.to_vec()?, [11, 13, 12]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[doc(alias("MaxPairs", "argtopk"))]
pub fn top_k_by_key<K: SortKey, V: DeviceCopy, B: SortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    k: usize,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    first_pairs(keys, values, k, Order::Descending)
}

/// The pairs of the `k` smallest keys (all of them when there are fewer), smallest first;
/// pairs of equal keys in input order.
///
/// # Errors
/// As [`top_k_by_key`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let dist = DeviceVector::<u32>::from_slice(&[5, 1, 3, 1])?;
/// let id = DeviceVector::<u64>::from_slice(&[0, 1, 2, 3])?;
/// let (d, i) = parallaxis::bottom_k_by_key(&dist, &id, 2)?;
/// assert_eq!((d.to_vec()?, i.to_vec()?), (vec![1, 1], vec![1, 3]));
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[doc(alias = "MinPairs")]
pub fn bottom_k_by_key<K: SortKey, V: DeviceCopy, B: SortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    k: usize,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    first_pairs(keys, values, k, Order::Ascending)
}

/// `out` = the first `out.len()` keys of the stable sort of `keys` in `order`: an [`Order`]
/// (`Order::Descending` gives the largest), or one over a range of the keys' bits
/// (`Order::Ascending.bits(0..12)`, as [`sort_bits`](crate::sort_bits)).
///
/// # Errors
/// [`Error::InvalidArgument`] when `out` is longer than `keys` or the bit range goes beyond
/// the key (`out` untouched); a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Order};
/// let x = DeviceVector::<u32>::from_slice(&[0x1_07, 0x2_01, 0x3_09, 0x4_01])?;
/// let mut low = DeviceVector::zeros(2)?;
/// // The two smallest low bytes; 0x2_01 and 0x4_01 tie and keep their order.
/// parallaxis::partial_sort_into(&x, &mut low, Order::Ascending.bits(0..8))?;
/// assert_eq!(low.to_vec()?, [0x2_01, 0x4_01]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("partial_sort_copy", "DeviceTopK"))]
pub fn partial_sort_into<K: SortKey, B: SortOps<K>>(
    keys: &impl Readable<K, B>,
    out: &mut impl Output<K, B>,
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let order = order.into();
    order.bit_range::<K::Bits>()?;
    no_longer_than_keys(out.len(), keys.len())?;
    keys.with_stored(|keys| B::partial_sort(keys, out.buffer_out(TOKEN), order))
}

/// `(out_keys, out_values)` = the first `out_keys.len()` pairs of the stable sort by key in
/// `order` (as [`partial_sort_into`]).
///
/// # Errors
/// [`Error::LengthMismatch`] unless `values.len() == keys.len()` and
/// `out_values.len() == out_keys.len()`; [`Error::InvalidArgument`] when the outputs are
/// longer than `keys` or the bit range goes beyond the key (the outputs untouched); a device
/// fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Order};
/// let k = DeviceVector::<i32>::from_slice(&[4, -4, 8, 0])?;
/// let v = DeviceVector::<f64>::from_slice(&[0.0, 1.0, 2.0, 3.0])?;
/// let (mut ok, mut ov) = (DeviceVector::zeros(1)?, DeviceVector::zeros(1)?);
/// parallaxis::partial_sort_by_key_into(&k, &v, &mut ok, &mut ov, Order::Descending)?;
/// assert_eq!((ok.to_vec()?, ov.to_vec()?), (vec![8], vec![2.0]));
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn partial_sort_by_key_into<K: SortKey, V: DeviceCopy, B: SortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    out_keys: &mut impl Output<K, B>,
    out_values: &mut impl Output<V, B>,
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let order = order.into();
    order.bit_range::<K::Bits>()?;
    lengths_agree("partial sort values", keys.len(), values.len())?;
    same_len("partial sort output values", out_keys.len(), out_values)?;
    no_longer_than_keys(out_keys.len(), keys.len())?;
    keys.with_stored(|keys| {
        values.with_stored(|values| {
            B::partial_sort_by_key(
                keys,
                values,
                out_keys.buffer_out(TOKEN),
                out_values.buffer_out(TOKEN),
                order,
            )
        })
    })
}

/// The key at position `n` of the stable sort of `keys` in `order` (k-selection; C++'s
/// `nth_element` without reordering the input): `n = 0` in `Order::Ascending` is the
/// minimum, `n = len / 2` the upper median.
///
/// # Errors
/// [`Error::IndexOutOfRange`] (`what: "select_nth position"`) unless `n < keys.len()`; out of
/// memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Order};
/// let x = DeviceVector::<f64>::from_slice(&[9.0, 1.0, 5.0, 3.0, 7.0])?;
/// assert_eq!(parallaxis::select_nth(&x, 2, Order::Ascending)?, 5.0); // the median
/// assert_eq!(parallaxis::select_nth(&x, 0, Order::Descending)?, 9.0);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("nth_element", "kth_element", "select_nth_unstable"))]
pub fn select_nth<K: SortKey, B: SortOps<K>>(
    keys: &impl Readable<K, B>,
    n: usize,
    order: Order,
) -> Result<K> {
    let out_of_range = |len| Error::IndexOutOfRange {
        what: "select_nth position",
        at: 0,
        index: n,
        len,
    };
    if n >= keys.len() {
        return Err(out_of_range(keys.len()));
    }
    let first = first_keys(keys, n + 1, order.into())?;
    let nth = first.slice(n..n + 1)?.to_vec()?;
    nth.first().copied().ok_or(out_of_range(first.len()))
}

/// The first `min(k, keys.len())` keys of the sort in `order`, in a new vector.
fn first_keys<K: SortKey, B: SortOps<K>>(
    keys: &impl Readable<K, B>,
    k: usize,
    order: RadixOrder,
) -> Result<DeviceVector<K, B>> {
    // SAFETY: the partial sort writes every element; on an error `out` is dropped unread.
    let mut out = unsafe { DeviceVector::<K, B>::for_overwrite(k.min(keys.len())) }?;
    keys.with_stored(|keys| B::partial_sort(keys, out.buffer_out(TOKEN), order))?;
    Ok(out)
}

/// The first `min(k, keys.len())` pairs of the sort by key in `order`, in two new vectors.
#[allow(clippy::type_complexity)]
fn first_pairs<K: SortKey, V: DeviceCopy, B: SortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    k: usize,
    order: Order,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    lengths_agree("top_k_by_key values", keys.len(), values.len())?;
    new_pairs(k.min(keys.len()), |ok, ov| {
        keys.with_stored(|keys| {
            values.with_stored(|values| B::partial_sort_by_key(keys, values, ok, ov, order.into()))
        })
    })
}

/// `Err(InvalidArgument)` when a partial sort's output is longer than its input.
fn no_longer_than_keys(out: usize, keys: usize) -> Result<()> {
    if out > keys {
        return Err(Error::InvalidArgument {
            what: "partial sort output",
            reason: "longer than the keys",
        });
    }
    Ok(())
}
