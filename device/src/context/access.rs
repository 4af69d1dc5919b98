//! What the memory pieces of the context (the pool, the grow-only allocations, the scratch,
//! the host slot, the look-back words) use of their device: fault mapping, stream
//! synchronization and stream-ordered allocation, on the stream the calling thread queues on. They take it as this trait, which
//! [`Device`](super::Device) implements, so the device depends on them and not the
//! other way round.

use crate::{Error, Result};
use cudarc::driver::result::DriverError;
use cudarc::driver::sys::{CUdeviceptr, CUstream};

/// A device whose context is current on this thread.
pub(crate) trait DeviceAccess {
    /// Maps a driver error, poisoning the device on a sticky fault.
    fn fail(&self, during: &'static str, e: DriverError) -> Error;

    /// Waits for all work queued on the stream; surfaces asynchronous kernel faults.
    fn synchronize(&self, during: &'static str) -> Result<()>;

    /// Waits for all work queued on every stream of the device.
    fn synchronize_all(&self, during: &'static str) -> Result<()>;

    /// The stream the calling thread queues this device's work on.
    fn stream(&self) -> CUstream;

    /// [`Error::Unrecordable`] when the calling thread is recording a graph on this device:
    /// for work that hands a value to the host, which a graph cannot replay.
    fn refuse_recording(&self, during: &'static str) -> Result<()>;

    /// `bytes > 0` bytes of device memory, usable by work queued after this call.
    fn alloc(&self, during: &'static str, bytes: usize) -> Result<CUdeviceptr>;

    /// Frees `ptr` after the work queued before this call, without waiting for it.
    ///
    /// # Safety
    /// `ptr` came from [`DeviceAccess::alloc`] on this device and is freed once; nothing
    /// queued after this call uses it.
    unsafe fn free(&self, ptr: CUdeviceptr);
}
