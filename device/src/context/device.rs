//! The device: a CUDA context created on first use, kernel modules loaded piece by piece on
//! first use (of the library's own kernels, and of any user crate's: `kernels.rs`), cached
//! function handles and scratch memory, and the poison flag set by sticky faults.

use super::access::DeviceAccess;
use super::kernels::Piece;
use super::memory::{MemoryPool, OUT_OF_MEMORY};
use super::scratch::Scratch;
use super::tuning::read_properties;
use crate::stream::{current, IdleSlots, KeepAlive, StreamSlot};
use crate::{Error, Kernels, Result};
use cudarc::driver::{
    result::DriverError, sys, sys::CUdeviceptr, sys::CUstream, CudaContext, CudaFunction,
    CudaModule,
};
use parallaxis_kernels::policy::common::SHARED_WITHOUT_OPT_IN;
use parallaxis_kernels::policy::gpu::{tuning_for, GpuProperties, Tuning};
use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// Environment variable naming the default device ordinal (0 when unset or unparsable).
pub const DEVICE_ENV: &str = "PARALLAX_CUDA_DEVICE";

/// Driver errors after which the context is unusable (CUDA's "sticky" errors): every later
/// call returns the same error, so parallaxis stops issuing work and reports
/// [`Error::Poisoned`] instead. ECC (214), illegal address (700), launch timeout (702),
/// hardware stack error (714), illegal instruction (715), misaligned address (716), invalid
/// address space (717), invalid PC (718), launch failure (719).
const STICKY: [u32; 9] = [214, 700, 702, 714, 715, 716, 717, 718, 719];
/// `CUDA_ERROR_NO_DEVICE`.
const NO_DEVICE: u32 = 100;

/// One GPU with parallaxis's kernels loaded. Obtained with [`Device::get`] or
/// [`Device::default_device`]; lives for the rest of the process.
pub struct Device {
    ordinal: usize,
    pub(super) ctx: Arc<CudaContext>,
    /// Loaded modules by (the kernels' key, the piece): nothing is loaded when the device
    /// opens; each piece on the first launch of a kernel in it (`kernels.rs`).
    modules: Mutex<HashMap<(usize, Piece), Arc<CudaModule>>>,
    /// Function handles by (the kernels' key, entry-point name).
    functions: Mutex<HashMap<(usize, &'static str), CudaFunction>>,
    /// Dynamic shared memory each function has opted in to, past `SHARED_WITHOUT_OPT_IN`.
    opted_in: Mutex<HashMap<(usize, &'static str), usize>>,
    /// Compute capability (major, minor): which machine code of a kernel library runs here.
    capability: (u32, u32),
    scratch: Mutex<Scratch>,
    /// Where buffers and the scratch get their memory (`memory.rs`).
    pub(super) memory: MemoryPool,
    poison: OnceLock<String>,
    /// Streaming multiprocessors, read when the device opens.
    multiprocessors: u32,
    /// What the tuning table chose by, read when the device opens.
    properties: GpuProperties,
    /// The launch shapes in use: the table's entry for `properties` unless set.
    tuning: Mutex<Tuning>,
    /// The devices (bit = ordinal) already granted access to this one's pool (`peer.rs`).
    pub(super) peers: AtomicU64,
    /// The stream slots no `Stream` holds now (`stream/slot.rs`).
    pub(crate) streams: IdleSlots,
    /// The live graphs and the frees they hold back (`stream/keep_alive.rs`).
    pub(crate) keep_alive: KeepAlive,
}

impl core::fmt::Debug for Device {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Device")
            .field("ordinal", &self.ordinal)
            .field("poisoned", &self.poison.get())
            .finish()
    }
}

/// The memory pieces of the context reach their device through this (`access.rs`).
impl DeviceAccess for Device {
    fn fail(&self, during: &'static str, e: DriverError) -> Error {
        Device::fail(self, during, e)
    }

    fn synchronize(&self, during: &'static str) -> Result<()> {
        Device::synchronize(self, during)
    }

    fn synchronize_all(&self, during: &'static str) -> Result<()> {
        Device::synchronize_all(self, during)
    }

