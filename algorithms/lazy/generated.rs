//! Sequences computed from the index alone: [`counting`] and [`constant`].

use super::{HostAt, Lazy, Source};
use crate::Backend;
use core::marker::PhantomData;
use parallaxis_core::{DeviceCopy, Number, Sequence, UnaryFunction};

/// `start, start + 1, ..., start + (n - 1)`: Thrust's `counting_iterator` over `n` elements.
/// Made by [`counting`].
#[derive(Debug)]
pub struct Counting<T, B> {
    pub(crate) start: T,
    pub(crate) len: usize,
    backend: PhantomData<fn() -> B>,
}

/// The `n` values `start, start + 1, ...` (wrapping for integers, as `Sum`), read where an
/// algorithm reads them: nothing is stored. The backend is the one of whatever it is combined
/// with; alone, name it: `counting::<Rayon, _>(0, n)`.
///
/// ```
/// use parallaxis::{DeviceVector, Rayon, ops::Sum};
/// let idx = parallaxis::lazy::counting::<Rayon, u64>(1, 100);
/// assert_eq!(parallaxis::reduce(Sum, &idx)?, 5050);
/// // Weighted sum: sum of i * x[i], no index vector in memory.
/// let x = DeviceVector::<u64, Rayon>::from_slice(&[5, 6, 7])?;
/// let w = parallaxis::lazy::zip(&x, parallaxis::lazy::counting(0_u64, 3))?.map(parallaxis::ops::Times);
/// assert_eq!(parallaxis::reduce(Sum, &w)?, 6 + 14);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn counting<B: Backend, T: Number>(start: T, n: usize) -> Counting<T, B> {
    Counting {
        start,
        len: n,
        backend: PhantomData,
    }
}

impl<T: Number, B> Counting<T, B> {
    /// The functor of element `i`: `start + i`, as `sequence` computes it.
    pub(crate) fn rule(&self) -> Sequence<T> {
        Sequence {
            start: self.start,
            step: T::ONE,
        }
    }
}

/// `n` copies of one value: Thrust's `constant_iterator`. Made by [`constant`].
#[derive(Debug)]
pub struct Constant<T, B> {
    pub(crate) value: T,
    pub(crate) len: usize,
    backend: PhantomData<fn() -> B>,
}

/// `n` copies of `value`, read where an algorithm reads them: nothing is stored.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Both, Pair, Sum}};
/// // A mean in one pass: the sum and the count, zipped.
/// let x = DeviceVector::<f64>::from_slice(&[2.0, 4.0, 9.0])?;
/// let both = parallaxis::lazy::zip(&x, parallaxis::lazy::constant(1_u64, x.len()))?;
/// let Pair { first: sum, second: count } = parallaxis::reduce(Both(Sum, Sum), &both)?;
/// assert_eq!(sum / count as f64, 5.0);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn constant<B: Backend, T: DeviceCopy>(value: T, n: usize) -> Constant<T, B> {
    Constant {
        value,
        len: n,
        backend: PhantomData,
    }
}

impl<T: Number, B: Backend> Source for Counting<T, B> {
    type Item = T;
    type Backend = B;
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn len(&self) -> usize {
        self.len
    }
}

impl<T: DeviceCopy, B: Backend> Source for Constant<T, B> {
    type Item = T;
    type Backend = B;
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn len(&self) -> usize {
        self.len
    }
}

impl<T: Number, B: Backend> Lazy for Counting<T, B> {}
impl<T: DeviceCopy, B: Backend> Lazy for Constant<T, B> {}

impl<T: Number, B: Backend> HostAt for Counting<T, B> {
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> T {
        self.rule().apply(i as u64)
    }
}

impl<T: DeviceCopy, B: Backend> HostAt for Constant<T, B> {
    #[inline(always)]
    unsafe fn at(&self, _: usize) -> T {
        self.value
    }
}

impl<T: Copy, B> Clone for Counting<T, B> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Copy, B> Copy for Counting<T, B> {}
impl<T: Copy, B> Clone for Constant<T, B> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Copy, B> Copy for Constant<T, B> {}
