//! Comparison sorting by a [`Compare`] order (feature `alloc`), the specification of every
//! backend's `sort_by` and `sort_by_key_with`: positions sorted by [`stable_sort_by`], whose
//! two allocations (the positions and the merge buffer) are fallible, and which leaves a
//! permutation without a panic when the comparator is no strict weak order.

extern crate alloc;
use crate::{stable_sort_by, try_with_capacity, Compare, Result};
use alloc::vec::Vec;

/// `0..n` ordered stably by `cmp` on `key(i)`.
///
/// # Errors
/// [`Error::OutOfMemory`](crate::Error::OutOfMemory) for the positions or the buffer.
fn stable_order<T: Copy, C: Compare<T>>(
    cmp: C,
    n: usize,
    key: impl Fn(usize) -> T,
) -> Result<Vec<usize>> {
    let mut index = try_with_capacity::<usize>(n)?;
    index.extend(0..n);
    let mut scratch = try_with_capacity::<usize>(n)?;
    scratch.extend(0..n);
    stable_sort_by(&mut index, &mut scratch, |a, b| cmp.less(key(a), key(b)));
    Ok(index)
}

/// `out` = `x` sorted stably by `cmp` (equal elements keep their input order). Processes the
/// common prefix on mismatched lengths.
///
/// # Errors
/// [`Error::OutOfMemory`](crate::Error::OutOfMemory) for the `n` positions and their buffer.
///
/// ```
/// use parallaxis_core::{reference, Greater};
/// let mut out = [0_i32; 4];
/// reference::sort_by(Greater, &[2, -1, 7, 2], &mut out)?;
/// assert_eq!(out, [7, 2, 2, -1]);
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn sort_by<T: Copy, C: Compare<T>>(cmp: C, x: &[T], out: &mut [T]) -> Result<()> {
    let n = x.len().min(out.len());
    let index = stable_order(cmp, n, |i| x[i])?;
    for (o, &i) in out.iter_mut().zip(&index) {
        *o = x[i];
    }
    Ok(())
}

/// `(out_keys, out_values)` = the pairs `(keys[i], values[i])` sorted stably by key under
/// `cmp`. Processes the common prefix of all four slices on mismatched lengths.
///
/// # Errors
/// [`Error::OutOfMemory`](crate::Error::OutOfMemory) for the `n` positions and their buffer.
///
/// ```
/// use parallaxis_core::{reference, Less};
/// let (mut k, mut v) = ([0_u32; 3], ['_'; 3]);
/// reference::sort_by_key_with(Less, &[2, 1, 2], &['a', 'b', 'c'], &mut k, &mut v)?;
/// assert_eq!((k, v), ([1, 2, 2], ['b', 'a', 'c']));
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn sort_by_key_with<K: Copy, V: Copy, C: Compare<K>>(
    cmp: C,
    keys: &[K],
    values: &[V],
    out_keys: &mut [K],
    out_values: &mut [V],
) -> Result<()> {
    let n = keys
        .len()
        .min(values.len())
        .min(out_keys.len())
        .min(out_values.len());
    let index = stable_order(cmp, n, |i| keys[i])?;
    for (j, &i) in index.iter().enumerate() {
        out_keys[j] = keys[i];
        out_values[j] = values[i];
    }
    Ok(())
}
