//! Independent lanes inside a chunk: the kernel every fold and scan of this crate runs.
//!
//! A chunk of `len >= LANES * MIN_LANE` elements is walked as `LANES` contiguous lanes of
//! `len / LANES - SKEW` elements (the last lane also takes the rest) in lockstep. The lanes
//! are independent dependency chains, so the CPU overlaps them: one f32 add chain runs at
//! ~1 element per 3-4 cycles, eight keep both FP pipes busy. Lanes are contiguous and
//! their results are used in lane order, so operand order is kept and non-commutative
//! monoids stay correct. Shorter chunks (only the last chunk, or a small input) run as one
//! lane. Everything depends on `len` alone, so two walks over the same length (a scan's
//! two passes) see the same lanes.

use super::split::CHUNK;
use parallaxis_core::{Monoid, UnaryFunction};

/// Independent lanes per chunk: eight f32 add chains of latency 3 cycles cover two FP pipes.
pub(crate) const LANES: usize = 8;

/// Shortest lane worth splitting a chunk for.
const MIN_LANE: usize = 64;

/// Lanes are `SKEW` elements shorter than an exact eighth, so their starts are not 2^k bytes
/// apart. With exact eighths of a full chunk, the eight lanes of `x` and of `y` (8 KiB apart
/// for f32) all map to one L1 set and evict each other: an f32 scan of 2^24 elements ran at
/// 1.2 GB/s; skewed by 64 bytes per lane, at memory speed.
const SKEW: usize = 16;

/// Per-lane states of one chunk; lanes `count..` are unused copies.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lanes<S> {
    /// One state per lane, in index order.
    pub(crate) s: [S; LANES],
    /// The number of lanes in use: 1 or `LANES`.
    pub(crate) count: usize,
}

impl<S: Copy> Lanes<S> {
    /// The used lane states, in index order.
    pub(crate) fn used(&self) -> &[S] {
        &self.s[..self.count.min(LANES)]
    }
}

/// The lane width for a chunk of `len` elements, or 0 for a single lane.
pub(crate) fn lane_width(len: usize) -> usize {
    if len >= LANES * MIN_LANE {
        len / LANES - SKEW
    } else {
        0
    }
}

/// What a walk reads: element `i` of one or more equally long inputs.
pub(crate) trait Source {
    /// One element (a tuple for several inputs).
    type Item: Copy;
    /// The number of elements.
    fn len(&self) -> usize;
    /// Element `i`.
    ///
    /// # Safety
    /// `i < self.len()`.
    unsafe fn at(&self, i: usize) -> Self::Item;
}

impl<A: Copy> Source for &[A] {
    type Item = A;
    fn len(&self) -> usize {
        <[A]>::len(self)
    }
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> A {
        // SAFETY: the caller guarantees `i < self.len()`.
        unsafe { *self.get_unchecked(i) }
    }
}

impl<A: Copy, B: Copy> Source for (&[A], &[B]) {
    type Item = (A, B);
    fn len(&self) -> usize {
        self.0.len().min(self.1.len())
    }
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> (A, B) {
        // SAFETY: the caller guarantees `i < self.len()`, the shorter of the two lengths.
        unsafe { (*self.0.get_unchecked(i), *self.1.get_unchecked(i)) }
    }
}

/// Where a walk writes: element `i` of an output, or nowhere.
pub(crate) trait Sink {
    /// The output element.
    type Item;
    /// The number of elements it takes.
    fn len(&self) -> usize;
    /// Writes element `i`.
    ///
    /// # Safety
    /// `i < self.len()`.
    unsafe fn put(&mut self, i: usize, v: Self::Item);
}

impl<O> Sink for &mut [O] {
    type Item = O;
    fn len(&self) -> usize {
        <[O]>::len(self)
    }
    #[inline(always)]
    unsafe fn put(&mut self, i: usize, v: O) {
        // SAFETY: the caller guarantees `i < self.len()`.
        unsafe { *self.get_unchecked_mut(i) = v }
    }
}

