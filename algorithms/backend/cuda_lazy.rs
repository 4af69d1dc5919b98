//! How CUDA reads the lazy sequences: a map of a stored vector or view runs the fused kernels
//! (`FusedOps`), a zip mapped by a binary functor the binary ones (`Fused2Ops` for reductions,
//! `parallaxis_device::transform2_{in,ex}clusive_scan` for scans, `Transform2Ops` to write it
//! out), and counting, constant, `rev` and `permute` of stored sources are written out once
//! by the existing kernels (`sequence`, `fill`, `reverse`, `gather`) and then read by the
//! algorithm. A `zip` (or `zip3`) is written out as pairs (triples) by one strided copy per
//! part (`parallaxis_device::zip_into`), each lazy part written out first, except that a zip
//! whose second part is a constant reduces and scans as the map `a.map(PairWith)` (a mean's
//! sum and count: the fused transform-reduce). A kernel generic over such a source (read in
//! place, as the host backends do) is not built: each shape would need its own entry points.

use super::ops::{Fused2Ops, FusedOps, MonoidOps, TabulateOps, Transform2Ops, TransformOps};
use super::ops_histogram::{GatherOps, ReverseOps};
use super::ops_lazy::{LazyCollectOps, LazyMapOps, LazyMonoidOps};
use crate::lazy::{
    Constant, Counting, Mapped, Permuted, Reversed, Source, ZipMapped, Zipped, Zipped3,
};
use crate::{lazy::Readable, view::Input, Backend, Cuda, Result};
use parallaxis_core::{
    BinaryFunction, DeviceCopy, Monoid, Number, Pair, PairWith, Sequence, SparseIndex, Triple,
    UnaryFunction,
};
use parallaxis_device::{self as device, BinaryKernel, DeviceBuffer, MonoidKernel};

/// A stored CUDA source (a vector or view, borrowed): its buffer.
trait Stored: Source<Backend = Cuda> + Input<<Self as Source>::Item, Cuda> {}
impl<X: Source<Backend = Cuda> + Input<X::Item, Cuda> + ?Sized> Stored for X {}

// ---- `x.map(f)` of a stored source: the fused kernels.

impl<X: Stored, F, M> LazyMonoidOps<Mapped<&X, F>, M> for Cuda
where
    F: UnaryFunction<X::Item>,
    M: Monoid<F::Output>,
    Cuda: FusedOps<X::Item, F::Output, F, M>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn reduce(m: M, s: &Mapped<&X, F>) -> Result<F::Output> {
        <Cuda as FusedOps<_, _, F, M>>::transform_reduce(s.f, m, s.source.buffer())
    }
    fn inclusive_scan(m: M, s: &Mapped<&X, F>, y: &mut DeviceBuffer<F::Output>) -> Result<()> {
        <Cuda as FusedOps<_, _, F, M>>::transform_inclusive_scan(s.f, m, s.source.buffer(), y)
    }
    fn exclusive_scan(
        m: M,
        init: F::Output,
        s: &Mapped<&X, F>,
        y: &mut DeviceBuffer<F::Output>,
    ) -> Result<()> {
        <Cuda as FusedOps<_, _, F, M>>::transform_exclusive_scan(s.f, m, init, s.source.buffer(), y)
    }
}

impl<X: Stored, F: UnaryFunction<X::Item>> LazyCollectOps<Mapped<&X, F>> for Cuda
where
    Cuda: TransformOps<X::Item, F>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn collect(s: &Mapped<&X, F>, y: &mut DeviceBuffer<F::Output>) -> Result<()> {
        <Cuda as TransformOps<_, F>>::transform(s.f, s.source.buffer(), y)
    }
}

// ---- `zip(a, b).map(f)` of stored sources: the binary kernels.

