//! Sorting (feature `alloc`): a stable comparison sort under [`SortKey::total_cmp_key`], the
//! specification every backend's radix sort is tested against. It shares no code with the
//! radix sorts: it compares keys, never their digits (a sort of a bit range compares the
//! order bits in that range, the range's definition).

extern crate alloc;

use crate::{try_collect, Order, RadixBits, RadixOrder, Result, SortKey};
use core::cmp::Ordering;

/// How `a` and `b` compare in `order`: the total order, or over a bit range the order bits
/// in that range (`keep`, `None` for the whole width).
fn ordered<K: SortKey>(a: &K, b: &K, order: Order, keep: Option<K::Bits>) -> Ordering {
    let ascending = match keep {
        None => a.total_cmp_key(b),
        Some(m) => a.order_bits().and(m).cmp(&b.order_bits().and(m)),
    };
    match order {
        Order::Ascending => ascending,
        Order::Descending => ascending.reverse(),
    }
}

/// The positions `0..n` sorted stably by `keys[i]` in `order`: an unstable sort (which
/// allocates nothing) with ties broken by position. The standard library's stable sort
/// allocates its buffer infallibly; the index here is allocated fallibly.
fn sorted_positions<K: SortKey>(keys: &[K], order: RadixOrder) -> Result<alloc::vec::Vec<usize>> {
    let keep = if order.is_whole::<K::Bits>()? {
        None
    } else {
        Some(order.keep::<K::Bits>()?)
    };
    let order = order.order();
    let mut index = try_collect(keys.len(), 0..keys.len())?;
    index.sort_unstable_by(|&a, &b| ordered(&keys[a], &keys[b], order, keep).then(a.cmp(&b)));
    Ok(index)
}

/// `out` = `keys` sorted stably in `order` (equal keys keep their input order); an
/// [`Order`] or an order over a bit range ([`Order::bits`]). Processes the common prefix on
/// mismatched lengths.
///
/// # Errors
/// [`Error::OutOfMemory`](crate::Error::OutOfMemory) when the index of `n` positions the
/// sort needs cannot be had; [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a
/// bit range beyond the key.
///
/// ```
/// use parallaxis_core::{reference, Order};
/// let mut out = [0.0; 5];
/// reference::sort(&[1.0, f32::NAN, 0.0, -0.0, -1.0], &mut out, Order::Ascending)?;
/// assert_eq!(out[..4], [-1.0, -0.0, 0.0, 1.0]);
/// assert!(out[3].is_sign_positive() && out[1].is_sign_negative() && out[4].is_nan());
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn sort<K: SortKey>(keys: &[K], out: &mut [K], order: impl Into<RadixOrder>) -> Result<()> {
    let n = keys.len().min(out.len());
    let index = sorted_positions(&keys[..n], order.into())?;
    for (o, &i) in out.iter_mut().zip(&index) {
        *o = keys[i];
    }
    Ok(())
}

/// `(out_keys, out_values)` = the pairs `(keys[i], values[i])` sorted stably by key in
/// `order`: values travel with their keys, and pairs with equal keys keep their input order.
/// Processes the common prefix of all four slices on mismatched lengths.
///
/// # Errors
/// As [`sort`].
///
/// ```
/// use parallaxis_core::{reference, Order};
/// let (mut k, mut v) = ([0_u8; 4], ['_'; 4]);
/// reference::sort_by_key(&[2, 1, 2, 1], &['a', 'b', 'c', 'd'], &mut k, &mut v, Order::Descending)?;
/// assert_eq!((k, v), ([2, 2, 1, 1], ['a', 'c', 'b', 'd']));
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn sort_by_key<K: SortKey, V: Copy>(
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let n = keys
        .len()
        .min(values.len())
        .min(out_keys.len())
        .min(out_values.len());
    let index = sorted_positions(&keys[..n], order.into())?;
    for (j, &i) in index.iter().enumerate() {
        out_keys[j] = keys[i];
        out_values[j] = values[i];
    }
    Ok(())
}

/// `out` = the first `out.len()` keys of `keys` sorted stably in `order` (C++'s
/// `partial_sort_copy`; in `Order::Descending` the `out.len()` largest keys, largest first:
/// a top-k with its output sorted, ties in input order). An `out` longer than `keys` gets
/// all of them in its first `keys.len()` slots.
///
/// # Errors
/// As [`sort`].
///
/// ```
/// use parallaxis_core::{reference, Order};
/// let mut top = [0_i32; 2];
/// reference::partial_sort(&[3, -1, 7, 2, 7], &mut top, Order::Descending)?;
/// assert_eq!(top, [7, 7]);
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn partial_sort<K: SortKey>(
    keys: &[K],
    out: &mut [K],
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let index = sorted_positions(keys, order.into())?;
    for (o, &i) in out.iter_mut().zip(&index) {
        *o = keys[i];
    }
    Ok(())
}

/// `(out_keys, out_values)` = the first pairs of `(keys[i], values[i])` sorted stably by key
/// in `order`, as many as the shorter output holds ([`partial_sort`] of pairs). The pairs
/// are the common prefix of `keys` and `values`.
///
/// # Errors
/// As [`sort`].
///
/// ```
/// use parallaxis_core::{reference, Order};
/// let (mut k, mut v) = ([0_u8; 2], ['_'; 2]);
/// reference::partial_sort_by_key(&[2, 1, 2, 1], &['a', 'b', 'c', 'd'], &mut k, &mut v,
///     Order::Ascending)?;
/// assert_eq!((k, v), ([1, 1], ['b', 'd']));
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn partial_sort_by_key<K: SortKey, V: Copy>(
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let n = keys.len().min(values.len());
    let index = sorted_positions(&keys[..n], order.into())?;
    let outs = out_keys.iter_mut().zip(out_values.iter_mut());
    for ((ok, ov), &i) in outs.zip(&index) {
        *ok = keys[i];
        *ov = values[i];
    }
    Ok(())
}
