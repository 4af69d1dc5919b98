//! [`View`] and [`ViewMut`]: a sub-range of a vector, borrowed.

use super::range::checked;
use super::{Input, Output};
use crate::backend::{Token, TOKEN};
use crate::{Backend, DefaultBackend, DeviceVector, Result};
use core::fmt;
use core::ops::RangeBounds;
use parallaxis_core::DeviceCopy;

/// Elements `a..b` of a vector, borrowed for reading: what `v.slice(a..b)` returns. Every
/// algorithm takes it wherever it takes a vector ([`Input`]).
///
/// No copy is made on the host backends. On CUDA a view whose first element is 16-byte
/// aligned (`f32` offsets that are multiples of 4, `f64` of 2) shares the vector's memory; any other is read through an aligned copy made when the view is made
/// (`parallaxis_device::VIEW_ALIGN` says why).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Max};
/// let x = DeviceVector::<i32>::from_slice(&[9, 1, 4, 1, 5, 9, 2, 6])?;
/// let tail = x.slice(2..)?;
/// assert_eq!(parallaxis::reduce(Max, &tail)?, 9);
/// assert_eq!(parallaxis::inclusive_scan(Max, &tail.slice(..3)?)?.to_vec()?, [4, 4, 5]);
/// assert!(x.slice(3..9).is_err()); // past the end: a typed error
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub struct View<'a, T: DeviceCopy, B: Backend = DefaultBackend> {
    inner: B::View<'a, T>,
}

/// Elements `a..b` of a vector, borrowed for writing: what `v.slice_mut(a..b)` returns. Every
/// `_into` algorithm writes into it wherever it writes into a vector ([`Output`]), and every
/// algorithm reads it as an [`Input`].
///
/// No copy is made on the host backends. On CUDA a view whose first element is 16-byte
/// aligned shares the vector's memory; any other works on an aligned copy, copied in
/// when the view is made and back when it is dropped (queued on the stream; a fault of that
/// copy poisons the device, and the next operation reports it).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let mut y = DeviceVector::<u64>::from_slice(&[1, 1, 1, 1, 1, 1])?;
/// let x = DeviceVector::<u64>::from_slice(&[5, 6, 7])?;
/// parallaxis::exclusive_scan_into(Sum, 0, &x, &mut y.slice_mut(3..)?)?;
/// assert_eq!(y.to_vec()?, [1, 1, 1, 0, 5, 11]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub struct ViewMut<'a, T: DeviceCopy, B: Backend = DefaultBackend> {
    inner: B::ViewMut<'a, T>,
}

impl<T: DeviceCopy, B: Backend> DeviceVector<T, B> {
    /// The elements `range` (any range form: `a..b`, `a..`, `..b`, `..`) as a view.
    ///
    /// # Errors
    /// [`Error::RangeOutOfBounds`](crate::Error::RangeOutOfBounds) unless the range lies in
    /// `0..len`; on CUDA, out of memory or a device fault staging an unaligned view.
    pub fn slice(&self, range: impl RangeBounds<usize>) -> Result<View<'_, T, B>> {
        view_of(self.buffer(), range)
    }

    /// The elements `range` as a mutable view.
    ///
    /// # Errors
    /// As [`slice`](Self::slice).
    pub fn slice_mut(&mut self, range: impl RangeBounds<usize>) -> Result<ViewMut<'_, T, B>> {
        view_mut_of(self.buffer_mut(), range, TOKEN)
    }
}

