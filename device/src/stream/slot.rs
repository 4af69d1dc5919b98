//! A stream slot: one CUDA stream of a device with the working memory its operations use
//! (their own scratch, reduce counters, host slot and look-back words, so operations on two
//! streams never share temporaries), and, while a graph is recorded on it, what the capture
//! collects. Slots are made on first need and kept by their device for reuse: a [`Stream`]
//! takes an idle one and gives it back when dropped, so making streams in a loop creates no
//! CUDA stream and allocates no scratch after the first time (PyTorch's and CuPy's stream
//! pools work the same way).
//!
//! [`Stream`]: super::Stream

use crate::context::{Device, Scratch};
use crate::{Error, Result};
use cudarc::driver::sys::{self, CUdeviceptr, CUstream};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// A CUDA stream handle that any thread may use (driver calls on it are thread-safe).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RawStream(pub(crate) CUstream);

// SAFETY: a stream handle is a driver object usable from any thread of the process.
unsafe impl Send for RawStream {}
// SAFETY: as above.
unsafe impl Sync for RawStream {}

/// What a graph capture on a slot collects until it ends.
#[derive(Debug, Default)]
pub(crate) struct Capture {
    /// Memory freed while recording: the recorded work may use it, so the graph keeps it
    /// until the graph is dropped.
    pub(crate) kept: Vec<CUdeviceptr>,
    /// The first operation that cannot be recorded (it hands a value to the host): the
    /// capture ends with this error even if the recording closure swallowed it.
    pub(crate) refused: Option<Error>,
}

/// One stream of a device and its operations' working memory.
#[derive(Debug)]
pub(crate) struct StreamSlot {
    device: &'static Device,
    raw: RawStream,
    /// The non-blocking stream a graph is recorded on. Not the slot's own stream: recording
    /// a blocking stream makes the driver fail every other thread's work on the legacy
    /// stream (and the recording with it), since the legacy stream would have to wait for it.
    recorder: OnceLock<RawStream>,
    /// A non-blocking stream on which memory is allocated while this slot records a graph
    /// (an allocation queued on the recorded stream would become part of the graph).
    side: OnceLock<RawStream>,
    scratch: Mutex<Scratch>,
    /// Set while a graph is recorded on this slot (read without the lock on every
    /// allocation and free).
    capturing: AtomicBool,
    capture: Mutex<Capture>,
}

impl StreamSlot {
    /// A new slot on `device` (entered): a blocking stream (`CU_STREAM_DEFAULT`), so that
    /// work on the legacy default stream, where parallaxis queues everything outside a
    /// stream scope, stays ordered with it both ways.
    fn create(device: &'static Device) -> Result<&'static StreamSlot> {
        let raw = create_stream(device, sys::CUstream_flags::CU_STREAM_DEFAULT)?;
        Ok(Box::leak(Box::new(StreamSlot {
            device,
            raw,
            recorder: OnceLock::new(),
            side: OnceLock::new(),
            scratch: Mutex::new(Scratch::default()),
            capturing: AtomicBool::new(false),
            capture: Mutex::new(Capture::default()),
        })))
    }

    /// The device the stream belongs to.
    pub(crate) fn device(&self) -> &'static Device {
        self.device
    }

    /// The stream's handle.
    pub(crate) fn raw(&self) -> CUstream {
        self.raw.0
    }

    /// The stream operations queue on: the slot's own, or while a graph is recorded, the
    /// recording stream.
    pub(crate) fn queue(&self) -> CUstream {
        match self.recorder.get() {
            Some(r) if self.capturing() => r.0,
            _ => self.raw.0,
        }
    }

    /// The non-blocking stream graphs are recorded on, created on first use.
    pub(crate) fn recorder(&self) -> Result<CUstream> {
        lazy_stream(&self.recorder, self.device)
    }

    /// Exclusive use of the slot's working memory while an operation queues its work.
    pub(crate) fn scratch(&self) -> MutexGuard<'_, Scratch> {
        self.scratch.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether a graph is being recorded on this slot.
    pub(crate) fn capturing(&self) -> bool {
        self.capturing.load(Ordering::Acquire)
    }

    /// The state of the capture in progress.
    pub(crate) fn capture(&self) -> MutexGuard<'_, Capture> {
        self.capture.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Marks the start of a capture: `false` when one already runs.
    pub(super) fn start_capturing(&self) -> bool {
        self.capturing
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
    }

    /// Marks the end of a capture.
    pub(super) fn stop_capturing(&self) {
        self.capturing.store(false, Ordering::Release);
    }

    /// The non-blocking stream for allocations made while recording, created on first use.
    pub(crate) fn side(&self) -> Result<CUstream> {
        lazy_stream(&self.side, self.device)
    }
}

/// The non-blocking stream in `cell`, created on first use.
fn lazy_stream(cell: &OnceLock<RawStream>, device: &Device) -> Result<CUstream> {
    if let Some(s) = cell.get() {
        return Ok(s.0);
    }
    let s = create_stream(device, sys::CUstream_flags::CU_STREAM_NON_BLOCKING)?;
    // Two threads racing here each made a stream; the loser's stays unused (one stream).
    Ok(cell.get_or_init(|| s).0)
}

/// A stream with `flags` in `device`'s context (entered).
fn create_stream(device: &Device, flags: sys::CUstream_flags) -> Result<RawStream> {
    let mut raw = MaybeUninit::uninit();
    // SAFETY: the device's context is current (the caller entered it); `raw` receives it.
    unsafe { sys::cuStreamCreate(raw.as_mut_ptr(), flags as u32) }
        .result()
        .map_err(|e| device.fail("creating a stream", e))?;
    // SAFETY: written by the successful call above.
    Ok(RawStream(unsafe { raw.assume_init() }))
}

/// The idle slots of one device.
#[derive(Debug, Default)]
pub(crate) struct IdleSlots(Mutex<Vec<&'static StreamSlot>>);

impl IdleSlots {
    /// An idle slot of `device`, or a new one.
    pub(crate) fn take(&self, device: &'static Device) -> Result<&'static StreamSlot> {
        let idle = self.0.lock().unwrap_or_else(|e| e.into_inner()).pop();
        match idle {
            Some(slot) => Ok(slot),
            None => StreamSlot::create(device),
        }
    }

    /// Gives `slot` back for reuse; its stream has no work queued and no capture runs.
    pub(crate) fn give_back(&self, slot: &'static StreamSlot) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(slot);
    }
}
