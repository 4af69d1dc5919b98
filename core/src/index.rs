//! `SparseIndex`: the integer types sparse matrices store indices in.

use crate::DeviceCopy;

/// Row-pointer and column-index types of sparse matrices: `u32` (half the index traffic of
/// `u64`, the usual choice below 2^32 non-zeros), `u64` and `usize`.
///
/// ```
/// use parallaxis_core::SparseIndex;
/// assert_eq!(7_u32.to_usize(), 7);
/// assert_eq!(u32::from_usize(1 << 40), None); // does not fit
/// assert_eq!(u32::from_usize(u32::MAX as usize), None); // the ELL padding marker
/// ```
///
/// # Safety
/// [`to_usize`](Self::to_usize) and [`from_usize`](Self::from_usize) are pure functions of
/// their argument (every call with equal arguments gives the same result), and
/// `from_usize(v) == Some(i)` implies `i.to_usize() == v`. Gathers, scatters, permutations
/// and SpMV check an index once and then use it without a check; an index that widened
/// differently the second time would read or write out of bounds.
///
/// Implementing it takes `unsafe impl`, stating that contract:
///
/// ```compile_fail,E0200
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// struct Row(u32);
/// // SAFETY: a plain integer.
/// unsafe impl parallaxis_core::DeviceCopy for Row {}
/// impl parallaxis_core::SparseIndex for Row {
///     const PADDING: Self = Row(u32::MAX);
///     fn to_usize(self) -> usize { self.0 as usize }
///     fn from_usize(v: usize) -> Option<Self> { u32::try_from(v).ok().map(Row) }
/// }
/// ```
pub unsafe trait SparseIndex:
    DeviceCopy + Ord + core::fmt::Debug + core::hash::Hash
{
    /// The value that marks a padding slot in ELL storage.
    const PADDING: Self;
    /// Widens to `usize` (lossless on 64-bit hosts and on nvptx64).
    fn to_usize(self) -> usize;
    /// Narrows from `usize`, or `None` when `v` does not fit (or equals [`Self::PADDING`]).
    fn from_usize(v: usize) -> Option<Self>;
}

macro_rules! sparse_index {
    ($($t:ty),*) => {$(
        // SAFETY: `as` widening and `try_from` narrowing are pure and inverse on the range.
        unsafe impl SparseIndex for $t {
            const PADDING: Self = <$t>::MAX;
            #[inline]
            fn to_usize(self) -> usize { self as usize }
            #[inline]
            fn from_usize(v: usize) -> Option<Self> {
                <$t>::try_from(v).ok().filter(|&i| i != Self::PADDING)
            }
        }
    )*};
}
sparse_index!(u32, u64, usize);
