//! A small pinned host buffer mapped into the device's address space, where a kernel writes a
//! value the host waits for: `reduce`'s result and `reduce_by_key`'s run count; and a fault
//! word that the merges' kernels raise when their inputs are not sorted, which the host reads
//! after synchronizing the stream ([`HostSlot::arm_fault`]).
//!
//! Why: those calls hand a value to the host, so they wait anyway; writing it into device
//! memory and copying it back adds a `cuMemcpyDtoH` (pageable, through a staging buffer)
//! after the wait. Here the kernel's one store crosses the bus itself. The H100, `reduce` of
//! 2^16 f32: 25.4 µs with the copy, 15.1 µs with the slot (CUB 14.0, `reduce_into` 9.1; more
//! in `device/README.md`, "Errors").
//!
//! The host does not synchronize the stream either: the kernel raises a flag in the slot
//! after the value ([`HostSignal`], a system-scope release store) and the host watches the
//! flag, asking the driver about the stream only every [`POLLS_PER_QUERY`] reads, to notice a
//! fault. A one-launch reduce on the H100 (the CUDA C++ microbenchmark `host_wait_latency.cu`
//! of `benches/RESULTS.md#h100-2026-11-24-host-flag-one-wave`, event-timed, median of 40):
//! 2^16 items 11.3 µs with `cuStreamSynchronize`, 10.4 µs watching the flag; 2^20 12.1 /
//! 11.0; 2^22 14.0 / 12.8. A wait longer than [`SPIN_LIMIT`] (the work queued before the
//! kernel, or a kernel of seconds) stops spinning and synchronizes the stream, which then
//! waits as the context's scheduling policy says.

use super::access::DeviceAccess;
use super::memory::oom;
use crate::{Error, Result};
use cudarc::driver::{result, sys, sys::CUdeviceptr};
use parallaxis_kernels::params::common::HostSignal;
use std::ffi::c_void;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// Smallest slot: any stock element type and the run count fit.
const MIN_BYTES: usize = 256;
/// Where the value starts: the flag is the slot's first word, and the value follows on its
/// own 128-byte line (any alignment a kernel value needs).
const VALUE_OFFSET: usize = 128;
/// The fault word: between the flag and the value, touched by no user of either.
const FAULT_OFFSET: usize = 64;
/// Reads of the flag between two `cuStreamQuery` calls, which report a fault of the kernel
/// (whose flag then never rises). A read with a spin-loop hint takes tens of nanoseconds, so
/// this asks every few microseconds; a query costs about a microsecond.
const POLLS_PER_QUERY: u32 = 128;
/// How long the host spins on the flag before it synchronizes the stream instead: longer
/// than a reduce of 2^30 f64 on the H100 (2.7 ms), short enough not to burn a core behind a
/// long queue.
const SPIN_LIMIT: Duration = Duration::from_millis(5);

/// The slot: `bytes` bytes of pinned host memory at `host`, at `device` for kernels (none
/// before first use), and the value the flag rises to for the launch in flight. Freed on
/// regrowth and when a graph's scratch is released; a device's or a stream slot's lives for
/// the rest of the process.
#[derive(Debug)]
pub(crate) struct HostSlot {
    host: *mut c_void,
    device: CUdeviceptr,
    bytes: usize,
    seq: u32,
}

impl Default for HostSlot {
    fn default() -> Self {
        Self {
            host: std::ptr::null_mut(),
            device: 0,
            bytes: 0,
            seq: 0,
        }
    }
}

// SAFETY: pinned host memory may be read and written from any thread; the scratch lock that
// owns the slot serializes its users.
unsafe impl Send for HostSlot {}

impl HostSlot {
    /// Readies the slot for one launch that writes a value of `bytes` bytes: returns the
    /// value's device address and the signal the kernel raises after writing it, growing the
    /// slot when needed. Nothing may use the slot concurrently (the caller holds the scratch
    /// lock), and no queued kernel still writes it (every user waits for its flag, after
    /// which its kernel writes the slot no more).
    ///
    /// # Errors
    /// [`crate::Error::OutOfMemory`] when no pinned memory is left; a device fault.
    pub(crate) fn arm(
        &mut self,
        dev: &impl DeviceAccess,
        bytes: usize,
    ) -> Result<(CUdeviceptr, HostSignal)> {
        dev.refuse_recording("a call that hands a value to the host")?;
        self.reserve(dev, VALUE_OFFSET + bytes)?;
        self.seq = self.seq.wrapping_add(1);
        // Any value but `seq` reads as "not yet". The launch that follows reaches the device
        // through the driver's queue, after this store.
        self.flag().store(!self.seq, Ordering::Relaxed);
        let done = HostSignal {
            flag: self.device as *mut u32,
            seq: self.seq,
        };
        Ok((self.device + VALUE_OFFSET as u64, done))
    }

    /// Frees the slot (no kernel writes it any more).
    pub(crate) fn release(&mut self) {
        if !self.host.is_null() {
            // SAFETY: the slot came from `malloc_host`; no kernel writes it (the caller's
            // contract); reset below, so freed once.
            let _ = unsafe { result::free_host(self.host) };
        }
        *self = Self::default();
    }

