//! The CUDA backend: buffers in GPU memory, algorithms as PTX kernels compiled from Rust
//! (`device/kernels`), launched by `parallaxis_device`.
//!
//! The algorithm traits are implemented for exactly the operator/type pairs that have
//! kernels: each impl below is bounded by a `parallaxis_device` kernel trait (`UnaryKernel`,
//! `BinaryKernel`, `TabulateKernel`, `MonoidKernel`), and those are implemented only by the
//! macro expansion of the kernels crate's instantiation lists, which also generates the PTX
//! entry points. Calling, say, `reduce(Product, ..)` on a `DeviceVector<f32, Cuda>` is
//! therefore a compile error, not a run-time failure.
//!
//! Kernels today: transform (`Square`, `Negate`, `Scale`), transform2 (`SaxpyFunctor`, `Minus`,
//! `Plus`, `Times`), tabulate (`Sequence`), reduce and single-pass inclusive/exclusive scan
//! (`Sum`, `Min`, `Max` over f32, f64, i32, u32, i64, u64; `Affine` over `AffineMap<i64>`;
//! `Product` and the bitwise monoids over i32, u32, i64, u64). The segmented scans (by flags,
//! keys, offsets), `segmented_reduce` and `reduce_by_key` run on one single-pass segmented scan
//! kernel for the same pairs (keys: the integer types). SpMV in CSR, ELL and COO (HYB composes
//! ELL and COO) over `PlusTimes` and `MinPlus` (six numbers), `MaxTimes` (f32, f64) and `OrAnd`
//! (bool), for `u32`, `u64` and `usize` indices.
//! `transform_reduce` is one fused kernel for `Square` with `Sum` or `Max` over the six
//! numbers and `Identity` with `Affine`, `transform_inclusive_scan` for `Square` with `Sum`
//! and `Identity` with `Affine` (as is `transform_exclusive_scan`); any other pair of kernels
//! runs as a transform into a
//! temporary followed by the reduce or scan. `transform2_reduce` is one fused kernel for
//! `Times` with `Sum` (inner products) over the six numbers. `stencil_map` (and the
//! convolutions built on it) runs in 1D, 2D and 3D over `PlusTimes` (six numbers), `MinPlus`
//! and `MaxTimes` (f32, f64).

use super::ops::*;
use crate::sparse::{CooMatrix, CsrMatrix, EllMatrix};
use crate::{Backend, Result};
use core::ops::Range;
use parallaxis_core::reference::ScanKind;
use parallaxis_core::{BinaryFunction, Boundary, DeviceCopy, Stencil, UnaryFunction};
use parallaxis_device::{
    self as device, BinaryKernel, DeviceBuffer, DeviceView, DeviceViewMut, KeyKernel, MonoidKernel,
    SegmentedKernel, SemiringKernel, SpmvIndex, StencilKernel, TabulateKernel, UnaryKernel,
};

/// An NVIDIA GPU through CUDA (device chosen by `PARALLAX_CUDA_DEVICE`, default 0). The
/// context is created on first use; without a driver or a GPU every operation returns
/// [`Error::NoDriver`](crate::Error::NoDriver) or [`Error::NoDevice`](crate::Error::NoDevice).
///
/// ```no_run
/// use parallaxis::{Cuda, DeviceVector, ops::Sum};
/// let x = DeviceVector::<f32, Cuda>::from_slice(&[1.0, 2.0, 3.0])?; // Error::NoDriver without a GPU
/// assert_eq!(parallaxis::reduce(Sum, &x)?, 6.0);
/// # Ok::<(), parallaxis::Error>(())
/// ```
///
/// Every operator needs a kernel compiled to PTX for its type, so a closure (which the CPU
/// backends accept) does not compile here, and the error says how to get a kernel:
///
/// ```compile_fail,E0277
/// use parallaxis::{Cuda, DeviceVector};
/// let v = DeviceVector::<f32, Cuda>::from_slice(&[1.0, 2.0])?;
/// // error[E0277]: `{closure@..}` has no CUDA unary functor kernel for `f32`
/// // note: a closure cannot run on CUDA: ... instantiate its kernels with
/// //       `parallaxis_kernels::instantiate_unary!` in a kernel crate ...
/// let doubled = parallaxis::transform(|x: f32| 2.0 * x, &v)?;
/// # Ok::<(), parallaxis::Error>(())
/// ```
///
/// The op traits are sealed (`backend/seal.rs`): an impl from outside, which could return
/// without writing the uninitialised output the front door allocated, does not compile:
///
/// ```compile_fail,E0046
/// use parallaxis::{Backend, Cuda, DeviceVector, backend::TransformOps, ops::UnaryFunction};
/// #[derive(Clone, Copy)]
/// struct Fake;
/// impl UnaryFunction<u32> for Fake {
///     type Output = u32;
///     fn apply(&self, x: u32) -> u32 { x }
/// }
/// type Buf = <Cuda as Backend>::Buffer<u32>;
/// impl TransformOps<u32, Fake> for Cuda {
///     fn transform(_: Fake, _: &Buf, _: &mut Buf) -> parallaxis::Result<()> {
///         Ok(()) // writes nothing
///     }
/// }
/// let v = DeviceVector::<u32, Cuda>::zeros(1 << 20)?;
/// let garbage = parallaxis::transform(Fake, &v)?.to_vec()?;
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cuda;

