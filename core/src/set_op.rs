//! The set operations on sorted sequences (Thrust's `set_union`, `set_intersection`,
//! `set_difference`, `set_symmetric_difference`, each also by key): which [`SetOp`], what
//! each step of the serial walk emits, and the *balanced path*, the split every parallel set
//! operation (host and GPU) is cut into pieces with.
//!
//! The inputs are sorted multisets. Of a value that `a` holds `m` times and `b` holds `n`
//! times (equal under the comparator), the union keeps `max(m, n)`, the intersection
//! `min(m, n)`, the difference `max(m - n, 0)` and the symmetric difference `|m - n|`. The
//! walk pairs the `k`-th equal item of `a` with the `k`-th of `b`: a pair emits `a`'s item
//! (union, intersection), an unpaired item of `a` emits itself (union, difference,
//! symmetric difference), one of `b` emits itself (union, symmetric difference). Every
//! emitted item keeps its own list's order and, by key, its own value.
//!
//! The balanced path orders the items of equal runs `a0 b0 a1 b1 ...` (then the rest of the
//! longer run) instead of the merge's `a0 a1 ... b0 b1 ...`, and never cuts a pair apart:
//! where the diagonal falls between `ak` and its partner `bk`, the split takes `bk` too (a
//! piece may hold one item more than its diagonal says). Pieces cut by balanced paths then
//! walk independently and together emit exactly what the whole walk emits.

use crate::Compare;

/// Which set operation: the items a piece of the walk emits.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetOp {
    /// Every value `max(m, n)` times: `a`'s items, then `b`'s unpaired ones.
    Union = 0,
    /// Every value `min(m, n)` times, `a`'s items.
    Intersection = 1,
    /// `a`'s items without a partner in `b`: `max(m - n, 0)` times.
    Difference = 2,
    /// The items of either list without a partner in the other: `|m - n|` times.
    SymmetricDifference = 3,
}

impl SetOp {
    /// The operation of the word [`SetOp::word`] gives (the GPU's parameter); an unknown
    /// word reads as [`SetOp::Union`].
    #[inline(always)]
    pub const fn from_word(w: u32) -> Self {
        match w {
            1 => Self::Intersection,
            2 => Self::Difference,
            3 => Self::SymmetricDifference,
            _ => Self::Union,
        }
    }

    /// The operation as a word, for kernel parameters.
    #[inline(always)]
    pub const fn word(self) -> u32 {
        self as u32
    }

    /// Whether an item of `a` without a partner in `b` is emitted.
    #[inline(always)]
    pub const fn keeps_a(self) -> bool {
        !matches!(self, Self::Intersection)
    }

    /// Whether an item of `b` without a partner in `a` is emitted.
    #[inline(always)]
    pub const fn keeps_b(self) -> bool {
        matches!(self, Self::Union | Self::SymmetricDifference)
    }

    /// Whether a pair (equal items of both) emits `a`'s item.
    #[inline(always)]
    pub const fn keeps_pair(self) -> bool {
        matches!(self, Self::Union | Self::Intersection)
    }

    /// The most items the operation can emit for lists of `a_len` and `b_len` items.
    ///
    /// ```
    /// use parallaxis_core::SetOp;
    /// assert_eq!(SetOp::Union.bound(3, 4), 7);
    /// assert_eq!(SetOp::Intersection.bound(3, 4), 3);
    /// assert_eq!(SetOp::Difference.bound(3, 4), 3);
    /// ```
    pub const fn bound(self, a_len: usize, b_len: usize) -> usize {
        match self {
            Self::Union | Self::SymmetricDifference => a_len.saturating_add(b_len),
            Self::Intersection => {
                if a_len < b_len {
                    a_len
                } else {
                    b_len
                }
            }
            Self::Difference => a_len,
        }
    }
}

/// One step of the walk: what the next items of `a` and `b` are to each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetStep {
    /// `a`'s next item has no partner (it goes first, or `b` is used up): take it alone.
    A,
    /// `b`'s next item has no partner: take it alone.
    B,
    /// The next items are equal: take both, a pair.
    Pair,
}

/// The step the walk takes where `a`'s next item is `ka` (`None`: used up) and `b`'s is
/// `kb`: the smaller one alone, or both when neither is less.
#[inline(always)]
pub fn set_step<T: Copy, C: Compare<T>>(cmp: &C, ka: Option<T>, kb: Option<T>) -> SetStep {
    match (ka, kb) {
        (Some(x), Some(y)) => {
            if cmp.less(x, y) {
                SetStep::A
            } else if cmp.less(y, x) {
                SetStep::B
            } else {
                SetStep::Pair
            }
        }
        (Some(_), None) => SetStep::A,
        _ => SetStep::B,
    }
}

