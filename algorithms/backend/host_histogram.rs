//! The host backends' histogram, gather / scatter and reverse: like `host_backend!`, one
//! macro forwarding to a module of free functions with the reference's signatures
//! (`parallaxis_core::reference` or `parallaxis_host`).

/// Implements [`super::HistogramOps`], [`super::GatherOps`] and [`super::ReverseOps`] for host
/// backend `$backend`, forwarding to module `$algo`.
macro_rules! host_histogram {
    ($backend:ident, $algo:ident) => {
        impl<T, C> $crate::backend::HistogramOps<T, C> for $backend
        where
            T: parallaxis_core::HistogramSample,
            C: parallaxis_core::HistogramCounter,
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn histogram_even(
                x: &[T],
                e: &parallaxis_core::EvenBins<T>,
                counts: &mut [C],
            ) -> Result<()> {
                $algo::histogram_even(x, e, counts);
                Ok(())
            }
            fn histogram_range(x: &[T], edges: &[T::Level], counts: &mut [C]) -> Result<()> {
                $algo::histogram_range(x, edges, counts);
                Ok(())
            }
        }

        impl<I: SparseIndex, T: DeviceCopy> $crate::backend::GatherOps<I, T> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn first_out_of_range(
                map: &[I],
                stencil: Option<&[bool]>,
                len: usize,
            ) -> Result<Option<(usize, usize)>> {
                Ok($algo::first_out_of_range(map, stencil.map(|s| &s[..]), len))
            }
            // The host functions skip an index out of range, so these are safe in fact.
            unsafe fn gather(map: &[I], src: &[T], y: &mut [T]) -> Result<()> {
                $algo::gather(map, src, y);
                Ok(())
            }
            unsafe fn gather_if(map: &[I], stencil: &[bool], src: &[T], y: &mut [T]) -> Result<()> {
                $algo::gather_if(map, stencil, src, y);
                Ok(())
            }
            unsafe fn scatter(src: &[T], map: &[I], dst: &mut [T]) -> Result<()> {
                $algo::scatter(src, map, dst);
                Ok(())
            }
            unsafe fn scatter_if(
                src: &[T],
                map: &[I],
                stencil: &[bool],
                dst: &mut [T],
            ) -> Result<()> {
                $algo::scatter_if(src, map, stencil, dst);
                Ok(())
            }
        }

        impl<T: DeviceCopy> $crate::backend::ReverseOps<T> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn reverse(x: &[T], y: &mut [T]) -> Result<()> {
                $algo::reverse(x, y);
                Ok(())
            }
        }
    };
}
pub(super) use host_histogram;