impl Backend for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    type Buffer<T: DeviceCopy> = DeviceBuffer<T>;
    // A view's slice is a `DeviceBuffer` that does not own its memory (`parallaxis_device`'s
    // `DeviceView`): every op takes it unchanged.
    type Slice<T: DeviceCopy> = DeviceBuffer<T>;
    type View<'a, T: DeviceCopy> = DeviceView<'a, T>;
    type ViewMut<'a, T: DeviceCopy> = DeviceViewMut<'a, T>;
    const NAME: &'static str = "cuda";

    fn as_slice<T: DeviceCopy>(buf: &DeviceBuffer<T>) -> &DeviceBuffer<T> {
        buf
    }
    fn as_slice_mut<T: DeviceCopy>(buf: &mut DeviceBuffer<T>) -> &mut DeviceBuffer<T> {
        buf
    }
    fn view<T: DeviceCopy>(s: &DeviceBuffer<T>, range: Range<usize>) -> Result<DeviceView<'_, T>> {
        s.slice(range)
    }
    fn view_slice<'b, T: DeviceCopy>(v: &'b DeviceView<'_, T>) -> &'b DeviceBuffer<T> {
        v
    }
    fn view_mut<T: DeviceCopy>(
        s: &mut DeviceBuffer<T>,
        range: Range<usize>,
        _: crate::backend::Token,
    ) -> Result<DeviceViewMut<'_, T>> {
        s.slice_mut(range)
    }
    fn view_mut_slice<'b, T: DeviceCopy>(v: &'b DeviceViewMut<'_, T>) -> &'b DeviceBuffer<T> {
        v
    }
    fn view_mut_slice_mut<'b, T: DeviceCopy>(
        v: &'b mut DeviceViewMut<'_, T>,
        _: crate::backend::Token,
    ) -> &'b mut DeviceBuffer<T> {
        // SAFETY: the buffer goes only to this crate's operations (the token), which write
        // its elements and never move it out.
        unsafe { v.as_buffer_mut() }
    }

    fn from_slice<T: DeviceCopy>(data: &[T]) -> Result<DeviceBuffer<T>> {
        DeviceBuffer::from_slice(data)
    }
    fn to_vec<T: DeviceCopy>(buf: &DeviceBuffer<T>) -> Result<Vec<T>> {
        buf.to_vec()
    }
    fn len<T: DeviceCopy>(buf: &DeviceBuffer<T>) -> usize {
        buf.len()
    }
    fn zeroed<T: DeviceCopy>(len: usize) -> Result<DeviceBuffer<T>> {
        DeviceBuffer::zeroed(len)
    }
    unsafe fn for_overwrite<T: DeviceCopy>(len: usize) -> Result<DeviceBuffer<T>> {
        // SAFETY: the caller writes every element before anything reads it.
        unsafe { DeviceBuffer::uninit(len) }
    }
    fn fill<T: DeviceCopy>(buf: &mut DeviceBuffer<T>, value: T) -> Result<()> {
        buf.fill(value)
    }
    fn copy_range<T: DeviceCopy>(
        src: &DeviceBuffer<T>,
        from: usize,
        dst: &mut DeviceBuffer<T>,
        to: usize,
        len: usize,
    ) -> Result<()> {
        dst.copy_range_from(to, src, from..from + len)
    }
    fn at_home_of<T: DeviceCopy, R>(s: &DeviceBuffer<T>, f: impl FnOnce() -> R) -> R {
        s.device().as_default(f)
    }
    fn same_home<T: DeviceCopy, U: DeviceCopy>(a: &DeviceBuffer<T>, b: &DeviceBuffer<U>) -> bool {
        a.device().ordinal() == b.device().ordinal()
    }
}

