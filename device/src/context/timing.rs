//! GPU timing with CUDA events, for benchmarks and the smoke test.

use super::device::Device;
use crate::Result;
use cudarc::driver::{sys::CUevent_flags, CudaEvent, CudaStream};
use std::sync::Arc;

/// A pair of timed events on the device's default stream. Events must be created with
/// `CU_EVENT_DEFAULT`: cudarc's default (`None`) disables timing and `elapsed_ms` then fails
/// with `CUDA_ERROR_INVALID_HANDLE`.
pub struct GpuTimer {
    device: &'static Device,
    stream: Arc<CudaStream>,
    start: CudaEvent,
    stop: CudaEvent,
}

impl GpuTimer {
    /// Two timing events on `device`.
    ///
    /// # Errors
    /// A poisoned context or a driver failure.
    pub fn new(device: &'static Device) -> Result<Self> {
        device.enter()?;
        let ctx = device.context();
        let event = || {
            ctx.new_event(Some(CUevent_flags::CU_EVENT_DEFAULT))
                .map_err(|e| device.fail("creating a timing event", e))
        };
        Ok(Self {
            device,
            stream: ctx.default_stream(),
            start: event()?,
            stop: event()?,
        })
    }

    /// Milliseconds of GPU time between the start and the end of `work` (which queues its
    /// work on the default stream, as every parallaxis operation does).
    ///
    /// # Errors
    /// The error of `work`, or a driver failure recording or reading the events.
    pub fn time<R>(&self, work: impl FnOnce() -> Result<R>) -> Result<(f32, R)> {
        let dev = self.device;
        dev.enter()?;
        self.start
            .record(&self.stream)
            .map_err(|e| dev.fail("recording an event", e))?;
        let out = work()?;
        self.stop
            .record(&self.stream)
            .map_err(|e| dev.fail("recording an event", e))?;
        self.stop
            .synchronize()
            .map_err(|e| dev.fail("waiting for an event", e))?;
        let ms = self
            .start
            .elapsed_ms(&self.stop)
            .map_err(|e| dev.fail("reading an event", e))?;
        Ok((ms, out))
    }
}