    fn stream(&self) -> CUstream {
        Device::stream(self)
    }

    fn refuse_recording(&self, during: &'static str) -> Result<()> {
        Device::refuse_recording(self, during)
    }

    fn alloc(&self, during: &'static str, bytes: usize) -> Result<CUdeviceptr> {
        Device::alloc(self, during, bytes)
    }

    unsafe fn free(&self, ptr: CUdeviceptr) {
        // SAFETY: as the caller guarantees.
        unsafe { Device::free(self, ptr) }
    }
}

/// `true` when the driver library loads; probed once, because cudarc panics on the first
/// driver call when it cannot load `libcuda`.
fn driver_present() -> bool {
    static PRESENT: OnceLock<bool> = OnceLock::new();
    // SAFETY: `is_culib_present` only tries to dlopen the driver library by its usual names.
    *PRESENT.get_or_init(|| unsafe { sys::is_culib_present() })
}

/// The stream work goes on for a thread whose innermost stream scope of the device is `slot`:
/// that scope's, else the legacy default stream.
fn queue_of(slot: Option<&'static StreamSlot>) -> CUstream {
    slot.map_or(crate::LEGACY_STREAM, StreamSlot::queue)
}

/// The devices opened so far, by ordinal.
fn registry() -> MutexGuard<'static, Vec<(usize, &'static Device)>> {
    static DEVICES: Mutex<Vec<(usize, &'static Device)>> = Mutex::new(Vec::new());
    DEVICES.lock().unwrap_or_else(|e| e.into_inner())
}

/// A readable form of a driver error.
pub(crate) fn describe(e: DriverError) -> String {
    format!("{e:?}")
}

impl Device {
    /// The device at `ordinal`, created (context retained) on first use; its kernels load
    /// later, each on its first launch.
    ///
    /// # Errors
    /// [`Error::NoDriver`] without a loadable driver, [`Error::NoDevice`] for an
    /// ordinal the driver does not have. Failures are not cached: a later call tries again.
    pub fn get(ordinal: usize) -> Result<&'static Device> {
        let mut devices = registry();
        if let Some((_, d)) = devices.iter().find(|(o, _)| *o == ordinal) {
            return Ok(d);
        }
        let device: &'static Device = Box::leak(Box::new(Self::open(ordinal)?));
        devices.push((ordinal, device));
        Ok(device)
    }

    /// The thread's default device: the one of the innermost [`Device::as_default`] running
    /// on this thread, else the one `PARALLAX_CUDA_DEVICE` names (default 0). `DeviceBuffer`s
    /// are allocated there unless another device is named.
    ///
    /// # Errors
    /// As [`Device::get`].
    pub fn default_device() -> Result<&'static Device> {
        if let Some(scoped) = super::current::scoped_default() {
            return Ok(scoped);
        }
        let ordinal = std::env::var(DEVICE_ENV)
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0);
        Self::get(ordinal)
    }

    /// The number of CUDA devices the driver sees (0 when it reports none).
    ///
    /// # Errors
    /// [`Error::NoDriver`] without a loadable or working driver.
    pub fn count() -> Result<usize> {
        if !driver_present() {
            return Err(Error::NoDriver {
                reason: "libcuda.so could not be loaded (is the NVIDIA driver installed?)".into(),
            });
        }
        let no_driver = |e: DriverError| Error::NoDriver {
            reason: describe(e),
        };
        if let Err(e) = cudarc::driver::result::init() {
            return if e.0 as u32 == NO_DEVICE {
                Ok(0)
            } else {
                Err(no_driver(e))
            };
        }
        let count = CudaContext::device_count().map_err(no_driver)?;
        Ok(usize::try_from(count).unwrap_or(0))
    }

    fn open(ordinal: usize) -> Result<Device> {
        let count = Self::count()?;
        if ordinal >= count {
            return Err(Error::NoDevice { ordinal, count });
        }
        let ctx = CudaContext::new(ordinal).map_err(|e| Error::Cuda {
            during: "creating the context",
            reason: describe(e),
        })?;
        let attribute = |a, during| {
            ctx.attribute(a).map_err(|e| Error::Cuda {
                during,
                reason: describe(e),
            })
        };
        use sys::CUdevice_attribute as A;
        let major = attribute(
            A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
            "reading the compute capability",
        )?;
        let minor = attribute(
            A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
            "reading the compute capability",
        )?;
        let multiprocessors = ctx
            .attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
            .map_err(|e| Error::Cuda {
                during: "reading the multiprocessor count",
                reason: describe(e),
            })?;
        // A driver that cannot say, or cannot make a pool, gets plain `cuMemAlloc` instead.
        let pools = ctx
            .attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED)
            .is_ok_and(|p| p != 0);
        let memory = MemoryPool::open(ctx.cu_device(), pools);
        let capability = (
            u32::try_from(major).unwrap_or(0),
            u32::try_from(minor).unwrap_or(0),
        );
        let properties = read_properties(&ctx, capability);
        Ok(Device {
            ordinal,
            ctx,
            modules: Mutex::new(HashMap::new()),
            functions: Mutex::new(HashMap::new()),
            opted_in: Mutex::new(HashMap::new()),
            capability,
            scratch: Mutex::new(Scratch::default()),
            memory,
            poison: OnceLock::new(),
            multiprocessors: u32::try_from(multiprocessors).unwrap_or(1).max(1),
            properties,
            tuning: Mutex::new(tuning_for(&properties)),
            peers: AtomicU64::new(0),
            streams: IdleSlots::default(),
            keep_alive: KeepAlive::default(),
        })
    }

    /// The device ordinal.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// The device's name, e.g. `"NVIDIA H100 80GB HBM3"`.
    ///
    /// # Errors
    /// A poisoned context or a driver failure.
    pub fn name(&self) -> Result<String> {
        self.enter()?;
        self.ctx
            .name()
            .map_err(|e| self.fail("reading the name", e))
    }

    /// `(free, total)` bytes of device memory as the driver counts them. Memory that
    /// parallaxis's pool keeps for reuse after buffers are dropped counts as used (see
    /// [`Device::trim_memory`]).
    ///
    /// # Errors
    /// A poisoned context or a driver failure.
    pub fn memory_info(&self) -> Result<(usize, usize)> {
        self.enter()?;
        cudarc::driver::result::mem_get_info().map_err(|e| self.fail("reading memory info", e))
    }

    /// Gives the memory parallaxis's pool keeps for reuse (freed buffers, a regrown scratch's
    /// old allocation) back to the driver, after waiting for queued work. The pool otherwise
    /// keeps it for parallaxis's next allocations, and trims itself only when one of those
    /// would fail; call this before other code on the device (another library, another
    /// process) needs the memory.
    ///
    /// # Errors
    /// A poisoned context or a driver failure.
    pub fn trim_memory(&self) -> Result<()> {
        self.enter()?;
        self.memory.trim(self, "trimming the memory pool")
    }

    /// Whether buffers come from parallaxis's stream-ordered memory pool (drops and scratch
    /// regrowth do not wait), or, where the driver has no memory pools, from `cuMemAlloc`
    /// (a drop waits for queued work before `cuMemFree`).
    pub fn pooled_memory(&self) -> bool {
        self.memory.pooled()
    }

    /// The properties the tuning table chooses by (compute capability, multiprocessors, L2,
    /// memory size, peak bandwidth), as the driver reported them when the device opened.
    pub fn properties(&self) -> GpuProperties {
        self.properties
    }

    /// The launch shapes the operations use on this device: the tuning table's entry for
    /// its [`properties`](Device::properties) (`parallaxis_kernels::policy::gpu`), unless
    /// [`set_tuning`](Device::set_tuning) replaced it.
    pub fn tuning(&self) -> Tuning {
        *self.tuning.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Replaces the launch shapes for the operations queued after this call (for tuning
    /// sweeps and for pinning a shape: a float reduce associates by its shape, so two GPUs
    /// given the same shape give the same bits).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a shape that cannot be launched (no block, more blocks
    /// than the reduce's fold tree has counters for); the tuning is then left as it was.
    pub fn set_tuning(&self, tuning: Tuning) -> Result<()> {
        if !tuning.is_valid() {
            return Err(Error::InvalidArgument {
                what: "tuning",
                reason: "a reduce shape needs 1 to REDUCE_MAX_BLOCKS blocks and a wave tile",
            });
        }
        *self.tuning.lock().unwrap_or_else(|e| e.into_inner()) = tuning;
        Ok(())
    }

    /// The cudarc context, for code that needs driver features parallaxis does not wrap.
    pub fn context(&self) -> &Arc<CudaContext> {
        &self.ctx
    }

    /// `Some(reason)` once a sticky fault has poisoned the context.
    pub fn poisoned(&self) -> Option<&str> {
        self.poison.get().map(String::as_str)
    }

    /// Fails fast on a poisoned context, else makes the context current on this thread.
    pub(crate) fn enter(&self) -> Result<()> {
        if let Some(reason) = self.poison.get() {
            return Err(Error::Poisoned {
                reason: reason.clone(),
            });
        }
        self.ctx
            .bind_to_thread()
            .map_err(|e| self.fail("binding the context", e))
    }

    /// Maps a driver error, poisoning the device on a sticky fault.
    pub(crate) fn fail(&self, during: &'static str, e: DriverError) -> Error {
        let code = e.0 as u32;
        if STICKY.contains(&code) {
            let reason = self
                .poison
                .get_or_init(|| format!("{} during {during}", describe(e)));
            Error::Poisoned {
                reason: reason.clone(),
            }
        } else if code == OUT_OF_MEMORY {
            Error::OutOfMemory { bytes: 0 }
        } else {
            Error::Cuda {
                during,
                reason: describe(e),
            }
        }
    }

    /// The module holding entry point `name` of `kernels`, loaded on first use: of a kernel
    /// library, the machine code of the entry's family where the library has it for this
    /// GPU, else the entry's own PTX; a PTX text whole. A name the kernels lack is
    /// [`Error::NoKernel`].
    fn module(&self, kernels: Kernels, name: &'static str) -> Result<Arc<CudaModule>> {
        let piece = kernels.piece_of(name, self.capability)?;
        let mut modules = self.modules.lock().unwrap_or_else(|e| e.into_inner());
        let key = (kernels.key(), piece);
        if let Some(m) = modules.get(&key) {
            return Ok(m.clone());
        }
        self.enter()?;
        let source = kernels.source(piece, self.capability)?;
        let load = || self.ctx.load_module(source.clone());
        let m = match load() {
            // Memory the pool keeps may be what the module needs: hand it back, try again.
            Err(e) if e.0 as u32 == OUT_OF_MEMORY => {
                self.memory.trim(self, "loading a module")?;
                load()
            }
            other => other,
        }
        .map_err(|e| Error::ModuleLoad {
            reason: format!("{name} ({piece:?}): {}", describe(e)),
        })?;
        modules.insert(key, m.clone());
        Ok(m)
    }

    /// The entry point `name` of `kernels`, looked up once and cached. A name the kernels
    /// lack is [`Error::NoKernel`].
    pub(crate) fn function(&self, kernels: Kernels, name: &'static str) -> Result<CudaFunction> {
        let key = (kernels.key(), name);
        let mut functions = self.functions.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(f) = functions.get(&key) {
            return Ok(f.clone());
        }
        let f = self
            .module(kernels, name)?
            .load_function(name)
            .map_err(|_| Error::NoKernel { name: name.into() })?;
        functions.insert(key, f.clone());
        Ok(f)
    }

    /// The entry point `name` of `kernels`, as [`function`](Self::function), allowed to launch
    /// with `shared` bytes of dynamic shared memory: past the 48 KiB every launch may take,
    /// the kernel opts in (`CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`), once per
    /// function and size: later calls find it in `opted_in`.
    ///
    /// # Errors
    /// As [`function`](Self::function); more shared memory than the GPU allows a block is
    /// [`Error::Cuda`].
    pub(crate) fn function_with_shared(
        &self,
        kernels: Kernels,
        name: &'static str,
        shared: usize,
    ) -> Result<CudaFunction> {
        let f = self.function(kernels, name)?;
        if shared <= SHARED_WITHOUT_OPT_IN {
            return Ok(f);
        }
        let key = (kernels.key(), name);
        let mut opted_in = self.opted_in.lock().unwrap_or_else(|e| e.into_inner());
        if opted_in.get(&key).is_none_or(|&had| had < shared) {
            let bytes = i32::try_from(shared).map_err(|_| Error::Cuda {
                during: name,
                reason: format!("{shared} bytes of shared memory is out of range"),
            })?;
            let max = sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;
            // SAFETY: `f` is a live function of this device's context, which is current
            // (the caller entered the device); the attribute only bounds later launches.
            unsafe {
                cudarc::driver::result::function::set_function_attribute(
                    f.cu_function(),
                    max,
                    bytes,
                )
            }
            .map_err(|e| self.fail(name, e))?;
            opted_in.insert(key, shared);
        }
        Ok(f)
    }

    /// `bytes > 0` bytes of device memory, usable by work queued after this call on the
    /// calling thread's stream (see `memory.rs`). The context must be current
    /// ([`Device::enter`]). While the thread records a graph, the memory comes from the
    /// recording stream's side stream, so that the allocation stays out of the graph.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] with `bytes`; a device fault.
    pub(crate) fn alloc(&self, during: &'static str, bytes: usize) -> Result<CUdeviceptr> {
        let slot = self.slot();
        let Some(slot) = slot.filter(|s| s.capturing()) else {
            return self.memory.alloc(self, during, bytes, queue_of(slot));
        };
        let side = slot.side()?;
        let ptr = self.memory.alloc(self, during, bytes, side)?;
        // The recorded work may use the memory only once the side stream has made it.
        // SAFETY: a stream of this context.
        if let Err(e) = unsafe { sys::cuStreamSynchronize(side) }.result() {
            // SAFETY: allocated just above, unused.
            unsafe { self.memory.free(self, ptr, side) };
            return Err(self.fail(during, e));
        }
        Ok(ptr)
    }

    /// Frees `ptr` after the work queued before this call on the calling thread's stream,
    /// without waiting for it. While the thread records a graph, the graph keeps the memory
    /// instead (the recorded work may use it) and frees it when the graph is dropped.
    ///
    /// # Safety
    /// `ptr` came from [`Device::alloc`] on this device and is freed once; nothing queued
    /// after this call uses it. The context must be current.
    pub(crate) unsafe fn free(&self, ptr: CUdeviceptr) {
        // SAFETY: as the caller guarantees.
        unsafe { self.free_on(self.slot(), ptr) }
    }

    /// [`Device::free`] for the calling thread's stream slot `slot` (looked up once by the
    /// caller).
    ///
    /// # Safety
    /// As [`Device::free`]; `slot` is [`Device::slot`]'s answer on this thread.
    unsafe fn free_on(&self, slot: Option<&'static StreamSlot>, ptr: CUdeviceptr) {
        match slot.filter(|s| s.capturing()) {
            Some(recording) => recording.capture().kept.push(ptr),
            // SAFETY: as the caller guarantees.
            None => unsafe { self.memory.free(self, ptr, queue_of(slot)) },
        }
    }

    /// Frees a buffer's allocation `ptr`, numbered `number` when it was made, unless a live
    /// graph may use it (`stream/keep_alive.rs`): then the last such graph frees it.
    ///
    /// # Safety
    /// As [`Device::free`].
    pub(crate) unsafe fn free_buffer(&self, ptr: CUdeviceptr, number: u64) {
        let slot = self.slot();
        let recording = slot.is_some_and(|s| s.capturing());
        if !recording && self.keep_alive.hold(number, ptr) {
            return;
        }
        // SAFETY: as the caller guarantees.
        unsafe { self.free_on(slot, ptr) }
    }

    /// The stream slot of the innermost `Stream::run` of this device running on the calling
    /// thread, if any.
    pub(crate) fn slot(&self) -> Option<&'static StreamSlot> {
        current::slot_of(self)
    }

    /// The stream the calling thread queues this device's work on: its innermost
    /// `Stream::run` scope's, else the legacy default stream.
    pub(crate) fn stream(&self) -> CUstream {
        queue_of(self.slot())
    }

    /// The slot the calling thread records a graph on, if it does.
    pub(crate) fn recording(&self) -> Option<&'static StreamSlot> {
        self.slot().filter(|s| s.capturing())
    }

    /// [`Error::Unrecordable`] while the calling thread records a graph on this device (the
    /// recording then ends with it too); `Ok` otherwise.
    pub(crate) fn refuse_recording(&self, during: &'static str) -> Result<()> {
        let Some(slot) = self.recording() else {
            return Ok(());
        };
        let refused = Error::Unrecordable { during };
        slot.capture()
            .refused
            .get_or_insert_with(|| refused.clone());
        Err(refused)
    }

    /// Test hook: skips look-back epochs so that at most `left` scans (plain, segmented,
    /// reduce by key) run before the look-back words are zeroed and the epochs start over,
    /// which otherwise happens once every 2^23 - 1 scans (`lookback_words.rs`). Skipping
    /// epochs is always safe; no epoch is handed out twice between zeroings.
    #[doc(hidden)]
    pub fn leave_lookback_epochs(&self, left: u32) {
        self.scratch().lookback.leave_epochs(left);
    }

    /// Exclusive use of the scratch memory for one operation, held while it queues its work
    /// (work on one stream runs in queue order, so the next holder's work runs after): the
    /// calling thread's stream slot's, else the device's own, which serves the legacy stream.
    pub(crate) fn scratch(&self) -> MutexGuard<'_, Scratch> {
        match self.slot() {
            Some(slot) => slot.scratch(),
            None => self.scratch.lock().unwrap_or_else(|e| e.into_inner()),
        }
    }

    /// Blocks of `threads` threads with `shared` bytes of dynamic shared memory of kernel
    /// `name` that the GPU runs at once (multiprocessors × blocks per multiprocessor, at least
    /// 1): the grid of a kernel whose blocks loop over tiles.
    pub(crate) fn resident_blocks(
        &self,
        kernels: Kernels,
        name: &'static str,
        threads: u32,
        shared: usize,
    ) -> Result<u64> {
        let per_sm = self
            .function_with_shared(kernels, name, shared)?
            .occupancy_max_active_blocks_per_multiprocessor(threads, shared, None)
            .map_err(|e| self.fail(name, e))?;
        Ok(u64::from(self.multiprocessors) * u64::from(per_sm.max(1)))
    }

    /// Waits until every operation parallaxis queued on this device has finished, on every
    /// stream (the algorithms return once their work is queued, unless they return a value
    /// to the host): for timing, or before other code reads the results without stream
    /// ordering.
    ///
    /// # Errors
    /// A poisoned device; an asynchronous fault of the queued work;
    /// [`Error::Unrecordable`] while the thread records a graph.
    pub fn wait(&self) -> Result<()> {
        self.enter()?;
        self.refuse_recording("Device::wait")?;
        self.synchronize_all("waiting for the device")
    }

    /// Waits for all work queued on the calling thread's stream; surfaces asynchronous
    /// kernel faults. Refused while the thread records a graph.
    pub(crate) fn synchronize(&self, during: &'static str) -> Result<()> {
        self.refuse_recording(during)?;
        // SAFETY: the stream is the legacy default stream or a live slot's, in the current
        // context.
        unsafe { sys::cuStreamSynchronize(self.stream()).result() }
            .map_err(|e| self.fail(during, e))
    }

    /// Waits for all work queued on every stream of the device.
    pub(crate) fn synchronize_all(&self, during: &'static str) -> Result<()> {
        // SAFETY: a context is current (every caller entered the device).
        unsafe { sys::cuCtxSynchronize().result() }.map_err(|e| self.fail(during, e))
    }
}