impl<A: DeviceCopy, F: UnaryKernel<A>> TransformOps<A, F> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn transform(f: F, x: &DeviceBuffer<A>, y: &mut DeviceBuffer<F::Output>) -> Result<()> {
        device::transform(f, x, y)
    }
    fn transform_in_place(f: F, x: &mut DeviceBuffer<A>) -> Result<()>
    where
        F: UnaryFunction<A, Output = A>,
    {
        device::transform_in_place(f, x)
    }
}

impl<A: DeviceCopy, B: DeviceCopy, F: BinaryKernel<A, B>> Transform2Ops<A, B, F> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn transform2(
        f: F,
        a: &DeviceBuffer<A>,
        b: &DeviceBuffer<B>,
        y: &mut DeviceBuffer<F::Output>,
    ) -> Result<()> {
        device::transform2(f, a, b, y)
    }
}

/// The differences as one `transform2` launch over `x` shifted by one against `x` (no
/// staging: the element-wise kernel needs no alignment beyond the element's), after the
/// first element's copy.
impl<T: DeviceCopy, F: BinaryKernel<T, T, Output = T>> AdjacentOps<T, F> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn adjacent_difference(f: F, x: &DeviceBuffer<T>, y: &mut DeviceBuffer<T>) -> Result<()> {
        device::adjacent_difference(f, x, y)
    }
}

impl<F: TabulateKernel> TabulateOps<F> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn tabulate(f: F, y: &mut DeviceBuffer<F::Output>) -> Result<()> {
        device::tabulate(f, y)
    }
}

impl<T: DeviceCopy, M: SegmentedKernel<T>> MonoidOps<T, M> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn reduce(m: M, x: &DeviceBuffer<T>) -> Result<T> {
        device::reduce(m, x)
    }
    /// One kernel launch, no synchronization and no copy to the host (as CUB's
    /// `DeviceReduce`): the result stays in `out` for the next operation.
    fn reduce_into(m: M, x: &DeviceBuffer<T>, out: &mut DeviceBuffer<T>) -> Result<()> {
        device::reduce_into(m, x, out)
    }
    fn inclusive_scan(m: M, x: &DeviceBuffer<T>, y: &mut DeviceBuffer<T>) -> Result<()> {
        device::inclusive_scan(m, x, y)
    }
    fn exclusive_scan(m: M, init: T, x: &DeviceBuffer<T>, y: &mut DeviceBuffer<T>) -> Result<()> {
        device::exclusive_scan(m, init, x, y)
    }
    fn scan_by_flags(
        m: M,
        flags: &DeviceBuffer<bool>,
        x: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
        kind: ScanKind<T>,
    ) -> Result<()> {
        device::scan_by_flags(m, flags, x, y, seed(kind))
    }
    fn scan_by_offsets(
        m: M,
        offsets: &DeviceBuffer<usize>,
        x: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
        kind: ScanKind<T>,
    ) -> Result<()> {
        device::scan_by_offsets(m, offsets, x, y, seed(kind))
    }
    fn segmented_reduce(
        m: M,
        offsets: &DeviceBuffer<usize>,
        x: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        device::segmented_reduce(m, offsets, x, y)
    }
}

/// The seed of a segmented scan: `None` for inclusive, `Some(init)` for exclusive.
fn seed<T>(kind: ScanKind<T>) -> Option<T> {
    match kind {
        ScanKind::Inclusive => None,
        ScanKind::Exclusive(init) => Some(init),
    }
}

/// Keys are compared as words on the GPU, so only integer keys (`KeyKernel`) have keyed
/// operations here; other key types do not compile.
impl<K: KeyKernel, T: DeviceCopy, M: SegmentedKernel<T>> KeyedOps<K, T, M> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn scan_by_keys(
        m: M,
        keys: &DeviceBuffer<K>,
        x: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
        kind: ScanKind<T>,
    ) -> Result<()> {
        device::scan_by_keys(m, keys, x, y, seed(kind))
    }
    fn reduce_by_key(
        m: M,
        keys: &DeviceBuffer<K>,
        x: &DeviceBuffer<T>,
    ) -> Result<(DeviceBuffer<K>, DeviceBuffer<T>)> {
        device::reduce_by_key(m, keys, x)
    }
    fn reduce_by_key_into(
        m: M,
        keys: &DeviceBuffer<K>,
        x: &DeviceBuffer<T>,
        out_keys: &mut DeviceBuffer<K>,
        out_values: &mut DeviceBuffer<T>,
        runs: &mut DeviceBuffer<usize>,
    ) -> Result<()> {
        device::reduce_by_key_into(m, keys, x, out_keys, out_values, runs)
    }
}

