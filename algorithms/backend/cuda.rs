//! The CUDA backend: buffers in GPU memory, algorithms as PTX kernels compiled from Rust
//! (`device/kernels`), launched by `parallax_device`.
//!
//! The algorithm traits are implemented for exactly the operator/type pairs that have
//! kernels: each impl below is bounded by a `parallax_device` kernel trait (`UnaryKernel`,
//! `BinaryKernel`, `TabulateKernel`, `MonoidKernel`), and those are implemented only by the
//! macro expansion of the kernels crate's instantiation lists, which also generates the PTX
//! entry points. Calling, say, `reduce(Product, ..)` on a `DeviceVector<f32, Cuda>` is
//! therefore a compile error, not a run-time failure.
//!
//! Kernels today: transform (`Square`, `Negate`, `Scale`), transform2 (`SaxpyFunctor`,
//! `Plus`, `Times`), tabulate (`Sequence`), reduce and single-pass inclusive/exclusive scan
//! (`Sum`, `Min`, `Max` over f32, f64, i32, u32, i64, u64; `Affine` over `AffineMap<i64>`).
//! `transform_reduce` and `transform_inclusive_scan` run as a transform into a temporary
//! followed by the reduce or scan (correct, not yet fused). The segmented scans,
//! `segmented_reduce`, the keyed operations and SpMV have no GPU kernel yet: they return
//! [`Error::NoKernel`] with the entry point they would use, never a wrong answer.

use super::ops::*;
use crate::sparse::{CooMatrix, CsrMatrix, EllMatrix};
use crate::{Backend, Error, Result};
use parallax_core::reference::ScanKind;
use parallax_core::{Boundary, DeviceCopy, Semiring, SparseIndex, Stencil, UnaryFunction};
use parallax_device::{
    self as device, kernel_name, BinaryKernel, DeviceBuffer, DeviceError, MonoidKernel,
    StencilKernel, TabulateKernel, UnaryKernel,
};

/// An NVIDIA GPU through CUDA (device chosen by `PARALLAX_CUDA_DEVICE`, default 0). The
/// context is created on first use; without a driver or a GPU every operation returns
/// [`Error::NoDriver`] or [`Error::NoDevice`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cuda;

impl From<DeviceError> for Error {
    fn from(e: DeviceError) -> Self {
        match e {
            DeviceError::NoDriver { reason } => Error::NoDriver { reason },
            DeviceError::NoDevice { ordinal, count } => Error::NoDevice { ordinal, count },
            DeviceError::OutOfMemory { bytes } => Error::OutOfMemory { bytes },
            DeviceError::ModuleLoad { reason } => Error::ModuleLoad { reason },
            DeviceError::Cuda { during, reason } => Error::Cuda { during, reason },
            DeviceError::Poisoned { reason } => Error::ContextPoisoned { reason },
            DeviceError::NoKernel { name } => Error::NoKernel { name },
            DeviceError::LengthMismatch {
                what,
                expected,
                actual,
            } => Error::LengthMismatch {
                what,
                expected,
                actual,
            },
            other => Error::Cuda {
                during: "a device operation",
                reason: other.to_string(),
            },
        }
    }
}

impl Backend for Cuda {
    type Buffer<T: DeviceCopy> = DeviceBuffer<T>;
    const NAME: &'static str = "cuda";

    fn from_slice<T: DeviceCopy>(data: &[T]) -> Result<DeviceBuffer<T>> {
        Ok(DeviceBuffer::from_slice(data)?)
    }
    fn to_vec<T: DeviceCopy>(buf: &DeviceBuffer<T>) -> Result<Vec<T>> {
        Ok(buf.to_vec()?)
    }
    fn len<T: DeviceCopy>(buf: &DeviceBuffer<T>) -> usize {
        buf.len()
    }
    fn zeroed<T: DeviceCopy>(len: usize) -> Result<DeviceBuffer<T>> {
        Ok(DeviceBuffer::zeroed(len)?)
    }
    fn fill<T: DeviceCopy>(buf: &mut DeviceBuffer<T>, value: T) -> Result<()> {
        Ok(buf.fill(value)?)
    }
}

impl<A: DeviceCopy, F: UnaryKernel<A>> TransformOps<A, F> for Cuda {
    fn transform(f: F, x: &DeviceBuffer<A>, y: &mut DeviceBuffer<F::Output>) -> Result<()> {
        Ok(device::transform(f, x, y)?)
    }
}

impl<A: DeviceCopy, B: DeviceCopy, F: BinaryKernel<A, B>> Transform2Ops<A, B, F> for Cuda {
    fn transform2(
        f: F,
        a: &DeviceBuffer<A>,
        b: &DeviceBuffer<B>,
        y: &mut DeviceBuffer<F::Output>,
    ) -> Result<()> {
        Ok(device::transform2(f, a, b, y)?)
    }
}

impl<F: TabulateKernel> TabulateOps<F> for Cuda {
    fn tabulate(f: F, y: &mut DeviceBuffer<F::Output>) -> Result<()> {
        Ok(device::tabulate(f, y)?)
    }
}

/// [`Error::NoKernel`] for `algo` on this monoid and type.
fn no_kernel<T: DeviceCopy, M: MonoidKernel<T>, R>(algo: &str) -> Result<R> {
    Err(Error::NoKernel {
        name: kernel_name::<T, M>(algo),
    })
}

