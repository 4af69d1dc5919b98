//! The host backends' histogram, gather / scatter and reverse: like `host_backend!`, one
//! macro forwarding to a module of free functions with the reference's signatures
//! (`parallax_core::reference` or `parallax_host`).

/// Implements [`super::HistogramOps`], [`super::GatherOps`] and [`super::ReverseOps`] for host
/// backend `$backend`, forwarding to module `$algo`.
macro_rules! host_histogram {
    ($backend:ident, $algo:ident) => {
        impl<T, C> $crate::backend::HistogramOps<T, C> for $backend
        where
            T: parallax_core::HistogramSample,
            C: parallax_core::HistogramCounter,
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn histogram_even(
                x: &Vec<T>,
                e: &parallax_core::EvenBins<T>,
                counts: &mut Vec<C>,
            ) -> Result<()> {
                $algo::histogram_even(x, e, counts);
                Ok(())
            }
            fn histogram_range(
                x: &Vec<T>,
                edges: &Vec<T::Level>,
                counts: &mut Vec<C>,
            ) -> Result<()> {
                $algo::histogram_range(x, edges, counts);
                Ok(())
            }
        }

        impl<I: SparseIndex, T: DeviceCopy> $crate::backend::GatherOps<I, T> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn first_out_of_range(
                map: &Vec<I>,
                stencil: Option<&Vec<bool>>,
                len: usize,
            ) -> Result<Option<(usize, usize)>> {
                Ok($algo::first_out_of_range(map, stencil.map(|s| &s[..]), len))
            }
            // The host functions skip an index out of range, so these are safe in fact.
            unsafe fn gather(map: &Vec<I>, src: &Vec<T>, y: &mut Vec<T>) -> Result<()> {
                $algo::gather(map, src, y);
                Ok(())
            }
            unsafe fn gather_if(
                map: &Vec<I>,
                stencil: &Vec<bool>,
                src: &Vec<T>,
                y: &mut Vec<T>,
            ) -> Result<()> {
                $algo::gather_if(map, stencil, src, y);
                Ok(())
            }
            unsafe fn scatter(src: &Vec<T>, map: &Vec<I>, dst: &mut Vec<T>) -> Result<()> {
                $algo::scatter(src, map, dst);
                Ok(())
            }
            unsafe fn scatter_if(
                src: &Vec<T>,
                map: &Vec<I>,
                stencil: &Vec<bool>,
                dst: &mut Vec<T>,
            ) -> Result<()> {
                $algo::scatter_if(src, map, stencil, dst);
                Ok(())
            }
        }

        impl<T: DeviceCopy> $crate::backend::ReverseOps<T> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn reverse(x: &Vec<T>, y: &mut Vec<T>) -> Result<()> {
                $algo::reverse(x, y);
                Ok(())
            }
        }
    };
}
pub(super) use host_histogram;
