//! [`Source`]: what the reading algorithms that take lazy sequences accept — a vector, a view,
//! or a lazy sequence built from them.

use crate::{
    view::{Input, View, ViewMut},
    Backend, DeviceVector,
};
use parallaxis_core::DeviceCopy;

/// A run of elements an algorithm can read: a [`DeviceVector`], a [`View`], a [`ViewMut`], a
/// reference to one, or a lazy sequence ([`counting`](crate::lazy::counting),
/// [`constant`](crate::lazy::constant), `x.map(f)`, [`zip`](crate::lazy::zip), [`permute`](crate::lazy::permute),
/// `x.rev()`). The element type and the backend are fixed by the type, so the algorithms infer
/// both from it. Sealed: implemented by parallaxis's types only.
///
/// ```
/// use parallaxis::{DeviceVector, lazy::Source, ops::Square};
/// let x = DeviceVector::<f32>::from_slice(&[1.0, 2.0, 3.0])?;
/// let squares = x.map(Square); // nothing computed yet
/// assert_eq!(squares.len(), 3);
/// assert_eq!(parallaxis::reduce(parallaxis::ops::Sum, &squares)?, 14.0); // one pass, no temporary
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub trait Source {
    /// The element type.
    type Item: DeviceCopy;
    /// The backend whose memory the elements come from and whose algorithms read them.
    type Backend: Backend;
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The number of elements.
    fn len(&self) -> usize;
    /// `true` when there are no elements.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// [`Source`] for the three types that hold elements ([`Input`]).
macro_rules! stored_source {
    ($($ty:ty),*) => {$(
        impl<T: DeviceCopy, B: Backend> Source for $ty {
            type Item = T;
            type Backend = B;
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn len(&self) -> usize {
                Input::len(self)
            }
        }
    )*};
}
stored_source!(DeviceVector<T, B>, View<'_, T, B>, ViewMut<'_, T, B>);

impl<X: Source + ?Sized> Source for &X {
    type Item = X::Item;
    type Backend = X::Backend;
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn len(&self) -> usize {
        (**self).len()
    }
}