/// One fused kernel for the triples of the kernels crate's fused family declarations
/// (`entry/families/fused.rs`, and a user crate's `instantiate_fused!`), else a transform into a temporary and the
/// reduce or scan (`parallaxis_device::transform_reduce`, `transform_inclusive_scan`).
impl<A, T, F, M> FusedOps<A, T, F, M> for Cuda
where
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryKernel<A> + UnaryFunction<A, Output = T>,
    M: MonoidKernel<T>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn transform_reduce(f: F, m: M, x: &DeviceBuffer<A>) -> Result<T> {
        device::transform_reduce(f, m, x)
    }
    fn transform_inclusive_scan(
        f: F,
        m: M,
        x: &DeviceBuffer<A>,
        y: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        device::transform_inclusive_scan(f, m, x, y)
    }
    fn transform_exclusive_scan(
        f: F,
        m: M,
        init: T,
        x: &DeviceBuffer<A>,
        y: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        device::transform_exclusive_scan(f, m, init, x, y)
    }
}

/// One fused kernel for the triples of the kernels crate's
/// fused family declaration (`Times` with `Sum`: inner products) and a user crate's
/// `instantiate_fused! { transform2_reduce: .. }`, else a `transform2` into a temporary and the reduce
/// (`parallaxis_device::transform2_reduce`). Both inputs of one type, as every `transform2`
/// kernel.
impl<A, T, F, M> Fused2Ops<A, A, T, F, M> for Cuda
where
    A: DeviceCopy,
    T: DeviceCopy,
    F: BinaryKernel<A, A> + BinaryFunction<A, A, Output = T>,
    M: MonoidKernel<T>,
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn transform2_reduce(f: F, m: M, a: &DeviceBuffer<A>, b: &DeviceBuffer<A>) -> Result<T> {
        device::transform2_reduce(f, m, a, b)
    }
}

/// SpMV for every (semiring, type) pair with kernels and every index type (`u64` and
/// `usize` share the 64-bit kernels). For CSR, `parallaxis_device::spmv_csr` picks the
/// row-per-sub-warp or the merge-based kernel from the matrix's row statistics.
impl<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>> SpmvOps<T, I, S> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn spmv_csr(
        s: S,
        a: &CsrMatrix<T, I, Self>,
        x: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
        accumulate: bool,
    ) -> Result<()> {
        let (rp, col, val) = (
            a.row_ptr().buffer(),
            a.col_idx().buffer(),
            a.values().buffer(),
        );
        // SAFETY: `CsrMatrix` validated its structure when it was built.
        unsafe { device::spmv_csr(s, rp, col, val, a.max_row_len(), x, y, accumulate) }
    }
    fn spmv_ell(
        s: S,
        a: &EllMatrix<T, I, Self>,
        x: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
        accumulate: bool,
    ) -> Result<()> {
        let (col, val) = (a.col_idx().buffer(), a.values().buffer());
        // SAFETY: `EllMatrix` validated its structure when it was built.
        unsafe { device::spmv_ell(s, a.width(), col, val, x, y, accumulate) }
    }
    fn spmv_coo(
        s: S,
        a: &CooMatrix<T, I, Self>,
        x: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
        accumulate: bool,
    ) -> Result<()> {
        let (row, col, val) = (
            a.row_idx().buffer(),
            a.col_idx().buffer(),
            a.values().buffer(),
        );
        // SAFETY: `CooMatrix` validated its structure when it was built.
        unsafe { device::spmv_coo(s, row, col, val, x, y, accumulate) }
    }
}

/// Stencils run on the GPU for every (semiring, type) pair of the kernels crate's stencil
/// family declaration (`entry/families/stencil.rs`), in 1, 2 and 3 dimensions.
impl<T: DeviceCopy, S: StencilKernel<T>, const D: usize, const K: usize> StencilOps<T, S, D, K>
    for Cuda
{
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn stencil(
        s: S,
        st: &Stencil<T, D, K>,
        boundary: Boundary,
        shape: [usize; D],
        x: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        device::stencil(s, st, boundary, shape, x, y)
    }
}
