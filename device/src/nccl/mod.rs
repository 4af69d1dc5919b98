//! NCCL, loaded at run time (feature `nccl`): the communicator that joins the processes (or
//! threads) of a sharded computation, one GPU each, and the two exchanges the sharded
//! algorithms need, on byte strings, and point-to-point transfers of device buffers
//! (`p2p.rs`). `sys.rs` holds the C API.
//!
//! A communicator is made by every participant at once from the same [`UniqueId`]: one
//! participant makes the id and shares it (as text: [`UniqueId::to_hex`]) through a file, an
//! environment variable or whatever the program already has; `parallaxis::shard::Nccl` does
//! that through a file. The exchanges run on the device's legacy default stream, the one
//! parallaxis's own work uses, so they are ordered after it.

mod p2p;
mod sys;

pub use p2p::Transfer;
pub use sys::NCCL_LIB_ENV;

use crate::{Device, DeviceBuffer, Error, Result};
use core::ffi::c_void;
use core::mem::{size_of, size_of_val};
use parallaxis_core::DeviceCopy;
use sys::{api, RawComm, RawUniqueId};

/// NCCL's version as `(major, minor, patch)`.
///
/// # Errors
/// [`Error::Collective`] when NCCL cannot be loaded.
pub fn version() -> Result<(u32, u32, u32)> {
    let code = api()?.version()?.max(0) as u32;
    Ok((code / 10000, code / 100 % 100, code % 100))
}

/// The name of one communicator: 128 opaque bytes made by one participant and given to all
/// (it holds the address where the participants meet).
#[derive(Clone, Copy)]
pub struct UniqueId(RawUniqueId);

impl core::fmt::Debug for UniqueId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("UniqueId(..)")
    }
}

impl UniqueId {
    /// A new id (`ncclGetUniqueId`).
    ///
    /// # Errors
    /// [`Error::Collective`] when NCCL cannot be loaded or fails.
    pub fn new() -> Result<Self> {
        Ok(Self(api()?.unique_id()?))
    }

    /// The id as 256 lowercase hex digits, to pass to the other participants.
    pub fn to_hex(&self) -> String {
        self.0
            .internal
            .iter()
            .map(|&b| format!("{:02x}", b as u8))
            .collect()
    }

    /// The id from [`to_hex`](Self::to_hex)'s text (surrounding whitespace ignored).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] unless the text is 256 hex digits.
    ///
    /// ```
    /// use parallaxis_device::nccl::UniqueId;
    /// let text = "0a".repeat(128);
    /// assert_eq!(UniqueId::from_hex(&text)?.to_hex(), text);
    /// assert!(UniqueId::from_hex("0a").is_err());
    /// # Ok::<(), parallaxis_device::Error>(())
    /// ```
    pub fn from_hex(text: &str) -> Result<Self> {
        let bad = Error::InvalidArgument {
            what: "NCCL unique id",
            reason: "must be 256 hex digits (UniqueId::to_hex)",
        };
        let text = text.trim().as_bytes();
        if text.len() != 256 {
            return Err(bad);
        }
        let mut id = RawUniqueId { internal: [0; 128] };
        for (byte, pair) in id.internal.iter_mut().zip(text.chunks_exact(2)) {
            let pair = core::str::from_utf8(pair).map_err(|_| bad.clone())?;
            *byte = u8::from_str_radix(pair, 16).map_err(|_| bad.clone())? as _;
        }
        Ok(Self(id))
    }
}

/// One participant's end of an NCCL communicator: rank `rank` of `world`, on one device.
/// Every participant makes its own at the same time, from the same [`UniqueId`]
/// (`ncclCommInitRank` waits until all have joined). Used from one thread at a time.
pub struct Communicator {
    comm: RawComm,
    device: &'static Device,
    rank: usize,
    world: usize,
}

// SAFETY: an NCCL communicator may be used from any thread, one call at a time; `&self`
// methods are not shared across threads (`Communicator` is not `Sync`).
unsafe impl Send for Communicator {}

impl core::fmt::Debug for Communicator {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Communicator")
            .field("rank", &self.rank)
            .field("world", &self.world)
            .field("device", &self.device.ordinal())
            .finish()
    }
}

