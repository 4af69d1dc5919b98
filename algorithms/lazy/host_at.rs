//! [`HostAt`]: element `i` of a source whose memory is the host's, computed where an
//! algorithm of a host backend reads it (the lazy sequences' lowering on the CPU).

use super::Source;
use crate::backend::HostMemory;
use crate::{
    view::{Input, View, ViewMut},
    DeviceVector,
};
use parallaxis_core::DeviceCopy;

/// Element access on the host backends. Implemented by every source of a host backend:
/// the stored ones read their slice, the lazy ones compute from their parts.
#[doc(hidden)]
pub trait HostAt: Source + Sync {
    /// Element `i`.
    ///
    /// # Safety
    /// `i < self.len()`.
    unsafe fn at(&self, i: usize) -> Self::Item;
}

/// [`HostAt`] for the stored sources: their slice.
macro_rules! stored_at {
    ($($ty:ty),*) => {$(
        impl<T: DeviceCopy, B: HostMemory> HostAt for $ty
        where
            Self: Sync,
        {
            #[inline(always)]
            unsafe fn at(&self, i: usize) -> T {
                // SAFETY: `i < self.len()`, the slice's length (the caller).
                unsafe { *B::host_slice(Input::buffer(self)).get_unchecked(i) }
            }
        }
    )*};
}
stored_at!(DeviceVector<T, B>, View<'_, T, B>, ViewMut<'_, T, B>);

impl<X: HostAt + ?Sized> HostAt for &X {
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> X::Item {
        // SAFETY: the caller's `i < self.len()`, which is `X`'s length.
        unsafe { (**self).at(i) }
    }
}

/// A [`HostAt`] source as `parallaxis_host`'s index-driven sequence.
#[cfg(feature = "rayon")]
pub(crate) struct AtOf<'s, S: ?Sized>(pub(crate) &'s S);

#[cfg(feature = "rayon")]
// SAFETY: `parallaxis_host::indexed` calls `at(i)` for `i` below the length it is given, which
// the host backends pass as `self.0.len()` (or less), as `HostAt::at` requires; `S: Sync`.
unsafe impl<S: HostAt + ?Sized> parallaxis_host::indexed::At for AtOf<'_, S> {
    type Item = S::Item;
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> S::Item {
        // SAFETY: see the impl's comment.
        unsafe { self.0.at(i) }
    }
}
