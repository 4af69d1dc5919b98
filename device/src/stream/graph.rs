//! Recording a closure's operations into a CUDA graph and replaying it.
//!
//! While a slot records (`StreamSlot::capturing`): its recording stream (non-blocking, so
//! that other threads' work on the legacy stream is not caught up in the capture) is in
//! relaxed capture mode, and the slot's operations queue there (`StreamSlot::queue`), so the
//! kernels, memsets and device copies the closure queues become the graph's nodes; the
//! closure's operations use a scratch of the graph's own ([`Scratch::for_graph`], swapped
//! in for the recording), which the graph keeps and frees when dropped, so no later
//! operation on the stream regrows memory the graph's kernels name; allocations come from
//! the slot's side stream and stay out of the graph (`Device::alloc`), and frees on the
//! recording thread are kept by the graph (`Device::free`); and calls that hand a value to
//! the host are refused (`Device::refuse_recording`).

use super::current;
use super::slot::StreamSlot;
use crate::context::{Device, Scratch};
use crate::{Error, Result};
use cudarc::driver::sys::{self, CUdeviceptr, CUgraph, CUgraphExec};
use std::mem::MaybeUninit;

/// A recorded sequence of parallaxis operations ([`Stream::capture`](super::Stream::capture)),
/// replayed by [`Graph::launch`]: one launch for all of them, which saves the launch cost of
/// each call (a few microseconds a kernel) when the calls are small. Dropping the graph waits
/// for its replays and frees what it kept.
pub struct Graph {
    device: &'static Device,
    graph: CUgraph,
    exec: CUgraphExec,
    /// The working memory the recorded operations use.
    scratch: Option<Scratch>,
    /// Memory freed while recording, which the recorded work may use.
    kept: Vec<CUdeviceptr>,
    /// The graph's entry in the device's keep-alive list.
    id: u64,
}

// SAFETY: the graph handles are driver objects usable from any thread; the graph's memory
// (scratch, kept allocations) is only touched by its replays, which the driver orders one
// after another, and by `drop`, which has the graph alone.
unsafe impl Send for Graph {}
// SAFETY: `launch` (the only `&self` use of the handles) is a thread-safe driver call.
unsafe impl Sync for Graph {}

impl core::fmt::Debug for Graph {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Graph")
            .field("device", &self.device.ordinal())
            .finish()
    }
}

impl Graph {
    /// Queues one replay of the recorded operations on the calling thread's stream (a
    /// [`Stream::run`](super::Stream::run) scope's, else the legacy default stream), after
    /// the work queued there before. Replays of one graph run one after another, whichever
    /// streams they are queued on.
    ///
    /// # Errors
    /// A poisoned device; a driver failure; [`Error::Unrecordable`] while the calling thread
    /// records a graph.
    pub fn launch(&self) -> Result<()> {
        let dev = self.device;
        dev.enter()?;
        dev.refuse_recording("Graph::launch")?;
        // SAFETY: a live executable graph of this context, and the calling thread's stream.
        unsafe { sys::cuGraphLaunch(self.exec, dev.stream()) }
            .result()
            .map_err(|e| dev.fail("launching a graph", e))
    }

    /// The device the graph runs on.
    pub fn device(&self) -> &'static Device {
        self.device
    }
}

impl Drop for Graph {
    fn drop(&mut self) {
        let dev = self.device;
        // Its replays must be over before its memory goes. On a poisoned device nothing
        // runs any more; the memory leaks, as every free on a poisoned device does.
        if dev.enter().is_err() || dev.synchronize_all("dropping a graph").is_err() {
            return;
        }
        // SAFETY: the handles came from instantiate / end-capture and are destroyed once;
        // no replay runs (synchronized above).
        unsafe {
            let _ = sys::cuGraphExecDestroy(self.exec);
            let _ = sys::cuGraphDestroy(self.graph);
        }
        if let Some(scratch) = self.scratch.take() {
            scratch.release(dev);
        }
        for ptr in self.kept.drain(..).chain(dev.keep_alive.end(self.id)) {
            // SAFETY: allocations of this device whose owners freed them while this graph
            // (or another, now gone) could still use them; no work uses them any more.
            unsafe { dev.free(ptr) };
        }
    }
}

