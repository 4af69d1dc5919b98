//! Gather, scatter (with and without a stencil) and reverse: data movement through an index
//! map. The front doors check every index against the length it indexes first
//! ([`first_out_of_range`]); given an index out of range anyway these skip it, never panic.

use crate::{DeviceCopy, SparseIndex};

/// The first position `i` (with `stencil[i]`, when given) whose `map[i] >= len`, and that
/// index: `Some((i, map[i]))`, or `None` when every index is in range.
///
/// ```
/// use parallaxis_core::reference::first_out_of_range;
/// assert_eq!(first_out_of_range(&[0_u32, 5, 2, 7], None, 4), Some((1, 5)));
/// assert_eq!(first_out_of_range(&[0_u32, 5, 2, 7], Some(&[true, false, true, true]), 4), Some((3, 7)));
/// ```
pub fn first_out_of_range<I: SparseIndex>(
    map: &[I],
    stencil: Option<&[bool]>,
    len: usize,
) -> Option<(usize, usize)> {
    map.iter().enumerate().find_map(|(i, &m)| {
        let on = stencil.is_none_or(|s| s.get(i).copied().unwrap_or(false));
        let m = m.to_usize();
        (on && m >= len).then_some((i, m))
    })
}

/// `y[i] = src[map[i]]` for every `i` (Thrust's `gather`).
///
/// ```
/// let mut y = [0; 3];
/// parallaxis_core::reference::gather(&[2_u32, 0, 2], &[10, 20, 30], &mut y);
/// assert_eq!(y, [30, 10, 30]);
/// ```
pub fn gather<I: SparseIndex, T: DeviceCopy>(map: &[I], src: &[T], y: &mut [T]) {
    for (yi, &m) in y.iter_mut().zip(map) {
        if let Some(&v) = src.get(m.to_usize()) {
            *yi = v;
        }
    }
}

/// `y[i] = src[map[i]]` where `stencil[i]`; other elements of `y` keep their values.
///
/// ```
/// let mut y = [0; 3];
/// parallaxis_core::reference::gather_if(&[2_u32, 0, 9], &[true, false, false], &[10, 20, 30], &mut y);
/// assert_eq!(y, [30, 0, 0]);
/// ```
pub fn gather_if<I: SparseIndex, T: DeviceCopy>(
    map: &[I],
    stencil: &[bool],
    src: &[T],
    y: &mut [T],
) {
    for ((yi, &m), &s) in y.iter_mut().zip(map).zip(stencil) {
        if let (true, Some(&v)) = (s, src.get(m.to_usize())) {
            *yi = v;
        }
    }
}

/// `dst[map[i]] = src[i]` for every `i`, in order of `i`: with duplicate indices the last
/// write wins here (the parallel backends leave it unspecified).
///
/// ```
/// let mut d = [0; 3];
/// parallaxis_core::reference::scatter(&[10, 20, 30], &[2_u32, 0, 1], &mut d);
/// assert_eq!(d, [20, 30, 10]);
/// ```
pub fn scatter<I: SparseIndex, T: DeviceCopy>(src: &[T], map: &[I], dst: &mut [T]) {
    for (&v, &m) in src.iter().zip(map) {
        if let Some(d) = dst.get_mut(m.to_usize()) {
            *d = v;
        }
    }
}

/// `dst[map[i]] = src[i]` where `stencil[i]`, in order of `i` (see [`scatter`]).
///
/// ```
/// let mut d = [0; 3];
/// parallaxis_core::reference::scatter_if(&[10, 20, 30], &[2_u32, 0, 1], &[true, false, true], &mut d);
/// assert_eq!(d, [0, 30, 10]);
/// ```
pub fn scatter_if<I: SparseIndex, T: DeviceCopy>(
    src: &[T],
    map: &[I],
    stencil: &[bool],
    dst: &mut [T],
) {
    for ((&v, &m), &s) in src.iter().zip(map).zip(stencil) {
        if let (true, Some(d)) = (s, dst.get_mut(m.to_usize())) {
            *d = v;
        }
    }
}

/// `y[i] = x[n - 1 - i]` (`n = x.len()`, equal lengths).
///
/// ```
/// let mut y = [0; 3];
/// parallaxis_core::reference::reverse(&[1, 2, 3], &mut y);
/// assert_eq!(y, [3, 2, 1]);
/// ```
pub fn reverse<T: DeviceCopy>(x: &[T], y: &mut [T]) {
    for (yi, &v) in y.iter_mut().zip(x.iter().rev()) {
        *yi = v;
    }
}
