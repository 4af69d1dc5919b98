//! The row folds of a CSR piece: which loop folds `a[k] ⊗ x[col[k]]` over a row's entries.
//!
//! Every fold here folds a range of entries in storage order from the semiring's zero, as
//! `cut_rows::fold` (and the reference) does, so results do not depend on which one runs; only
//! the loop around the gather differs. A piece picks one from its own columns:
//!
//! - **Scattered** (the piece's columns span more than [`SCATTERED_SPAN`] bytes of `x`, as in
//!   a power-law matrix): `x[col[k]]` misses the private caches, and the row-at-a-time loop
//!   likely keeps few such misses in flight (each short row ends in a mispredicted branch).
//!   [`fold_prefetch`] asks for `x[col[k + PREFETCH_AHEAD]]` while it folds entry `k`.
//! - **Local** (banded matrices such as a Poisson stencil, whose `x` window stays cached):
//!   prefetching only costs instructions (Poisson 2^20-2^24: 1.02-1.07x the row-parallel
//!   peer with it, 1.1-1.3x without), and so do the per-entry column checks. The piece's
//!   columns are checked against `x.len()` once ([`Validated::new`], a vectorized pass over
//!   the piece's ~55 KiB of u32 columns, which the fold then finds in L1/L2), and the fold
//!   reads `x` unchecked. Only for the primitive index types: see [`Primitive`].

use core::any::TypeId;
use core::mem::size_of;
use core::ops::Range;
use core::slice;
use parallaxis_core::{Semiring, SparseIndex};

/// Entries ahead of the fold whose `x` is prefetched. Power-law f32 at 2^24 non-zeros, 2
/// threads of the dev VM, paired medians of 15 runs vs the peer in one (busy) session: 64
/// ahead 2.3x, 128 2.5x, 256 2.4x with T0; 128 3.1-3.2x, 256 3.0-3.3x with T1.
const PREFETCH_AHEAD: usize = 128;

/// A piece is scattered when a sample of its columns spans more than this many bytes of `x`:
/// gathers from such a window miss L1 and, past a few hundred KiB, L2 (1 MiB on the dev VM).
/// A power-law piece spans all of `x` (600 KiB at 2^20 non-zeros, 9.6 MiB at 2^24); a 2D
/// Poisson piece ~25 KiB (~2700 rows plus twice the grid width).
const SCATTERED_SPAN: usize = 256 << 10;

/// The first this many entries of a piece are sampled for its column span: a few cache lines
/// the fold reads next anyway. (Every 16th entry of the whole piece touched every line of
/// its columns ahead of the fold and cost Poisson rows ~13% of their time.)
const SPAN_SAMPLE: usize = 64;

/// Whether the columns `col` (one piece's) gather from a window of `x` wider than
/// [`SCATTERED_SPAN`], judged from the first [`SPAN_SAMPLE`] columns.
pub(crate) fn scattered<T, I: SparseIndex>(col: &[I]) -> bool {
    let mut sample = col.iter().take(SPAN_SAMPLE).map(|c| c.to_usize());
    let Some(first) = sample.next() else {
        return false;
    };
    let (lo, hi) = sample.fold((first, first), |(lo, hi), c| (lo.min(c), hi.max(c)));
    (hi - lo).saturating_mul(size_of::<T>()) > SCATTERED_SPAN
}

/// Hints the cache to fetch `x[c]`. A prefetch never faults and reads nothing the program
/// can observe, so any `c` is fine (the address is only formed, with wrapping arithmetic).
#[inline(always)]
fn prefetch<T>(x: &[T], c: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T1};
        let p = x.as_ptr().wrapping_add(c).cast::<i8>();
        // SAFETY: `prefetch` is a hint: it does not dereference `p` in Rust's sense, cannot
        // fault on any address, and SSE (which provides it) is part of the x86_64 baseline.
        // T1 (towards L2) vs T0 on power-law rows, dev VM: 1.0x at 2^20 non-zeros (x fits
        // L2), 1.03-1.05x at 2^22, 1.2-1.3x at 2^24.
        unsafe { _mm_prefetch::<_MM_HINT_T1>(p) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (x, c);
}

/// Prefetches `x` for the first [`PREFETCH_AHEAD`] entries from `lo` (a piece's start, so
/// that [`fold_prefetch`] finds its first rows' `x` on the way).
pub(crate) fn prefetch_start<T, I: SparseIndex>(col: &[I], x: &[T], lo: usize) {
    let ahead = col.get(lo..).unwrap_or(&[]);
    for c in ahead.iter().take(PREFETCH_AHEAD) {
        prefetch(x, c.to_usize());
    }
}

/// `cut_rows::fold` of entries `lo..hi` that also prefetches `x` for entry `k + PREFETCH_AHEAD`
/// while it folds entry `k`. Checked like `cut_rows::fold`: the gathers' misses hide the checks
/// (power-law 2^20-2^24: within 1-5% of an unchecked loop, which needs the extra pass of
/// [`Validated::new`] and then was no faster).
#[inline]
pub(crate) fn fold_prefetch<T: Copy, I: SparseIndex, S: Semiring<T>>(
    s: S,
    col: &[I],
    val: &[T],
    x: &[T],
    lo: usize,
    hi: usize,
) -> T {
    let mut t = s.zero();
    for k in lo..hi {
        if let Some(c) = col.get(k + PREFETCH_AHEAD) {
            prefetch(x, c.to_usize());
        }
        if let (Some(c), Some(&a)) = (col.get(k), val.get(k)) {
            if let Some(&xc) = x.get(c.to_usize()) {
                t = s.add(t, s.mul(a, xc));
            }
        }
    }
    t
}