/// The first position in `lo..hi` where `before(k)` turns false (`hi` if it never does):
/// a binary search, which finds the boundary when `before` is true then false.
#[inline(always)]
fn first_not(mut lo: u64, mut hi: u64, before: impl Fn(u64) -> bool) -> u64 {
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if before(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The balanced-path split of diagonal `diag` of sorted lists `a` (`a_len` items, item `i`
/// read by `a(i)`) and `b`: `(i, j)`, the numbers of items of `a` and of `b` before the
/// split, with `i + j` either `diag` or, where the diagonal would cut a pair apart, `diag +
/// 1` (module docs).
///
/// `a(i)` is only asked for `i < a_len`, `b(j)` for `j < b_len`. Whatever the comparator
/// answers and whether or not the lists are sorted, `i <= a_len` and `j <= b_len`, and `i + j`
/// is `diag` or `diag + 1` (for `diag <= a_len + b_len`).
///
/// ```
/// use parallaxis_core::{balanced_path, Less};
/// let (a, b) = ([5, 5, 5], [5, 5]);
/// let at = |d| balanced_path(&Less, d, 3, 2, |i| a[i as usize], |j| b[j as usize]);
/// // The run is walked a0 b0 a1 b1 a2: diagonals 1 and 3 would cut a pair apart and take
/// // its b item too; 4 falls between pairs.
/// assert_eq!((at(1), at(2), at(3), at(4), at(5)), ((1, 1), (1, 1), (2, 2), (2, 2), (3, 2)));
/// ```
#[inline(always)]
pub fn balanced_path<T: Copy, C: Compare<T>>(
    cmp: &C,
    diag: u64,
    a_len: u64,
    b_len: u64,
    a: impl Fn(u64) -> T,
    b: impl Fn(u64) -> T,
) -> (u64, u64) {
    let i = crate::merge_path(diag, a_len, b_len, |j, i| cmp.less(b(j), a(i)));
    let j = diag - i;
    if j >= b_len {
        return (i, j);
    }
    // The merge path takes a run of items equal to `x`, `b`'s next, all of `a`'s first:
    // `a_run` of `a` and `b_run` of `b` lie before the split.
    let x = b(j);
    let a_start = first_not(0, i, |k| cmp.less(a(k), x));
    let b_start = first_not(0, j, |k| cmp.less(b(k), x));
    let (a_run, b_run) = (i - a_start, j - b_start);
    let count = a_run + b_run;
    // Walked in pairs, half of them come from `b`; at least as many as the merge path took
    // (then `a`'s run ran out first), at most `b`'s run (then `b`'s ran out).
    let mut b_take = (count / 2).max(b_run);
    let cap = b_len.min(b_start + b_take + 1);
    let b_len_run = first_not(j, cap, |k| !cmp.less(x, b(k))) - b_start;
    b_take = b_take.min(b_len_run);
    let a_take = count - b_take;
    // The split falls between `a`'s item `b_take` and its partner, `b`'s item `b_take`:
    // take the partner too.
    let star = a_take == b_take + 1 && b_take < b_len_run;
    (a_start + a_take, b_start + b_take + u64::from(star))
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::Less;
    use std::{vec, vec::Vec};

    /// Walks `a[..]` and `b[..]` and counts what `op` emits.
    fn walk(op: SetOp, a: &[u32], b: &[u32]) -> usize {
        let (mut i, mut j, mut out) = (0, 0, 0);
        while i < a.len() || j < b.len() {
            match set_step(&Less, a.get(i).copied(), b.get(j).copied()) {
                SetStep::A => {
                    out += usize::from(op.keeps_a());
                    i += 1;
                }
                SetStep::B => {
                    out += usize::from(op.keeps_b());
                    j += 1;
                }
                SetStep::Pair => {
                    out += usize::from(op.keeps_pair());
                    i += 1;
                    j += 1;
                }
            }
        }
        out
    }

    #[test]
    fn pieces_cut_by_balanced_paths_emit_what_the_whole_walk_emits() {
        let mut r = crate::SplitMix64::new(7);
        for case in 0..400 {
            let mut a: Vec<u32> = (0..r.next_u64() % 40)
                .map(|_| (r.next_u64() % 6) as u32)
                .collect();
            let mut b: Vec<u32> = (0..r.next_u64() % 40)
                .map(|_| (r.next_u64() % 6) as u32)
                .collect();
            a.sort_unstable();
            b.sort_unstable();
            let (na, nb) = (a.len() as u64, b.len() as u64);
            let piece = 1 + case % 7;
            let mut cuts = vec![(0, 0)];
            let mut d = piece;
            while d < na + nb {
                let (i, j) = balanced_path(&Less, d, na, nb, |i| a[i as usize], |j| b[j as usize]);
                assert!(i + j == d || i + j == d + 1, "case {case}");
                cuts.push((i, j));
                d += piece;
            }
            cuts.push((na, nb));
            for op in [
                SetOp::Union,
                SetOp::Intersection,
                SetOp::Difference,
                SetOp::SymmetricDifference,
            ] {
                let whole = walk(op, &a, &b);
                let mut pieces = 0;
                for w in cuts.windows(2) {
                    let ((i0, j0), (i1, j1)) = (w[0], w[1]);
                    assert!(i0 <= i1 && j0 <= j1, "case {case}: cuts {cuts:?}");
                    pieces += walk(
                        op,
                        &a[i0 as usize..i1 as usize],
                        &b[j0 as usize..j1 as usize],
                    );
                }
                assert_eq!(
                    pieces, whole,
                    "case {case} {op:?}: a {a:?} b {b:?} cuts {cuts:?}"
                );
            }
        }
    }

    #[test]
    fn splits_stay_inside_the_lists_on_unsorted_input() {
        let mut r = crate::SplitMix64::new(9);
        for _ in 0..300 {
            let a: Vec<u32> = (0..r.next_u64() % 20)
                .map(|_| (r.next_u64() % 4) as u32)
                .collect();
            let b: Vec<u32> = (0..r.next_u64() % 20)
                .map(|_| (r.next_u64() % 4) as u32)
                .collect();
            let (na, nb) = (a.len() as u64, b.len() as u64);
            for d in 0..=na + nb {
                let (i, j) = balanced_path(&Less, d, na, nb, |i| a[i as usize], |j| b[j as usize]);
                assert!(i <= na && j <= nb && (i + j == d || i + j == d + 1));
            }
        }
    }
}
