//! Point-to-point transfers between ranks (`ncclSend` / `ncclRecv`), issued together in one
//! NCCL group: what moving elements between shards needs (the sharded sort's buckets),
//! beside the collectives of one small value in `mod.rs`. Transfers name element ranges of
//! whole buffers rather than views: NCCL takes any byte address, so no range needs the
//! aligned staging copy a CUDA view at an odd offset makes, and several ranges of one
//! receive buffer need no overlapping mutable borrows.

use super::sys::api;
use super::Communicator;
use crate::{DeviceBuffer, Error, Result};
use core::ffi::{c_int, c_void};
use core::mem::size_of;
use core::ops::Range;
use parallaxis_core::DeviceCopy;

/// One transfer: elements `range` of buffer `buffer` (an index into the sends' or the
/// receives' buffers) to or from rank `peer`, which posts the matching receive or send of
/// as many elements. Between two ranks, sends and receives match in the order posted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transfer {
    /// The other rank.
    pub peer: usize,
    /// Which buffer of the list it reads or writes.
    pub buffer: usize,
    /// The elements it reads or writes there.
    pub range: Range<usize>,
}

impl Communicator {
    /// Queues every send (from `send_from`) and receive (into `recv_into`) in one NCCL group
    /// (`ncclGroupStart` ... `ncclGroupEnd`, so two ranks may send to each other at once),
    /// on the device's legacy default stream: after the work already queued there, before
    /// the work queued after. Returns once queued; a later read of a received buffer waits
    /// for it. Empty transfers are skipped (the peer skips its side too).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when a peer is not another rank of the communicator (copy
    /// locally instead); [`Error::IndexOutOfRange`] when a transfer names a buffer or range
    /// that does not exist; [`Error::DeviceMismatch`] when a buffer is not on the
    /// communicator's device (all checked before anything is queued); [`Error::Collective`]
    /// when NCCL fails.
    pub fn exchange<T: DeviceCopy>(
        &self,
        send_from: &[&DeviceBuffer<T>],
        sends: &[Transfer],
        recv_into: &mut [&mut DeviceBuffer<T>],
        recvs: &[Transfer],
    ) -> Result<()> {
        for t in sends {
            self.check(t, send_from.get(t.buffer).map(|b| &**b), send_from.len())?;
        }
        for t in recvs {
            self.check(t, recv_into.get(t.buffer).map(|b| &**b), recv_into.len())?;
        }
        let api = api()?;
        self.device.enter()?;
        api.group_start()?;
        // Every call of the group is made even after a failure: the group must be closed.
        let mut queued = Ok(());
        for t in sends.iter().filter(|t| !t.range.is_empty()) {
            let data = send_from[t.buffer];
            // SAFETY: the range lies in `data`, on the communicator's device (checked
            // above); the memory is freed in stream order, after the transfer. The peer is
            // below `world`, which fits in an i32 (checked at creation).
            let r = unsafe {
                let at = data.as_ptr().add(t.range.start).cast::<c_void>();
                api.send(at, bytes::<T>(&t.range), t.peer as c_int, self.comm)
            };
            queued = queued.and(r);
        }
        for t in recvs.iter().filter(|t| !t.range.is_empty()) {
            let data = &mut *recv_into[t.buffer];
            // SAFETY: as above; `data` is borrowed mutably, so nothing else writes it, and
            // its readers come later on the same stream.
            let r = unsafe {
                let at = data.as_mut_ptr().add(t.range.start).cast::<c_void>();
                api.recv(at, bytes::<T>(&t.range), t.peer as c_int, self.comm)
            };
            queued = queued.and(r);
        }
        let closed = api.group_end();
        queued.and(closed)
    }

    /// `Ok` when `t`'s peer is another rank and its range lies in its buffer, on this
    /// communicator's device.
    fn check<T: DeviceCopy>(
        &self,
        t: &Transfer,
        buffer: Option<&DeviceBuffer<T>>,
        buffers: usize,
    ) -> Result<()> {
        if t.peer >= self.world || t.peer == self.rank {
            return Err(Error::InvalidArgument {
                what: "NCCL transfer peer",
                reason: "must be another rank of the communicator",
            });
        }
        let data = buffer.ok_or(Error::IndexOutOfRange {
            what: "NCCL transfer buffer",
            at: 0,
            index: t.buffer,
            len: buffers,
        })?;
        if t.range.start > t.range.end || t.range.end > data.len() {
            return Err(Error::IndexOutOfRange {
                what: "NCCL transfer range",
                at: t.buffer,
                index: t.range.end,
                len: data.len(),
            });
        }
        let on = data.device().ordinal();
        if on != self.device.ordinal() {
            return Err(Error::DeviceMismatch {
                first: self.device.ordinal(),
                second: on,
            });
        }
        Ok(())
    }
}

/// The bytes of `range`'s elements (no overflow: the range lies in an allocated buffer).
fn bytes<T>(range: &Range<usize>) -> usize {
    range.len() * size_of::<T>()
}
