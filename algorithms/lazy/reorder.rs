//! Sequences that read another in a different order: [`permute`] (a gather, read lazily) and
//! `x.rev()` ([`Reversed`]).

use super::{HostAt, Lazy, Source};
use crate::backend::GatherOps;
use crate::{view::Input, Error, Result};
use parallaxis_core::SparseIndex;

/// `src[map[0]], src[map[1]], ...`: Thrust's `permutation_iterator`. Made by [`permute`].
#[derive(Clone, Copy, Debug)]
pub struct Permuted<S, M> {
    pub(crate) src: S,
    pub(crate) map: M,
}

/// `src[map[i]]` for each `i < map.len()`, read where an algorithm reads it: a gather with
/// no output vector. The map is checked here, once.
///
/// # Errors
/// [`Error::IndexOutOfRange`] for the first `map[i] >= src.len()`; a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let price = DeviceVector::<f32>::from_slice(&[1.5, 2.0, 10.0])?;
/// let basket = DeviceVector::<u32>::from_slice(&[2, 0, 0, 1])?;
/// let cost = parallaxis::reduce(Sum, &parallaxis::lazy::permute(&price, &basket)?)?;
/// assert_eq!(cost, 15.0);
/// assert!(parallaxis::lazy::permute(&price, &DeviceVector::<u32>::from_slice(&[3])?).is_err());
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn permute<S, Y, I>(src: S, map: &Y) -> Result<Permuted<S, &Y>>
where
    S: Source,
    I: SparseIndex,
    Y: Input<I, S::Backend> + Source<Item = I, Backend = S::Backend>,
    S::Backend: GatherOps<I, S::Item>,
{
    let len = src.len();
    match <S::Backend as GatherOps<I, S::Item>>::first_out_of_range(map.buffer(), None, len)? {
        None => Ok(Permuted { src, map }),
        Some((at, index)) => Err(Error::IndexOutOfRange {
            what: "permute map",
            at,
            index,
            len,
        }),
    }
}

/// `x[n-1], ..., x[0]`: Thrust's `reverse_iterator`. Made by `.rev()` on a vector, a view or
/// a lazy sequence.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3])?;
/// // Suffix sums: a scan of the reversed sequence.
/// assert_eq!(parallaxis::inclusive_scan(Sum, &x.rev())?.to_vec()?, [3, 5, 6]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Reversed<S> {
    pub(crate) source: S,
}

impl<S: Source, M: Source<Backend = S::Backend>> Source for Permuted<S, M>
where
    M::Item: SparseIndex,
{
    type Item = S::Item;
    type Backend = S::Backend;
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn len(&self) -> usize {
        self.map.len()
    }
}

impl<S: Source> Source for Reversed<S> {
    type Item = S::Item;
    type Backend = S::Backend;
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn len(&self) -> usize {
        self.source.len()
    }
}

impl<S: Source, M: Source<Backend = S::Backend>> Lazy for Permuted<S, M> where M::Item: SparseIndex {}
impl<S: Source> Lazy for Reversed<S> {}

impl<S: HostAt, M: HostAt + Source<Backend = S::Backend>> HostAt for Permuted<S, M>
where
    M::Item: SparseIndex,
{
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> S::Item {
        // SAFETY: `i < self.len()`, the map's length (the caller); every map entry is below
        // the source's length (`permute` checked it, and the map is borrowed immutably since).
        unsafe { self.src.at(self.map.at(i).to_usize()) }
    }
}

impl<S: HostAt> HostAt for Reversed<S> {
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> S::Item {
        // SAFETY: `i < self.len()` (the caller), so `len - 1 - i` is in bounds.
        unsafe { self.source.at(self.source.len() - 1 - i) }
    }
}
