//! The two host backends, `Sequential` and `Rayon`, store `Vec<T>` and forward every
//! algorithm to a module of free functions with identical signatures
//! (`parallaxis_core::reference` and `parallaxis_host`): this macro writes those impls once.

/// Implements [`crate::Backend`] and every algorithm trait for host backend `$backend`,
/// forwarding to the functions of module `$algo` (which must provide the reference
/// algorithms' signatures plus `zeroed_vec`, `fill`, a `reduce_by_key` returning the
/// compacted `(keys, values)` and the reference's `reduce_by_key` as `reduce_by_key_into`).
macro_rules! host_backend {
    ($backend:ident, $name:literal, $algo:ident) => {
        impl Backend for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            type Buffer<T: DeviceCopy> = Vec<T>;
            type Slice<T: DeviceCopy> = [T];
            type View<'a, T: DeviceCopy> = &'a [T];
            type ViewMut<'a, T: DeviceCopy> = &'a mut [T];
            const NAME: &'static str = $name;

            fn as_slice<T: DeviceCopy>(buf: &Vec<T>) -> &[T] {
                buf
            }
            fn as_slice_mut<T: DeviceCopy>(buf: &mut Vec<T>) -> &mut [T] {
                buf
            }
            fn view<T: DeviceCopy>(s: &[T], range: core::ops::Range<usize>) -> Result<&[T]> {
                Ok(&s[range])
            }
            fn view_slice<'b, T: DeviceCopy>(v: &'b &[T]) -> &'b [T] {
                v
            }
            fn view_mut<T: DeviceCopy>(
                s: &mut [T],
                range: core::ops::Range<usize>,
                _: crate::backend::Token,
            ) -> Result<&mut [T]> {
                Ok(&mut s[range])
            }
            fn view_mut_slice<'b, T: DeviceCopy>(v: &'b &mut [T]) -> &'b [T] {
                v
            }
            fn view_mut_slice_mut<'b, T: DeviceCopy>(
                v: &'b mut &mut [T],
                _: crate::backend::Token,
            ) -> &'b mut [T] {
                v
            }

            fn from_slice<T: DeviceCopy>(data: &[T]) -> Result<Vec<T>> {
                parallaxis_core::try_to_vec(data)
            }
            fn from_vec<T: DeviceCopy>(data: Vec<T>) -> Result<Vec<T>> {
                Ok(data)
            }
            fn to_vec<T: DeviceCopy>(buf: &[T]) -> Result<Vec<T>> {
                parallaxis_core::try_to_vec(buf)
            }
            fn with_host_slice<T: DeviceCopy, R>(
                buf: &[T],
                f: impl FnOnce(&[T]) -> R,
            ) -> Result<R> {
                Ok(f(buf))
            }
            fn len<T: DeviceCopy>(buf: &[T]) -> usize {
                buf.len()
            }
            fn zeroed<T: DeviceCopy>(len: usize) -> Result<Vec<T>> {
                $algo::zeroed_vec(len)
            }
            fn fill<T: DeviceCopy>(buf: &mut [T], value: T) -> Result<()> {
                $algo::fill(buf, value);
                Ok(())
            }
            fn copy_range<T: DeviceCopy>(
                src: &[T],
                from: usize,
                dst: &mut [T],
                to: usize,
                len: usize,
            ) -> Result<()> {
                $algo::copy(&src[from..from + len], &mut dst[to..to + len]);
                Ok(())
            }
        }

        impl<A: DeviceCopy, F: UnaryFunction<A>> TransformOps<A, F> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn transform(f: F, x: &[A], y: &mut [F::Output]) -> Result<()> {
                $algo::transform(f, x, y);
                Ok(())
            }
            fn transform_in_place(f: F, x: &mut [A]) -> Result<()>
            where
                F: UnaryFunction<A, Output = A>,
            {
                $algo::transform_in_place(f, x);
                Ok(())
            }
        }

        impl<A: DeviceCopy, B: DeviceCopy, F: BinaryFunction<A, B>> Transform2Ops<A, B, F>
            for $backend
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn transform2(f: F, a: &[A], b: &[B], y: &mut [F::Output]) -> Result<()> {
                $algo::transform2(f, a, b, y);
                Ok(())
            }
        }

        impl<T: DeviceCopy, F: BinaryFunction<T, T, Output = T>> AdjacentOps<T, F> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn adjacent_difference(f: F, x: &[T], y: &mut [T]) -> Result<()> {
                $algo::adjacent_difference(f, x, y);
                Ok(())
            }
        }

        impl<F: UnaryFunction<u64>> TabulateOps<F> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn tabulate(f: F, y: &mut [F::Output]) -> Result<()> {
                $algo::tabulate(f, y);
                Ok(())
            }
        }

        impl<T: DeviceCopy, M: Monoid<T>> MonoidOps<T, M> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn reduce(m: M, x: &[T]) -> Result<T> {
                Ok($algo::reduce(m, x))
            }
            fn inclusive_scan(m: M, x: &[T], y: &mut [T]) -> Result<()> {
                $algo::inclusive_scan(m, x, y);
                Ok(())
            }
            fn exclusive_scan(m: M, init: T, x: &[T], y: &mut [T]) -> Result<()> {
                $algo::exclusive_scan(m, init, x, y);
                Ok(())
            }
            fn scan_by_flags(
                m: M,
                flags: &[bool],
                x: &[T],
                y: &mut [T],
                kind: ScanKind<T>,
            ) -> Result<()> {
                $algo::scan_by_flags(m, flags, x, y, kind);
                Ok(())
            }
            fn scan_by_offsets(
                m: M,
                offsets: &[usize],
                x: &[T],
                y: &mut [T],
                kind: ScanKind<T>,
            ) -> Result<()> {
                $algo::scan_by_offsets(m, offsets, x, y, kind);
                Ok(())
            }
            fn segmented_reduce(m: M, offsets: &[usize], x: &[T], y: &mut [T]) -> Result<()> {
                $algo::segmented_reduce(m, offsets, x, y);
                Ok(())
            }
        }

        impl<K: DeviceCopy + PartialEq, T: DeviceCopy, M: Monoid<T>> KeyedOps<K, T, M>
            for $backend
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn scan_by_keys(
                m: M,
                keys: &[K],
                x: &[T],
                y: &mut [T],
                kind: ScanKind<T>,
            ) -> Result<()> {
                $algo::scan_by_keys(m, keys, x, y, kind);
                Ok(())
            }
            fn reduce_by_key(m: M, keys: &[K], x: &[T]) -> Result<(Vec<K>, Vec<T>)> {
                $algo::reduce_by_key(m, keys, x)
            }
            fn reduce_by_key_into(
                m: M,
                keys: &[K],
                x: &[T],
                out_keys: &mut [K],
                out_values: &mut [T],
                runs: &mut [usize],
            ) -> Result<()> {
                let count = $algo::reduce_by_key_into(m, keys, x, out_keys, out_values);
                if let Some(r) = runs.first_mut() {
                    *r = count;
                }
                Ok(())
            }
        }

        impl<A, T, F, M> FusedOps<A, T, F, M> for $backend
        where
            A: DeviceCopy,
            T: DeviceCopy,
            F: UnaryFunction<A, Output = T>,
            M: Monoid<T>,
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn transform_reduce(f: F, m: M, x: &[A]) -> Result<T> {
                Ok($algo::transform_reduce(f, m, x))
            }
            fn transform_inclusive_scan(f: F, m: M, x: &[A], y: &mut [T]) -> Result<()> {
                $algo::transform_inclusive_scan(f, m, x, y);
                Ok(())
            }
            fn transform_exclusive_scan(f: F, m: M, init: T, x: &[A], y: &mut [T]) -> Result<()> {
                $algo::transform_exclusive_scan(f, m, init, x, y);
                Ok(())
            }
        }

        impl<A, C, T, F, M> Fused2Ops<A, C, T, F, M> for $backend
        where
            A: DeviceCopy,
            C: DeviceCopy,
            T: DeviceCopy,
            F: BinaryFunction<A, C, Output = T>,
            M: Monoid<T>,
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn transform2_reduce(f: F, m: M, a: &[A], b: &[C]) -> Result<T> {
                Ok($algo::transform2_reduce(f, m, a, b))
            }
        }

        impl<T: DeviceCopy, I: SparseIndex, S: Semiring<T>> SpmvOps<T, I, S> for $backend {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn spmv_csr(
                s: S,
                a: &CsrMatrix<T, I, Self>,
                x: &[T],
                y: &mut [T],
                accumulate: bool,
            ) -> Result<()> {
                let (rp, ci, v) = (
                    a.row_ptr().buffer(),
                    a.col_idx().buffer(),
                    a.values().buffer(),
                );
                $algo::spmv_csr(s, rp, ci, v, x, y, accumulate);
                Ok(())
            }
            fn spmv_ell(
                s: S,
                a: &EllMatrix<T, I, Self>,
                x: &[T],
                y: &mut [T],
                accumulate: bool,
            ) -> Result<()> {
                let (ci, v) = (a.col_idx().buffer(), a.values().buffer());
                $algo::spmv_ell(s, a.width(), ci, v, x, y, accumulate);
                Ok(())
            }
            fn spmv_coo(
                s: S,
                a: &CooMatrix<T, I, Self>,
                x: &[T],
                y: &mut [T],
                accumulate: bool,
            ) -> Result<()> {
                let (ri, ci, v) = (
                    a.row_idx().buffer(),
                    a.col_idx().buffer(),
                    a.values().buffer(),
                );
                $algo::spmv_coo(s, ri, ci, v, x, y, accumulate);
                Ok(())
            }
        }

        impl<T: DeviceCopy, S: Semiring<T>, const D: usize, const K: usize> StencilOps<T, S, D, K>
            for $backend
        {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            fn stencil(
                s: S,
                st: &Stencil<T, D, K>,
                boundary: Boundary,
                shape: [usize; D],
                x: &[T],
                y: &mut [T],
            ) -> Result<()> {
                $algo::stencil(s, st, boundary, shape, x, y);
                Ok(())
            }
        }
    };
}
pub(super) use host_backend;
