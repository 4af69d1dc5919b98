//! The least position a kernel finds: one word of the scratch set to `u64::MAX`, a kernel
//! that lowers it with atomic minima (gather's map check, `find_if`), and the word read back.

use crate::context::Device;
use crate::stream::host_copy::download;
use crate::Result;
use cudarc::driver::sys;
use std::mem::size_of;

/// Sets a word of `dev`'s scratch to `u64::MAX`, runs `queue` with its address, and returns
/// the word once the work `queue` queued has run (waits). `during` names the operation in
/// errors; it is refused while the thread records a graph (the answer goes to the host).
///
/// # Safety
/// `queue` queues, on the calling thread's stream, only work that changes the word through
/// atomic minima and writes nothing else, and whose inputs stay live until this returns.
pub(super) unsafe fn least_position(
    dev: &Device,
    during: &'static str,
    queue: impl FnOnce(*mut u64) -> Result<()>,
) -> Result<u64> {
    dev.refuse_recording(during)?;
    let mut scratch = dev.scratch();
    let slot = scratch.reserve(dev, size_of::<u64>())?;
    // SAFETY: `slot` holds at least 8 bytes; two 32-bit words of all ones make u64::MAX.
    unsafe { sys::cuMemsetD32Async(slot, u32::MAX, 2, dev.stream()) }
        .result()
        .map_err(|e| dev.fail(during, e))?;
    queue(slot as *mut u64)?;
    let mut least = u64::MAX;
    // SAFETY: 8 bytes from the slot, which the scratch lock keeps for this operation, into a
    // local; waits for the work queued before it.
    unsafe { download(dev, (&raw mut least).cast(), slot, size_of::<u64>(), during) }?;
    Ok(least)
}