impl<T: DeviceCopy, M: MonoidKernel<T>> MonoidOps<T, M> for Cuda {
    fn reduce(m: M, x: &DeviceBuffer<T>) -> Result<T> {
        Ok(device::reduce(m, x)?)
    }
    fn inclusive_scan(m: M, x: &DeviceBuffer<T>, y: &mut DeviceBuffer<T>) -> Result<()> {
        Ok(device::inclusive_scan(m, x, y)?)
    }
    fn exclusive_scan(m: M, init: T, x: &DeviceBuffer<T>, y: &mut DeviceBuffer<T>) -> Result<()> {
        Ok(device::exclusive_scan(m, init, x, y)?)
    }
    /// No GPU kernel yet: [`Error::NoKernel`].
    fn scan_by_flags(
        _: M,
        _: &DeviceBuffer<bool>,
        _: &DeviceBuffer<T>,
        _: &mut DeviceBuffer<T>,
        _: ScanKind<T>,
    ) -> Result<()> {
        no_kernel::<T, M, _>("scan_by_flags")
    }
    /// No GPU kernel yet: [`Error::NoKernel`].
    fn scan_by_offsets(
        _: M,
        _: &DeviceBuffer<usize>,
        _: &DeviceBuffer<T>,
        _: &mut DeviceBuffer<T>,
        _: ScanKind<T>,
    ) -> Result<()> {
        no_kernel::<T, M, _>("scan_by_offsets")
    }
    /// No GPU kernel yet: [`Error::NoKernel`].
    fn segmented_reduce(
        _: M,
        _: &DeviceBuffer<usize>,
        _: &DeviceBuffer<T>,
        _: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        no_kernel::<T, M, _>("segmented_reduce")
    }
}

impl<K: DeviceCopy + PartialEq, T: DeviceCopy, M: MonoidKernel<T>> KeyedOps<K, T, M> for Cuda {
    /// No GPU kernel yet: [`Error::NoKernel`].
    fn scan_by_keys(
        _: M,
        _: &DeviceBuffer<K>,
        _: &DeviceBuffer<T>,
        _: &mut DeviceBuffer<T>,
        _: ScanKind<T>,
    ) -> Result<()> {
        no_kernel::<T, M, _>("scan_by_keys")
    }
    /// No GPU kernel yet: [`Error::NoKernel`].
    fn reduce_by_key(
        _: M,
        _: &DeviceBuffer<K>,
        _: &DeviceBuffer<T>,
    ) -> Result<(DeviceBuffer<K>, DeviceBuffer<T>)> {
        no_kernel::<T, M, _>("reduce_by_key")
    }
}

/// Not fused yet: a transform into a temporary, then the reduce or scan (one extra round
/// trip of `n` elements through memory; results are those of the two operations).
impl<A, T, F, M> FusedOps<A, T, F, M> for Cuda
where
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryKernel<A> + UnaryFunction<A, Output = T>,
    M: MonoidKernel<T>,
{
    fn transform_reduce(f: F, m: M, x: &DeviceBuffer<A>) -> Result<T> {
        let mut mapped = DeviceBuffer::<T>::zeroed_on(x.device(), x.len())?;
        device::transform(f, x, &mut mapped)?;
        Ok(device::reduce(m, &mapped)?)
    }
    fn transform_inclusive_scan(
        f: F,
        m: M,
        x: &DeviceBuffer<A>,
        y: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        let mut mapped = DeviceBuffer::<T>::zeroed_on(x.device(), x.len())?;
        device::transform(f, x, &mut mapped)?;
        Ok(device::inclusive_scan(m, &mapped, y)?)
    }
}

/// [`Error::NoKernel`] for an algorithm keyed by operator and element type names.
fn no_kernel_for<S, T, R>(algo: &str) -> Result<R> {
    let short = |name: &'static str| name.rsplit("::").next().unwrap_or(name);
    Err(Error::NoKernel {
        name: format!(
            "parallax_{algo}__{}__{}",
            short(core::any::type_name::<S>()),
            short(core::any::type_name::<T>())
        ),
    })
}

impl<T: DeviceCopy, I: SparseIndex, S: Semiring<T>> SpmvOps<T, I, S> for Cuda {
    /// No GPU kernel yet: [`Error::NoKernel`].
    fn spmv_csr(
        _: S,
        _: &CsrMatrix<T, I, Self>,
        _: &DeviceBuffer<T>,
        _: &mut DeviceBuffer<T>,
        _: bool,
    ) -> Result<()> {
        no_kernel_for::<S, T, _>("spmv_csr")
    }
    /// No GPU kernel yet: [`Error::NoKernel`].
    fn spmv_ell(
        _: S,
        _: &EllMatrix<T, I, Self>,
        _: &DeviceBuffer<T>,
        _: &mut DeviceBuffer<T>,
        _: bool,
    ) -> Result<()> {
        no_kernel_for::<S, T, _>("spmv_ell")
    }
    /// No GPU kernel yet: [`Error::NoKernel`].
    fn spmv_coo(
        _: S,
        _: &CooMatrix<T, I, Self>,
        _: &DeviceBuffer<T>,
        _: &mut DeviceBuffer<T>,
        _: bool,
    ) -> Result<()> {
        no_kernel_for::<S, T, _>("spmv_coo")
    }
}

/// Stencils run on the GPU for every (semiring, type) pair in the kernels crate's
/// `for_each_stencil_instance!` list, in 1, 2 and 3 dimensions.
impl<T: DeviceCopy, S: StencilKernel<T>, const D: usize, const K: usize> StencilOps<T, S, D, K>
    for Cuda
{
    fn stencil(
        s: S,
        st: &Stencil<T, D, K>,
        boundary: Boundary,
        shape: [usize; D],
        x: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        Ok(device::stencil(s, st, boundary, shape, x, y)?)
    }
}
