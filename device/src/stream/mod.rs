//! Streams: running parallaxis's operations on a CUDA stream of their own, so that independent
//! work overlaps (two operations on two streams, a copy beside a kernel), and recording a
//! sequence of calls into a CUDA graph that replays with one launch.
//!
//! The scope is the API: [`Stream::run`] runs a closure whose operations on the stream's
//! device queue on the stream (`current.rs` keeps the running scopes per thread), and waits
//! for the stream before it returns, also when the closure fails or unwinds. So the buffers
//! the closure borrows outlive the work queued on them, as `std::thread::scope`'s threads do
//! their borrows: no handle to a stream's work can outlive the data it uses. Two scopes
//! overlap when they run on two threads, or nested on one (the outer scope's work is queued,
//! not waited for, while the inner one runs).
//!
//! Each stream brings its own working memory (`slot.rs`): operations on two streams never
//! share scratch, reduce counters or look-back words. Streams are blocking streams, so work
//! outside any scope (on the legacy default stream) stays ordered with them both ways: a
//! buffer made before a scope is ready inside it, and one a scope returns is ready after it.
//!
//! [`Stream::capture`] records a closure's operations into a [`Graph`] (`graph.rs`), which
//! owns the working memory the recording used and keeps alive every buffer it may touch
//! (`keep_alive.rs`).

pub(crate) mod current;
mod graph;
pub(crate) mod host_copy;
mod keep_alive;
mod slot;

pub use graph::Graph;
pub(crate) use keep_alive::KeepAlive;
pub(crate) use slot::{IdleSlots, StreamSlot};

use crate::context::Device;
use crate::Result;
use cudarc::driver::sys;

/// A CUDA stream of one device, with its own working memory, for running parallaxis's
/// operations beside other work: operations in [`Stream::run`] queue on it.
///
/// ```no_run
/// use parallaxis_core::Sum;
/// use parallaxis_device::{reduce_into, DeviceBuffer, Stream};
/// let a = DeviceBuffer::from_slice(&vec![1.0_f32; 1 << 20])?;
/// let b = DeviceBuffer::from_slice(&vec![2.0_f32; 1 << 20])?;
/// let (mut sa, mut sb) = (DeviceBuffer::zeroed(1)?, DeviceBuffer::zeroed(1)?);
/// let (s1, s2) = (Stream::new()?, Stream::new()?);
/// // The two reduces run at the same time: s1's is queued, not waited for, while s2 runs.
/// s1.run(|| {
///     reduce_into(Sum, &a, &mut sa)?;
///     s2.run(|| reduce_into(Sum, &b, &mut sb))
/// })?;
/// assert_eq!(sa.to_vec()?[0] + sb.to_vec()?[0], 3.0 * (1 << 20) as f32);
/// # Ok::<(), parallaxis_device::Error>(())
/// ```
pub struct Stream {
    slot: &'static StreamSlot,
}

impl core::fmt::Debug for Stream {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Stream")
            .field("device", &self.slot.device().ordinal())
            .finish()
    }
}

impl Stream {
    /// A stream on the default device ([`Device::default_device`]).
    ///
    /// # Errors
    /// As [`Device::default_device`]; a driver failure creating the stream.
    pub fn new() -> Result<Self> {
        Self::on(Device::default_device()?)
    }

    /// A stream on `device`. Streams are pooled per device: dropping one gives its CUDA
    /// stream and working memory back for the next `Stream` of the device.
    ///
    /// # Errors
    /// A poisoned device; a driver failure creating the stream.
    pub fn on(device: &'static Device) -> Result<Self> {
        device.enter()?;
        Ok(Self {
            slot: device.streams.take(device)?,
        })
    }

