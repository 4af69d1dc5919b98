//! `PinnedBuffer<T>`: page-locked host memory, the host side of copies that run while
//! kernels do. A copy from pageable memory (a `Vec`) is staged by the driver and holds the
//! host thread; a copy from pinned memory is a DMA the GPU runs on its copy engine, beside
//! the kernels of other streams ([`DeviceBuffer::copy_from_pinned`] in one
//! [`Stream::run`](crate::Stream::run) scope, a kernel in another).
//!
//! Such a copy returns before it has run, so the buffer remembers it (an event recorded after
//! it): reading or writing the buffer on the host, and dropping it, first wait for the copies
//! still in flight. So the host never sees a half-written buffer or frees memory a copy
//! still uses, whatever the streams.

use crate::context::Device;
use crate::{DeviceBuffer, Error, Result};
use cudarc::driver::{result, sys};
use parallaxis_core::DeviceCopy;
use std::mem::{size_of, MaybeUninit};
use std::sync::{Mutex, MutexGuard};

/// An event handle recorded after a copy (a driver object any thread may use).
struct Pending(sys::CUevent);

// SAFETY: an event handle is a driver object usable from any thread.
unsafe impl Send for Pending {}

/// `len` elements of `T` in page-locked host memory, for copies to and from
/// [`DeviceBuffer`]s that overlap with kernels.
///
/// ```no_run
/// use parallaxis_device::{DeviceBuffer, PinnedBuffer, Stream};
/// let mut host = PinnedBuffer::<f32>::zeroed(1 << 20)?;
/// host.as_mut_slice()?.fill(1.0);
/// let mut dev = DeviceBuffer::<f32>::zeroed(1 << 20)?;
/// Stream::new()?.run(|| dev.copy_from_pinned(&host))?;
/// # Ok::<(), parallaxis_device::Error>(())
/// ```
pub struct PinnedBuffer<T: DeviceCopy> {
    host: *mut T,
    len: usize,
    device: &'static Device,
    /// Events after the copies that may still read or write the memory.
    pending: Mutex<Vec<Pending>>,
}

// SAFETY: the buffer owns its memory like a `Vec<T>`; the pending list is behind a mutex.
unsafe impl<T: DeviceCopy + Send> Send for PinnedBuffer<T> {}
// SAFETY: shared access hands out `&[T]` only after the copies that write it finished.
unsafe impl<T: DeviceCopy + Sync> Sync for PinnedBuffer<T> {}

impl<T: DeviceCopy> core::fmt::Debug for PinnedBuffer<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PinnedBuffer")
            .field("len", &self.len)
            .finish()
    }
}