impl<X: Stored, Y: Stored<Item = X::Item>, F, M> LazyMonoidOps<ZipMapped<&X, &Y, F>, M> for Cuda
where
    F: BinaryFunction<X::Item, X::Item> + BinaryKernel<X::Item, X::Item>,
    M: Monoid<F::Output> + MonoidKernel<F::Output>,
    Cuda: Fused2Ops<X::Item, X::Item, F::Output, F, M>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn reduce(m: M, s: &ZipMapped<&X, &Y, F>) -> Result<F::Output> {
        let (a, b) = (s.a.buffer(), s.b.buffer());
        <Cuda as Fused2Ops<_, _, _, F, M>>::transform2_reduce(s.f, m, a, b)
    }
    // The scans read both inputs inside the scan kernel where the triple has a fused
    // entry (the kernels crate's `entry/families/fused.rs`), else `transform2` into a temporary and the
    // scan (`parallaxis_device::transform2_inclusive_scan`).
    fn inclusive_scan(
        m: M,
        s: &ZipMapped<&X, &Y, F>,
        y: &mut DeviceBuffer<F::Output>,
    ) -> Result<()> {
        device::transform2_inclusive_scan(s.f, m, s.a.buffer(), s.b.buffer(), y)
    }
    fn exclusive_scan(
        m: M,
        init: F::Output,
        s: &ZipMapped<&X, &Y, F>,
        y: &mut DeviceBuffer<F::Output>,
    ) -> Result<()> {
        device::transform2_exclusive_scan(s.f, m, init, s.a.buffer(), s.b.buffer(), y)
    }
}

impl<X: Stored, Y: Stored, F> LazyCollectOps<ZipMapped<&X, &Y, F>> for Cuda
where
    F: BinaryFunction<X::Item, Y::Item>,
    Cuda: Transform2Ops<X::Item, Y::Item, F>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn collect(s: &ZipMapped<&X, &Y, F>, y: &mut DeviceBuffer<F::Output>) -> Result<()> {
        <Cuda as Transform2Ops<_, _, F>>::transform2(s.f, s.a.buffer(), s.b.buffer(), y)
    }
}

// ---- Written out by an existing kernel.

impl<T: Number> LazyCollectOps<Counting<T, Cuda>> for Cuda
where
    Cuda: TabulateOps<Sequence<T>>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn collect(s: &Counting<T, Cuda>, y: &mut DeviceBuffer<T>) -> Result<()> {
        <Cuda as TabulateOps<Sequence<T>>>::tabulate(s.rule(), y)
    }
}

impl<T: parallaxis_core::DeviceCopy> LazyCollectOps<Constant<T, Cuda>> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn collect(s: &Constant<T, Cuda>, y: &mut DeviceBuffer<T>) -> Result<()> {
        Cuda::fill(y, s.value)
    }
}

impl<X: Stored> LazyCollectOps<Reversed<&X>> for Cuda
where
    Cuda: ReverseOps<X::Item>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn collect(s: &Reversed<&X>, y: &mut DeviceBuffer<X::Item>) -> Result<()> {
        <Cuda as ReverseOps<_>>::reverse(s.source.buffer(), y)
    }
}

impl<X: Stored, Y: Stored> LazyCollectOps<Permuted<&X, &Y>> for Cuda
where
    Y::Item: SparseIndex,
    Cuda: GatherOps<Y::Item, X::Item>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn collect(s: &Permuted<&X, &Y>, y: &mut DeviceBuffer<X::Item>) -> Result<()> {
        // SAFETY: `permute` checked every map entry against the source's length, and both
        // stay borrowed immutably since.
        unsafe { <Cuda as GatherOps<_, _>>::gather(s.map.buffer(), s.src.buffer(), y) }
    }
}

// ---- `zip(a, b)` and `zip3(a, b, c)`: written out as pairs and triples.

/// A part of a zip as CUDA writes the zip out: a stored source read in place, a lazy one
/// written out into a temporary first.
trait Part: Source<Backend = Cuda> {
    /// Runs `f` on the part's elements in a buffer.
    fn with_buffer<R>(&self, f: impl FnOnce(&DeviceBuffer<Self::Item>) -> Result<R>) -> Result<R>;
}

impl<T, X> Part for &X
where
    T: DeviceCopy,
    X: Source<Item = T, Backend = Cuda> + Readable<T, Cuda> + ?Sized,
{
    fn with_buffer<R>(&self, f: impl FnOnce(&DeviceBuffer<T>) -> Result<R>) -> Result<R> {
        (**self).with_stored(f)
    }
}