    /// The device the stream belongs to.
    pub fn device(&self) -> &'static Device {
        self.slot.device()
    }

    /// Runs `f` with this stream as the calling thread's stream for the stream's device:
    /// every operation `f` calls on that device (algorithms, copies, fills, drops of
    /// buffers) queues on the stream, and the stream's device is the thread's default device
    /// ([`Device::as_default`]). Waits for the stream before returning, also when `f` fails
    /// or unwinds, so nothing `f` queued outlives what it borrowed. Scopes nest: an inner
    /// scope of another stream overlaps with the outer one's queued work.
    ///
    /// # Errors
    /// `f`'s error, else a fault of the work queued on the stream (or a poisoned device);
    /// [`Error::InvalidArgument`](crate::Error) while the stream records a graph.
    pub fn run<R>(&self, f: impl FnOnce() -> Result<R>) -> Result<R> {
        let device = self.device();
        device.enter()?;
        self.not_recording()?;
        let wait = WaitOnDrop(self.slot);
        let leave = current::enter(self.slot);
        let out = device.as_default(f);
        drop(leave);
        let waited = wait.finish();
        out.and_then(|v| waited.map(|()| v))
    }

    /// [`Error::InvalidArgument`](crate::Error) while the stream records a graph (waiting
    /// for it would end the recording).
    fn not_recording(&self) -> Result<()> {
        if self.slot.capturing() {
            return Err(crate::Error::InvalidArgument {
                what: "stream",
                reason: "the stream is recording a graph: run other work on another stream",
            });
        }
        Ok(())
    }

    /// Waits for the work queued on this stream so far.
    ///
    /// # Errors
    /// A fault of the queued work; a poisoned device; [`Error::InvalidArgument`](crate::Error)
    /// while the stream records a graph.
    pub fn synchronize(&self) -> Result<()> {
        let device = self.device();
        device.enter()?;
        self.not_recording()?;
        wait_for(self.slot)
    }

    /// Records the operations `record` calls on the stream's device into a [`Graph`] instead
    /// of running them: [`Graph::launch`] then replays all of them with one launch. Only
    /// work that stays on the device can be recorded (the `_into` forms, transforms, scans,
    /// radix sorts, zeroed buffers, copies between buffers); a call that waits for the GPU
    /// or copies host memory (`reduce`, `to_vec`, `from_slice`, `fill`, the comparator sorts) fails
    /// with [`Error::Unrecordable`](crate::Error::Unrecordable), and so does the recording.
    /// Buffers allocated inside `record` (an allocating algorithm's output) are allocated
    /// once, at recording; the graph keeps every buffer it may use alive while it lives.
    ///
    /// ```no_run
    /// use parallaxis_core::Sum;
    /// use parallaxis_device::{reduce_into, DeviceBuffer, Stream};
    /// let x = DeviceBuffer::from_slice(&[1.0_f32; 1024])?;
    /// let mut total = DeviceBuffer::zeroed(1)?;
    /// let stream = Stream::new()?;
    /// let graph = stream.capture(|| reduce_into(Sum, &x, &mut total))?;
    /// for _ in 0..100 {
    ///     graph.launch()?;
    /// }
    /// assert_eq!(total.to_vec()?, [1024.0]);
    /// # Ok::<(), parallaxis_device::Error>(())
    /// ```
    ///
    /// # Errors
    /// `record`'s error or the first refused call's; [`Error::InvalidArgument`](crate::Error)
    /// when the stream is already recording; a driver failure. The recording runs on a
    /// non-blocking stream of its own, so other threads' work goes on meanwhile; calls that
    /// other threads make on this same `Stream` while it records are recorded too.
    pub fn capture(&self, record: impl FnOnce() -> Result<()>) -> Result<Graph> {
        graph::record(self.slot, record)
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        // A slot goes back to the pool idle: wait for its work first. A fault here surfaces
        // at the next call that waits (the device is poisoned), so it is not lost.
        let device = self.device();
        if device.enter().is_ok() {
            let _ = wait_for(self.slot);
        }
        device.streams.give_back(self.slot);
    }
}

/// Waits for `slot`'s stream (its device entered).
fn wait_for(slot: &StreamSlot) -> Result<()> {
    let device = slot.device();
    // SAFETY: a live stream of the device's context, which is current.
    unsafe { sys::cuStreamSynchronize(slot.raw()) }
        .result()
        .map_err(|e| device.fail("waiting for a stream", e))
}

/// Waits for the stream when dropped, so that a scope that unwinds still waits for its work
/// before the borrows of the unwinding frames end.
struct WaitOnDrop(&'static StreamSlot);

impl WaitOnDrop {
    /// Waits now and reports the result.
    fn finish(self) -> Result<()> {
        let slot = self.0;
        core::mem::forget(self);
        wait_for(slot)
    }
}

impl Drop for WaitOnDrop {
    fn drop(&mut self) {
        let _ = wait_for(self.0);
    }
}
