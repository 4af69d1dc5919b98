//! Copies between two GPUs of one process: the sharded algorithms move elements from a shard
//! on one device to a shard on another (an all-gathered SpMV vector, a stencil's halo planes,
//! a sort's buckets).
//!
//! `cuMemcpyPeer` is ordered after the work queued before it in both contexts and before the
//! work queued after it, so a copy needs no event or wait of its own, and it returns to the
//! host without waiting. Buffers come from parallaxis's memory pools, which `cuCtxEnablePeerAccess`
//! does not open to other devices: the first copy between two devices that can reach each
//! other directly (NVLink, PCIe peer-to-peer) grants each device access to the other's pool
//! (`cuMemPoolSetAccess`), so the copy engines move the bytes directly; without that grant, or
//! between devices that cannot reach each other, the driver stages the copy through the host.

use super::Device;
use crate::Result;
use cudarc::driver::sys::{self, CUdeviceptr};
use std::sync::atomic::Ordering;

impl Device {
    /// Copies `bytes` bytes from `src` on device `from` to `dst` on this device, returning
    /// once the copy is queued (ordered with the work of both devices, as above).
    ///
    /// # Safety
    /// `src` holds `bytes` readable bytes on `from`; `dst` holds `bytes` writable bytes on this
    /// device, not read or written by anything else until the copy is done.
    pub(crate) unsafe fn copy_from_peer(
        &self,
        dst: CUdeviceptr,
        from: &Device,
        src: CUdeviceptr,
        bytes: usize,
    ) -> Result<()> {
        from.enter()?; // a poisoned source fails here
        self.open_to(from);
        from.open_to(self);
        self.enter()?;
        // On the legacy stream, which a recording stream must not see used.
        self.refuse_recording("a copy between devices")?;
        // SAFETY: the caller's contract; both contexts are live for the process.
        unsafe { sys::cuMemcpyPeer(dst, self.ctx.cu_ctx(), src, from.ctx.cu_ctx(), bytes) }
            .result()
            .map_err(|e| self.fail("copying between devices", e))
    }

    /// Grants `peer` access to this device's pool, once, where the hardware allows it. A
    /// refusal is not an error: the copies then go through the host.
    fn open_to(&self, peer: &Device) {
        let Some(bit) = u32::try_from(peer.ordinal())
            .ok()
            .and_then(|o| 1_u64.checked_shl(o))
        else {
            return;
        };
        if peer.ordinal() == self.ordinal() || self.peers.fetch_or(bit, Ordering::AcqRel) & bit != 0
        {
            return;
        }
        let mut reachable = 0;
        // SAFETY: `reachable` receives an int; both are devices of this process.
        let asked = unsafe {
            sys::cuDeviceCanAccessPeer(&mut reachable, peer.ctx.cu_device(), self.ctx.cu_device())
        };
        if asked.result().is_ok() && reachable != 0 {
            self.memory.grant(peer.ctx.cu_device());
        }
    }
}
