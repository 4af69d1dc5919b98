//! The NCCL C API that parallaxis calls, loaded at run time (as the driver is), and the one
//! place where its functions are called. NCCL's library is `libnccl.so.2` (the runtime
//! package and the `nvidia-nccl-cu*` wheels ship only that name, which cudarc's loader does
//! not try), else `libnccl.so`, else the path in `PARALLAX_NCCL_LIB`.

use crate::{Error, Result};
use core::ffi::{c_char, c_int, c_void, CStr};
use std::sync::OnceLock;

/// Environment variable with the path of the NCCL library, tried first.
pub const NCCL_LIB_ENV: &str = "PARALLAX_NCCL_LIB";

/// `ncclUniqueId`: the 128 opaque bytes that name one communicator.
#[repr(C)]
#[derive(Clone, Copy)]
pub(super) struct RawUniqueId {
    pub(super) internal: [c_char; 128],
}

/// `ncclComm_t`.
pub(super) type RawComm = *mut c_void;
/// `ncclResult_t` (0 is `ncclSuccess`).
type NcclResult = c_int;
/// `ncclDataType_t` `ncclUint8`: every exchange moves bytes.
pub(super) const NCCL_UINT8: c_int = 1;

/// The functions parallaxis uses, resolved once.
pub(super) struct Api {
    /// Keeps the library mapped for the process's lifetime.
    _lib: libloading::Library,
    get_version: unsafe extern "C" fn(*mut c_int) -> NcclResult,
    get_unique_id: unsafe extern "C" fn(*mut RawUniqueId) -> NcclResult,
    comm_init_rank: unsafe extern "C" fn(*mut RawComm, c_int, RawUniqueId, c_int) -> NcclResult,
    comm_destroy: unsafe extern "C" fn(RawComm) -> NcclResult,
    all_gather: unsafe extern "C" fn(
        *const c_void,
        *mut c_void,
        usize,
        c_int,
        RawComm,
        *mut c_void,
    ) -> NcclResult,
    broadcast: unsafe extern "C" fn(
        *const c_void,
        *mut c_void,
        usize,
        c_int,
        c_int,
        RawComm,
        *mut c_void,
    ) -> NcclResult,
    send: unsafe extern "C" fn(
        *const c_void,
        usize,
        c_int,
        c_int,
        RawComm,
        *mut c_void,
    ) -> NcclResult,
    recv:
        unsafe extern "C" fn(*mut c_void, usize, c_int, c_int, RawComm, *mut c_void) -> NcclResult,
    group_start: unsafe extern "C" fn() -> NcclResult,
    group_end: unsafe extern "C" fn() -> NcclResult,
    error_string: unsafe extern "C" fn(NcclResult) -> *const c_char,
}

/// The loaded API, or why it could not be loaded (asked once per process).
pub(super) fn api() -> Result<&'static Api> {
    static API: OnceLock<core::result::Result<Api, String>> = OnceLock::new();
    API.get_or_init(load)
        .as_ref()
        .map_err(|reason| Error::Collective {
            during: "loading NCCL",
            reason: reason.clone(),
        })
}

fn load() -> core::result::Result<Api, String> {
    let mut names: Vec<String> = std::env::var(NCCL_LIB_ENV).into_iter().collect();
    names.extend(["libnccl.so.2".to_owned(), "libnccl.so".to_owned()]);
    let mut tried = Vec::new();
    for name in &names {
        // SAFETY: loading NCCL runs its initialisers, which only set up the library's own
        // state.
        match unsafe { libloading::Library::new(name) } {
            Ok(lib) => return resolve(lib).map_err(|e| format!("{name}: {e}")),
            Err(e) => tried.push(format!("{name}: {e}")),
        }
    }
    Err(format!(
        "no NCCL library found (set {NCCL_LIB_ENV} to its path); tried {}",
        tried.join("; ")
    ))
}

fn resolve(lib: libloading::Library) -> core::result::Result<Api, libloading::Error> {
    // SAFETY: each symbol is declared with the signature of NCCL 2's `nccl.h` (stable across
    // NCCL 2 releases), and the library outlives the pointers (`_lib`).
    unsafe {
        Ok(Api {
            get_version: *lib.get(b"ncclGetVersion\0")?,
            get_unique_id: *lib.get(b"ncclGetUniqueId\0")?,
            comm_init_rank: *lib.get(b"ncclCommInitRank\0")?,
            comm_destroy: *lib.get(b"ncclCommDestroy\0")?,
            all_gather: *lib.get(b"ncclAllGather\0")?,
            broadcast: *lib.get(b"ncclBroadcast\0")?,
            send: *lib.get(b"ncclSend\0")?,
            recv: *lib.get(b"ncclRecv\0")?,
            group_start: *lib.get(b"ncclGroupStart\0")?,
            group_end: *lib.get(b"ncclGroupEnd\0")?,
            error_string: *lib.get(b"ncclGetErrorString\0")?,
            _lib: lib,
        })
    }
}