impl<T: DeviceCopy> PinnedBuffer<T> {
    /// `len` all-zero elements (valid by the `DeviceCopy` contract), pinned in the context of
    /// the default device and usable by every device's copies (portable memory).
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] when the host cannot pin that much; as
    /// [`Device::default_device`].
    pub fn zeroed(len: usize) -> Result<Self> {
        let device = Device::default_device()?;
        device.enter()?;
        let bytes = len
            .checked_mul(size_of::<T>())
            .ok_or(Error::OutOfMemory { bytes: usize::MAX })?;
        let host = if bytes == 0 {
            std::ptr::NonNull::<T>::dangling().as_ptr()
        } else {
            // SAFETY: a plain portable pinned allocation in the current context.
            let p = unsafe { result::malloc_host(bytes, sys::CU_MEMHOSTALLOC_PORTABLE) }.map_err(
                |e| match device.fail("pinning host memory", e) {
                    Error::OutOfMemory { .. } => Error::OutOfMemory { bytes },
                    other => other,
                },
            )?;
            // SAFETY: `bytes` writable bytes just allocated; all-zero is a valid `T`.
            unsafe { p.cast::<u8>().write_bytes(0, bytes) };
            p.cast::<T>()
        };
        Ok(Self {
            host,
            len,
            device,
            pending: Mutex::new(Vec::new()),
        })
    }

    /// A pinned copy of `data`.
    ///
    /// # Errors
    /// As [`PinnedBuffer::zeroed`].
    pub fn from_slice(data: &[T]) -> Result<Self> {
        let mut b = Self::zeroed(data.len())?;
        b.as_mut_slice()?.copy_from_slice(data);
        Ok(b)
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the buffer has no elements.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The elements, once the copies in flight that write them have finished.
    ///
    /// # Errors
    /// A fault of the device work the buffer waited for.
    pub fn as_slice(&self) -> Result<&[T]> {
        self.settle()?;
        // SAFETY: `len` initialised elements (zeroed, then written by host code or finished
        // copies); no copy writes them now (settled, and new copies into the buffer need
        // `&mut self`).
        Ok(unsafe { std::slice::from_raw_parts(self.host, self.len) })
    }

    /// The elements, writable, once the copies in flight that use them have finished.
    ///
    /// # Errors
    /// A fault of the device work the buffer waited for.
    pub fn as_mut_slice(&mut self) -> Result<&mut [T]> {
        self.settle()?;
        // SAFETY: as in `as_slice`, and `&mut self` excludes every other user.
        Ok(unsafe { std::slice::from_raw_parts_mut(self.host, self.len) })
    }

    /// Waits for every copy in flight that uses the buffer.
    fn settle(&self) -> Result<()> {
        let mut pending = self.lock();
        while let Some(Pending(event)) = pending.last() {
            let event = *event;
            // SAFETY: a live event recorded after a copy.
            unsafe { sys::cuEventSynchronize(event) }
                .result()
                .map_err(|e| self.device.fail("waiting for a pinned copy", e))?;
            pending.pop();
            // SAFETY: created by `note`, waited for, destroyed once (popped).
            let _ = unsafe { sys::cuEventDestroy_v2(event) };
        }
        Ok(())
    }

    /// Remembers a copy just queued on `dev`'s calling-thread stream.
    fn note(&self, dev: &Device) -> Result<()> {
        let during = "recording a pinned copy";
        let mut event = MaybeUninit::uninit();
        let flags = sys::CUevent_flags::CU_EVENT_DISABLE_TIMING as u32;
        // SAFETY: the device's context is current; `event` receives the handle.
        unsafe { sys::cuEventCreate(event.as_mut_ptr(), flags) }
            .result()
            .map_err(|e| dev.fail(during, e))?;
        // SAFETY: written by the successful call above.
        let event = unsafe { event.assume_init() };
        // SAFETY: a live event and the calling thread's stream of this context.
        if let Err(e) = unsafe { sys::cuEventRecord(event, dev.stream()) }.result() {
            // The copy may be queued and unrecorded: wait for all of the device's work
            // instead, so that nothing of it outlives this call.
            let _ = dev.synchronize_all(during);
            // SAFETY: created above, never recorded, destroyed once.
            let _ = unsafe { sys::cuEventDestroy_v2(event) };
            return Err(dev.fail(during, e));
        }
        self.lock().push(Pending(event));
        Ok(())
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Pending>> {
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn bytes(&self) -> usize {
        self.len * size_of::<T>()
    }
}

impl<T: DeviceCopy> Drop for PinnedBuffer<T> {
    fn drop(&mut self) {
        if self.len == 0 || size_of::<T>() == 0 {
            return;
        }
        // A copy may still use the memory: free it only once they finished. When that
        // cannot be known (a poisoned device), the memory leaks rather than be freed under
        // a copy.
        if self.device.enter().is_ok() && self.settle().is_ok() {
            // SAFETY: from `malloc_host`, freed once, no copy uses it (settled).
            let _ = unsafe { result::free_host(self.host.cast()) };
        }
    }
}

impl<T: DeviceCopy> DeviceBuffer<T> {
    /// Overwrites the whole buffer with `src`, queued on the calling thread's stream
    /// without waiting: the copy runs on the GPU's copy engine, beside kernels of other
    /// streams. `src` waits for it before the host writes it or drops it.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless the lengths agree; a device fault;
    /// [`Error::Unrecordable`] while recording a graph.
    pub fn copy_from_pinned(&mut self, src: &PinnedBuffer<T>) -> Result<()> {
        crate::buffer::check_len("copy_from_pinned source", self.len(), src.len())?;
        let device = self.as_mut_ptr() as sys::CUdeviceptr;
        // SAFETY: `device` is this buffer's allocation of `src.bytes()` bytes, and `&mut self`
        // keeps it alive and unread by the host for the call.
        unsafe { queue_pinned_copy(self.device(), Direction::ToDevice, device, src) }
    }

    /// Copies the whole buffer into `dst`, queued on the calling thread's stream without
    /// waiting; `dst` waits for it before the host reads it, writes it or drops it.
    ///
    /// # Errors
    /// As [`DeviceBuffer::copy_from_pinned`].
    pub fn copy_to_pinned(&self, dst: &mut PinnedBuffer<T>) -> Result<()> {
        crate::buffer::check_len("copy_to_pinned destination", self.len(), dst.len())?;
        let device = self.as_ptr() as sys::CUdeviceptr;
        // SAFETY: `device` is this buffer's allocation, holding `dst.bytes()` initialised bytes.
        unsafe { queue_pinned_copy(self.device(), Direction::ToHost, device, dst) }
    }
}

/// Which way a pinned copy goes.
#[derive(Clone, Copy)]
enum Direction {
    ToDevice,
    ToHost,
}

/// Queues a copy of `pinned`'s bytes to or from `device` on the calling thread's stream, after
/// the copies still in flight on `pinned` (one on another stream may still write or read it),
/// and notes it on `pinned` so that the host waits for it.
///
/// # Safety
/// `device` is a live allocation of `dev` of at least `pinned.bytes()` bytes, initialised
/// when copying to the host.
unsafe fn queue_pinned_copy<T: DeviceCopy>(
    dev: &Device,
    direction: Direction,
    device: sys::CUdeviceptr,
    pinned: &PinnedBuffer<T>,
) -> Result<()> {
    dev.enter()?;
    let during = match direction {
        Direction::ToDevice => "copy_from_pinned",
        Direction::ToHost => "copy_to_pinned",
    };
    dev.refuse_recording(during)?;
    if pinned.bytes() == 0 {
        return Ok(());
    }
    pinned.settle()?;
    let (host, bytes, stream) = (pinned.host.cast(), pinned.bytes(), dev.stream());
    // SAFETY: `pinned` is `bytes` pinned bytes, kept alive and untouched by the host until the
    // event `note` records has passed (`PinnedBuffer::settle`); `device` as the caller
    // guarantees.
    let queued = unsafe {
        match direction {
            Direction::ToDevice => sys::cuMemcpyHtoDAsync_v2(device, host, bytes, stream),
            Direction::ToHost => sys::cuMemcpyDtoHAsync_v2(host, device, bytes, stream),
        }
    };
    queued
        .result()
        .map_err(|e| dev.fail("copying between pinned and device memory", e))?;
    pinned.note(dev)
}