/// Records `record`'s operations on `slot` into a graph.
pub(super) fn record(
    slot: &'static StreamSlot,
    record: impl FnOnce() -> Result<()>,
) -> Result<Graph> {
    let dev = slot.device();
    dev.enter()?;
    if !slot.start_capturing() {
        return Err(Error::InvalidArgument {
            what: "stream",
            reason: "the stream is already recording a graph",
        });
    }
    let own = std::mem::replace(&mut *slot.scratch(), Scratch::for_graph());
    let mut recording = Recording {
        slot,
        id: dev.keep_alive.begin(),
        own: Some(own),
        graph: None,
    };
    let recorder = match slot.recorder() {
        Ok(r) => r,
        Err(e) => {
            slot.stop_capturing();
            return Err(e);
        }
    };
    // SAFETY: a live stream of the current context that no capture uses (the flag above
    // admits one recording a slot). Relaxed mode: other threads may allocate and wait
    // meanwhile.
    let began = unsafe {
        sys::cuStreamBeginCapture_v2(
            recorder,
            sys::CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_RELAXED,
        )
    };
    if let Err(e) = began.result() {
        slot.stop_capturing();
        return Err(dev.fail("starting to record a graph", e));
    }
    let recorded = {
        let _leave = current::enter(slot);
        dev.as_default(record)
    };
    let graph = recording.end()?;
    recorded?;
    if let Some(refused) = slot.capture().refused.take() {
        return Err(refused);
    }
    let mut exec = MaybeUninit::uninit();
    // SAFETY: `graph` is the captured graph; `exec` receives the executable graph.
    unsafe { sys::cuGraphInstantiateWithFlags(exec.as_mut_ptr(), graph, 0) }
        .result()
        .map_err(|e| dev.fail("instantiating a graph", e))?;
    // SAFETY: written by the successful call above.
    let exec = unsafe { exec.assume_init() };
    Ok(recording.into_graph(graph, exec))
}

/// A recording in progress: ends the capture and puts the slot back as it was when dropped
/// (an error or an unwinding closure), or hands what it collected to the [`Graph`].
struct Recording {
    slot: &'static StreamSlot,
    id: u64,
    /// The slot's own scratch, put back when the recording ends.
    own: Option<Scratch>,
    /// The captured graph once the capture ended, destroyed on drop unless a [`Graph`]
    /// took it.
    graph: Option<CUgraph>,
}

impl Recording {
    /// Ends the capture: the captured graph, or the driver's error (a recording the driver
    /// invalidated).
    fn end(&mut self) -> Result<CUgraph> {
        let dev = self.slot.device();
        let mut graph = MaybeUninit::uninit();
        // SAFETY: the slot's recording stream is capturing (started by `record`, so it
        // exists); `graph` receives it.
        let ended = unsafe { sys::cuStreamEndCapture(self.slot.queue(), graph.as_mut_ptr()) };
        self.slot.stop_capturing();
        ended
            .result()
            .map_err(|e| dev.fail("ending the recording of a graph", e))?;
        // SAFETY: written by the successful call above.
        let graph = unsafe { graph.assume_init() };
        self.graph = Some(graph);
        Ok(graph)
    }

    /// The graph of `graph` (what [`Recording::end`] returned) and its executable: the slot
    /// gets its own scratch back, the graph the recording's.
    fn into_graph(mut self, graph: CUgraph, exec: CUgraphExec) -> Graph {
        self.graph = None;
        let slot = self.slot;
        let dev = slot.device();
        let own = self.own.take().unwrap_or_default();
        let scratch = std::mem::replace(&mut *slot.scratch(), own);
        let kept = std::mem::take(&mut slot.capture().kept);
        dev.keep_alive.recorded(self.id);
        Graph {
            device: dev,
            graph,
            exec,
            scratch: Some(scratch),
            kept,
            id: self.id,
        }
    }
}

impl Drop for Recording {
    fn drop(&mut self) {
        let slot = self.slot;
        let dev = slot.device();
        if slot.capturing() {
            // The closure unwound: end the capture, dropping what it recorded.
            let mut graph = MaybeUninit::uninit();
            // SAFETY: the slot's recording stream is capturing; `graph` receives the partial
            // graph.
            if unsafe { sys::cuStreamEndCapture(slot.queue(), graph.as_mut_ptr()) }
                .result()
                .is_ok()
            {
                // SAFETY: written by the successful call above.
                self.graph = Some(unsafe { graph.assume_init() });
            }
            slot.stop_capturing();
        }
        if let Some(graph) = self.graph.take() {
            // SAFETY: a captured graph never instantiated (`into_graph` took it otherwise).
            let _ = unsafe { sys::cuGraphDestroy(graph) };
        }
        let Some(own) = self.own.take() else {
            return; // handed to a graph
        };
        let scratch = std::mem::replace(&mut *slot.scratch(), own);
        let kept = std::mem::take(&mut slot.capture().kept);
        slot.capture().refused = None;
        // Nothing recorded runs: the recording's memory can go.
        scratch.release(dev);
        for ptr in kept.into_iter().chain(dev.keep_alive.end(self.id)) {
            // SAFETY: allocations freed by their owners while recording, kept for a graph
            // that will not exist; no work uses them.
            unsafe { dev.free(ptr) };
        }
    }
}