impl Api {
    /// `Ok` for `ncclSuccess`, else the library's message.
    fn check(&self, during: &'static str, r: NcclResult) -> Result<()> {
        if r == 0 {
            return Ok(());
        }
        // SAFETY: NCCL returns a static string for every result code.
        let text = unsafe { CStr::from_ptr((self.error_string)(r)) };
        Err(Error::Collective {
            during,
            reason: format!("{} (ncclResult_t {r})", text.to_string_lossy()),
        })
    }

    /// NCCL's version code (`major * 10000 + minor * 100 + patch` since 2.9).
    pub(super) fn version(&self) -> Result<i32> {
        let mut v = 0;
        // SAFETY: writes one int.
        self.check("ncclGetVersion", unsafe { (self.get_version)(&mut v) })?;
        Ok(v)
    }

    pub(super) fn unique_id(&self) -> Result<RawUniqueId> {
        let mut id = RawUniqueId { internal: [0; 128] };
        // SAFETY: writes the 128-byte id.
        self.check("ncclGetUniqueId", unsafe { (self.get_unique_id)(&mut id) })?;
        Ok(id)
    }

    /// # Safety
    /// The device's context is current on this thread; every rank calls it.
    pub(super) unsafe fn init_rank(
        &self,
        world: c_int,
        id: RawUniqueId,
        rank: c_int,
    ) -> Result<RawComm> {
        let mut comm: RawComm = core::ptr::null_mut();
        // SAFETY: as the caller guarantees; writes the handle.
        let r = unsafe { (self.comm_init_rank)(&mut comm, world, id, rank) };
        self.check("ncclCommInitRank", r)?;
        Ok(comm)
    }

    /// # Safety
    /// `comm` came from [`Self::init_rank`] and is destroyed once.
    pub(super) unsafe fn destroy(&self, comm: RawComm) -> Result<()> {
        // SAFETY: as the caller guarantees.
        self.check("ncclCommDestroy", unsafe { (self.comm_destroy)(comm) })
    }

    /// # Safety
    /// `send` holds `bytes` and `recv` `bytes · world` device bytes of the communicator's
    /// device, live until the stream (the null stream) reaches the copy.
    pub(super) unsafe fn all_gather(
        &self,
        send: *const c_void,
        recv: *mut c_void,
        bytes: usize,
        comm: RawComm,
    ) -> Result<()> {
        // SAFETY: as the caller guarantees; the null stream is the legacy default stream.
        let r = unsafe {
            (self.all_gather)(send, recv, bytes, NCCL_UINT8, comm, core::ptr::null_mut())
        };
        self.check("ncclAllGather", r)
    }

    /// # Safety
    /// `send` (read on the root only) and `recv` hold `bytes` device bytes of the
    /// communicator's device, live until the null stream reaches the copy.
    pub(super) unsafe fn broadcast(
        &self,
        send: *const c_void,
        recv: *mut c_void,
        bytes: usize,
        root: c_int,
        comm: RawComm,
    ) -> Result<()> {
        // SAFETY: as the caller guarantees.
        let r = unsafe {
            (self.broadcast)(
                send,
                recv,
                bytes,
                NCCL_UINT8,
                root,
                comm,
                core::ptr::null_mut(),
            )
        };
        self.check("ncclBroadcast", r)
    }

    /// Opens a group: the sends and receives until [`Self::group_end`] are issued together
    /// (so two ranks may each send to the other without deadlocking).
    pub(super) fn group_start(&self) -> Result<()> {
        // SAFETY: no arguments; NCCL counts nested groups per thread.
        self.check("ncclGroupStart", unsafe { (self.group_start)() })
    }

    /// Closes the group opened by [`Self::group_start`], queuing its transfers.
    pub(super) fn group_end(&self) -> Result<()> {
        // SAFETY: no arguments; called once per `group_start`.
        self.check("ncclGroupEnd", unsafe { (self.group_end)() })
    }

    /// # Safety
    /// `send` holds `bytes` device bytes of the communicator's device, live until the null
    /// stream reaches the transfer; rank `peer` posts a receive of as many bytes.
    pub(super) unsafe fn send(
        &self,
        send: *const c_void,
        bytes: usize,
        peer: c_int,
        comm: RawComm,
    ) -> Result<()> {
        // SAFETY: as the caller guarantees; the null stream is the legacy default stream.
        let r = unsafe { (self.send)(send, bytes, NCCL_UINT8, peer, comm, core::ptr::null_mut()) };
        self.check("ncclSend", r)
    }

    /// # Safety
    /// `recv` holds `bytes` writable device bytes of the communicator's device, live and
    /// unread until the null stream reaches the transfer; rank `peer` posts a send of as many
    /// bytes.
    pub(super) unsafe fn recv(
        &self,
        recv: *mut c_void,
        bytes: usize,
        peer: c_int,
        comm: RawComm,
    ) -> Result<()> {
        // SAFETY: as the caller guarantees; the null stream is the legacy default stream.
        let r = unsafe { (self.recv)(recv, bytes, NCCL_UINT8, peer, comm, core::ptr::null_mut()) };
        self.check("ncclRecv", r)
    }
}
