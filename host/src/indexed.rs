//! Algorithms over a sequence given by its value at each index ([`At`]) instead of a slice:
//! what `parallaxis`'s lazy sequences (counting, constant, map, zip, permute, reverse) lower to
//! on the host. Each element is computed where the algorithm reads it, so a composed sequence
//! is one pass with no temporary.
//!
//! The same chunks, lanes and super-blocks as the slice algorithms (`chunk/`), so the
//! results are as reproducible: a function of the length and the values alone.

use crate::chunk::adaptive::for_pieces_timed;
use crate::chunk::lanes::{fold_mapped, Source};
use crate::chunk::scan::{chunked_scan, Windowed};
use crate::reduce::fold_chunks;
use crate::scan::Plain;
use parallaxis_core::{DeviceCopy, Identity, Monoid};

/// A sequence by index: element `i` is `at(i)`.
///
/// ```
/// use parallaxis_host::indexed::{self, At};
/// struct Odd;
/// // SAFETY: `at` reads nothing, so every index is fine.
/// unsafe impl At for Odd {
///     type Item = u64;
///     unsafe fn at(&self, i: usize) -> u64 { 2 * i as u64 + 1 }
/// }
/// assert_eq!(indexed::reduce(parallaxis_core::Sum, 4, &Odd), 16);
/// ```
///
/// # Safety
/// `at(i)` must be sound to call for every `i` below the length the sequence is passed with
/// (the algorithms here call it for `i < n` only), and `Sync` must hold for real: the
/// algorithms call `at` from several threads at once.
pub unsafe trait At: Sync {
    /// The element type.
    type Item: DeviceCopy;
    /// Element `i`.
    ///
    /// # Safety
    /// `i` is below the length the sequence was passed with.
    unsafe fn at(&self, i: usize) -> Self::Item;
}

/// Elements `start..start + len` of an [`At`] sequence of length at least `start + len`: what
/// the chunk walks read.
#[derive(Clone, Copy)]
pub(crate) struct Window<'s, S> {
    s: &'s S,
    start: usize,
    len: usize,
}

impl<S: At> Source for Window<'_, S> {
    type Item = S::Item;
    fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> S::Item {
        // SAFETY: `i < self.len` (the caller), so `start + i` is below the sequence's length
        // (the window's construction).
        unsafe { self.s.at(self.start + i) }
    }
}

/// An [`At`] sequence with its length: the input of the scan skeleton.
pub(crate) struct WithLen<'s, S> {
    s: &'s S,
    n: usize,
}

impl<S: At> Windowed for WithLen<'_, S> {
    type Item = S::Item;
    type Window<'w>
        = Window<'w, S>
    where
        Self: 'w;
    fn len(&self) -> usize {
        self.n
    }
    fn window(&self, start: usize, end: usize) -> Option<Window<'_, S>> {
        (start <= end && end <= self.n).then_some(Window {
            s: self.s,
            start,
            len: end - start,
        })
    }
}

/// `identity ⊕ at(0) ⊕ ... ⊕ at(n - 1)`, in index order (the monoid need not commute); as
/// `crate::reduce`, floats re-associated over the fixed chunks and lanes.
///
/// ```
/// use parallaxis_host::indexed::{self, At};
/// struct Squares;
/// // SAFETY: reads nothing.
/// unsafe impl At for Squares {
///     type Item = u32;
///     unsafe fn at(&self, i: usize) -> u32 { (i * i) as u32 }
/// }
/// assert_eq!(indexed::reduce(parallaxis_core::Sum, 4, &Squares), 14);
/// ```
pub fn reduce<S: At, M: Monoid<S::Item>>(m: M, n: usize, s: &S) -> S::Item {
    fold_chunks(m, n, |r| {
        fold_mapped(
            |v| v,
            m,
            Window {
                s,
                start: r.start,
                len: r.len(),
            },
        )
    })
}

/// `y[i] = at(0) ⊕ ... ⊕ at(i)` for `i < y.len()`.
pub fn inclusive_scan<S: At, M: Monoid<S::Item>>(m: M, s: &S, y: &mut [S::Item]) {
    let x = WithLen { s, n: y.len() };
    let plain = Plain::new(x, Identity, m, None);
    chunked_scan(&plain, y, None);
}

/// `y[0] = init`, `y[i] = init ⊕ at(0) ⊕ ... ⊕ at(i - 1)` for `i < y.len()`.
pub fn exclusive_scan<S: At, M: Monoid<S::Item>>(m: M, init: S::Item, s: &S, y: &mut [S::Item]) {
    let x = WithLen { s, n: y.len() };
    let plain = Plain::new(x, Identity, m, Some(init));
    chunked_scan(&plain, y, Some(init));
}

/// `y[i] = at(i)` for `i < y.len()`: the sequence written out (on rayon when it is long or
/// costly, as `crate::transform`).
pub fn tabulate<S: At>(s: &S, y: &mut [S::Item]) {
    for_pieces_timed(y, |start, yc| {
        for (k, yi) in yc.iter_mut().enumerate() {
            // SAFETY: `start + k < y.len()`, the length `s` is passed with.
            *yi = unsafe { s.at(start + k) };
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use parallaxis_core::{reference, Affine, AffineMap, Sum};

    /// `x[i]` of a slice, through `At`.
    struct Of<'a, T>(&'a [T]);
    // SAFETY: reads `self.0[i]` for `i` below its length (checked).
    unsafe impl<T: DeviceCopy> At for Of<'_, T> {
        type Item = T;
        unsafe fn at(&self, i: usize) -> T {
            self.0[i]
        }
    }

    #[test]
    fn indexed_algorithms_match_the_reference() {
        for n in [0, 1, 7, 100, 20_000, 70_000, 300_000] {
            let x: Vec<u32> = (0..n as u32)
                .map(|i| i.wrapping_mul(2_654_435_761))
                .collect();
            assert_eq!(
                reduce(Sum, n, &Of(&x)),
                reference::reduce(Sum, &x),
                "n = {n}"
            );
            let (mut want, mut got) = (vec![0; n], vec![0; n]);
            reference::inclusive_scan(Sum, &x, &mut want);
            inclusive_scan(Sum, &Of(&x), &mut got);
            assert_eq!(got, want, "inclusive n = {n}");
            reference::exclusive_scan(Sum, 5, &x, &mut want);
            exclusive_scan(Sum, 5, &Of(&x), &mut got);
            assert_eq!(got, want, "exclusive n = {n}");
            tabulate(&Of(&x), &mut got);
            assert_eq!(got, x, "tabulate n = {n}");
        }
    }

    #[test]
    fn order_is_kept_for_a_non_commutative_monoid() {
        let maps: Vec<AffineMap<i64>> = (0..50_000)
            .map(|i| AffineMap::new(1 + (i % 3) as i64, i as i64 % 7 - 3))
            .collect();
        let want = reference::reduce(Affine, &maps);
        assert_eq!(reduce(Affine, maps.len(), &Of(&maps)), want);
        let mut y = vec![AffineMap::new(0, 0); maps.len()];
        inclusive_scan(Affine, &Of(&maps), &mut y);
        assert_eq!(y.last(), Some(&want));
    }
}
