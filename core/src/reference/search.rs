//! Vectorized binary search of many queries in one sorted vector, in the order of
//! [`SearchKey`] (floats: `-0.0` before `+0.0`, NaNs last and equal).
//!
//! The caller promises `sorted` is sorted in that order. On an unsorted input every answer
//! is still a position in `0..=sorted.len()` (for `binary_search`, a `bool`), which position
//! being unspecified; nothing panics and nothing is read out of bounds.

use crate::SearchKey;

/// The first `i` with `!(sorted[i] < q)` (`sorted.len()` when there is none): a binary search
/// over the whole range, `ceil(log2 n)` probes whatever the data.
#[inline]
pub fn lower_bound_one<T: SearchKey>(sorted: &[T], q: T) -> usize {
    bound(sorted, q.search_key(), |k, q| k < q)
}

/// The first `i` with `q < sorted[i]` (`sorted.len()` when there is none).
#[inline]
pub fn upper_bound_one<T: SearchKey>(sorted: &[T], q: T) -> usize {
    bound(sorted, q.search_key(), |k, q| k <= q)
}

/// The first `i` where `before(key(sorted[i]), q)` fails, for a `before` that holds on a
/// prefix: the window `[lo, lo + len)` always holds the answer's candidates, the answer lies
/// in `[lo, lo + len]`, and each probe halves `len` whatever the data (the GPU kernel's loop).
#[inline]
fn bound<T: SearchKey>(sorted: &[T], q: T::Key, before: impl Fn(T::Key, T::Key) -> bool) -> usize {
    let (mut lo, mut len) = (0, sorted.len());
    if len == 0 {
        return 0;
    }
    while len > 1 {
        let half = len / 2;
        if before(sorted[lo + half - 1].search_key(), q) {
            lo += half;
        }
        len -= half;
    }
    lo + usize::from(before(sorted[lo].search_key(), q))
}

/// `out[j] = lower_bound_one(sorted, queries[j])` over the common length.
pub fn lower_bound<T: SearchKey>(sorted: &[T], queries: &[T], out: &mut [usize]) {
    for (o, &q) in out.iter_mut().zip(queries) {
        *o = lower_bound_one(sorted, q);
    }
}

/// `out[j] = upper_bound_one(sorted, queries[j])` over the common length.
pub fn upper_bound<T: SearchKey>(sorted: &[T], queries: &[T], out: &mut [usize]) {
    for (o, &q) in out.iter_mut().zip(queries) {
        *o = upper_bound_one(sorted, q);
    }
}

/// `out[j]`: whether `queries[j]` occurs in `sorted` (equal in the search order; any NaN
/// finds any NaN), over the common length.
pub fn binary_search<T: SearchKey>(sorted: &[T], queries: &[T], out: &mut [bool]) {
    for (o, &q) in out.iter_mut().zip(queries) {
        let i = lower_bound_one(sorted, q);
        *o = sorted
            .get(i)
            .is_some_and(|s| s.search_key() == q.search_key());
    }
}
