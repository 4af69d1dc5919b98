//! [`Nccl`]: the [`Collective`] of participants that each hold their own shards on their own
//! GPU (one process per GPU, on one host or several), through NCCL (feature `nccl`; the
//! library is loaded when first used: `libnccl.so.2`, or the path in `PARALLAX_NCCL_LIB`).
//!
//! Joining: every participant calls [`Nccl::join`] with the same [`UniqueId`], or
//! [`Nccl::join_through_file`] with the same path, where rank 0 writes a new id and the
//! others wait for it. On the lent multi-GPU machines keep NVLink multicast off
//! (`NCCL_NVLS_ENABLE=0`); across hosts, NCCL's own settings pick the network
//! (`NCCL_SOCKET_IFNAME`, `NCCL_IB_HCA`; docs/multi-gpu.md).

use super::Collective;
use crate::device::nccl::{Communicator, UniqueId};
use crate::{device::Device, Error, Result};
use core::mem::size_of;
use parallaxis_core::DeviceCopy;
use std::path::Path;
use std::time::{Duration, Instant};

/// One participant of an NCCL communicator, as a [`Collective`]. Every participant must
/// hold the same number of shards and pass one value per shard (NCCL moves equal counts).
#[derive(Debug)]
pub struct Nccl {
    comm: Communicator,
}

impl Nccl {
    /// Joins the communicator `id` as rank `rank` of `world` on `device`; blocks until every
    /// rank has joined.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] unless `rank < world`; [`Error::Collective`] when NCCL
    /// cannot be loaded or the ranks cannot meet.
    pub fn join(device: &'static Device, rank: usize, world: usize, id: &UniqueId) -> Result<Self> {
        Ok(Self {
            comm: Communicator::new(device, rank, world, id)?,
        })
    }

    /// Joins through a file that every participant can read: rank 0 makes a new id and
    /// writes it to `path` (written beside it, then renamed, so no one reads half of it);
    /// the other ranks wait for the file, up to `timeout`. Remove the file before the run
    /// (a stale id makes the other ranks wait for a communicator that no longer exists).
    ///
    /// # Errors
    /// [`Error::Collective`] when the file cannot be written or does not appear in time, or
    /// as [`join`](Self::join).
    pub fn join_through_file(
        device: &'static Device,
        rank: usize,
        world: usize,
        path: &Path,
        timeout: Duration,
    ) -> Result<Self> {
        let io = |during: &'static str| {
            move |e: std::io::Error| Error::Collective {
                during,
                reason: format!("{e}"),
            }
        };
        let id = if rank == 0 {
            let id = UniqueId::new()?;
            let partial = path.with_extension("partial");
            std::fs::write(&partial, id.to_hex()).map_err(io("writing the NCCL id file"))?;
            std::fs::rename(&partial, path).map_err(io("renaming the NCCL id file"))?;
            id
        } else {
            let start = Instant::now();
            loop {
                match std::fs::read_to_string(path) {
                    Ok(text) => break UniqueId::from_hex(&text)?,
                    Err(_) if start.elapsed() < timeout => {
                        std::thread::sleep(Duration::from_millis(20));
                    }
                    Err(e) => {
                        return Err(Error::Collective {
                            during: "waiting for the NCCL id file",
                            reason: format!("{}: {e} after {timeout:?}", path.display()),
                        })
                    }
                }
            }
        };
        Self::join(device, rank, world, &id)
    }

    /// This participant's rank.
    pub fn rank(&self) -> usize {
        self.comm.rank()
    }

    /// The number of participants.
    pub fn world(&self) -> usize {
        self.comm.world()
    }

    /// The communicator, for the exchange of elements (`nccl_exchange.rs`).
    pub(super) fn communicator(&self) -> &Communicator {
        &self.comm
    }
}

// SAFETY: `ncclAllGather` and `ncclBroadcast` give every rank the same values, the ones
// the ranks passed; a failed call returns an error.
unsafe impl Collective for Nccl {
    fn all_gather<T: DeviceCopy>(&self, local: &[T]) -> Result<Vec<T>> {
        if size_of::<T>() == 0 {
            return parallaxis_core::try_to_vec(local);
        }
        self.comm.all_gather(local)
    }

    fn broadcast<T: DeviceCopy>(&self, root: usize, local: &[T]) -> Result<T> {
        // Shard `root` is held by rank `root / local.len()` (equal counts on every rank).
        let per_rank = local.len();
        let out_of_range = Error::IndexOutOfRange {
            what: "broadcast root",
            at: 0,
            index: root,
            len: per_rank * self.world(),
        };
        if per_rank == 0 || root >= per_rank * self.world() {
            return Err(out_of_range);
        }
        let value = local[root % per_rank];
        let got = self
            .comm
            .broadcast(root / per_rank, core::slice::from_ref(&value))?;
        got.first().copied().ok_or(out_of_range)
    }
}