impl<T: DeviceCopy, B: Backend> View<'_, T, B> {
    /// The elements `range` of this view, as a view.
    ///
    /// # Errors
    /// As [`DeviceVector::slice`].
    pub fn slice(&self, range: impl RangeBounds<usize>) -> Result<View<'_, T, B>> {
        view_of(self.buffer(), range)
    }

    /// The number of elements (also through [`Input`], which needs importing).
    pub fn len(&self) -> usize {
        Input::len(self)
    }

    /// `true` when the view has no elements.
    pub fn is_empty(&self) -> bool {
        Input::is_empty(self)
    }

    /// The elements, copied into a host vector.
    ///
    /// # Errors
    /// Out of host memory or a device fault.
    ///
    /// ```
    /// use parallaxis::DeviceVector;
    /// let x = DeviceVector::<u32>::from_slice(&[4, 5, 6, 7])?;
    /// assert_eq!(x.slice(1..3)?.to_vec()?, [5, 6]);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    pub fn to_vec(&self) -> Result<Vec<T>> {
        Input::to_vec(self)
    }
}

impl<T: DeviceCopy, B: Backend> ViewMut<'_, T, B> {
    /// The number of elements.
    pub fn len(&self) -> usize {
        Input::len(self)
    }

    /// `true` when the view has no elements.
    pub fn is_empty(&self) -> bool {
        Input::is_empty(self)
    }

    /// The elements, copied into a host vector.
    ///
    /// # Errors
    /// Out of host memory or a device fault.
    pub fn to_vec(&self) -> Result<Vec<T>> {
        Input::to_vec(self)
    }

    /// The elements `range` of this view, as a view.
    ///
    /// # Errors
    /// As [`DeviceVector::slice`].
    pub fn slice(&self, range: impl RangeBounds<usize>) -> Result<View<'_, T, B>> {
        view_of(self.buffer(), range)
    }

    /// The elements `range` of this view, as a mutable view.
    ///
    /// # Errors
    /// As [`DeviceVector::slice`].
    pub fn slice_mut(&mut self, range: impl RangeBounds<usize>) -> Result<ViewMut<'_, T, B>> {
        view_mut_of(self.buffer_out(TOKEN), range, TOKEN)
    }
}

fn view_of<T: DeviceCopy, B: Backend>(
    s: &B::Slice<T>,
    range: impl RangeBounds<usize>,
) -> Result<View<'_, T, B>> {
    let range = checked(range, B::len(s))?;
    Ok(View {
        inner: B::view(s, range)?,
    })
}

fn view_mut_of<T: DeviceCopy, B: Backend>(
    s: &mut B::Slice<T>,
    range: impl RangeBounds<usize>,
    token: Token,
) -> Result<ViewMut<'_, T, B>> {
    let range = checked(range, B::len(s))?;
    Ok(ViewMut {
        inner: B::view_mut(s, range, token)?,
    })
}

impl<T: DeviceCopy, B: Backend> Input<T, B> for View<'_, T, B> {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn buffer(&self) -> &B::Slice<T> {
        B::view_slice(&self.inner)
    }
}

impl<T: DeviceCopy, B: Backend> Input<T, B> for ViewMut<'_, T, B> {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn buffer(&self) -> &B::Slice<T> {
        B::view_mut_slice(&self.inner)
    }
}

impl<T: DeviceCopy, B: Backend> Output<T, B> for ViewMut<'_, T, B> {
    fn buffer_out(&mut self, token: Token) -> &mut B::Slice<T> {
        B::view_mut_slice_mut(&mut self.inner, token)
    }
}

impl<T: DeviceCopy + fmt::Debug, B: Backend> fmt::Debug for View<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_elements(f, "View", self)
    }
}

impl<T: DeviceCopy + fmt::Debug, B: Backend> fmt::Debug for ViewMut<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_elements(f, "ViewMut", self)
    }
}

pub(crate) fn debug_elements<T: DeviceCopy + fmt::Debug, B: Backend>(
    f: &mut fmt::Formatter<'_>,
    kind: &str,
    v: &impl Input<T, B>,
) -> fmt::Result {
    write!(f, "{kind}<{}>", B::NAME)?;
    match v.to_vec() {
        Ok(v) => f.debug_list().entries(&v).finish(),
        Err(e) => write!(f, "[<unreadable: {e}>]"),
    }
}
