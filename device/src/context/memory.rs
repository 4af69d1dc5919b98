//! Device memory: stream-ordered allocation from a memory pool of parallaxis's own.
//!
//! Operations return once their kernels are queued, so a buffer (or the scratch) may be
//! freed while queued work still reads it. `cuMemFree` would need a synchronize first: a
//! host round trip on every drop, which stalls the pipeline of queued work. Instead every
//! allocation comes from a CUDA memory pool with `cuMemAllocFromPoolAsync` and goes back with
//! `cuMemFreeAsync`, both ordered on the stream the calling thread queues on (the legacy
//! default stream, or a `Stream` scope's, `stream/`): a free takes effect
//! after the work queued before it, and nothing waits. The pool keeps freed memory for the
//! next allocation (release threshold: unlimited), so an allocation in a loop costs no
//! driver allocation after the first; when the pool cannot grow, [`MemoryPool::alloc`]
//! waits for queued frees, gives every unused byte back to the driver and tries once more.
//! The pool is parallaxis's own (`cuMemPoolCreate`), not the device's default pool, so its
//! settings and trimming touch no other library's memory.
//!
//! Why: reduce_by_key, which returns exact-size outputs, allocates two buffers a call; the
//! bench drops the previous result inside the timed call. On a driver without memory pools
//! (`CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED` = 0), allocation falls back to `cuMemAlloc`
//! and a free to a synchronize plus `cuMemFree`.

use super::access::DeviceAccess;
use crate::{Error, Result};
use cudarc::driver::result::{self, DriverError};
use cudarc::driver::sys::{self, CUdeviceptr, CUstream};
use std::mem::MaybeUninit;

/// The alignment every allocation has (`cuMemAlloc`'s; pools give at least as much).
const ALIGN: u64 = 256;
/// `CUDA_ERROR_OUT_OF_MEMORY`.
pub(super) const OUT_OF_MEMORY: u32 = 2;

/// A memory pool on one device, or none where the driver has no memory pools.
#[derive(Debug)]
pub(crate) struct MemoryPool(Option<sys::CUmemoryPool>);

// SAFETY: a pool handle is a driver object that any thread of the process may use; the pool
// itself is only touched through driver calls, which are thread-safe.
unsafe impl Send for MemoryPool {}
// SAFETY: as above.
unsafe impl Sync for MemoryPool {}

impl MemoryPool {
    /// A pool of device memory on `device` (the context current on this thread), keeping
    /// freed memory without limit; none (plain `cuMemAlloc`) when the device has no memory
    /// pools or the driver fails to make one.
    pub(crate) fn open(device: sys::CUdevice, supported: bool) -> Self {
        if !supported {
            return Self(None);
        }
        Self(create(device).ok())
    }

    /// `bytes > 0` bytes of device memory, usable by work queued on `stream` after this
    /// call (and by synchronous copies, which the legacy stream orders after it).
    ///
    /// # Errors
    /// [`crate::Error::OutOfMemory`] with `bytes` when even an emptied pool cannot
    /// hold them; a device fault.
    pub(crate) fn alloc(
        &self,
        dev: &impl DeviceAccess,
        during: &'static str,
        bytes: usize,
        stream: CUstream,
    ) -> Result<CUdeviceptr> {
        let Some(pool) = self.0 else {
            // SAFETY: a plain allocation in the current context.
            return unsafe { result::malloc_sync(bytes) }.map_err(|e| oom(dev, during, e, bytes));
        };
        match alloc_from(pool, bytes, stream) {
            Err(e) if e.0 as u32 == OUT_OF_MEMORY => {
                self.trim(dev, during)?;
                alloc_from(pool, bytes, stream).map_err(|e| oom(dev, during, e, bytes))
            }
            other => other.map_err(|e| oom(dev, during, e, bytes)),
        }
    }

    /// Lets `peer` read and write this pool's memory (a copy between devices then goes
    /// directly, `peer.rs`). Best effort: without a pool, or on a refusal, nothing changes
    /// and such copies go through the host.
    pub(crate) fn grant(&self, peer: sys::CUdevice) {
        let Some(pool) = self.0 else { return };
        // SAFETY: an all-zero `CUmemAccessDesc` is valid; the fields set are plain enums and
        // an int.
        let mut desc: sys::CUmemAccessDesc = unsafe { MaybeUninit::zeroed().assume_init() };
        desc.location.type_ = sys::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE;
        desc.location.id = peer;
        desc.flags = sys::CUmemAccess_flags::CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
        // SAFETY: one valid descriptor for this live pool.
        let _ = unsafe { sys::cuMemPoolSetAccess(pool, &desc, 1) };
    }

