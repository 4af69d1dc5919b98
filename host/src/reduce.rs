//! Reduce and transform_reduce: one partial per chunk, each folded over `LANES` independent
//! contiguous lanes (see [`crate::chunk::lanes`]), then the partials combined in index order.
//!
//! A sequential f32 sum is one dependency chain (~4 GB/s); eight independent chains per
//! core make the reduce memory-bound instead. Lanes and chunks are contiguous and combined
//! in index order, so non-commutative monoids (affine maps) are reduced correctly.

use crate::chunk::lanes::{fold1, fold_mapped};
use crate::chunk::split::{chunk_count, chunk_range, index_map, PAR_MIN_FOLD};
use core::ops::Range;
use parallaxis_core::{BinaryFunction, DeviceCopy, Identity, Monoid, UnaryFunction};

/// See [`parallaxis_core::reference::reduce`].
///
/// ```
/// use parallaxis_core::{Affine, AffineMap, Sum};
/// assert_eq!(parallaxis_host::reduce(Sum, &[1, 2, 3]), 6);
/// // Operand order is kept: x -> 2x + 1, then x -> 3x.
/// let maps = [AffineMap::new(2_i64, 1), AffineMap::new(3, 0)];
/// assert_eq!(parallaxis_host::reduce(Affine, &maps), AffineMap::new(6, 3));
/// ```
pub fn reduce<T: DeviceCopy, M: Monoid<T>>(m: M, x: &[T]) -> T {
    transform_reduce(Identity, m, x)
}

/// See [`parallaxis_core::reference::transform_reduce`].
///
/// ```
/// use parallaxis_core::{Square, Sum};
/// assert_eq!(parallaxis_host::transform_reduce(Square, Sum, &[3.0, 4.0]), 25.0);
/// ```
pub fn transform_reduce<
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
>(
    f: F,
    m: M,
    x: &[A],
) -> T {
    fold_chunks(m, x.len(), |r| fold1(f, m, &x[r]))
}

/// See [`parallaxis_core::reference::transform2_reduce`]: the same chunks and lanes as
/// [`transform_reduce`], reading both inputs in lockstep (no temporary).
///
/// ```
/// use parallaxis_core::{Sum, Times};
/// assert_eq!(parallaxis_host::transform2_reduce(Times, Sum, &[1.0, 2.0], &[3.0, 4.0]), 11.0);
/// ```
pub fn transform2_reduce<A, B, T, F, M>(f: F, m: M, a: &[A], b: &[B]) -> T
where
    A: DeviceCopy,
    B: DeviceCopy,
    T: DeviceCopy,
    F: BinaryFunction<A, B, Output = T>,
    M: Monoid<T>,
{
    let n = a.len().min(b.len());
    fold_chunks(m, n, |r| {
        fold_mapped(|(x, y)| f.apply(x, y), m, (&a[r.clone()], &b[r]))
    })
}

/// `identity ⊕ chunk(0) ⊕ ... ⊕ chunk(last)` over the chunks of `0..n` (in parallel past
/// `PAR_MIN_FOLD`), combined in index order; `chunk` folds one range (`None` when empty).
pub(crate) fn fold_chunks<T: DeviceCopy, M: Monoid<T>>(
    m: M,
    n: usize,
    chunk: impl Fn(Range<usize>) -> Option<T> + Sync + Send,
) -> T {
    let mut partials = Vec::new();
    index_map(
        n >= PAR_MIN_FOLD,
        chunk_count(n),
        |c| chunk(chunk_range(c, n)),
        &mut partials,
    );
    partials
        .into_iter()
        .flatten()
        .fold(m.identity(), |a, p| m.combine(a, p))
}
