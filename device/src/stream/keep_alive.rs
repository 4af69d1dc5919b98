//! Keeps the memory a live graph may use from being freed. A graph replays kernels whose
//! parameters name device addresses: every buffer that existed while it was recorded may be
//! among them, whoever owns the buffer. So while graphs live, a buffer allocated before the
//! end of a live graph's recording is not freed when it drops: its free waits here until no
//! live graph recorded after its allocation remains. Buffers allocated after every live
//! graph was recorded (a loop's temporaries) are freed at once, as without graphs.
//!
//! Allocations are numbered per device (`DeviceBuffer`'s sequence number); a graph's entry
//! holds the number reached when its recording ended (`u64::MAX` while it is recorded, so a
//! buffer the recording borrows cannot be freed between the end of the recording closure
//! and the graph's registration).

use cudarc::driver::sys::CUdeviceptr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The live graphs of one device and the frees they hold back.
#[derive(Debug, Default)]
pub(crate) struct KeepAlive {
    /// Numbers handed to allocations so far.
    allocations: AtomicU64,
    /// Whether any graph is live or being recorded (read without the lock on every free).
    any: AtomicBool,
    inner: Mutex<Entries>,
}

#[derive(Debug, Default)]
struct Entries {
    next_id: u64,
    /// (graph id, allocations numbered below this may be used by the graph).
    graphs: Vec<(u64, u64)>,
    /// (allocation number, address) of frees held back.
    held: Vec<(u64, CUdeviceptr)>,
}

impl KeepAlive {
    /// The number of a new allocation.
    pub(crate) fn number(&self) -> u64 {
        self.allocations.fetch_add(1, Ordering::Relaxed)
    }

    /// Registers a graph about to be recorded; returns its id.
    pub(crate) fn begin(&self) -> u64 {
        let mut e = self.lock();
        let id = e.next_id;
        e.next_id += 1;
        e.graphs.push((id, u64::MAX));
        self.any.store(true, Ordering::Release);
        id
    }

    /// The recording of graph `id` ended: it may use the allocations numbered so far.
    pub(crate) fn recorded(&self, id: u64) {
        let upto = self.allocations.load(Ordering::Relaxed);
        let mut e = self.lock();
        if let Some(g) = e.graphs.iter_mut().find(|g| g.0 == id) {
            g.1 = upto;
        }
    }

    /// Whether a live graph (or one being recorded) may use allocation `number`.
    pub(crate) fn may_use(&self, number: u64) -> bool {
        self.any.load(Ordering::Acquire) && self.lock().may_use(number)
    }

    /// Holds back the free of allocation `number` at `ptr` if a live graph may use it:
    /// `true` when held (the caller must not free it).
    pub(crate) fn hold(&self, number: u64, ptr: CUdeviceptr) -> bool {
        if !self.any.load(Ordering::Acquire) {
            return false;
        }
        let mut e = self.lock();
        let held = e.may_use(number);
        if held {
            e.held.push((number, ptr));
        }
        held
    }

    /// Graph `id` is gone (its work finished): the frees no remaining graph holds back, for
    /// the caller to free.
    pub(crate) fn end(&self, id: u64) -> Vec<CUdeviceptr> {
        let mut e = self.lock();
        e.graphs.retain(|g| g.0 != id);
        let upto = e.graphs.iter().map(|g| g.1).max().unwrap_or(0);
        let (keep, free): (Vec<_>, Vec<_>) = e.held.drain(..).partition(|&(n, _)| n < upto);
        e.held = keep;
        if e.graphs.is_empty() {
            self.any.store(false, Ordering::Release);
        }
        free.into_iter().map(|(_, p)| p).collect()
    }

    fn lock(&self) -> MutexGuard<'_, Entries> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Entries {
    /// Whether a live graph (or one being recorded) may use allocation `number`.
    fn may_use(&self, number: u64) -> bool {
        self.graphs.iter().any(|&(_, upto)| number < upto)
    }
}

#[cfg(test)]
mod tests {
    use super::KeepAlive;

    #[test]
    fn frees_wait_for_the_graphs_recorded_after_their_allocation() {
        let k = KeepAlive::default();
        let before = k.number();
        assert!(!k.hold(before, 0x100), "no graph: freed at once");
        let g = k.begin();
        let during = k.number();
        assert!(
            k.hold(during, 0x200),
            "a graph being recorded holds every free"
        );
        k.recorded(g);
        let after = k.number();
        assert!(
            k.hold(before, 0x300),
            "allocated before the recording ended"
        );
        assert!(
            !k.hold(after, 0x400),
            "allocated after: no graph can use it"
        );
        let mut freed = k.end(g);
        freed.sort_unstable();
        assert_eq!(freed, [0x200, 0x300]);
        assert!(!k.hold(before, 0x500), "no graph left");
    }

    #[test]
    fn a_free_waits_for_the_last_graph_that_may_use_it() {
        let k = KeepAlive::default();
        let a = k.number();
        let g1 = k.begin();
        k.recorded(g1);
        let b = k.number();
        let g2 = k.begin();
        k.recorded(g2);
        assert!(k.hold(a, 0xa0));
        assert!(k.hold(b, 0xb0));
        assert_eq!(
            k.end(g2),
            [0xb0],
            "only g2 was recorded after b's allocation"
        );
        assert_eq!(k.end(g1), [0xa0]);
    }
}
