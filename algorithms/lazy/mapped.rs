//! [`Mapped`]: `x.map(f)`, each element passed through a functor where it is read.

use super::{HostAt, Lazy, Source};
use parallaxis_core::UnaryFunction;

/// `f(x[0]), f(x[1]), ...`: Thrust's `transform_iterator`. Made by `.map(f)` on a vector, a
/// view or another lazy sequence.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Square, Sum}};
/// let x = DeviceVector::<f64>::from_slice(&[3.0, 4.0])?;
/// // The norm: one pass, no vector of squares (on CUDA, the fused transform_reduce).
/// assert_eq!(parallaxis::reduce(Sum, &x.map(Square))?.sqrt(), 5.0);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Mapped<S, F> {
    pub(crate) source: S,
    pub(crate) f: F,
}

impl<S: Source, F: UnaryFunction<S::Item>> Source for Mapped<S, F> {
    type Item = F::Output;
    type Backend = S::Backend;
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn len(&self) -> usize {
        self.source.len()
    }
}

impl<S: Source, F: UnaryFunction<S::Item>> Lazy for Mapped<S, F> {}

impl<S: HostAt, F: UnaryFunction<S::Item>> HostAt for Mapped<S, F> {
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> F::Output {
        // SAFETY: `i < self.len()`, the source's length (the caller).
        self.f.apply(unsafe { self.source.at(i) })
    }
}
