//! `DeviceVector<T, Cuda>` and other CUDA code: to and from cudarc's `CudaSlice` without a
//! copy, the raw device address, and copies with pinned host memory that run beside kernels. The memory and ordering rules are in
//! `device/src/interop.rs`; [`Device::wait_for_stream`](crate::device::Device::wait_for_stream) and
//! [`Device::signal_stream`](crate::device::Device::signal_stream) order parallaxis's stream with
//! yours.

use crate::backend::TOKEN;
use crate::view::Output;
use crate::{Cuda, DeviceVector, Result};
use parallaxis_core::DeviceCopy;
use parallaxis_device::cudarc::driver::{sys::CUdeviceptr, CudaSlice};
use parallaxis_device::{DeviceBuffer, PinnedBuffer};

impl<T: DeviceCopy> DeviceVector<T, Cuda> {
    /// Overwrites the vector with `src`, queued on the calling thread's stream without
    /// waiting (a copy-engine DMA that runs beside kernels of other streams,
    /// [`Stream::run`](crate::device::Stream::run)); `src` waits for the copy before the host
    /// writes or drops it.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless the lengths agree; a
    /// device fault; [`Error::Unrecordable`](crate::Error::Unrecordable) while recording a
    /// graph.
    pub fn copy_from_pinned(&mut self, src: &PinnedBuffer<T>) -> Result<()> {
        self.buffer_mut().copy_from_pinned(src)
    }

    /// Copies the vector into `dst`, queued on the calling thread's stream without waiting;
    /// `dst` waits for the copy before the host reads, writes or drops it.
    ///
    /// # Errors
    /// As [`DeviceVector::copy_from_pinned`].
    pub fn copy_to_pinned(&self, dst: &mut PinnedBuffer<T>) -> Result<()> {
        self.buffer().copy_to_pinned(dst)
    }

    /// Hands the vector's memory to cudarc without a copy (its stream: the legacy default
    /// stream, which parallaxis's queued work is on).
    ///
    /// # Errors
    /// A poisoned device; a driver error for an empty vector's (allocated) empty slice.
    ///
    /// ```no_run
    /// use parallaxis::{Cuda, DeviceVector};
    /// let v = DeviceVector::<f32, Cuda>::from_slice(&[1.0, 2.0])?;
    /// let slice = parallaxis::transform(parallaxis::ops::Square, &v)?.into_cuda_slice()?;
    /// // ... cuBLAS / candle / cudarc work on `slice` ...
    /// let back = DeviceVector::<f32, Cuda>::from_cuda_slice(slice)?;
    /// assert_eq!(back.to_vec()?, [1.0, 4.0]);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    pub fn into_cuda_slice(self) -> Result<CudaSlice<T>> {
        self.into_buffer().into_cuda_slice()
    }

    /// Takes a cudarc slice's memory without a copy; parallaxis's work on it runs after the
    /// work queued on the slice's stream so far.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a slice of another CUDA
    /// context than parallaxis's device; device errors.
    pub fn from_cuda_slice(slice: CudaSlice<T>) -> Result<Self> {
        DeviceBuffer::from_cuda_slice(slice).map(Self::from_buffer)
    }

    /// The device address of the first element (0 when empty), for other CUDA code.
    ///
    /// # Safety
    /// As [`DeviceBuffer::as_device_ptr`]: valid while the vector lives; your work must be
    /// ordered after parallaxis's queued work on it and parallaxis's later work after yours; read
    /// only.
    pub unsafe fn as_device_ptr(&self) -> CUdeviceptr {
        // SAFETY: the caller keeps the contract above, which is the buffer's.
        unsafe { self.buffer().as_device_ptr() }
    }

    /// The device address of the first element, for other CUDA code that writes it.
    ///
    /// # Safety
    /// As [`DeviceBuffer::as_device_ptr_mut`]: as [`as_device_ptr`](Self::as_device_ptr), and
    /// every element written must be a valid `T`.
    pub unsafe fn as_device_ptr_mut(&mut self) -> CUdeviceptr {
        // SAFETY: the caller keeps the contract above, which is the buffer's.
        unsafe { self.buffer_out(TOKEN).as_device_ptr_mut() }
    }
}
