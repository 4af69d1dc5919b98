//! What the reading algorithms ask of their input: [`MonoidSource`] (reduce and the scans),
//! [`MapSource`] (transform) and [`CollectSource`] (writing a lazy sequence out). A stored
//! source forwards to the backend's op on its buffer; a lazy one to the backend's lowering of
//! that sequence (`backend/ops_lazy.rs`): on the CPU every element is computed where it is
//! read; on CUDA by a fused kernel where one exists, else written out once (the type docs say
//! which).

use super::{Lazy, Source};
use crate::backend::{LazyCollectOps, LazyMapOps, LazyMonoidOps};
use crate::{
    backend::{MonoidOps, TransformOps},
    view::{Input, View, ViewMut},
    Backend, DeviceVector, Result,
};
use parallaxis_core::{DeviceCopy, Monoid, UnaryFunction};

/// The buffer type of a source's backend for elements of type `T`.
type SliceOf<S, T> = <<S as Source>::Backend as Backend>::Slice<T>;

/// A source that [`reduce`](crate::reduce), [`reduce_into`](crate::reduce_into) and the scans
/// can read with monoid `M`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be reduced or scanned with `{M}` on its backend",
    note = "on CUDA a lazy sequence is read by a fused kernel (`x.map(f)` of a vector or view: the \
            fused transform_reduce / transform scans) or written out by an existing kernel \
            (counting, constant, rev, permute, `zip(a, b).map(f)`, `zip` pairs and triples, \
            maps of those); over pairs the stock kernels are `Both(Sum, Sum)` on \
            `Pair<f32, u32>` / `Pair<f64, u64>` and `Both(Min, Max)` on `Pair<f32, f32>` / \
            `Pair<i32, i32>`",
    note = "a GPU monoid or functor of your own needs its kernels instantiated: see \
            `parallaxis_device::instantiate_monoid!` and `instantiate_unary!`"
)]
pub trait MonoidSource<M: Monoid<Self::Item>>: Source {
    /// The fold from the identity.
    #[doc(hidden)]
    fn run_reduce(&self, m: M) -> Result<Self::Item>;
    /// The fold into `out[0]`; `out.len() == 1`.
    #[doc(hidden)]
    fn run_reduce_into(&self, m: M, out: &mut SliceOf<Self, Self::Item>) -> Result<()>;
    /// The inclusive scan into `y`; equal lengths.
    #[doc(hidden)]
    fn run_inclusive_scan(&self, m: M, y: &mut SliceOf<Self, Self::Item>) -> Result<()>;
    /// The exclusive scan seeded with `init` into `y`; equal lengths.
    #[doc(hidden)]
    fn run_exclusive_scan(
        &self,
        m: M,
        init: Self::Item,
        y: &mut SliceOf<Self, Self::Item>,
    ) -> Result<()>;
}

/// A source that [`transform`](crate::transform) can map with functor `F`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be transformed by `{F}` on its backend",
    note = "on CUDA a functor needs instantiated kernels (`parallaxis_device::instantiate_unary!`; \
            closures run on the CPU backends only)"
)]
pub trait MapSource<F: UnaryFunction<Self::Item>>: Source {
    /// `y[i] = f(x[i])`; equal lengths.
    #[doc(hidden)]
    fn run_transform(&self, f: F, y: &mut SliceOf<Self, F::Output>) -> Result<()>;
}

/// A lazy sequence that can be written out whole: [`collect`](Self::collect).
pub trait CollectSource: Source {
    /// `y[i] = x[i]`; equal lengths.
    #[doc(hidden)]
    fn run_collect(&self, y: &mut SliceOf<Self, Self::Item>) -> Result<()>;

    /// The elements written out into a new vector of the backend.
    ///
    /// # Errors
    /// Out of memory or a device fault.
    ///
    /// ```
    /// use parallaxis::Sequential;
    /// let v = parallaxis::lazy::counting::<Sequential, i32>(-2, 4).map(parallaxis::ops::Square).collect()?;
    /// assert_eq!(v.to_vec()?, [4, 1, 0, 1]);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    fn collect(&self) -> Result<DeviceVector<Self::Item, Self::Backend>> {
        // SAFETY: `run_collect` writes every element; on an error `y` is dropped unread.
        let mut y =
            unsafe { DeviceVector::<Self::Item, Self::Backend>::for_overwrite(self.len()) }?;
        self.run_collect(y.buffer_mut())?;
        Ok(y)
    }
}

/// The consumer traits for the stored sources: the backend's op on their buffer.
macro_rules! stored_consumers {
    ($($ty:ty),*) => {$(
        impl<T: DeviceCopy, B: MonoidOps<T, M>, M: Monoid<T>> MonoidSource<M> for $ty {
            fn run_reduce(&self, m: M) -> Result<T> {
                B::reduce(m, Input::buffer(self))
            }
            fn run_reduce_into(&self, m: M, out: &mut B::Slice<T>) -> Result<()> {
                B::reduce_into(m, Input::buffer(self), out)
            }
            fn run_inclusive_scan(&self, m: M, y: &mut B::Slice<T>) -> Result<()> {
                B::inclusive_scan(m, Input::buffer(self), y)
            }
            fn run_exclusive_scan(&self, m: M, init: T, y: &mut B::Slice<T>) -> Result<()> {
                B::exclusive_scan(m, init, Input::buffer(self), y)
            }
        }

        impl<T: DeviceCopy, B: TransformOps<T, F>, F: UnaryFunction<T>> MapSource<F> for $ty {
            fn run_transform(&self, f: F, y: &mut B::Slice<F::Output>) -> Result<()> {
                B::transform(f, Input::buffer(self), y)
            }
        }
    )*};
}
stored_consumers!(DeviceVector<T, B>, View<'_, T, B>, ViewMut<'_, T, B>);

impl<L: Lazy, M: Monoid<L::Item>> MonoidSource<M> for L
where
    L::Backend: LazyMonoidOps<L, M>,
{
    fn run_reduce(&self, m: M) -> Result<L::Item> {
        <L::Backend as LazyMonoidOps<L, M>>::reduce(m, self)
    }
    fn run_reduce_into(&self, m: M, out: &mut SliceOf<L, L::Item>) -> Result<()> {
        <L::Backend as LazyMonoidOps<L, M>>::reduce_into(m, self, out)
    }
    fn run_inclusive_scan(&self, m: M, y: &mut SliceOf<L, L::Item>) -> Result<()> {
        <L::Backend as LazyMonoidOps<L, M>>::inclusive_scan(m, self, y)
    }
    fn run_exclusive_scan(&self, m: M, init: L::Item, y: &mut SliceOf<L, L::Item>) -> Result<()> {
        <L::Backend as LazyMonoidOps<L, M>>::exclusive_scan(m, init, self, y)
    }
}

impl<L: Lazy, F: UnaryFunction<L::Item>> MapSource<F> for L
where
    L::Backend: LazyMapOps<L, F>,
{
    fn run_transform(&self, f: F, y: &mut SliceOf<L, F::Output>) -> Result<()> {
        <L::Backend as LazyMapOps<L, F>>::transform(f, self, y)
    }
}

impl<L: Lazy> CollectSource for L
where
    L::Backend: LazyCollectOps<L>,
{
    fn run_collect(&self, y: &mut SliceOf<L, L::Item>) -> Result<()> {
        <L::Backend as LazyCollectOps<L>>::collect(self, y)
    }
}
