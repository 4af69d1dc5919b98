//! Scratch memory: one grow-only device allocation reused by every operation that needs
//! temporary space (reduce partials, scan tile states). Growing doubles, so a sequence of
//! operations on rising sizes allocates O(log n) times; the allocation is kept for the life
//! of the device. Callers hold the device's scratch lock until their work has synchronized.

use crate::device::Device;
use crate::error::{DeviceError, Result};
use cudarc::driver::{result, sys::CUdeviceptr};

/// Smallest scratch allocation: 1 MiB covers reduce partials and the scan state of inputs up
/// to about 2^26 f32 without regrowing.
const MIN_BYTES: usize = 1 << 20;

/// A device allocation of `bytes` bytes at `ptr` (0 before the first use).
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    ptr: CUdeviceptr,
    bytes: usize,
}

impl Scratch {
    /// A device address with at least `bytes` bytes behind it, 256-byte aligned. Contents
    /// are unspecified.
    pub(crate) fn reserve(&mut self, dev: &Device, bytes: usize) -> Result<CUdeviceptr> {
        if self.ptr != 0 && bytes <= self.bytes {
            return Ok(self.ptr);
        }
        let old = self.bytes;
        if self.ptr != 0 {
            // SAFETY: `ptr` came from cuMemAlloc; every operation that used it synchronized
            // before releasing the scratch lock, so no queued work still reads it.
            let freed = unsafe { result::free_sync(self.ptr) };
            self.ptr = 0;
            self.bytes = 0;
            freed.map_err(|e| dev.fail("freeing scratch memory", e))?;
        }
        let want = bytes.max(MIN_BYTES).max(old.saturating_mul(2));
        // SAFETY: a plain allocation; the memory is only handed out as raw device addresses.
        let (ptr, got) = match unsafe { result::malloc_sync(want) } {
            Ok(p) => (p, want),
            // Doubling overshot what is free: try the exact size before giving up.
            // SAFETY: as above.
            Err(_) if want > bytes => match unsafe { result::malloc_sync(bytes) } {
                Ok(p) => (p, bytes),
                Err(e) => return Err(oom(dev, "allocating scratch memory", e, bytes)),
            },
            Err(e) => return Err(oom(dev, "allocating scratch memory", e, bytes)),
        };
        self.ptr = ptr;
        self.bytes = got;
        Ok(ptr)
    }
}

/// Maps an allocation failure, recording the requested size on out-of-memory.
pub(crate) fn oom(
    dev: &Device,
    during: &'static str,
    e: cudarc::driver::result::DriverError,
    bytes: usize,
) -> DeviceError {
    match dev.fail(during, e) {
        DeviceError::OutOfMemory { .. } => DeviceError::OutOfMemory { bytes },
        other => other,
    }
}

/// `v` rounded up to a multiple of 256 (cuMemAlloc's alignment; keeps every scratch region
/// aligned for 16-byte vector access), saturating.
pub(crate) const fn align_up(v: usize) -> usize {
    match v.checked_add(255) {
        Some(x) => x & !255,
        None => usize::MAX & !255,
    }
}
