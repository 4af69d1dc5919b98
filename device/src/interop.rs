//! Sharing memory and ordering with other CUDA code: a [`DeviceBuffer`] to and from cudarc's
//! `CudaSlice` without a copy, its raw device address, and ordering between parallaxis's
//! stream and a stream of the caller's without a device-wide synchronize.
//!
//! Memory: parallaxis allocates from a stream-ordered pool of its own (`context/memory.rs`) and
//! frees with `cuMemFreeAsync`; cudarc frees a `CudaSlice` the same way (or with `cuMemFree`
//! after a synchronize where the device has no memory pools, as parallaxis does), so ownership
//! moves both ways by handing over the address: the receiving side frees it, once.
//!
//! Ordering: parallaxis queues its work on the legacy default stream (`crate::LEGACY_STREAM`),
//! or inside a [`Stream::run`](crate::Stream::run) scope on that stream (both "parallaxis's
//! stream" below), which a *blocking* stream of the caller's is implicitly ordered with; for a non-blocking
//! stream (`CU_STREAM_NON_BLOCKING`, as cudarc's `new_stream` creates), order the two
//! explicitly with [`Device::wait_for_stream`] / [`Device::signal_stream`] (an event each, no
//! host wait), or put parallaxis's calls in the caller's stream order with the scope
//! [`Device::with_stream`]. The kernels themselves always run on parallaxis's own stream: every
//! operation, its scratch memory and its frees are ordered on the one stream.

use crate::buffer::DeviceBuffer;
use crate::context::Device;
use crate::{Error, Result};
use cudarc::driver::sys::CUdeviceptr;
use cudarc::driver::{CudaSlice, CudaStream};
use parallaxis_core::DeviceCopy;
use std::sync::Arc;

impl<T: DeviceCopy> DeviceBuffer<T> {
    /// Hands the allocation to cudarc without a copy. The slice's stream is the legacy
    /// default stream, on which parallaxis queued the work that writes this buffer, so cudarc
    /// work on that stream (or on any blocking stream) runs after it; for a non-blocking
    /// stream call [`Device::signal_stream`] first. Dropping the slice frees the memory.
    ///
    /// # Errors
    /// A poisoned device, or a driver error while allocating the (empty) slice of an empty
    /// buffer; [`Error::InvalidArgument`] while a live [`Graph`](crate::Graph) may use the
    /// buffer (cudarc could free memory the graph replays into).
    pub fn into_cuda_slice(self) -> Result<CudaSlice<T>> {
        let device = self.device();
        device.enter()?;
        if self.graph_may_use() {
            return Err(Error::InvalidArgument {
                what: "DeviceBuffer",
                reason: "a live graph may use this buffer: drop the graph before handing the \
                         buffer to cudarc",
            });
        }
        let stream = device.context().default_stream();
        if self.is_empty() {
            // A zero-length buffer holds no allocation (address 0): cudarc makes its own.
            return stream
                .null()
                .map_err(|e| device.fail("making an empty CudaSlice", e));
        }
        let (ptr, len, _) = self.into_raw_parts();
        // SAFETY: `ptr` is a live allocation of `len` initialised `T` in this device's context
        // (the primary context, which cudarc's `CudaContext` of the same ordinal also uses),
        // owned by nobody now (`into_raw_parts` gave up the buffer's ownership), and freeable
        // by `cuMemFreeAsync`, which is how the slice frees it.
        Ok(unsafe { stream.upgrade_device_ptr(ptr, len) })
    }

    /// Takes a cudarc allocation without a copy. parallaxis's work on it is ordered after the
    /// work queued on the slice's stream so far (an event, no host wait); parallaxis frees it
    /// when the buffer drops.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the slice lives in a context other than the parallaxis
    /// device's of the same ordinal (a context not made by cudarc's `CudaContext::new`, which
    /// uses the primary context as parallaxis does); device errors.
    pub fn from_cuda_slice(slice: CudaSlice<T>) -> Result<Self> {
        let device = Device::get(slice.ordinal())?;
        if slice.context().cu_ctx() != device.context().cu_ctx() {
            return Err(Error::InvalidArgument {
                what: "CudaSlice",
                reason: "the slice belongs to another CUDA context than parallaxis's device \
                         (parallaxis uses the device's primary context, as CudaContext::new does)",
            });
        }
        device.wait_for_stream(slice.stream())?;
        let len = slice.len();
        let ptr = slice.leak();
        // SAFETY: `leak` gave up cudarc's ownership of `ptr`, an allocation of `len` elements
        // of `T` in this context (a `CudaSlice<T>` holds valid `T`: it was written through
        // typed copies or kernels; `T: DeviceCopy` accepts any initialised bits a `T` buffer
        // holds), freeable by `cuMemFreeAsync` as cudarc would have freed it.
        Ok(unsafe { DeviceBuffer::from_raw_parts(ptr, len, device) })
    }

