//! `DeviceBuffer<T>`: a typed allocation in GPU memory.

use crate::context::Device;
use crate::launch;
use crate::stream::host_copy::{download, upload};
use crate::{Error, Result};
use cudarc::driver::{result, sys::CUdeviceptr};
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::transform::FillParams;
use parallaxis_kernels::policy::transform::transform_blocks;
use std::marker::PhantomData;
use std::mem::size_of;

/// `len` elements of `T` in the memory of one [`Device`]. Dropping it frees the memory.
/// Every element is always initialised (buffers start zeroed or copied from the host).
///
/// ```no_run
/// use parallaxis_device::DeviceBuffer;
/// let b = DeviceBuffer::from_slice(&[1.0_f32, 2.0, 3.0])?;
/// assert_eq!(b.to_vec()?, [1.0, 2.0, 3.0]);
/// # Ok::<(), parallaxis_device::Error>(())
/// ```
pub struct DeviceBuffer<T: DeviceCopy> {
    ptr: CUdeviceptr,
    len: usize,
    device: &'static Device,
    /// The allocation's number on its device: whether a live graph may use it
    /// (`stream/keep_alive.rs`).
    number: u64,
    _elements: PhantomData<T>,
}

impl<T: DeviceCopy> core::fmt::Debug for DeviceBuffer<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DeviceBuffer")
            .field("len", &self.len)
            .field("device", &self.device.ordinal())
            .finish()
    }
}

impl<T: DeviceCopy> DeviceBuffer<T> {
    /// Allocates `len` elements with unspecified contents; the caller must write all of them
    /// before anything reads them. Zero bytes allocate nothing (address 0).
    pub(crate) fn alloc_uninit(device: &'static Device, len: usize) -> Result<Self> {
        device.enter()?;
        let bytes = len
            .checked_mul(size_of::<T>())
            .ok_or(Error::OutOfMemory { bytes: usize::MAX })?;
        let ptr = if bytes == 0 {
            0
        } else {
            // The memory is written before it is read (this function's contract).
            device.alloc("allocating a buffer", bytes)?
        };
        Ok(Self {
            ptr,
            len,
            device,
            number: device.keep_alive.number(),
            _elements: PhantomData,
        })
    }

    /// `len` elements with unspecified contents on the default device, for an output that is
    /// written whole before it is read (no memset: an allocating algorithm's output).
    ///
    /// # Safety
    /// Every element must be written before anything reads the buffer (a download, a kernel,
    /// a copy); a buffer whose writing failed must be dropped unread.
    ///
    /// # Errors
    /// As [`DeviceBuffer::zeroed`].
    #[doc(hidden)]
    pub unsafe fn uninit(len: usize) -> Result<Self> {
        Self::alloc_uninit(Device::default_device()?, len)
    }

    /// `len` all-zero elements (valid by the `DeviceCopy` contract) on the default device.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] with the requested size (the device stays usable), or
    /// any error of [`Device::default_device`].
    pub fn zeroed(len: usize) -> Result<Self> {
        Self::zeroed_on(Device::default_device()?, len)
    }

    /// `len` all-zero elements on `device`.
    ///
    /// # Errors
    /// As [`DeviceBuffer::zeroed`].
    pub fn zeroed_on(device: &'static Device, len: usize) -> Result<Self> {
        let buf = Self::alloc_uninit(device, len)?;
        if buf.ptr != 0 {
            // SAFETY: `ptr` is a live allocation of exactly this many bytes.
            unsafe { result::memset_d8_async(buf.ptr, 0, buf.bytes(), device.stream()) }
                .map_err(|e| device.fail("zeroing a buffer", e))?;
        }
        Ok(buf)
    }

    /// A copy of `data` on the default device.
    ///
    /// # Errors
    /// As [`DeviceBuffer::zeroed`].
    pub fn from_slice(data: &[T]) -> Result<Self> {
        Self::from_slice_on(Device::default_device()?, data)
    }

    /// A copy of `data` on `device`.
    ///
    /// # Errors
    /// As [`DeviceBuffer::zeroed`].
    pub fn from_slice_on(device: &'static Device, data: &[T]) -> Result<Self> {
        let mut buf = Self::alloc_uninit(device, data.len())?;
        buf.copy_from_slice(data)?;
        Ok(buf)
    }

    /// Overwrites the whole buffer with `data`.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless `data.len() == self.len()`; a device fault.
    pub fn copy_from_slice(&mut self, data: &[T]) -> Result<()> {
        check_len("copy_from_slice source", self.len, data.len())?;
        self.device.enter()?;
        if self.ptr != 0 {
            // SAFETY: `data` is `bytes()` readable bytes; `ptr` a live allocation of that many.
            unsafe {
                upload(
                    self.device,
                    self.ptr,
                    data.as_ptr().cast(),
                    self.bytes(),
                    "copying to the device",
                )
            }?;
        }
        Ok(())
    }

