//! The set operations on sorted multisets, by one serial walk (`crate::set_op` has the
//! rules): the oracle of every backend's parallel walk.

#[cfg(feature = "alloc")]
extern crate alloc;

use crate::{set_step, Compare, SetOp, SetStep};

/// Walks sorted `a` and `b` under `cmp`, calling `put(o, from_b, k)` for each emitted item
/// (`b[k]` when `from_b`, else `a[k]`) at output position `o < limit`; returns the number
/// emitted (at most `limit`).
fn walk<T: Copy, C: Compare<T>>(
    op: SetOp,
    cmp: C,
    a: &[T],
    b: &[T],
    limit: usize,
    mut put: impl FnMut(usize, bool, usize),
) -> usize {
    let (mut i, mut j, mut o) = (0, 0, 0);
    while (i < a.len() || j < b.len()) && o < limit {
        let (emit, from_b, k) = match set_step(&cmp, a.get(i).copied(), b.get(j).copied()) {
            SetStep::A => {
                i += 1;
                (op.keeps_a(), false, i - 1)
            }
            SetStep::B => {
                j += 1;
                (op.keeps_b(), true, j - 1)
            }
            SetStep::Pair => {
                i += 1;
                j += 1;
                (op.keeps_pair(), false, i - 1)
            }
        };
        if emit {
            put(o, from_b, k);
            o += 1;
        }
    }
    o
}

/// The set operation `op` of `a` and `b`, both sorted by `cmp`, written to the front of
/// `out`; returns the number of items written (the output stops early where `out` is
/// shorter than [`SetOp::bound`]).
///
/// ```
/// use parallaxis_core::{reference, Less, SetOp};
/// let mut out = [0_u32; 7];
/// let k = reference::set_op_by(SetOp::Union, Less, &[1, 2, 2, 5], &[2, 3], &mut out);
/// assert_eq!(out[..k], [1, 2, 2, 3, 5]);
/// let k = reference::set_op_by(SetOp::SymmetricDifference, Less, &[1, 2, 2, 5], &[2, 3], &mut out);
/// assert_eq!(out[..k], [1, 2, 3, 5]);
/// ```
pub fn set_op_by<T: Copy, C: Compare<T>>(
    op: SetOp,
    cmp: C,
    a: &[T],
    b: &[T],
    out: &mut [T],
) -> usize {
    let limit = out.len();
    walk(op, cmp, a, b, limit, |o, from_b, k| {
        out[o] = if from_b { b[k] } else { a[k] };
    })
}

/// [`set_op_by`] of key-value pairs by key: each emitted key with its own value (a pair
/// emits `a`'s). Each list is cut to the common length of its keys and values, the output
/// to that of `out_keys` and `out_values`.
///
/// ```
/// use parallaxis_core::{reference, Less, SetOp};
/// let (mut k, mut v) = ([0_u32; 4], ['_'; 4]);
/// let n = reference::set_op_by_key_with(
///     SetOp::Intersection, Less, &[1, 2, 4], &['a', 'b', 'c'], &[2, 4, 6], &['x', 'y', 'z'],
///     &mut k, &mut v,
/// );
/// assert_eq!((&k[..n], &v[..n]), (&[2, 4][..], &['b', 'c'][..]));
/// ```
#[allow(clippy::too_many_arguments)]
pub fn set_op_by_key_with<K: Copy, V: Copy, C: Compare<K>>(
    op: SetOp,
    cmp: C,
    a_keys: &[K],
    a_values: &[V],
    b_keys: &[K],
    b_values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
) -> usize {
    let na = a_keys.len().min(a_values.len());
    let nb = b_keys.len().min(b_values.len());
    let limit = out_keys.len().min(out_values.len());
    walk(
        op,
        cmp,
        &a_keys[..na],
        &b_keys[..nb],
        limit,
        |o, from_b, k| {
            let (key, value) = if from_b {
                (b_keys[k], b_values[k])
            } else {
                (a_keys[k], a_values[k])
            };
            out_keys[o] = key;
            out_values[o] = value;
        },
    )
}

/// The number of items [`set_op_by`] emits for `a` and `b` (with room for all).
///
/// ```
/// use parallaxis_core::{reference, Less, SetOp};
/// assert_eq!(reference::set_op_count(SetOp::Difference, Less, &[1, 1, 2, 7], &[1, 7]), 2);
/// ```
pub fn set_op_count<T: Copy, C: Compare<T>>(op: SetOp, cmp: C, a: &[T], b: &[T]) -> usize {
    walk(op, cmp, a, b, usize::MAX, |_, _, _| {})
}

/// [`set_op_by`] into a new vector of exactly the items emitted.
///
/// # Errors
/// [`Error::OutOfMemory`](crate::Error::OutOfMemory) for the output.
#[cfg(feature = "alloc")]
pub fn set_op_vec<T: Copy, C: Compare<T>>(
    op: SetOp,
    cmp: C,
    a: &[T],
    b: &[T],
) -> crate::Result<alloc::vec::Vec<T>> {
    let mut out = crate::try_with_capacity(set_op_count(op, cmp, a, b))?;
    walk(op, cmp, a, b, out.capacity(), |_, from_b, k| {
        out.push(if from_b { b[k] } else { a[k] });
    });
    Ok(out)
}

/// [`set_op_by_key_with`] into new vectors of exactly the pairs emitted.
///
/// # Errors
/// [`Error::OutOfMemory`](crate::Error::OutOfMemory) for the outputs.
#[cfg(feature = "alloc")]
#[allow(clippy::type_complexity)]
pub fn set_op_by_key_vec<K: Copy, V: Copy, C: Compare<K>>(
    op: SetOp,
    cmp: C,
    a_keys: &[K],
    a_values: &[V],
    b_keys: &[K],
    b_values: &[V],
) -> crate::Result<(alloc::vec::Vec<K>, alloc::vec::Vec<V>)> {
    let na = a_keys.len().min(a_values.len());
    let nb = b_keys.len().min(b_values.len());
    let (ak, bk) = (&a_keys[..na], &b_keys[..nb]);
    let n = set_op_count(op, cmp, ak, bk);
    let mut keys = crate::try_with_capacity(n)?;
    let mut values = crate::try_with_capacity(n)?;
    walk(op, cmp, ak, bk, n, |_, from_b, k| {
        if from_b {
            keys.push(b_keys[k]);
            values.push(b_values[k]);
        } else {
            keys.push(a_keys[k]);
            values.push(a_values[k]);
        }
    });
    Ok((keys, values))
}
