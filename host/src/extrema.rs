//! Extrema with positions (`min_element`, `max_element`, `minmax_element` and any
//! [`ArgReduce`] monoid) and reduce from an initial value: the fixed chunks of
//! [`crate::reduce`], each folded by one loop that lifts every element with its index (no
//! temporary vector of pairs), the chunk picks combined in index order.

use crate::reduce::fold_chunks;
use parallaxis_core::{ArgReduce, DeviceCopy, Monoid};

/// `identity ⊕ lift(x[0], 0) ⊕ ... ⊕ lift(x[n-1], n-1)`: the pick of an [`ArgReduce`]
/// monoid (`ArgMin`: the first smallest element and its index). Empty input gives the
/// identity (index `u64::MAX`).
///
/// ```
/// use parallaxis_core::{ArgMin, Indexed};
/// assert_eq!(parallaxis_host::arg_reduce(ArgMin, &[3, 1, 2, 1]), Indexed::new(1, 1));
/// ```
pub fn arg_reduce<T: DeviceCopy, M: ArgReduce<T>>(m: M, x: &[T]) -> M::Pick {
    fold_chunks(m, x.len(), |r| {
        let start = r.start;
        x[r].iter().enumerate().fold(None, |acc, (j, &v)| {
            let p = m.lift(v, (start + j) as u64);
            Some(acc.map_or(p, |a| m.combine(a, p)))
        })
    })
}

/// See [`parallaxis_core::reference::reduce_with_init`]: `init ⊕ reduce(x)` (the chunked
/// reduce, then one combine; `init` itself for an empty `x`).
///
/// ```
/// use parallaxis_core::Sum;
/// assert_eq!(parallaxis_host::reduce_with_init(Sum, 10, &[1, 2, 3]), 16);
/// ```
pub fn reduce_with_init<T: DeviceCopy, M: Monoid<T>>(m: M, init: T, x: &[T]) -> T {
    if x.is_empty() {
        return init;
    }
    m.combine(init, crate::reduce(m, x))
}