/// [`Part`] for the lazy sequences taken by value (`zip(counting(..), &x)`).
macro_rules! lazy_part {
    ($([$($g:tt)*] $ty:ty),* $(,)?) => {$(
        impl<$($g)*> Part for $ty
        where
            $ty: Source<Backend = Cuda>,
            Cuda: LazyCollectOps<$ty>,
        {
            fn with_buffer<R>(
                &self,
                f: impl FnOnce(&DeviceBuffer<<$ty as Source>::Item>) -> Result<R>,
            ) -> Result<R> {
                f(&<Cuda as LazyCollectOps<$ty>>::collected(self)?)
            }
        }
    )*};
}
lazy_part!(
    [T: Number] Counting<T, Cuda>,
    [T: DeviceCopy] Constant<T, Cuda>,
    [S] Reversed<S>,
    [S, M] Permuted<S, M>,
    [S, F] Mapped<S, F>,
    [S1, S2] Zipped<S1, S2>,
    [S1, S2, S3] Zipped3<S1, S2, S3>,
    [S1, S2, F] ZipMapped<S1, S2, F>,
);

impl<S1: Part, S2: Part> LazyCollectOps<Zipped<S1, S2>> for Cuda
where
    Zipped<S1, S2>: Source<Backend = Cuda, Item = Pair<S1::Item, S2::Item>>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn collect(s: &Zipped<S1, S2>, y: &mut DeviceBuffer<Pair<S1::Item, S2::Item>>) -> Result<()> {
        s.a.with_buffer(|a| s.b.with_buffer(|b| device::zip_into(a, b, y)))
    }
}

impl<S1: Part, S2: Part, S3: Part> LazyCollectOps<Zipped3<S1, S2, S3>> for Cuda
where
    Zipped3<S1, S2, S3>: Source<Backend = Cuda, Item = Triple<S1::Item, S2::Item, S3::Item>>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn collect(
        s: &Zipped3<S1, S2, S3>,
        y: &mut DeviceBuffer<Triple<S1::Item, S2::Item, S3::Item>>,
    ) -> Result<()> {
        s.a.with_buffer(|a| {
            s.b.with_buffer(|b| s.c.with_buffer(|c| device::zip3_into(a, b, c, y)))
        })
    }
}