impl Communicator {
    /// Joins the communicator `id` as rank `rank` of `world`, on `device`. Blocks until every
    /// rank has joined.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] unless `rank < world`; [`Error::Collective`] when NCCL
    /// cannot be loaded or the ranks cannot meet; a poisoned device.
    pub fn new(device: &'static Device, rank: usize, world: usize, id: &UniqueId) -> Result<Self> {
        let (Ok(r), Ok(w)) = (i32::try_from(rank), i32::try_from(world)) else {
            return Err(Error::InvalidArgument {
                what: "NCCL rank and world size",
                reason: "must fit in an i32",
            });
        };
        if rank >= world {
            return Err(Error::InvalidArgument {
                what: "NCCL rank",
                reason: "must be below the world size",
            });
        }
        let api = api()?;
        device.enter()?;
        // SAFETY: the device's context is current (`enter`); every rank makes this call.
        let comm = unsafe { api.init_rank(w, id.0, r)? };
        Ok(Self {
            comm,
            device,
            rank,
            world,
        })
    }

    /// This participant's rank.
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// The number of participants.
    pub fn world(&self) -> usize {
        self.world
    }

    /// The device this participant's exchanges run on.
    pub fn device(&self) -> &'static Device {
        self.device
    }

    /// Every rank's `local`, in rank order (`ncclAllGather`): `world · local.len()` values.
    /// Every rank must pass the same number of values. The values travel as their bytes
    /// (padding included), copied by the driver and NCCL, never read as bytes by Rust.
    ///
    /// # Errors
    /// [`Error::Collective`] when NCCL fails; out of device memory; a device fault.
    pub fn all_gather<T: DeviceCopy>(&self, local: &[T]) -> Result<Vec<T>> {
        self.collective(local, self.world, |api, send, recv, bytes| {
            // SAFETY: `send` holds `bytes` and `recv` `world` times that many bytes on the
            // communicator's device (`collective`).
            unsafe { api.all_gather(send, recv, bytes, self.comm) }
        })
    }

    /// Rank `root`'s `local` on every rank (`ncclBroadcast`); every rank passes a slice of the
    /// same length (read on the root only).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] unless `root < world`; as
    /// [`all_gather`](Self::all_gather).
    pub fn broadcast<T: DeviceCopy>(&self, root: usize, local: &[T]) -> Result<Vec<T>> {
        if root >= self.world {
            return Err(Error::InvalidArgument {
                what: "broadcast root rank",
                reason: "must be below the world size",
            });
        }
        self.collective(local, 1, |api, send, recv, bytes| {
            // SAFETY: both hold `bytes` bytes on the communicator's device (`collective`);
            // `root` fits in an i32 (below `world`, checked at creation).
            unsafe { api.broadcast(send, recv, bytes, root as i32, self.comm) }
        })
    }

    /// `local` uploaded, `call(api, send, recv, bytes of local)` into `parts` times as many
    /// values on the communicator's device, and the result read back (waiting for it).
    fn collective<T: DeviceCopy>(
        &self,
        local: &[T],
        parts: usize,
        call: impl FnOnce(&sys::Api, *const c_void, *mut c_void, usize) -> Result<()>,
    ) -> Result<Vec<T>> {
        if local.is_empty() || size_of::<T>() == 0 {
            return Ok(Vec::new());
        }
        let send = DeviceBuffer::from_slice_on(self.device, local)?;
        let mut recv = DeviceBuffer::<T>::zeroed_on(self.device, local.len() * parts)?;
        self.device.enter()?;
        call(
            api()?,
            send.as_ptr().cast::<c_void>(),
            recv.as_mut_ptr().cast::<c_void>(),
            size_of_val(local),
        )?;
        // Both buffers live past `to_vec`, which waits for the stream NCCL queued on.
        recv.to_vec()
    }
}

impl Drop for Communicator {
    fn drop(&mut self) {
        if let Ok(api) = api() {
            let _ = self.device.enter();
            // SAFETY: made by `init_rank`, destroyed once, here. A failure cannot be
            // reported from `drop`; the process keeps running without the communicator.
            let _ = unsafe { api.destroy(self.comm) };
        }
    }
}
