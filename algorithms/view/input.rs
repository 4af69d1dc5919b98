//! [`Input`] and [`Output`]: what the algorithms take where they read or write a run of
//! elements.

use crate::backend::Token;
use crate::{Backend, DeviceVector, Result};
use parallaxis_core::DeviceCopy;

/// A run of `T` in backend `B`'s memory that an algorithm reads: a [`DeviceVector`], a
/// [`View`](crate::view::View) or a [`ViewMut`](crate::view::ViewMut). Sealed: implemented by those
/// three only.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<u32>::from_slice(&[1, 2, 3, 4, 5])?;
/// assert_eq!(parallaxis::reduce(Sum, &x)?, 15); // the whole vector
/// assert_eq!(parallaxis::reduce(Sum, &x.slice(1..4)?)?, 9); // a view: no copy on the host
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub trait Input<T: DeviceCopy, B: Backend> {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The elements, as the backend's algorithms take them.
    #[doc(hidden)]
    fn buffer(&self) -> &B::Slice<T>;
    /// The number of elements.
    fn len(&self) -> usize {
        B::len(self.buffer())
    }
    /// `true` when there are no elements.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Copies the elements into a new host vector.
    ///
    /// # Errors
    /// A device fault.
    fn to_vec(&self) -> Result<Vec<T>> {
        B::to_vec(self.buffer())
    }
}

/// A run of `T` in backend `B`'s memory that an algorithm writes (the `_into` forms): a
/// [`DeviceVector`] or a [`ViewMut`](crate::view::ViewMut). Sealed.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<u32>::from_slice(&[1, 2, 3])?;
/// let mut y = DeviceVector::<u32>::zeros(5)?;
/// // Scan into the middle three elements of `y`.
/// parallaxis::inclusive_scan_into(Sum, &x, &mut y.slice_mut(1..4)?)?;
/// assert_eq!(y.to_vec()?, [0, 1, 3, 6, 0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub trait Output<T: DeviceCopy, B: Backend>: Input<T, B> {
    /// The elements, writable. Only this crate can call it (the token): a CUDA view's buffer
    /// does not own its memory and must not be moved out of the view.
    #[doc(hidden)]
    fn buffer_out(&mut self, token: Token) -> &mut B::Slice<T>;
}

impl<T: DeviceCopy, B: Backend> Input<T, B> for DeviceVector<T, B> {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn buffer(&self) -> &B::Slice<T> {
        DeviceVector::buffer(self)
    }
}

impl<T: DeviceCopy, B: Backend> Output<T, B> for DeviceVector<T, B> {
    fn buffer_out(&mut self, _: Token) -> &mut B::Slice<T> {
        self.buffer_mut()
    }
}