/// A sink that drops everything: a walk that only folds.
pub(crate) struct Discard;

impl Sink for Discard {
    type Item = ();
    fn len(&self) -> usize {
        usize::MAX
    }
    #[inline(always)]
    unsafe fn put(&mut self, _: usize, _: ()) {}
}

/// Walks the common length of `src` and `out` lane by lane in lockstep: lane `j` starts with
/// `(state, out) = first(j, src[i])` at its first index `i`, then `step(state, src[i])` for
/// each later index, in increasing order; each `out` goes to `out[i]`. `None` when empty.
///
/// Bounds are checked once here (`i < n`), not per element: with per-element checks and
/// lane offsets held in registers, an f32 scan pass spilled and ran 2x slower.
#[inline(always)]
pub(crate) fn lockstep<R: Source, W: Sink, S: Copy>(
    src: R,
    mut out: W,
    first: impl Fn(usize, R::Item) -> (S, W::Item),
    step: impl Fn(S, R::Item) -> (S, W::Item),
) -> Option<Lanes<S>> {
    let n = src.len().min(out.len());
    if n == CHUNK {
        Some(walk::<true, R, W, S>(&src, &mut out, CHUNK, &first, &step))
    } else if n == 0 {
        None
    } else {
        Some(walk::<false, R, W, S>(&src, &mut out, n, &first, &step))
    }
}

/// The body of [`lockstep`] for `1 <= n <= min(src.len(), out.len())`; `FULL` means
/// `n == CHUNK`. Never inlined, so the full-chunk copy keeps its constant lane offsets
/// (inlined, LLVM merged the two copies back into one loop with offsets in registers,
/// which spilled: an f32 segmented scan ran 2.6x slower than the plain one).
#[inline(never)]
fn walk<const FULL: bool, R: Source, W: Sink, S: Copy>(
    src: &R,
    out: &mut W,
    n: usize,
    first: &impl Fn(usize, R::Item) -> (S, W::Item),
    step: &impl Fn(S, R::Item) -> (S, W::Item),
) -> Lanes<S> {
    let n = if FULL { CHUNK } else { n };
    let q = lane_width(n);
    if q == 0 {
        // SAFETY: 1 <= n <= the length of `src` and of `out`.
        let s = unsafe { one_lane(src, out, n, first, step) };
        return Lanes {
            s: [s; LANES],
            count: 1,
        };
    }
    // Lane `j < LANES` visits `j*q + i` for `i < q`, below `LANES*q <= n`; the tail visits
    // `LANES*q..n`; `n` is at most the length of `src` and of `out`.
    let mut s: [S; LANES] = core::array::from_fn(|j| {
        // SAFETY: `j*q < n`, see above.
        unsafe {
            let (s, o) = first(j, src.at(j * q));
            out.put(j * q, o);
            s
        }
    });
    // SAFETY: rows `1..q` lie below `q`, see above.
    unsafe { row_blocks(src, out, &mut s, q, 1..q, step) };
    for i in LANES * q..n {
        // SAFETY: the tail index is below `n`, see above.
        let (t, o) = step(s[LANES - 1], unsafe { src.at(i) });
        // SAFETY: as for the read.
        unsafe { out.put(i, o) };
        s[LANES - 1] = t;
    }
    Lanes { s, count: LANES }
}

/// Walks `0..n` as one lane.
///
/// # Safety
/// `1 <= n <= min(src.len(), out.len())`.
#[inline(always)]
unsafe fn one_lane<R: Source, W: Sink, S: Copy>(
    src: &R,
    out: &mut W,
    n: usize,
    first: &impl Fn(usize, R::Item) -> (S, W::Item),
    step: &impl Fn(S, R::Item) -> (S, W::Item),
) -> S {
    // SAFETY: every index is below `n`, which the caller guarantees is in bounds.
    unsafe {
        let (mut s, o) = first(0, src.at(0));
        out.put(0, o);
        for i in 1..n {
            let (t, o) = step(s, src.at(i));
            out.put(i, o);
            s = t;
        }
        s
    }
}

