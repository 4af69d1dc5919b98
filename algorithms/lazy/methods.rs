//! `.map(f)` and `.rev()` on vectors, views and lazy sequences (the ways into the lazy ones),
//! and `.collect()` on the lazy ones.

use super::{
    CollectSource, Constant, Counting, Mapped, Permuted, Reversed, Source, ZipMapped, Zipped,
    Zipped3,
};
use crate::{
    view::{View, ViewMut},
    Backend, DeviceVector, Result,
};
use parallaxis_core::{DeviceCopy, UnaryFunction};

/// `.map` and `.rev` on the stored sources, which the lazy sequence borrows.
macro_rules! stored_methods {
    ($($ty:ty),*) => {$(
        impl<T: DeviceCopy, B: Backend> $ty {
            /// `f(x[i])` for each element, computed where an algorithm reads it (see
            /// [`Mapped`]).
            pub fn map<F: UnaryFunction<T>>(&self, f: F) -> Mapped<&Self, F> {
                Mapped { source: self, f }
            }
            /// The elements in reverse order, read in place (see [`Reversed`]).
            pub fn rev(&self) -> Reversed<&Self> {
                Reversed { source: self }
            }
        }
    )*};
}
stored_methods!(DeviceVector<T, B>, View<'_, T, B>, ViewMut<'_, T, B>);

/// `.rev` and `.collect` on every lazy sequence, and `.map` on those whose `map` takes a unary functor
/// (a [`Zipped`] pair's takes a binary one: [`Zipped::map`]).
macro_rules! lazy_methods {
    (rev: $([$($g:ident),*] $ty:ty),*; map: $([$($h:ident),*] $mty:ty),*) => {
        $(
            impl<$($g),*> $ty
            where
                Self: Source,
            {
                /// The elements in reverse order (see [`Reversed`]).
                pub fn rev(self) -> Reversed<Self> {
                    Reversed { source: self }
                }
                /// The elements written out into a new vector of the backend (see
                /// [`CollectSource::collect`]; this inherent form needs no import).
                ///
                /// # Errors
                /// Out of memory or a device fault.
                pub fn collect(
                    &self,
                ) -> Result<DeviceVector<<Self as Source>::Item, <Self as Source>::Backend>>
                where
                    Self: CollectSource,
                {
                    CollectSource::collect(self)
                }
            }
        )*
        $(
            impl<$($h),*> $mty
            where
                Self: Source,
            {
                /// `f` of each element, computed where an algorithm reads it (see [`Mapped`]).
                pub fn map<G: UnaryFunction<<Self as Source>::Item>>(self, g: G) -> Mapped<Self, G> {
                    Mapped { source: self, f: g }
                }
            }
        )*
    };
}
lazy_methods!(
    rev: [T, B] Counting<T, B>, [T, B] Constant<T, B>, [S, F] Mapped<S, F>,
        [S1, S2] Zipped<S1, S2>, [S1, S2, S3] Zipped3<S1, S2, S3>,
        [S1, S2, F] ZipMapped<S1, S2, F>, [S, M] Permuted<S, M>, [S] Reversed<S>;
    map: [T, B] Counting<T, B>, [T, B] Constant<T, B>, [S, F] Mapped<S, F>,
        [S1, S2, S3] Zipped3<S1, S2, S3>, [S1, S2, F] ZipMapped<S1, S2, F>,
        [S, M] Permuted<S, M>, [S] Reversed<S>
);