    /// Overwrites the whole buffer with the contents of `src` (a device-to-device copy),
    /// returning once the copy is queued. `src` may live on another device of the process:
    /// the copy is then ordered after the work queued on both devices (`context/peer.rs`).
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] unless the lengths agree; a fault of earlier queued work.
    pub fn copy_from(&mut self, src: &DeviceBuffer<T>) -> Result<()> {
        check_len("copy_from source", self.len, src.len)?;
        if self.device.ordinal() != src.device.ordinal() {
            if self.ptr == 0 {
                return Ok(());
            }
            // SAFETY: both are live allocations of `bytes()` bytes on their devices; `self`
            // is borrowed mutably, so nothing else touches it while the copy is queued.
            return unsafe {
                self.device
                    .copy_from_peer(self.ptr, src.device, src.ptr, self.bytes())
            };
        }
        self.device.enter()?;
        if self.ptr != 0 {
            // SAFETY: both are live allocations of `bytes()` bytes; distinct buffers (`&mut`
            // and `&` cannot alias), so the ranges do not overlap.
            unsafe {
                result::memcpy_dtod_async(self.ptr, src.ptr, self.bytes(), self.device.stream())
            }
            .map_err(|e| self.device.fail("copying on the device", e))?;
        }
        Ok(())
    }

    /// Overwrites elements `at..at + range.len()` with `src[range]`, returning once the copy
    /// is queued; `src` may live on another device, as in [`copy_from`](Self::copy_from). No
    /// alignment is needed (a byte copy), so no view staging either.
    ///
    /// # Errors
    /// [`Error::IndexOutOfRange`] when either range reaches past its buffer (nothing is
    /// copied); a fault of earlier queued work.
    pub fn copy_range_from(
        &mut self,
        at: usize,
        src: &DeviceBuffer<T>,
        range: std::ops::Range<usize>,
    ) -> Result<()> {
        let len = range.end.saturating_sub(range.start);
        if range.start > range.end || range.end > src.len {
            return Err(Error::IndexOutOfRange {
                what: "copy source range",
                at: 0,
                index: range.end,
                len: src.len,
            });
        }
        let end = at.checked_add(len).filter(|&e| e <= self.len);
        let Some(end) = end else {
            return Err(Error::IndexOutOfRange {
                what: "copy destination range",
                at: 0,
                index: at.saturating_add(len),
                len: self.len,
            });
        };
        // SAFETY: both ranges were checked to lie inside their buffers; the aliases are
        // `ManuallyDrop` (never freed) and die at the end of this call, while `self` is
        // borrowed mutably and `src` immutably, so nothing else touches the destination.
        let (from, mut to) = unsafe { (src.alias(range), self.alias(at..end)) };
        to.copy_from(&from)
    }

    /// Copies the buffer into a new host vector (waits for earlier work on the buffer).
    ///
    /// # Errors
    /// A device fault (a kernel that faulted earlier surfaces here).
    pub fn to_vec(&self) -> Result<Vec<T>> {
        self.device.enter()?;
        let mut out = Vec::<T>::with_capacity(self.len);
        if self.ptr != 0 {
            // SAFETY: `out` has capacity for `len` elements = `bytes()` bytes; `ptr` holds
            // `len` initialised elements. Done when the call returns.
            unsafe {
                download(
                    self.device,
                    out.as_mut_ptr().cast(),
                    self.ptr,
                    self.bytes(),
                    "copying to the host",
                )
            }?;
        }
        // SAFETY: the copy above initialised all `len` elements (bytes of valid `T`s).
        unsafe { out.set_len(self.len) };
        Ok(out)
    }

    /// Sets every element to `value`: the value's bytes are uploaded once and repeated by the
    /// `fill` kernel (by 32-bit words when the size allows, else by bytes), which this
    /// returns once it has queued.
    ///
    /// # Errors
    /// No scratch memory for the value; a fault of earlier queued work.
    pub fn fill(&mut self, value: T) -> Result<()> {
        if self.len == 0 || size_of::<T>() == 0 {
            return Ok(());
        }
        let dev = self.device;
        dev.enter()?;
        let mut scratch = dev.scratch();
        let pattern = scratch.reserve(dev, size_of::<T>())?;
        // SAFETY: `value` is `size_of::<T>()` readable bytes; `pattern` has at least as many.
        unsafe {
            upload(
                dev,
                pattern,
                (&raw const value).cast(),
                size_of::<T>(),
                "uploading a fill value",
            )
        }?;
        let count = self.len as u64;
        let blocks = transform_blocks(count);
        if size_of::<T>() % 4 == 0 {
            let p = FillParams::<u32> {
                y: device_ptr_mut(self.ptr),
                count,
                pattern: device_ptr(pattern),
                period: (size_of::<T>() / 4) as u64,
            };
            // SAFETY: `y` holds `count * period` words (the buffer), `pattern` `period`
            // words, in the scratch, whose next user queues after this kernel.
            unsafe { launch::fill_words(dev, blocks, p) }?;
        } else {
            let p = FillParams::<u8> {
                y: device_ptr_mut(self.ptr),
                count,
                pattern: device_ptr(pattern),
                period: size_of::<T>() as u64,
            };
            // SAFETY: as above, in bytes.
            unsafe { launch::fill_bytes(dev, blocks, p) }?;
        }
        Ok(())
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` when there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The device the buffer lives on.
    pub fn device(&self) -> &'static Device {
        self.device
    }

    /// Size in bytes (cannot overflow: checked at allocation).
    fn bytes(&self) -> usize {
        self.len * size_of::<T>()
    }

    /// Whether a live graph may use the allocation (`stream/keep_alive.rs`): it must not be
    /// handed to other code that would free it.
    pub(crate) fn graph_may_use(&self) -> bool {
        self.ptr != 0 && self.device.keep_alive.may_use(self.number)
    }

    /// Takes the allocation apart without freeing it: the caller now owns the memory
    /// (`interop.rs` hands it to a cudarc `CudaSlice`).
    pub(crate) fn into_raw_parts(self) -> (CUdeviceptr, usize, &'static Device) {
        let this = std::mem::ManuallyDrop::new(self);
        (this.ptr, this.len, this.device)
    }

    /// A buffer owning `len` elements at `ptr` on `device`, freed on drop as parallaxis's own
    /// buffers are (`Device::free`: stream-ordered).
    ///
    /// # Safety
    /// `ptr` is an allocation of at least `len * size_of::<T>()` bytes in `device`'s context
    /// (or 0 with `len == 0`), holding `len` valid `T`, owned by nobody else, and freeable by
    /// `cuMemFreeAsync` (or `cuMemFree` where the device has no memory pools).
    pub(crate) unsafe fn from_raw_parts(
        ptr: CUdeviceptr,
        len: usize,
        device: &'static Device,
    ) -> Self {
        Self {
            ptr,
            len,
            device,
            number: device.keep_alive.number(),
            _elements: PhantomData,
        }
    }

    /// Elements `range` as a buffer that does not own them (`view.rs`).
    ///
    /// # Safety
    /// `range` lies in `0..len`, and the result is never dropped (the `ManuallyDrop` keeps
    /// it so) and never outlives `self`.
    pub(crate) unsafe fn alias(
        &self,
        range: std::ops::Range<usize>,
    ) -> std::mem::ManuallyDrop<Self> {
        let ptr = if range.is_empty() {
            0
        } else {
            self.ptr + (range.start * size_of::<T>()) as CUdeviceptr
        };
        std::mem::ManuallyDrop::new(Self {
            ptr,
            len: range.len(),
            device: self.device,
            number: self.number,
            _elements: PhantomData,
        })
    }

    /// `len` elements with unspecified contents on `device` (see [`DeviceBuffer::uninit`]).
    ///
    /// # Safety
    /// As [`DeviceBuffer::uninit`].
    pub(crate) unsafe fn uninit_on(device: &'static Device, len: usize) -> Result<Self> {
        Self::alloc_uninit(device, len)
    }

    /// The device address, typed, for kernel parameters (never dereferenced on the host).
    pub(crate) fn as_ptr(&self) -> *const T {
        device_ptr(self.ptr)
    }

    /// The device address, typed and writable, for kernel parameters.
    pub(crate) fn as_mut_ptr(&mut self) -> *mut T {
        device_ptr_mut(self.ptr)
    }
}

impl<T: DeviceCopy> Drop for DeviceBuffer<T> {
    fn drop(&mut self) {
        // Operations return with their kernels possibly still using buffers (`LEGACY_STREAM`
        // in `lib.rs`): the free is ordered on the stream after them, so nothing waits
        // (`memory.rs`); a live graph that may use the buffer holds the free back
        // (`stream/keep_alive.rs`). An error (a poisoned context) cannot be reported from
        // `drop` and leaks.
        if self.ptr != 0 && self.device.enter().is_ok() {
            // SAFETY: `ptr` came from `Device::alloc` and is freed once; work queued later
            // cannot name it (the buffer is gone).
            unsafe { self.device.free_buffer(self.ptr, self.number) };
        }
    }
}

/// A device address as a typed pointer (host code never dereferences it).
pub(crate) fn device_ptr<T>(addr: CUdeviceptr) -> *const T {
    std::ptr::without_provenance(addr as usize)
}

/// A device address as a typed, writable pointer.
pub(crate) fn device_ptr_mut<T>(addr: CUdeviceptr) -> *mut T {
    std::ptr::without_provenance_mut(addr as usize)
}

/// [`Error::LengthMismatch`] unless `actual == expected`.
pub(crate) fn check_len(what: &'static str, expected: usize, actual: usize) -> Result<()> {
    if expected == actual {
        Ok(())
    } else {
        Err(Error::LengthMismatch {
            what,
            expected,
            actual,
        })
    }
}
