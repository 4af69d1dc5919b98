//! Vectorized `lower_bound`, `upper_bound` and `binary_search`: one branch-free binary search
//! per query (`parallaxis_core::reference::lower_bound_one`), queries split into the fixed
//! chunks of [`crate::chunk::split`] and searched in parallel past `PAR_MIN` queries (a
//! search costs about as much per query as a scan step per element, or more).

use crate::chunk::split::{for_chunks_mut, CHUNK, PAR_MIN};
use parallaxis_core::reference::{lower_bound_one, upper_bound_one};
use parallaxis_core::SearchKey;

/// `out[j] = f(queries[j])` over the common length, by chunks.
fn per_query<T: SearchKey, O: Send>(
    queries: &[T],
    out: &mut [O],
    f: impl Fn(T) -> O + Sync + Send,
) {
    let n = queries.len().min(out.len());
    for_chunks_mut(n >= PAR_MIN, &mut out[..n], |c, oc| {
        let q = &queries[c * CHUNK..];
        for (o, &v) in oc.iter_mut().zip(q) {
            *o = f(v);
        }
    });
}

/// See [`parallaxis_core::reference::lower_bound`].
///
/// ```
/// let mut out = [0; 3];
/// parallaxis_host::lower_bound(&[1, 3, 3, 5], &[0, 3, 9], &mut out);
/// assert_eq!(out, [0, 1, 4]);
/// ```
pub fn lower_bound<T: SearchKey>(sorted: &[T], queries: &[T], out: &mut [usize]) {
    per_query(queries, out, |q| lower_bound_one(sorted, q));
}

/// See [`parallaxis_core::reference::upper_bound`].
///
/// ```
/// let mut out = [0; 3];
/// parallaxis_host::upper_bound(&[1, 3, 3, 5], &[0, 3, 9], &mut out);
/// assert_eq!(out, [0, 3, 4]);
/// ```
pub fn upper_bound<T: SearchKey>(sorted: &[T], queries: &[T], out: &mut [usize]) {
    per_query(queries, out, |q| upper_bound_one(sorted, q));
}

/// See [`parallaxis_core::reference::binary_search`].
///
/// ```
/// let mut out = [false; 3];
/// parallaxis_host::binary_search(&[1, 3, 3, 5], &[0, 3, 9], &mut out);
/// assert_eq!(out, [false, true, false]);
/// ```
pub fn binary_search<T: SearchKey>(sorted: &[T], queries: &[T], out: &mut [bool]) {
    per_query(queries, out, |q| {
        let i = lower_bound_one(sorted, q);
        sorted
            .get(i)
            .is_some_and(|s| s.search_key() == q.search_key())
    });
}