    /// Hands every byte the pool keeps but no allocation uses back to the driver, after
    /// waiting for queued frees on every stream (memory freed on a stream returns to the
    /// pool only once the stream reaches the free). Nothing to do without a pool.
    ///
    /// # Errors
    /// A device fault.
    pub(crate) fn trim(&self, dev: &impl DeviceAccess, during: &'static str) -> Result<()> {
        let Some(pool) = self.0 else {
            return Ok(());
        };
        dev.synchronize_all(during)?;
        // SAFETY: a live pool; trimming releases only memory no allocation uses.
        unsafe { sys::cuMemPoolTrimTo(pool, 0) }
            .result()
            .map_err(|e| dev.fail(during, e))
    }

    /// Whether buffers come from the pool (else from `cuMemAlloc`).
    pub(crate) fn pooled(&self) -> bool {
        self.0.is_some()
    }

    /// Frees `ptr` (from [`MemoryPool::alloc`]) after the work queued on `stream` before this
    /// call. An error (a poisoned context) leaks the memory: drops cannot report it.
    ///
    /// # Safety
    /// `ptr` came from this pool's [`MemoryPool::alloc`] and is freed once; nothing queued
    /// after this call uses it.
    pub(crate) unsafe fn free(&self, dev: &impl DeviceAccess, ptr: CUdeviceptr, stream: CUstream) {
        if self.0.is_some() {
            // SAFETY: as the caller guarantees; the free is ordered after earlier work.
            let _ = unsafe { result::free_async(ptr, stream) };
        } else if dev.synchronize("freeing device memory").is_ok() {
            // SAFETY: as the caller guarantees; no queued work uses it (the synchronize).
            let _ = unsafe { result::free_sync(ptr) };
        }
    }
}

/// Maps an allocation failure, recording the requested size on out-of-memory.
pub(super) fn oom(
    dev: &impl DeviceAccess,
    during: &'static str,
    e: DriverError,
    bytes: usize,
) -> Error {
    match dev.fail(during, e) {
        Error::OutOfMemory { .. } => Error::OutOfMemory { bytes },
        other => other,
    }
}

/// One stream-ordered allocation from `pool`.
fn alloc_from(
    pool: sys::CUmemoryPool,
    bytes: usize,
    stream: CUstream,
) -> core::result::Result<CUdeviceptr, DriverError> {
    let mut ptr = MaybeUninit::uninit();
    // SAFETY: a live pool and a stream of the current context; `ptr` receives the address.
    unsafe { sys::cuMemAllocFromPoolAsync(ptr.as_mut_ptr(), bytes, pool, stream) }.result()?;
    // SAFETY: written by the successful call above.
    let ptr = unsafe { ptr.assume_init() };
    if ptr % ALIGN != 0 {
        // The kernels' vector loads and the scratch layout rely on cuMemAlloc's alignment;
        // a pool that gave less would be a driver change this code has not seen: refuse.
        // SAFETY: just allocated from the pool, unused.
        let _ = unsafe { result::free_async(ptr, stream) };
        return Err(DriverError(sys::cudaError_enum::CUDA_ERROR_INVALID_VALUE));
    }
    Ok(ptr)
}

/// parallaxis's pool on `device`: device memory, no export handles, freed memory kept without
/// limit (release threshold `u64::MAX`).
fn create(device: sys::CUdevice) -> core::result::Result<sys::CUmemoryPool, DriverError> {
    // SAFETY: an all-zero `CUmemPoolProps` is a valid value (no handle types, no size
    // limit, reserved bytes zero, as the driver requires); the fields set below are plain
    // enums and integers.
    let mut props: sys::CUmemPoolProps = unsafe { MaybeUninit::zeroed().assume_init() };
    props.allocType = sys::CUmemAllocationType::CU_MEM_ALLOCATION_TYPE_PINNED;
    props.handleTypes = sys::CUmemAllocationHandleType::CU_MEM_HANDLE_TYPE_NONE;
    props.location.type_ = sys::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE;
    props.location.id = device;
    let mut pool = MaybeUninit::uninit();
    // SAFETY: `props` describes device memory on `device`; `pool` receives the handle.
    unsafe { sys::cuMemPoolCreate(pool.as_mut_ptr(), &props) }.result()?;
    // SAFETY: written by the successful call above.
    let pool = unsafe { pool.assume_init() };
    let mut keep = u64::MAX;
    // SAFETY: the release threshold is a `u64` attribute of this live pool.
    let set = unsafe {
        sys::cuMemPoolSetAttribute(
            pool,
            sys::CUmemPool_attribute::CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
            (&raw mut keep).cast(),
        )
    }
    .result();
    if let Err(e) = set {
        // SAFETY: the pool was created above and holds no allocation.
        let _ = unsafe { sys::cuMemPoolDestroy(pool) };
        return Err(e);
    }
    Ok(pool)
}
