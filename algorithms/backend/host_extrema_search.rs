//! The host backends' impls of the extrema, init-value and search op traits
//! (`ops_extrema_search.rs`), forwarding to the functions of module `$algo`
//! (`parallaxis_core::reference` or `parallaxis_host`), as `host_backend!` does for the families
//! of `ops.rs`.

/// Implements [`ArgOps`](super::ops_extrema_search::ArgOps),
/// [`InitOps`](super::ops_extrema_search::InitOps) and
/// [`SearchOps`](super::ops_extrema_search::SearchOps) for host backend `$backend` from module
/// `$algo` (`arg_reduce`, `reduce_with_init`, `inclusive_scan_with_init`, `lower_bound`,
/// `upper_bound`, `binary_search`).
macro_rules! host_extrema_search {
    ($backend:ident, $algo:ident) => {
        impl<T: DeviceCopy, M: parallaxis_core::ArgReduce<T>>
            super::ops_extrema_search::ArgOps<T, M> for $backend
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn arg_reduce(m: M, x: &[T]) -> Result<M::Pick> {
                Ok($algo::arg_reduce(m, x))
            }
        }

        impl<T: DeviceCopy, M: Monoid<T>> super::ops_extrema_search::InitOps<T, M> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn reduce_with_init_into(m: M, init: T, x: &[T], out: &mut [T]) -> Result<()> {
                let v = $algo::reduce_with_init(m, init, x);
                out.fill(v);
                Ok(())
            }
            fn inclusive_scan_with_init(m: M, init: T, x: &[T], y: &mut [T]) -> Result<()> {
                $algo::inclusive_scan_with_init(m, init, x, y);
                Ok(())
            }
        }

        impl<T: parallaxis_core::SearchKey> super::ops_extrema_search::SearchOps<T> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn lower_bound(sorted: &[T], queries: &[T], out: &mut [usize]) -> Result<()> {
                $algo::lower_bound(sorted, queries, out);
                Ok(())
            }
            fn upper_bound(sorted: &[T], queries: &[T], out: &mut [usize]) -> Result<()> {
                $algo::upper_bound(sorted, queries, out);
                Ok(())
            }
            fn binary_search(sorted: &[T], queries: &[T], out: &mut [bool]) -> Result<()> {
                $algo::binary_search(sorted, queries, out);
                Ok(())
            }
        }
    };
}
pub(super) use host_extrema_search;
