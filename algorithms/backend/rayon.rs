//! The rayon backend: host memory, rayon's global pool, the algorithms of `parallax_host`.

use super::ops::*;
use crate::sparse::{CooMatrix, CsrMatrix, EllMatrix};
use crate::{Backend, Result};
use parallax_core::reference::ScanKind;
use parallax_core::{
    BinaryFunction, Boundary, DeviceCopy, Monoid, Semiring, SparseIndex, Stencil, UnaryFunction,
};
use parallax_host as par;

/// All cores of the host through rayon. Chunk boundaries depend only on the input size, so
/// results are bitwise identical for any `RAYON_NUM_THREADS`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rayon;

impl Backend for Rayon {
    type Buffer<T: DeviceCopy> = Vec<T>;
    const NAME: &'static str = "rayon";

    fn from_slice<T: DeviceCopy>(data: &[T]) -> Result<Vec<T>> {
        Ok(data.to_vec())
    }
    fn from_vec<T: DeviceCopy>(data: Vec<T>) -> Result<Vec<T>> {
        Ok(data)
    }
    fn to_vec<T: DeviceCopy>(buf: &Vec<T>) -> Result<Vec<T>> {
        Ok(buf.clone())
    }
    fn with_host_slice<T: DeviceCopy, R>(buf: &Vec<T>, f: impl FnOnce(&[T]) -> R) -> Result<R> {
        Ok(f(buf))
    }
    fn len<T: DeviceCopy>(buf: &Vec<T>) -> usize {
        buf.len()
    }
    fn zeroed<T: DeviceCopy>(len: usize) -> Result<Vec<T>> {
        Ok(par::zeroed_vec(len))
    }
    fn fill<T: DeviceCopy>(buf: &mut Vec<T>, value: T) -> Result<()> {
        par::fill(buf, value);
        Ok(())
    }
}

impl<A: DeviceCopy, F: UnaryFunction<A>> TransformOps<A, F> for Rayon {
    fn transform(f: F, x: &Vec<A>, y: &mut Vec<F::Output>) -> Result<()> {
        par::transform(f, x, y);
        Ok(())
    }
}

impl<A: DeviceCopy, B: DeviceCopy, F: BinaryFunction<A, B>> Transform2Ops<A, B, F> for Rayon {
    fn transform2(f: F, a: &Vec<A>, b: &Vec<B>, y: &mut Vec<F::Output>) -> Result<()> {
        par::transform2(f, a, b, y);
        Ok(())
    }
}

impl<F: UnaryFunction<u64>> TabulateOps<F> for Rayon {
    fn tabulate(f: F, y: &mut Vec<F::Output>) -> Result<()> {
        par::tabulate(f, y);
        Ok(())
    }
}

impl<T: DeviceCopy, M: Monoid<T>> MonoidOps<T, M> for Rayon {
    fn reduce(m: M, x: &Vec<T>) -> Result<T> {
        Ok(par::reduce(m, x))
    }
    fn inclusive_scan(m: M, x: &Vec<T>, y: &mut Vec<T>) -> Result<()> {
        par::inclusive_scan(m, x, y);
        Ok(())
    }
    fn exclusive_scan(m: M, init: T, x: &Vec<T>, y: &mut Vec<T>) -> Result<()> {
        par::exclusive_scan(m, init, x, y);
        Ok(())
    }
    fn scan_by_flags(
        m: M,
        flags: &Vec<bool>,
        x: &Vec<T>,
        y: &mut Vec<T>,
        kind: ScanKind<T>,
    ) -> Result<()> {
        par::scan_by_flags(m, flags, x, y, kind);
        Ok(())
    }
    fn scan_by_offsets(
        m: M,
        offsets: &Vec<usize>,
        x: &Vec<T>,
        y: &mut Vec<T>,
        kind: ScanKind<T>,
    ) -> Result<()> {
        par::scan_by_offsets(m, offsets, x, y, kind);
        Ok(())
    }
    fn segmented_reduce(m: M, offsets: &Vec<usize>, x: &Vec<T>, y: &mut Vec<T>) -> Result<()> {
        par::segmented_reduce(m, offsets, x, y);
        Ok(())
    }
}

impl<K: DeviceCopy + PartialEq, T: DeviceCopy, M: Monoid<T>> KeyedOps<K, T, M> for Rayon {
    fn scan_by_keys(
        m: M,
        keys: &Vec<K>,
        x: &Vec<T>,
        y: &mut Vec<T>,
        kind: ScanKind<T>,
    ) -> Result<()> {
        par::scan_by_keys(m, keys, x, y, kind);
        Ok(())
    }
    fn reduce_by_key(m: M, keys: &Vec<K>, x: &Vec<T>) -> Result<(Vec<K>, Vec<T>)> {
        Ok(par::reduce_by_key(m, keys, x))
    }
}

impl<A, T, F, M> FusedOps<A, T, F, M> for Rayon
where
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
{
    fn transform_reduce(f: F, m: M, x: &Vec<A>) -> Result<T> {
        Ok(par::transform_reduce(f, m, x))
    }
    fn transform_inclusive_scan(f: F, m: M, x: &Vec<A>, y: &mut Vec<T>) -> Result<()> {
        par::transform_inclusive_scan(f, m, x, y);
        Ok(())
    }
}

impl<T: DeviceCopy, I: SparseIndex, S: Semiring<T>> SpmvOps<T, I, S> for Rayon {
    fn spmv_csr(
        s: S,
        a: &CsrMatrix<T, I, Self>,
        x: &Vec<T>,
        y: &mut Vec<T>,
        accumulate: bool,
    ) -> Result<()> {
        let (rp, ci, v) = (
            a.row_ptr().buffer(),
            a.col_idx().buffer(),
            a.values().buffer(),
        );
        par::spmv_csr(s, rp, ci, v, x, y, accumulate);
        Ok(())
    }
    fn spmv_ell(
        s: S,
        a: &EllMatrix<T, I, Self>,
        x: &Vec<T>,
        y: &mut Vec<T>,
        accumulate: bool,
    ) -> Result<()> {
        let (ci, v) = (a.col_idx().buffer(), a.values().buffer());
        par::spmv_ell(s, a.width(), ci, v, x, y, accumulate);
        Ok(())
    }
    fn spmv_coo(
        s: S,
        a: &CooMatrix<T, I, Self>,
        x: &Vec<T>,
        y: &mut Vec<T>,
        accumulate: bool,
    ) -> Result<()> {
        let (ri, ci, v) = (
            a.row_idx().buffer(),
            a.col_idx().buffer(),
            a.values().buffer(),
        );
        par::spmv_coo(s, ri, ci, v, x, y, accumulate);
        Ok(())
    }
}

impl<T: DeviceCopy, S: Semiring<T>, const D: usize, const K: usize> StencilOps<T, S, D, K>
    for Rayon
{
    fn stencil(
        s: S,
        st: &Stencil<T, D, K>,
        boundary: Boundary,
        shape: [usize; D],
        x: &Vec<T>,
        y: &mut Vec<T>,
    ) -> Result<()> {
        par::stencil(s, st, boundary, shape, x, y);
        Ok(())
    }
}
