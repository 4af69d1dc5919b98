//! Merging two sorted lists under a [`Compare`] order: stable, so of equal elements those of
//! `a` come first, each list's in its own order. The specification every backend's merge is
//! tested against (the GPU's merge-path kernels and the host's parallel merge cut the same
//! merge into pieces with [`crate::merge_path`]).
//!
//! The caller promises both lists are sorted by `cmp`; on unsorted lists the result is still
//! an interleaving of `a` and `b` (each in its input order), which one being unspecified.

use crate::Compare;

/// `out` = the stable merge of `a` and `b` by `cmp`: take `b`'s next only when it is
/// strictly less than `a`'s. Fills `min(out.len(), a.len() + b.len())` items.
///
/// ```
/// use parallaxis_core::{reference, Less};
/// let mut out = [0; 6];
/// reference::merge_by(Less, &[1, 3, 5], &[2, 3, 4], &mut out);
/// assert_eq!(out, [1, 2, 3, 3, 4, 5]);
/// ```
pub fn merge_by<T: Copy, C: Compare<T>>(cmp: C, a: &[T], b: &[T], out: &mut [T]) {
    merge_indices(cmp, a, b, out.len(), |o, from_b, k| {
        out[o] = if from_b { b[k] } else { a[k] };
    });
}

/// The stable merge of the pairs `(a_keys[i], a_values[i])` and `(b_keys[j], b_values[j])`
/// by key under `cmp`, values travelling with their keys. Each list is cut to the common
/// length of its keys and values, the output to that of `out_keys` and `out_values`.
///
/// ```
/// use parallaxis_core::{reference, Less};
/// let (mut k, mut v) = ([0_u32; 4], ['_'; 4]);
/// reference::merge_by_key_with(Less, &[1, 2], &['a', 'b'], &[1, 3], &['c', 'd'], &mut k, &mut v);
/// assert_eq!((k, v), ([1, 1, 2, 3], ['a', 'c', 'b', 'd']));
/// ```
pub fn merge_by_key_with<K: Copy, V: Copy, C: Compare<K>>(
    cmp: C,
    a_keys: &[K],
    a_values: &[V],
    b_keys: &[K],
    b_values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
) {
    let na = a_keys.len().min(a_values.len());
    let nb = b_keys.len().min(b_values.len());
    let (ak, bk) = (&a_keys[..na], &b_keys[..nb]);
    let n = out_keys.len().min(out_values.len());
    merge_indices(cmp, ak, bk, n, |o, from_b, k| {
        let (key, value) = if from_b {
            (b_keys[k], b_values[k])
        } else {
            (a_keys[k], a_values[k])
        };
        out_keys[o] = key;
        out_values[o] = value;
    });
}

/// Walks the stable merge of `a` and `b`, calling `put(o, from_b, k)` for output position
/// `o < limit`: its item is `b[k]` when `from_b`, else `a[k]`.
fn merge_indices<T: Copy, C: Compare<T>>(
    cmp: C,
    a: &[T],
    b: &[T],
    limit: usize,
    mut put: impl FnMut(usize, bool, usize),
) {
    let (mut i, mut j) = (0, 0);
    for o in 0..limit.min(a.len() + b.len()) {
        let from_b = i == a.len() || (j < b.len() && cmp.less(b[j], a[i]));
        if from_b {
            put(o, true, j);
            j += 1;
        } else {
            put(o, false, i);
            i += 1;
        }
    }
}
