//! Comparison sorting by a [`Compare`] order (feature `alloc`): the standard library's stable
//! merge sort, the specification of every backend's `sort_by` and `sort_by_key_with`.

extern crate alloc;
use crate::Compare;
use alloc::vec::Vec;

/// `out` = `x` sorted stably by `cmp` (equal elements keep their input order). Processes the
/// common prefix on mismatched lengths.
///
/// ```
/// use parallax_core::{reference, Greater};
/// let mut out = [0_i32; 4];
/// reference::sort_by(Greater, &[2, -1, 7, 2], &mut out);
/// assert_eq!(out, [7, 2, 2, -1]);
/// ```
pub fn sort_by<T: Copy, C: Compare<T>>(cmp: C, x: &[T], out: &mut [T]) {
    let n = x.len().min(out.len());
    out[..n].copy_from_slice(&x[..n]);
    out[..n].sort_by(|&a, &b| cmp.ordering(a, b));
}

/// `(out_keys, out_values)` = the pairs `(keys[i], values[i])` sorted stably by key under
/// `cmp`. Processes the common prefix of all four slices on mismatched lengths.
///
/// ```
/// use parallax_core::{reference, Less};
/// let (mut k, mut v) = ([0_u32; 3], ['_'; 3]);
/// reference::sort_by_key_with(Less, &[2, 1, 2], &['a', 'b', 'c'], &mut k, &mut v);
/// assert_eq!((k, v), ([1, 2, 2], ['b', 'a', 'c']));
/// ```
pub fn sort_by_key_with<K: Copy, V: Copy, C: Compare<K>>(
    cmp: C,
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
) {
    let n = keys
        .len()
        .min(values.len())
        .min(out_keys.len())
        .min(out_values.len());
    let mut index: Vec<usize> = (0..n).collect();
    index.sort_by(|&a, &b| cmp.ordering(keys[a], keys[b]));
    for (j, &i) in index.iter().enumerate() {
        out_keys[j] = keys[i];
        out_values[j] = values[i];
    }
}