    /// The device address of the first element (0 for an empty buffer), for other CUDA code.
    ///
    /// # Safety
    /// The address is valid while the buffer lives and is not moved out of ([`into_cuda_slice`]
    /// hands it on). Work parallaxis queued on the buffer may still be running: yours must be
    /// ordered after it ([`Device::signal_stream`], or a blocking stream), and parallaxis work
    /// queued later must not run while yours writes (order it with
    /// [`Device::wait_for_stream`]). Through this address you may only read (for writing,
    /// [`as_device_ptr_mut`](Self::as_device_ptr_mut)).
    ///
    /// [`into_cuda_slice`]: Self::into_cuda_slice
    pub unsafe fn as_device_ptr(&self) -> CUdeviceptr {
        self.as_ptr() as usize as CUdeviceptr
    }

    /// The device address of the first element, for other CUDA code that writes the buffer.
    ///
    /// # Safety
    /// As [`as_device_ptr`](Self::as_device_ptr), and every element written must be a valid
    /// `T`, with no parallaxis work on the buffer running at the same time.
    pub unsafe fn as_device_ptr_mut(&mut self) -> CUdeviceptr {
        self.as_mut_ptr() as usize as CUdeviceptr
    }
}

impl Device {
    /// Makes parallaxis's work queued after this call wait for the work queued on `stream` so
    /// far (an event recorded there, waited for on parallaxis's stream): no host wait, no
    /// device-wide synchronize.
    ///
    /// # Errors
    /// A poisoned device; a driver error (the stream belongs to another context).
    pub fn wait_for_stream(&self, stream: &Arc<CudaStream>) -> Result<()> {
        self.enter()?;
        let event = stream
            .record_event(None)
            .map_err(|e| self.fail("recording an event on the caller's stream", e))?;
        // SAFETY: the calling thread's stream and a live event, both of the current context.
        unsafe { cudarc::driver::sys::cuStreamWaitEvent(self.stream(), event.cu_event(), 0) }
            .result()
            .map_err(|e| self.fail("waiting for the caller's stream", e))
    }

    /// Makes the work queued on `stream` after this call wait for the work parallaxis queued so
    /// far (an event recorded on parallaxis's stream): no host wait, no device-wide
    /// synchronize.
    ///
    /// # Errors
    /// A poisoned device; a driver error (the stream belongs to another context).
    pub fn signal_stream(&self, stream: &Arc<CudaStream>) -> Result<()> {
        self.enter()?;
        let during = "recording an event on parallaxis's stream";
        let event = self
            .context()
            .new_event(None)
            .map_err(|e| self.fail(during, e))?;
        // SAFETY: a live event and the calling thread's stream, both of the current context.
        unsafe { cudarc::driver::sys::cuEventRecord(event.cu_event(), self.stream()) }
            .result()
            .map_err(|e| self.fail(during, e))?;
        stream
            .wait(&event)
            .map_err(|e| self.fail("making the caller's stream wait", e))
    }

    /// Runs `work` in the order of the caller's `stream`: the parallaxis operations `work`
    /// queues start after everything queued on `stream` before this call
    /// ([`wait_for_stream`](Self::wait_for_stream)), and what is queued on `stream` after this
    /// call starts after them ([`signal_stream`](Self::signal_stream)): two events, no host
    /// wait, no device-wide synchronize. The kernels themselves still run on parallaxis's
    /// stream, where each operation's scratch memory and frees are ordered; to the caller's
    /// stream they are one step between its neighbours, as cuBLAS calls on it would be.
    ///
    /// ```no_run
    /// # fn main() -> parallaxis_device::Result<()> {
    /// use parallaxis_device::{Device, DeviceBuffer};
    /// let dev = Device::default_device()?;
    /// let stream = dev.context().new_stream().expect("a stream"); // a stream of the caller's
    /// let x = DeviceBuffer::from_slice(&[1.0_f32, 2.0, 3.0])?;
    /// let total = dev.with_stream(&stream, || parallaxis_device::reduce(parallaxis_core::Sum, &x))?;
    /// assert_eq!(total, 6.0);
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    /// `work`'s error (the stream is still signalled, so what `work` queued stays ordered
    /// before the stream's later work); a poisoned device; a driver error (the stream
    /// belongs to another context).
    pub fn with_stream<R>(
        &self,
        stream: &Arc<CudaStream>,
        work: impl FnOnce() -> Result<R>,
    ) -> Result<R> {
        self.wait_for_stream(stream)?;
        let result = work();
        let signalled = self.signal_stream(stream);
        let value = result?;
        signalled.map(|()| value)
    }
}
