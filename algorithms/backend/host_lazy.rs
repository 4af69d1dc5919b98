//! The host backends read every lazy sequence by computing each element where the algorithm
//! reads it ([`HostAt`]): Rayon through `parallaxis_host::indexed` (the chunks and lanes of its
//! slice algorithms), Sequential as the reference's left folds and loops.

/// The lazy-sequence ops of host backend `$backend`, running the index-driven algorithms of
/// module `$algo` (`reduce(m, n, s)`, `inclusive_scan(m, s, y)`, `exclusive_scan(m, init, s,
/// y)`, `tabulate(s, y)` over a `parallaxis_host::indexed::At`-like source made by `$wrap`).
macro_rules! host_lazy {
    ($backend:ty, $algo:ident, $wrap:ident) => {
        impl crate::backend::HostMemory for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn host_slice<T: parallaxis_core::DeviceCopy>(s: &[T]) -> &[T] {
                s
            }
            fn host_slice_mut<T: parallaxis_core::DeviceCopy>(s: &mut [T]) -> &mut [T] {
                s
            }
        }

        impl<S, M> crate::backend::LazyMonoidOps<S, M> for $backend
        where
            S: crate::lazy::Lazy + crate::lazy::HostAt + crate::lazy::Source<Backend = $backend>,
            M: parallaxis_core::Monoid<S::Item>,
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn reduce(m: M, s: &S) -> crate::Result<S::Item> {
                Ok($algo::reduce(m, s.len(), &$wrap(s)))
            }
            fn inclusive_scan(m: M, s: &S, y: &mut [S::Item]) -> crate::Result<()> {
                let n = y.len().min(s.len());
                $algo::inclusive_scan(m, &$wrap(s), &mut y[..n]);
                Ok(())
            }
            fn exclusive_scan(m: M, init: S::Item, s: &S, y: &mut [S::Item]) -> crate::Result<()> {
                let n = y.len().min(s.len());
                $algo::exclusive_scan(m, init, &$wrap(s), &mut y[..n]);
                Ok(())
            }
        }

        impl<S, F> crate::backend::LazyMapOps<S, F> for $backend
        where
            S: crate::lazy::Lazy + crate::lazy::HostAt + crate::lazy::Source<Backend = $backend>,
            F: parallaxis_core::UnaryFunction<S::Item>,
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn transform(f: F, s: &S, y: &mut [F::Output]) -> crate::Result<()> {
                let n = y.len().min(s.len());
                $algo::tabulate(&$wrap(&crate::lazy::Mapped { source: s, f }), &mut y[..n]);
                Ok(())
            }
        }

        impl<S> crate::backend::LazyCollectOps<S> for $backend
        where
            S: crate::lazy::Lazy + crate::lazy::HostAt + crate::lazy::Source<Backend = $backend>,
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn collect(s: &S, y: &mut [S::Item]) -> crate::Result<()> {
                let n = y.len().min(s.len());
                $algo::tabulate(&$wrap(s), &mut y[..n]);
                Ok(())
            }
            // The reductions of the `Readable` families: each element computed in the
            // reduction's loop, as reduce does (no temporary).
            fn count_if<P: parallaxis_core::Predicate<S::Item>>(p: P, s: &S) -> crate::Result<usize>
            where
                Self: crate::backend::SelectOps<S::Item, P>,
            {
                let ones = crate::lazy::Mapped {
                    source: s,
                    f: move |v| usize::from(p.test(v)),
                };
                Ok($algo::reduce(parallaxis_core::Sum, s.len(), &$wrap(&ones)))
            }
            fn arg_reduce<M: parallaxis_core::ArgReduce<S::Item>>(
                m: M,
                s: &S,
            ) -> crate::Result<M::Pick>
            where
                Self: crate::backend::ArgOps<S::Item, M>,
            {
                let at = crate::lazy::counting::<$backend, u64>(0, s.len());
                let lifted = crate::lazy::Mapped {
                    source: crate::lazy::zip(at, s)?,
                    f: move |v: parallaxis_core::Pair<u64, S::Item>| m.lift(v.second, v.first),
                };
                Ok($algo::reduce(m, s.len(), &$wrap(&lifted)))
            }
        }
    };
}
pub(super) use host_lazy;

/// The reference's loops over a [`HostAt`] source: the Sequential backend's lowering (a left
/// fold in index order, as `parallaxis_core::reference`).
pub(super) mod sequential {
    use crate::lazy::HostAt;
    use parallaxis_core::Monoid;

    /// A source as the loops below take it.
    pub(crate) struct Seq<'s, S: ?Sized>(pub(crate) &'s S);

    impl<S: HostAt + ?Sized> Seq<'_, S> {
        fn get(&self, i: usize) -> S::Item {
            debug_assert!(i < self.0.len());
            // SAFETY: every caller below passes `i` below `y.len()` or `n`, which the host
            // backends bound by the source's length.
            unsafe { self.0.at(i) }
        }
    }

    pub(crate) fn reduce<S: HostAt + ?Sized, M: Monoid<S::Item>>(
        m: M,
        n: usize,
        s: &Seq<'_, S>,
    ) -> S::Item {
        (0..n).fold(m.identity(), |a, i| m.combine(a, s.get(i)))
    }

    pub(crate) fn inclusive_scan<S: HostAt + ?Sized, M: Monoid<S::Item>>(
        m: M,
        s: &Seq<'_, S>,
        y: &mut [S::Item],
    ) {
        let mut acc = None;
        for (i, yi) in y.iter_mut().enumerate() {
            let v = s.get(i);
            let a = acc.map_or(v, |a| m.combine(a, v));
            *yi = a;
            acc = Some(a);
        }
    }

    pub(crate) fn exclusive_scan<S: HostAt + ?Sized, M: Monoid<S::Item>>(
        m: M,
        init: S::Item,
        s: &Seq<'_, S>,
        y: &mut [S::Item],
    ) {
        let mut acc = init;
        for (i, yi) in y.iter_mut().enumerate() {
            *yi = acc;
            acc = m.combine(acc, s.get(i));
        }
    }

    pub(crate) fn tabulate<S: HostAt + ?Sized>(s: &Seq<'_, S>, y: &mut [S::Item]) {
        for (i, yi) in y.iter_mut().enumerate() {
            *yi = s.get(i);
        }
    }
}