/// Rows per block of [`row_blocks`]: 8 lanes x 16 rows straight-line.
const ROWS: usize = 16;

/// [`rows`] in blocks of `ROWS` rows, then the rest. A block's fixed trip count lets LLVM
/// unroll it: an f32 scan of 2^20 on one thread took 0.63 ms in blocks of 16 rows,
/// 0.81-0.91 ms as one loop over all rows.
///
/// # Safety
/// As for [`rows`].
#[inline(always)]
pub(crate) unsafe fn row_blocks<R: Source, W: Sink, S: Copy>(
    src: &R,
    out: &mut W,
    s: &mut [S; LANES],
    q: usize,
    rows_in: core::ops::Range<usize>,
    f: &impl Fn(S, R::Item) -> (S, W::Item),
) {
    let mut i = rows_in.start;
    while i + ROWS <= rows_in.end {
        // SAFETY: `i..i + ROWS` lies in `rows_in`, in bounds by the caller's guarantee.
        unsafe { rows(src, out, s, q, i..i + ROWS, f) };
        i += ROWS;
    }
    // SAFETY: as above.
    unsafe { rows(src, out, s, q, i..rows_in.end, f) };
}

/// Steps every lane `j` (of width `q`) through its rows `rows`, in lockstep.
///
/// # Safety
/// `j*q + i < min(src.len(), out.len())` for every `j < LANES` and `i` in `rows`.
#[inline(always)]
unsafe fn rows<R: Source, W: Sink, S: Copy>(
    src: &R,
    out: &mut W,
    s: &mut [S; LANES],
    q: usize,
    rows: core::ops::Range<usize>,
    f: &impl Fn(S, R::Item) -> (S, W::Item),
) {
    for i in rows {
        for (j, sj) in s.iter_mut().enumerate() {
            // SAFETY: in bounds by the caller's guarantee.
            unsafe {
                let (t, o) = f(*sj, src.at(j * q + i));
                out.put(j * q + i, o);
                *sj = t;
            }
        }
    }
}

/// `f(x[0]) ⊕ ... ⊕ f(x[n-1])` over lanes, combined in index order, without the identity;
/// `None` for an empty slice.
#[inline]
pub(crate) fn fold1<A: Copy, T: Copy, F, M>(f: F, m: M, x: &[A]) -> Option<T>
where
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
{
    fold_mapped(|v| f.apply(v), m, x)
}

/// `map(src[0]) ⊕ ... ⊕ map(src[n-1])` over lanes, as [`fold1`], for any source (two
/// zipped inputs for `transform2_reduce`).
#[inline]
pub(crate) fn fold_mapped<R: Source, T: Copy, M: Monoid<T>>(
    map: impl Fn(R::Item) -> T,
    m: M,
    src: R,
) -> Option<T> {
    let lanes = lockstep(
        src,
        Discard,
        |_, v| (map(v), ()),
        |s, v| (m.combine(s, map(v)), ()),
    )?;
    let used = lanes.used();
    Some(used[1..].iter().fold(used[0], |a, &b| m.combine(a, b)))
}

/// `acc ⊕ f(x[0]) ⊕ ... ⊕ f(x[n-1])`: a plain left fold for short slices (so short segments
/// match the reference bit for bit), lanes for long ones.
#[inline]
pub(crate) fn fold_from<A: Copy, T: Copy, F, M>(f: F, m: M, acc: T, x: &[A]) -> T
where
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
{
    if lane_width(x.len()) == 0 {
        x.iter().fold(acc, |a, &v| m.combine(a, f.apply(v)))
    } else {
        fold1(f, m, x).map_or(acc, |t| m.combine(acc, t))
    }
}
