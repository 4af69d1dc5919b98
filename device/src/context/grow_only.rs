//! A device allocation that only grows: per-device working memory (the scratch region, the
//! scans' look-back words) reused by every operation, regrown by doubling so that a sequence
//! of operations on rising sizes allocates O(log n) times.
//!
//! Operations return once queued, so queued work may still use the allocation when it grows:
//! the free is ordered on the stream after that work (`memory.rs`), and the caller holds the
//! device's scratch lock, which keeps new work from being queued on the old allocation.

use super::access::DeviceAccess;
use crate::{Error, Result};
use cudarc::driver::sys::CUdeviceptr;

/// The allocation (`ptr` 0 before the first use) and its size.
#[derive(Debug, Default)]
pub(crate) struct GrowOnly {
    ptr: CUdeviceptr,
    bytes: usize,
}

impl GrowOnly {
    /// A device address with at least `bytes` bytes behind it (at least `min` when it
    /// allocates; 256-byte aligned, contents unspecified), and whether this call replaced the
    /// allocation (fresh contents). `during` names the allocation in errors.
    pub(crate) fn reserve(
        &mut self,
        dev: &impl DeviceAccess,
        bytes: usize,
        min: usize,
        during: &'static str,
    ) -> Result<(CUdeviceptr, bool)> {
        if self.ptr != 0 && bytes <= self.bytes {
            return Ok((self.ptr, false));
        }
        let old = self.bytes;
        if self.ptr != 0 {
            // SAFETY: `ptr` came from `DeviceAccess::alloc` and is freed once, ordered after the
            // work queued on it; the caller's scratch lock keeps new work from being queued on it.
            unsafe { dev.free(self.ptr) };
            self.ptr = 0;
            self.bytes = 0;
        }
        let want = bytes.max(min).max(old.saturating_mul(2));
        let (ptr, got) = match dev.alloc(during, want) {
            Ok(p) => (p, want),
            // Doubling overshot what is free: try the exact size before giving up.
            Err(Error::OutOfMemory { .. }) if want > bytes => (dev.alloc(during, bytes)?, bytes),
            Err(e) => return Err(e),
        };
        self.ptr = ptr;
        self.bytes = got;
        Ok((ptr, true))
    }

    /// Frees the allocation (no work may use it any more).
    pub(crate) fn release(&mut self, dev: &impl DeviceAccess) {
        if self.ptr != 0 {
            // SAFETY: `ptr` came from `DeviceAccess::alloc` and is freed once (reset below);
            // no work uses it (this function's contract).
            unsafe { dev.free(self.ptr) };
        }
        *self = Self::default();
    }

    /// The allocation's size in bytes (0 before the first use).
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }
}