/// Column indices whose `to_usize` the unchecked fold may trust: the primitive index types.
/// `SparseIndex`'s safety contract covers `to_usize`, not the `Ord` the unchecked fold's
/// bound check rests on, so matrices indexed by anything else take the checked folds.
trait Primitive: Copy + Ord {
    fn at(self) -> usize;
}

impl Primitive for u32 {
    #[inline(always)]
    fn at(self) -> usize {
        self as usize
    }
}

impl Primitive for u64 {
    #[inline(always)]
    fn at(self) -> usize {
        // Exact for every column `all_below` passed: it is below a `usize` bound.
        self as usize
    }
}

impl Primitive for usize {
    #[inline(always)]
    fn at(self) -> usize {
        self
    }
}

/// A piece's columns as their primitive type.
#[derive(Clone, Copy)]
enum Cols<'a> {
    U32(&'a [u32]),
    U64(&'a [u64]),
    Usize(&'a [usize]),
}

/// `col` as its primitive type, or `None` for any other `SparseIndex`.
fn primitive<I: SparseIndex>(col: &[I]) -> Option<Cols<'_>> {
    same(col)
        .map(Cols::U32)
        .or_else(|| same(col).map(Cols::U64))
        .or_else(|| same(col).map(Cols::Usize))
}

/// `col` as a `&[J]` when `I` is `J`.
fn same<I: 'static, J: 'static>(col: &[I]) -> Option<&[J]> {
    if TypeId::of::<I>() != TypeId::of::<J>() {
        return None;
    }
    // SAFETY: `I` and `J` have the same `TypeId`, so they are one type: the slice is
    // reinterpreted as itself (same pointer, length and lifetime).
    Some(unsafe { slice::from_raw_parts(col.as_ptr().cast::<J>(), col.len()) })
}

/// Whether every column is below `bound`. A bound that does not fit `J` bounds nothing, so
/// that case is left to the checked folds. Columns compare as `J`: widening u32 columns to
/// `usize` (or an unsigned max) keeps the baseline x86_64 target from a cheap vectorized
/// pass (a max pass cost 15-20% of a Poisson product).
fn all_below<J: Primitive + TryFrom<usize>>(col: &[J], bound: usize) -> bool {
    let Ok(bound) = J::try_from(bound) else {
        return false;
    };
    !col.iter().fold(false, |out, &c| out | (c >= bound))
}

/// The entries `lo..hi` of a matrix whose every column is below `x.len()` (and `hi` within
/// `col` and `val`): the only way to build one is [`Validated::new`], which checks it.
pub(crate) struct Validated<'a, T> {
    col: Cols<'a>,
    val: &'a [T],
    x: &'a [T],
    lo: usize,
    hi: usize,
}

impl<'a, T: Copy> Validated<'a, T> {
    /// Entries `range` of `col` / `val`, or `None` when the range is out of either, the index
    /// type is not a primitive one, or a column in it is out of `x`.
    pub(crate) fn new<I: SparseIndex>(
        col: &'a [I],
        val: &'a [T],
        x: &'a [T],
        range: Range<usize>,
    ) -> Option<Self> {
        let cols = primitive(col)?;
        let ok = range.end <= val.len()
            && match cols {
                Cols::U32(c) => all_below(c.get(range.clone())?, x.len()),
                Cols::U64(c) => all_below(c.get(range.clone())?, x.len()),
                Cols::Usize(c) => all_below(c.get(range.clone())?, x.len()),
            };
        ok.then_some(Self {
            col: cols,
            val,
            x,
            lo: range.start,
            hi: range.end,
        })
    }

    /// `cut_rows::fold` of entries `lo..hi`, cut to the validated range.
    #[inline]
    pub(crate) fn fold<S: Semiring<T>>(&self, s: S, lo: usize, hi: usize) -> T {
        match self.col {
            Cols::U32(c) => self.fold_in(s, c, lo, hi),
            Cols::U64(c) => self.fold_in(s, c, lo, hi),
            Cols::Usize(c) => self.fold_in(s, c, lo, hi),
        }
    }

    /// [`Self::fold`] on the columns `col` (which are `self.col`'s).
    #[inline(always)]
    fn fold_in<S: Semiring<T>, J: Primitive>(&self, s: S, col: &[J], lo: usize, hi: usize) -> T {
        // Plain indices (no sub-slices, no offsets) keep a row's setup to this `max` and `min`:
        // Poisson rows of 5 entries are dominated by it (1 thread, 2^20 non-zeros: sub-slices
        // and a zip per row 0.79x the peer, piece-relative indices 1.18x, these 1.21x).
        let (lo, hi) = (lo.max(self.lo), hi.min(self.hi));
        let mut t = s.zero();
        for k in lo..hi {
            // SAFETY: `self.lo <= k < self.hi`, a range `new` checked to lie within `col` and
            // `val`, and every `col[k]` in it to be below `x.len()`; `Primitive::at` is the
            // exact widening of a primitive integer, so it orders as that check compared.
            let (c, a) = unsafe { (*col.get_unchecked(k), *self.val.get_unchecked(k)) };
            // SAFETY: see above.
            let xc = unsafe { *self.x.get_unchecked(c.at()) };
            t = s.add(t, s.mul(a, xc));
        }
        t
    }
}