    /// Readies the fault word for one call whose kernels store a non-zero `u32` to it where
    /// they find their inputs wrong: sets it to 0 and returns its device address. Nothing may
    /// use the word concurrently (the caller holds the scratch lock), and no queued kernel
    /// still writes it (every user synchronizes the stream before it lets the lock go).
    ///
    /// # Errors
    /// [`crate::Error::OutOfMemory`] when no pinned memory is left; a device fault.
    pub(crate) fn arm_fault(&mut self, dev: &impl DeviceAccess) -> Result<CUdeviceptr> {
        dev.refuse_recording("a comparator sort or merge (it checks its input on the host)")?;
        self.reserve(dev, FAULT_OFFSET + size_of::<u32>())?;
        // The launches that follow reach the device through the driver's queue, after this
        // store.
        self.fault().store(0, Ordering::Relaxed);
        Ok(self.device + FAULT_OFFSET as u64)
    }

    /// Whether a kernel raised the fault word since [`HostSlot::arm_fault`]: to be asked once
    /// the stream has been synchronized after the last of those kernels, whose stores are
    /// then visible to the host.
    pub(crate) fn fault_raised(&self) -> bool {
        self.fault().load(Ordering::Acquire) != 0
    }

    /// The flag word, host side (the slot exists: [`HostSlot::arm`] made it).
    fn flag(&self) -> &AtomicU32 {
        // SAFETY: the slot's first 4 bytes, page-aligned pinned memory that lives as long as
        // `self`; every host access to them is atomic, and the device writes them with a
        // single aligned 4-byte store.
        unsafe { AtomicU32::from_ptr(self.host.cast::<u32>()) }
    }

    /// The fault word, host side (the slot exists: [`HostSlot::arm_fault`] made it).
    fn fault(&self) -> &AtomicU32 {
        // SAFETY: 4 bytes at a multiple of 64 inside the slot (`reserve` made at least
        // `FAULT_OFFSET + 4` bytes), pinned memory that lives as long as `self`; every host
        // access is atomic, and the device writes the word with aligned 4-byte stores.
        unsafe { AtomicU32::from_ptr(self.host.byte_add(FAULT_OFFSET).cast::<u32>()) }
    }

    /// At least `bytes` bytes of slot.
    fn reserve(&mut self, dev: &impl DeviceAccess, bytes: usize) -> Result<()> {
        if !self.host.is_null() && bytes <= self.bytes {
            return Ok(());
        }
        let want = bytes.max(MIN_BYTES);
        let during = "allocating the mapped result slot";
        // SAFETY: a plain pinned allocation, mapped into the device's address space.
        let host = unsafe { result::malloc_host(want, sys::CU_MEMHOSTALLOC_DEVICEMAP) }
            .map_err(|e| oom(dev, during, e, want))?;
        let mut device = MaybeUninit::uninit();
        // SAFETY: `host` was allocated with DEVICEMAP just above; flags must be 0.
        let mapped =
            unsafe { sys::cuMemHostGetDevicePointer_v2(device.as_mut_ptr(), host, 0) }.result();
        if let Err(e) = mapped {
            // SAFETY: allocated above, unused.
            let _ = unsafe { result::free_host(host) };
            return Err(dev.fail(during, e));
        }
        if !self.host.is_null() {
            // SAFETY: the old slot came from `malloc_host`; no kernel writes it any more
            // (this function's contract).
            let _ = unsafe { result::free_host(self.host) };
        }
        self.host = host;
        // SAFETY: written by the successful call above.
        self.device = unsafe { device.assume_init() };
        self.bytes = want;
        Ok(())
    }

    /// Waits until the kernel armed last raised its signal, then reads the `T` it wrote.
    ///
    /// # Errors
    /// A device fault of the queued work; [`crate::Error::Cuda`] if the stream finished
    /// without the signal (a kernel that broke its contract).
    ///
    /// # Safety
    /// After [`HostSlot::arm`] of at least `size_of::<T>()` bytes, a kernel queued since
    /// writes a valid `T` at the value's address and then raises the signal.
    pub(crate) unsafe fn wait_read<T: Copy>(
        &self,
        dev: &impl DeviceAccess,
        during: &'static str,
    ) -> Result<T> {
        // Acquire: the kernel's release store of the flag came after its write of the value,
        // so the value read below is the one written.
        let raised = || self.flag().load(Ordering::Acquire) == self.seq;
        let start = Instant::now();
        let mut polls = 0_u32;
        while !raised() {
            polls = polls.wrapping_add(1);
            if polls % POLLS_PER_QUERY == 0 {
                if start.elapsed() > SPIN_LIMIT {
                    dev.synchronize(during)?;
                    if raised() {
                        break;
                    }
                    return Err(unsignalled(during));
                }
                // SAFETY: the calling thread's stream exists in the current context.
                match unsafe { sys::cuStreamQuery(dev.stream()) }.result() {
                    Err(e) if e.0 == sys::CUresult::CUDA_ERROR_NOT_READY => {}
                    Err(e) => return Err(dev.fail(during, e)),
                    Ok(()) if raised() => break,
                    Ok(()) => return Err(unsignalled(during)),
                }
            }
            std::hint::spin_loop();
        }
        // SAFETY: the kernel wrote a `T` at `VALUE_OFFSET` before the flag (the caller);
        // volatile, because the device wrote it behind the compiler's back. The slot is
        // page-aligned and `VALUE_OFFSET` a multiple of 128, so any `T` is aligned.
        Ok(unsafe { self.host.byte_add(VALUE_OFFSET).cast::<T>().read_volatile() })
    }
}

/// The stream finished and the flag never rose: a kernel that broke the contract of
/// [`HostSlot::wait_read`].
fn unsignalled(during: &'static str) -> Error {
    Error::Cuda {
        during,
        reason: "the kernel finished without signalling its result".into(),
    }
}
