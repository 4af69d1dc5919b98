//! Scratch memory: one grow-only device allocation (`grow_only.rs`) reused by every
//! operation that needs temporary space (reduce partials, scan tile states). Growing doubles,
//! so a sequence of operations on rising sizes allocates O(log n) times; the allocation is
//! kept for the life of its owner. Each stream has one: the device's serves the legacy
//! stream, a stream slot's its stream (`stream/slot.rs`), and a graph owns the one its
//! recording used. Callers hold the scratch's lock while they queue their work.
//!
//! Work may still be running when the lock is released (operations return once queued, see
//! `LEGACY_STREAM` in `lib.rs`): every operation using a scratch queues on its stream, so
//! the next user of the scratch runs after it, and a regrown allocation's free is ordered on
//! that stream after the work that used it (`memory.rs`).
//!
//! The scratch also owns the reduce kernel's group counters and the scans' packed look-back
//! words, separate allocations that no other operation touches (see
//! [`Scratch::reduce_counters`] and `lookback_words.rs`).

use super::access::DeviceAccess;
use super::grow_only::GrowOnly;
use super::host_slot::HostSlot;
use super::lookback_words::LookbackWords;
use crate::Result;
use cudarc::driver::{result, sys::CUdeviceptr};
use parallaxis_kernels::policy::reduce::REDUCE_COUNTERS;
use std::mem::size_of;

/// Smallest scratch allocation: 1 MiB covers reduce partials and the scan state of inputs up
/// to about 2^26 f32 without regrowing.
const MIN_BYTES: usize = 1 << 20;

/// The grow-only region of temporaries (`grow_only.rs`), the reduce
/// counters at `counters` (0 before the first reduce of more than one block), the mapped
/// host slot and the scans' look-back words.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The region operations lay their temporaries in.
    region: GrowOnly,
    counters: CUdeviceptr,
    /// Where kernels leave a value for the host (`host_slot.rs`).
    pub(crate) host: HostSlot,
    /// The scans' packed look-back words, an allocation of their own (`lookback_words.rs`).
    pub(crate) lookback: LookbackWords,
}

impl Scratch {
    /// The scratch of a graph's recording: its look-back words are zeroed before every
    /// launch (a replay repeats the recorded epochs, `lookback_words.rs`).
    pub(crate) fn for_graph() -> Self {
        Self {
            lookback: LookbackWords::zeroed_per_launch(),
            ..Self::default()
        }
    }

    /// Frees every allocation of the scratch (a graph's, once no work of the graph runs).
    pub(crate) fn release(mut self, dev: &impl DeviceAccess) {
        self.region.release(dev);
        if self.counters != 0 {
            // SAFETY: allocated by `reduce_counters`, freed once; no work uses it (the
            // caller's contract).
            unsafe { dev.free(self.counters) };
            self.counters = 0;
        }
        self.lookback.release(dev);
        self.host.release();
    }

    /// A device address with at least `bytes` bytes behind it, 256-byte aligned. Contents
    /// are unspecified.
    pub(crate) fn reserve(&mut self, dev: &impl DeviceAccess, bytes: usize) -> Result<CUdeviceptr> {
        let during = "allocating scratch memory";
        Ok(self.region.reserve(dev, bytes, MIN_BYTES, during)?.0)
    }

    /// The reduce kernel's group counters: [`REDUCE_COUNTERS`] `u32`s in device memory (one
    /// per group of its fold tree at the largest grid) that are 0 whenever no reduce kernel
    /// is running. They are zeroed once, when first allocated (ordered on the stream before
    /// any kernel that uses them), and the block that draws a group's last ticket puts the
    /// group's counter back to 0, so no launch needs a memset.
    ///
    /// Why not a `cuMemsetD8Async` before every launch: that is one more driver call and one more
    /// operation on the stream per reduce. On the H100
    /// (`benches/RESULTS.md#h100-2026-11-23-all-kernels`, 2^16 f32) a scan, one memset plus one
    /// kernel, takes 15.4 µs against 11.5 µs for a one-kernel transform, while CUB's whole reduce
    /// takes 15.0 µs: up to a quarter of the time budget at small n, against one store by one
    /// thread here. A counter left non-zero by an interrupted kernel cannot be read: a kernel is
    /// only interrupted by a sticky fault, which poisons the device for every later call.
    ///
    /// The words live in their own allocation, never in the growing region, which the next
    /// operation overwrites. Kernels using them run one at a time in stream order, so one
    /// set per device suffices.
    pub(crate) fn reduce_counters(&mut self, dev: &impl DeviceAccess) -> Result<CUdeviceptr> {
        if self.counters != 0 {
            return Ok(self.counters);
        }
        let bytes = REDUCE_COUNTERS as usize * size_of::<u32>();
        let ptr = dev.alloc("allocating the reduce counters", bytes)?;
        // SAFETY: `ptr` holds `bytes` bytes; queued on the legacy stream before any reduce
        // kernel.
        if let Err(e) = unsafe { result::memset_d8_async(ptr, 0, bytes, dev.stream()) } {
            // SAFETY: `ptr` came from `DeviceAccess::alloc` above and nothing uses it yet.
            unsafe { dev.free(ptr) };
            return Err(dev.fail("zeroing the reduce counters", e));
        }
        self.counters = ptr;
        Ok(ptr)
    }
}

/// `v` rounded up to a multiple of 256 (the alignment of every allocation, `memory.rs`;
/// keeps every scratch region aligned for 16-byte vector access), saturating.
pub(crate) const fn align_up(v: usize) -> usize {
    match v.checked_add(255) {
        Some(x) => x & !255,
        None => usize::MAX & !255,
    }
}
