//! [`Readable`]: the input of the algorithms that read a lazy sequence by writing it out
//! first. Reduce, the scans and transform read every element where they need it (`consume.rs`);
//! every other reading input of a front door takes a `Readable`: selection, extrema,
//! histogram (samples and edges), search, sort and merge sort, `reverse`, gather and scatter
//! (maps, stencils, sources), the segmented and by-key scans and reductions (flags, keys,
//! offsets, values), the segmented sort, merge, SpMV's `x`, the stencil's grid, `transform2`,
//! the fused transform-reduce and transform-scans, the `*_with_init` forms, `copy`, and
//! `unique_by_key`. A lazy sequence goes in directly and is written out once, into a
//! temporary of its length, before the algorithm runs (with several lazy inputs, one
//! temporary each, all alive during the call); where a front door validates an input's
//! contents (offsets, index maps, histogram edges) that input is written out first and
//! checked, and the others only once the checks pass. A stored source (a vector or view) is
//! read in place, as before. Outputs stay [`Output`](crate::view::Output)s.

use super::{Lazy, Source};
use crate::backend::LazyCollectOps;
use crate::{
    backend::{ArgOps, SelectOps},
    view::{Input, View, ViewMut},
    Backend, DeviceVector, Result,
};
use parallaxis_core::{ArgReduce, DeviceCopy, Predicate};

/// A source of `T` in backend `B` that every algorithm accepts: a [`DeviceVector`], a
/// [`View`], a [`ViewMut`], or a lazy sequence (written out once first: see the module docs
/// of [`lazy`](crate::lazy::counting) and each algorithm's docs).
///
/// ```
/// use parallaxis::{Sequential, lazy::{Source, counting}, ops::GreaterThan};
/// let evens = counting::<Sequential, u32>(0, 10).map(parallaxis::ops::Scale { factor: 2 });
/// assert_eq!(parallaxis::count_if(GreaterThan { bound: 9 }, &evens)?, 5);
/// assert_eq!(parallaxis::max_element(&evens)?, Some((9, 18))); // (index, value)
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read as a run of `{T}` on its backend",
    note = "on CUDA a lazy sequence must be one the backend can write out: counting, constant, \
            `x.map(f)`, `zip(a, b).map(f)`, `zip` / `zip3`, `rev` or `permute` of a vector or \
            view, with instantiated kernels for the functor and for the algorithm over the \
            element type (a `Pair` needs its own predicate, comparator or monoid kernels)"
)]
pub trait Readable<T: DeviceCopy, B: Backend>: Source<Item = T, Backend = B> {
    /// Runs `f` on the elements as the backend's algorithms take them: a stored source's own
    /// buffer, a lazy one's elements written out into a temporary.
    #[doc(hidden)]
    fn with_stored<R>(&self, f: impl FnOnce(&B::Slice<T>) -> Result<R>) -> Result<R>;

    /// `count_if`: the backend's count on the stored elements; a lazy sequence's lowering
    /// (on the host backends computed in the count's own loop).
    #[doc(hidden)]
    fn run_count_if<P: Predicate<T>>(&self, p: P) -> Result<usize>
    where
        B: SelectOps<T, P>,
    {
        self.with_stored(|x| B::count_if(p, x))
    }

    /// The extrema: as [`run_count_if`](Self::run_count_if).
    #[doc(hidden)]
    fn run_arg_reduce<M: ArgReduce<T>>(&self, m: M) -> Result<M::Pick>
    where
        B: ArgOps<T, M>,
    {
        self.with_stored(|x| B::arg_reduce(m, x))
    }
}

/// [`Readable`] for the stored sources: their own buffer.
macro_rules! stored_readable {
    ($($ty:ty),*) => {$(
        impl<T: DeviceCopy, B: Backend> Readable<T, B> for $ty {
            fn with_stored<R>(&self, f: impl FnOnce(&B::Slice<T>) -> Result<R>) -> Result<R> {
                f(Input::buffer(self))
            }
        }
    )*};
}
stored_readable!(DeviceVector<T, B>, View<'_, T, B>, ViewMut<'_, T, B>);

impl<L: Lazy> Readable<L::Item, L::Backend> for L
where
    L::Backend: LazyCollectOps<L>,
{
    fn with_stored<R>(
        &self,
        f: impl FnOnce(&<L::Backend as Backend>::Slice<L::Item>) -> Result<R>,
    ) -> Result<R> {
        let y = <L::Backend as LazyCollectOps<L>>::collected(self)?;
        f(<L::Backend as Backend>::as_slice(&y))
    }

    fn run_count_if<P: Predicate<L::Item>>(&self, p: P) -> Result<usize>
    where
        L::Backend: SelectOps<L::Item, P>,
    {
        <L::Backend as LazyCollectOps<L>>::count_if(p, self)
    }

    fn run_arg_reduce<M: ArgReduce<L::Item>>(&self, m: M) -> Result<M::Pick>
    where
        L::Backend: ArgOps<L::Item, M>,
    {
        <L::Backend as LazyCollectOps<L>>::arg_reduce(m, self)
    }
}
