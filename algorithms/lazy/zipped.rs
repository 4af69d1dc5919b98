//! [`zip`] and [`zip3`]: sequences read in lockstep, as [`Pair`]s and [`Triple`]s, and a zip's
//! `map` with a binary functor ([`ZipMapped`]).

use super::{HostAt, Lazy, Source};
use crate::check::lengths_agree as zipped_len;
use crate::Result;
use parallaxis_core::{BinaryFunction, Pair, Triple};

/// `Pair(a[i], b[i])`: Thrust's `zip_iterator` over two sequences. Made by [`zip`].
#[derive(Clone, Copy, Debug)]
pub struct Zipped<S1, S2> {
    pub(crate) a: S1,
    pub(crate) b: S2,
}

/// `Triple(a[i], b[i], c[i])`. Made by [`zip3`].
#[derive(Clone, Copy, Debug)]
pub struct Zipped3<S1, S2, S3> {
    pub(crate) a: S1,
    pub(crate) b: S2,
    pub(crate) c: S3,
}

/// `f(a[i], b[i])`: a zip mapped by a binary functor. Made by [`Zipped::map`].
#[derive(Clone, Copy, Debug)]
pub struct ZipMapped<S1, S2, F> {
    pub(crate) a: S1,
    pub(crate) b: S2,
    pub(crate) f: F,
}

/// The elements of `a` and `b` side by side, as [`Pair`]s (`#[repr(C)]`, so host and GPU
/// agree on the layout), read where an algorithm reads them.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when the lengths differ.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Both, Max, Min, Pair}};
/// let lo = DeviceVector::<i32>::from_slice(&[3, -1, 7])?;
/// let hi = DeviceVector::from_slice(&[5, 2, 9])?;
/// // The smallest low and the largest high, in one pass over both.
/// let span = parallaxis::reduce(Both(Min, Max), &parallaxis::lazy::zip(&lo, &hi)?)?;
/// assert_eq!(span, Pair::new(-1, 9));
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn zip<S1: Source, S2: Source<Backend = S1::Backend>>(a: S1, b: S2) -> Result<Zipped<S1, S2>> {
    zipped_len("zip second sequence", a.len(), b.len())?;
    Ok(Zipped { a, b })
}

/// The elements of three sequences side by side, as [`Triple`]s.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when the lengths differ.
pub fn zip3<S1, S2, S3>(a: S1, b: S2, c: S3) -> Result<Zipped3<S1, S2, S3>>
where
    S1: Source,
    S2: Source<Backend = S1::Backend>,
    S3: Source<Backend = S1::Backend>,
{
    zipped_len("zip3 second sequence", a.len(), b.len())?;
    zipped_len("zip3 third sequence", a.len(), c.len())?;
    Ok(Zipped3 { a, b, c })
}

impl<S1: Source, S2: Source<Backend = S1::Backend>> Zipped<S1, S2> {
    /// `f(a[i], b[i])`: the pair's halves as a binary functor's two arguments, so on the GPU it
    /// runs on the binary kernels (`transform2`, the fused `transform2_reduce`).
    ///
    /// ```
    /// use parallaxis::{DeviceVector, ops::{Sum, Times}};
    /// let a = DeviceVector::<f32>::from_slice(&[1.0, 2.0, 3.0])?;
    /// let b = DeviceVector::from_slice(&[4.0, 5.0, 6.0])?;
    /// let products = parallaxis::lazy::zip(&a, &b)?.map(Times);
    /// assert_eq!(parallaxis::reduce(Sum, &products)?, 32.0); // the dot product
    /// assert_eq!(parallaxis::inclusive_scan(Sum, &products)?.to_vec()?, [4.0, 14.0, 32.0]);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    pub fn map<F: BinaryFunction<S1::Item, S2::Item>>(self, f: F) -> ZipMapped<S1, S2, F> {
        ZipMapped {
            a: self.a,
            b: self.b,
            f,
        }
    }
}

impl<S1: Source, S2: Source<Backend = S1::Backend>> Source for Zipped<S1, S2> {
    type Item = Pair<S1::Item, S2::Item>;
    type Backend = S1::Backend;
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn len(&self) -> usize {
        self.a.len()
    }
}

impl<S1, S2, S3> Source for Zipped3<S1, S2, S3>
where
    S1: Source,
    S2: Source<Backend = S1::Backend>,
    S3: Source<Backend = S1::Backend>,
{
    type Item = Triple<S1::Item, S2::Item, S3::Item>;
    type Backend = S1::Backend;
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn len(&self) -> usize {
        self.a.len()
    }
}

impl<S1, S2, F> Source for ZipMapped<S1, S2, F>
where
    S1: Source,
    S2: Source<Backend = S1::Backend>,
    F: BinaryFunction<S1::Item, S2::Item>,
{
    type Item = F::Output;
    type Backend = S1::Backend;
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn len(&self) -> usize {
        self.a.len()
    }
}

impl<S1: Source, S2: Source<Backend = S1::Backend>> Lazy for Zipped<S1, S2> {}
impl<S1, S2, S3> Lazy for Zipped3<S1, S2, S3>
where
    S1: Source,
    S2: Source<Backend = S1::Backend>,
    S3: Source<Backend = S1::Backend>,
{
}
impl<S1, S2, F> Lazy for ZipMapped<S1, S2, F>
where
    S1: Source,
    S2: Source<Backend = S1::Backend>,
    F: BinaryFunction<S1::Item, S2::Item>,
{
}

// The zips' lengths agree (checked by `zip` / `zip3`), so `i < self.len()` holds for every
// part: the SAFETY of each read below.

impl<S1: HostAt, S2: HostAt + Source<Backend = S1::Backend>> HostAt for Zipped<S1, S2> {
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> Self::Item {
        // SAFETY: see above.
        unsafe { Pair::new(self.a.at(i), self.b.at(i)) }
    }
}

impl<S1, S2, S3> HostAt for Zipped3<S1, S2, S3>
where
    S1: HostAt,
    S2: HostAt + Source<Backend = S1::Backend>,
    S3: HostAt + Source<Backend = S1::Backend>,
{
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> Self::Item {
        // SAFETY: see above.
        unsafe { Triple::new(self.a.at(i), self.b.at(i), self.c.at(i)) }
    }
}

impl<S1, S2, F> HostAt for ZipMapped<S1, S2, F>
where
    S1: HostAt,
    S2: HostAt + Source<Backend = S1::Backend>,
    F: BinaryFunction<S1::Item, S2::Item>,
{
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> F::Output {
        // SAFETY: see above.
        unsafe { self.f.apply(self.a.at(i), self.b.at(i)) }
    }
}
