//! Copies between device memory and pageable host memory (slices, `Vec`s, a value on the
//! stack), on the calling thread's stream. On the legacy stream they are the synchronous
//! copies; inside a `Stream::run` scope they are queued on the scope's stream, so that
//! they wait only for that stream's work and not for every blocking stream's, as a copy on
//! the legacy stream would.
//!
//! Both return with the host memory no longer in use: the driver takes a pageable source
//! into its staging memory before an upload returns, and a download is waited for. So the
//! host memory may be dropped at once; and none may be recorded into a graph (a replay
//! would read or write the host address later): [`crate::Error::Unrecordable`].

use crate::context::Device;
use crate::Result;
use core::ffi::c_void;
use cudarc::driver::sys::{self, CUdeviceptr};

/// Copies `bytes` bytes from the host at `src` to the device at `dst`, after the work queued
/// on the calling thread's stream.
///
/// # Safety
/// `src` is `bytes` readable bytes; `dst` a live allocation of `dev` with `bytes` bytes.
pub(crate) unsafe fn upload(
    dev: &Device,
    dst: CUdeviceptr,
    src: *const c_void,
    bytes: usize,
    during: &'static str,
) -> Result<()> {
    dev.refuse_recording(during)?;
    let copied = match dev.slot() {
        // SAFETY: as the caller guarantees; a pageable source is staged before the call
        // returns (the driver's documented behaviour for pageable uploads).
        Some(slot) => unsafe { sys::cuMemcpyHtoDAsync_v2(dst, src, bytes, slot.raw()) },
        // SAFETY: as the caller guarantees; synchronous, ordered after earlier kernels.
        None => unsafe { sys::cuMemcpyHtoD_v2(dst, src, bytes) },
    };
    copied.result().map_err(|e| dev.fail(during, e))
}

/// Copies `bytes` bytes from the device at `src` to the host at `dst`, after the work queued
/// on the calling thread's stream, and waits for the copy.
///
/// # Safety
/// `dst` is `bytes` writable bytes; `src` a live allocation of `dev` with `bytes` bytes.
pub(crate) unsafe fn download(
    dev: &Device,
    dst: *mut c_void,
    src: CUdeviceptr,
    bytes: usize,
    during: &'static str,
) -> Result<()> {
    dev.refuse_recording(during)?;
    match dev.slot() {
        Some(slot) => {
            // SAFETY: as the caller guarantees; waited for below before `dst` is used.
            unsafe { sys::cuMemcpyDtoHAsync_v2(dst, src, bytes, slot.raw()) }
                .result()
                .map_err(|e| dev.fail(during, e))?;
            // SAFETY: a live stream of the current context.
            unsafe { sys::cuStreamSynchronize(slot.raw()) }
                .result()
                .map_err(|e| dev.fail(during, e))
        }
        // SAFETY: as the caller guarantees; synchronous, ordered after earlier kernels.
        None => unsafe { sys::cuMemcpyDtoH_v2(dst, src, bytes) }
            .result()
            .map_err(|e| dev.fail(during, e)),
    }
}