/// `s.map(f)` of a lazy `s` (a nested composition): `s` written out, then `f` by the
/// `transform` kernel into the output. Each level is one pass over a temporary; a kernel
/// that composes the levels would need entry points per composition.
macro_rules! map_of_lazy {
    ($([$($g:tt)*] $inner:ty),* $(,)?) => {$(
        impl<$($g)*, F> LazyCollectOps<Mapped<$inner, F>> for Cuda
        where
            $inner: Source<Backend = Cuda>,
            F: UnaryFunction<<$inner as Source>::Item>,
            Cuda: LazyCollectOps<$inner> + TransformOps<<$inner as Source>::Item, F>,
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn collect(s: &Mapped<$inner, F>, y: &mut DeviceBuffer<F::Output>) -> Result<()> {
                <Cuda as TransformOps<<$inner as Source>::Item, F>>::transform(
                    s.f,
                    &<Cuda as LazyCollectOps<$inner>>::collected(&s.source)?,
                    y,
                )
            }
        }
    )*};
}
map_of_lazy!(
    [T: Number] Counting<T, Cuda>,
    [T: parallaxis_core::DeviceCopy] Constant<T, Cuda>,
    ['a, X: Stored] Reversed<&'a X>,
    ['a, 'b, X: Stored, Y: Stored] Permuted<&'a X, &'b Y>,
    [S, H] Mapped<S, H>,
    ['a, 'b, X: Stored, Y: Stored, H] ZipMapped<&'a X, &'b Y, H>,
    [S1, S2] Zipped<S1, S2>,
    [S1, S2, S3] Zipped3<S1, S2, S3>,
);

/// Reduce, scans and transform of lazy sequences that CUDA writes out first (their
/// `LazyCollectOps` above): the temporary, then the algorithm on it.
macro_rules! via_collect {
    ($([$($g:tt)*] $ty:ty),* $(,)?) => {$(
        impl<$($g)*, M> LazyMonoidOps<$ty, M> for Cuda
        where
            $ty: Source<Backend = Cuda>,
            M: Monoid<<$ty as Source>::Item>,
            Cuda: LazyCollectOps<$ty> + MonoidOps<<$ty as Source>::Item, M>,
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn reduce(m: M, s: &$ty) -> Result<<$ty as Source>::Item> {
                <Cuda as MonoidOps<<$ty as Source>::Item, M>>::reduce(m, &<Cuda as LazyCollectOps<$ty>>::collected(s)?)
            }
            fn reduce_into(
                m: M,
                s: &$ty,
                out: &mut DeviceBuffer<<$ty as Source>::Item>,
            ) -> Result<()> {
                <Cuda as MonoidOps<<$ty as Source>::Item, M>>::reduce_into(m, &<Cuda as LazyCollectOps<$ty>>::collected(s)?, out)
            }
            fn inclusive_scan(
                m: M,
                s: &$ty,
                y: &mut DeviceBuffer<<$ty as Source>::Item>,
            ) -> Result<()> {
                <Cuda as MonoidOps<<$ty as Source>::Item, M>>::inclusive_scan(m, &<Cuda as LazyCollectOps<$ty>>::collected(s)?, y)
            }
            fn exclusive_scan(
                m: M,
                init: <$ty as Source>::Item,
                s: &$ty,
                y: &mut DeviceBuffer<<$ty as Source>::Item>,
            ) -> Result<()> {
                <Cuda as MonoidOps<<$ty as Source>::Item, M>>::exclusive_scan(m, init, &<Cuda as LazyCollectOps<$ty>>::collected(s)?, y)
            }
        }
    )*};
}
via_collect!(
    [T: Number] Counting<T, Cuda>,
    [T: parallaxis_core::DeviceCopy] Constant<T, Cuda>,
    ['a, X: Stored] Reversed<&'a X>,
    ['a, 'b, X: Stored, Y: Stored] Permuted<&'a X, &'b Y>,
    [T: Number, F] Mapped<Counting<T, Cuda>, F>,
    [T: parallaxis_core::DeviceCopy, F] Mapped<Constant<T, Cuda>, F>,
    ['a, X: Stored, F] Mapped<Reversed<&'a X>, F>,
    ['a, 'b, X: Stored, Y: Stored, F] Mapped<Permuted<&'a X, &'b Y>, F>,
    [S, H, F] Mapped<Mapped<S, H>, F>,
    ['a, 'b, X: Stored, Y: Stored, H, F] Mapped<ZipMapped<&'a X, &'b Y, H>, F>,
    // A zip by its second part: every kind but `Constant` (below) written out as pairs.
    ['a, S1, X: ?Sized] Zipped<S1, &'a X>,
    [S1, T: Number] Zipped<S1, Counting<T, Cuda>>,
    [S1, S] Zipped<S1, Reversed<S>>,
    [S1, S, P] Zipped<S1, Permuted<S, P>>,
    [S1, S, H] Zipped<S1, Mapped<S, H>>,
    [S1, S2, S3] Zipped<S1, Zipped<S2, S3>>,
    [S1, S2, S3, S4] Zipped<S1, Zipped3<S2, S3, S4>>,
    [S1, S2, S3, H] Zipped<S1, ZipMapped<S2, S3, H>>,
    [S1, S2, S3] Zipped3<S1, S2, S3>,
    [S1, S2, F] Mapped<Zipped<S1, S2>, F>,
    [S1, S2, S3, F] Mapped<Zipped3<S1, S2, S3>, F>,
);

/// `zip(a, constant(c, n))` in a reduction or scan: `a.map(PairWith { second: c })`, so a
/// stored `a` runs the fused transform-reduce (one pass where the triple has an entry: `Both(Sum,
/// Sum)` with `PairWith<u32>` over f32 and `PairWith<u64>` over f64, the mean's sum and count)
/// and nothing is written out for the constant. The scans and other triples compose the
/// transform and the scan or reduce (`FusedOps`).
impl<S1, U, M> LazyMonoidOps<Zipped<S1, Constant<U, Cuda>>, M> for Cuda
where
    S1: Source<Backend = Cuda> + Clone,
    U: DeviceCopy,
    M: Monoid<Pair<S1::Item, U>>,
    Cuda: LazyMonoidOps<Mapped<S1, PairWith<U>>, M>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn reduce(m: M, s: &Zipped<S1, Constant<U, Cuda>>) -> Result<Pair<S1::Item, U>> {
        <Cuda as LazyMonoidOps<Mapped<S1, PairWith<U>>, M>>::reduce(m, &paired(s))
    }
    fn reduce_into(
        m: M,
        s: &Zipped<S1, Constant<U, Cuda>>,
        out: &mut DeviceBuffer<Pair<S1::Item, U>>,
    ) -> Result<()> {
        <Cuda as LazyMonoidOps<Mapped<S1, PairWith<U>>, M>>::reduce_into(m, &paired(s), out)
    }
    fn inclusive_scan(
        m: M,
        s: &Zipped<S1, Constant<U, Cuda>>,
        y: &mut DeviceBuffer<Pair<S1::Item, U>>,
    ) -> Result<()> {
        <Cuda as LazyMonoidOps<Mapped<S1, PairWith<U>>, M>>::inclusive_scan(m, &paired(s), y)
    }
    fn exclusive_scan(
        m: M,
        init: Pair<S1::Item, U>,
        s: &Zipped<S1, Constant<U, Cuda>>,
        y: &mut DeviceBuffer<Pair<S1::Item, U>>,
    ) -> Result<()> {
        <Cuda as LazyMonoidOps<Mapped<S1, PairWith<U>>, M>>::exclusive_scan(m, init, &paired(s), y)
    }
}

/// `zip(a, constant(c, n))` as `a.map(PairWith { second: c })` (the lengths agree: `zip`
/// checked them).
fn paired<S1: Clone, U: DeviceCopy>(s: &Zipped<S1, Constant<U, Cuda>>) -> Mapped<S1, PairWith<U>> {
    Mapped {
        source: s.a.clone(),
        f: PairWith { second: s.b.value },
    }
}

/// `transform` of any lazy sequence CUDA can write out: the temporary, then the transform.
macro_rules! map_via_collect {
    ($([$($g:tt)*] $ty:ty),* $(,)?) => {$(
        impl<$($g)*, G> LazyMapOps<$ty, G> for Cuda
        where
            $ty: Source<Backend = Cuda>,
            G: UnaryFunction<<$ty as Source>::Item>,
            Cuda: LazyCollectOps<$ty> + TransformOps<<$ty as Source>::Item, G>,
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn transform(g: G, s: &$ty, y: &mut DeviceBuffer<G::Output>) -> Result<()> {
                <Cuda as TransformOps<<$ty as Source>::Item, G>>::transform(g, &<Cuda as LazyCollectOps<$ty>>::collected(s)?, y)
            }
        }
    )*};
}
map_via_collect!(
    [T: Number] Counting<T, Cuda>,
    [T: parallaxis_core::DeviceCopy] Constant<T, Cuda>,
    ['a, X: Stored] Reversed<&'a X>,
    ['a, 'b, X: Stored, Y: Stored] Permuted<&'a X, &'b Y>,
    ['a, X: Stored, F: UnaryFunction<X::Item>] Mapped<&'a X, F>,
    ['a, 'b, X: Stored, Y: Stored, F: BinaryFunction<X::Item, Y::Item>] ZipMapped<&'a X, &'b Y, F>,
    [T: Number, F] Mapped<Counting<T, Cuda>, F>,
    [T: parallaxis_core::DeviceCopy, F] Mapped<Constant<T, Cuda>, F>,
    ['a, X: Stored, F] Mapped<Reversed<&'a X>, F>,
    ['a, 'b, X: Stored, Y: Stored, F] Mapped<Permuted<&'a X, &'b Y>, F>,
    [S, H, F] Mapped<Mapped<S, H>, F>,
    ['a, 'b, X: Stored, Y: Stored, H, F] Mapped<ZipMapped<&'a X, &'b Y, H>, F>,
    [S1, S2] Zipped<S1, S2>,
    [S1, S2, S3] Zipped3<S1, S2, S3>,
    [S1, S2, F] Mapped<Zipped<S1, S2>, F>,
    [S1, S2, S3, F] Mapped<Zipped3<S1, S2, S3>, F>,
);
