//! Where a reduce round's items come from ([`Source`]): one input mapped by a unary functor
//! ([`Mapped`]: the plain reduce and the fold tree with `Identity`, `transform_reduce` with
//! its functor) or two inputs of one length zipped by a binary one ([`Zipped`]:
//! `transform2_reduce`). The fold (`reduce.rs`) only sees items and their mapped values, so
//! one body serves all three kernels.

use crate::tile::{load_full, load_partial, load_striped};
use core::mem::size_of;
use parallaxis_core::{BinaryFunction, UnaryFunction};

/// What a reduce round folds: items read from memory, each mapped to the monoid's type as it
/// is folded. The plain reduce and the fold tree's rounds read one input through `Identity`,
/// `transform_reduce` one input through its functor ([`Mapped`]), `transform2_reduce` two
/// inputs zipped through a binary functor ([`Zipped`]).
pub(crate) trait Source<T>: Copy {
    /// What is read per item (a pair for two inputs).
    type Item: Copy;
    /// Items `start..start + ITEMS`, read as 16-byte vectors where a run is a whole number
    /// of them (`tile::load_full`).
    ///
    /// # Safety
    /// All of them lie below the source's length; `start` is a multiple of `ITEMS`; the
    /// inputs are 16-byte aligned.
    unsafe fn full<const ITEMS: usize>(self, start: u64) -> [Self::Item; ITEMS];
    /// Lane `lane`'s items of the whole warp tile of `32 * ITEMS` items at `tile`, in the
    /// striped arrangement (`tile::load_striped`): not consecutive, for order-free folds.
    ///
    /// # Safety
    /// The whole tile lies below the source's length; `tile` is a multiple of `32 * ITEMS`;
    /// the inputs are 16-byte aligned.
    unsafe fn striped<const ITEMS: usize>(self, tile: u64, lane: u32) -> [Self::Item; ITEMS];
    /// Items `start..min(start + ITEMS, n)` and how many there are; any value in the other
    /// slots (never mapped: functors need not be total).
    ///
    /// # Safety
    /// `n` is the source's length, at least 1.
    unsafe fn partial<const ITEMS: usize>(self, start: u64, n: u64)
        -> ([Self::Item; ITEMS], usize);
    /// The value folded for one item.
    fn map(self, item: Self::Item) -> T;
}

/// One input `x` mapped by `f`; `filler` makes any value of `A` for the slots past the end
/// of a partial tile.
#[derive(Clone, Copy)]
pub(crate) struct Mapped<A, F, G> {
    /// The input.
    pub(crate) x: *const A,
    /// The map.
    pub(crate) f: F,
    /// A value for unused slots.
    pub(crate) filler: G,
}

impl<A: Copy, T, F: UnaryFunction<A, Output = T>, G: Fn() -> A + Copy> Source<T>
    for Mapped<A, F, G>
{
    type Item = A;
    #[inline(always)]
    unsafe fn full<const ITEMS: usize>(self, start: u64) -> [A; ITEMS] {
        // SAFETY: the run lies below `n`, starts at a multiple of ITEMS items and the input
        // is 16-byte aligned (caller).
        unsafe { load_full(self.x.add(start as usize)) }
    }
    #[inline(always)]
    unsafe fn striped<const ITEMS: usize>(self, tile: u64, lane: u32) -> [A; ITEMS] {
        // SAFETY: the tile lies below `n` and the input is 16-byte aligned (caller).
        unsafe { load_striped(self.x.add(tile as usize), lane) }
    }
    #[inline(always)]
    unsafe fn partial<const ITEMS: usize>(self, start: u64, n: u64) -> ([A; ITEMS], usize) {
        // SAFETY: `load_partial` reads only indices below `n`, the input's length (caller).
        unsafe { load_partial::<A, ITEMS>(self.x, start, n, (self.filler)()) }
    }
    #[inline(always)]
    fn map(self, item: A) -> T {
        self.f.apply(item)
    }
}

/// Two inputs of one length, `f(x[i], y[i])` for item `i` (`transform2_reduce`).
#[derive(Clone, Copy)]
pub(crate) struct Zipped<A, C, F> {
    /// The left input.
    pub(crate) x: *const A,
    /// The right input.
    pub(crate) y: *const C,
    /// The binary map.
    pub(crate) f: F,
}

/// `(a[j], c[j])` for every `j` (a constant-trip loop: the arrays stay in registers).
#[inline(always)]
fn zip<A: Copy, C: Copy, const ITEMS: usize>(a: [A; ITEMS], c: [C; ITEMS]) -> [(A, C); ITEMS] {
    let mut out = [(a[0], c[0]); ITEMS];
    #[allow(clippy::needless_range_loop)]
    for j in 1..ITEMS {
        out[j] = (a[j], c[j]);
    }
    out
}

impl<A: Copy, C: Copy, T, F: BinaryFunction<A, C, Output = T>> Source<T> for Zipped<A, C, F> {
    type Item = (A, C);
    #[inline(always)]
    unsafe fn full<const ITEMS: usize>(self, start: u64) -> [(A, C); ITEMS] {
        // SAFETY: as for `Mapped`, for each input (both of the source's length, both
        // 16-byte aligned).
        unsafe {
            zip(
                load_full(self.x.add(start as usize)),
                load_full(self.y.add(start as usize)),
            )
        }
    }
    #[inline(always)]
    unsafe fn striped<const ITEMS: usize>(self, tile: u64, lane: u32) -> [(A, C); ITEMS] {
        if size_of::<A>() != size_of::<C>() {
            // Striped slots of inputs of two sizes hold different items: read both blocked.
            // SAFETY: the lane's run lies in the tile (caller).
            return unsafe { self.full(tile + u64::from(lane) * ITEMS as u64) };
        }
        // SAFETY: as for `Mapped`, for each input; of one size, both arrangements put the
        // same item in the same slot.
        unsafe {
            zip(
                load_striped(self.x.add(tile as usize), lane),
                load_striped(self.y.add(tile as usize), lane),
            )
        }
    }
    #[inline(always)]
    unsafe fn partial<const ITEMS: usize>(self, start: u64, n: u64) -> ([(A, C); ITEMS], usize) {
        // SAFETY: as for `Mapped`; the fillers read item 0, which exists (`n >= 1`).
        unsafe {
            let (a, count) = load_partial::<A, ITEMS>(self.x, start, n, self.x.read());
            let (c, _) = load_partial::<C, ITEMS>(self.y, start, n, self.y.read());
            (zip(a, c), count)
        }
    }
    #[inline(always)]
    fn map(self, (a, c): (A, C)) -> T {
        self.f.apply(a, c)
    }
}
