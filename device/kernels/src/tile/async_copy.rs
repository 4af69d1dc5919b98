//! Asynchronous copies from global to shared memory (`cp.async`, sm_80 and later).
//!
//! A `cp.async` moves an element without passing through registers and without stalling the
//! thread: a block can have the next tile's loads in flight while it computes the current
//! one, and a thread can have as many copies in flight as it issues (plain loads are limited
//! by the registers that receive them). Copies are grouped with [`commit`] and waited for by
//! group ([`wait_all_but`], [`wait_all`]); a barrier after the wait makes every
//! thread's copies visible to the block.

use core::arch::asm;
use core::mem::{align_of, size_of};

/// `true` when `T` moves as one `cp.async` (4, 8 or 16 bytes, aligned to its size); other
/// types are copied with a plain load and store by [`copy_async`].
pub(crate) const fn copies_async<T>() -> bool {
    let size = size_of::<T>();
    (size == 4 || size == 8 || size == 16) && align_of::<T>() == size
}

/// Starts copying `*src` (global memory) to `*dst` (shared memory).
///
/// # Safety
/// `src` is a readable global address and `dst` a shared-memory address, both aligned for
/// `T`; nothing accesses `*dst` until this thread has waited for the copy's group and a
/// barrier has followed (for other threads' accesses).
#[inline(always)]
pub(crate) unsafe fn copy_async<T: Copy>(dst: *mut T, src: *const T) {
    if !copies_async::<T>() {
        // SAFETY: as the caller guarantees; a synchronous copy satisfies the same contract.
        unsafe { dst.write(src.read()) };
        return;
    }
    // SAFETY: `dst` is shared and `src` global (caller contract), aligned for the copy's size
    // (`copies_async`); the instruction writes `size_of::<T>()` bytes at `dst` only.
    unsafe {
        match size_of::<T>() {
            4 => asm!(
                "{{ .reg .b64 s, g; cvta.to.shared.u64 s, {d}; cvta.to.global.u64 g, {s};",
                "cp.async.ca.shared.global [s], [g], 4; }}",
                d = in(reg64) dst,
                s = in(reg64) src,
            ),
            8 => asm!(
                "{{ .reg .b64 s, g; cvta.to.shared.u64 s, {d}; cvta.to.global.u64 g, {s};",
                "cp.async.ca.shared.global [s], [g], 8; }}",
                d = in(reg64) dst,
                s = in(reg64) src,
            ),
            _ => asm!(
                "{{ .reg .b64 s, g; cvta.to.shared.u64 s, {d}; cvta.to.global.u64 g, {s};",
                "cp.async.cg.shared.global [s], [g], 16; }}",
                d = in(reg64) dst,
                s = in(reg64) src,
            ),
        }
    }
}

/// Closes this thread's group of copies issued since the last commit (an empty group when
/// there were none, so every thread of a block counts groups alike).
///
/// # Safety
/// None beyond the copies' own contracts; `unsafe` because it orders memory effects.
#[inline(always)]
pub(crate) unsafe fn commit() {
    // SAFETY: only marks a group boundary.
    unsafe { asm!("cp.async.commit_group;") };
}

/// Waits until at most the `newest` most recently committed groups of this thread are still
/// in flight (`cp.async.wait_group` takes an immediate: `newest` must be known at compile
/// time, at most 7).
///
/// # Safety
/// As [`commit`].
#[inline(always)]
pub(crate) unsafe fn wait_all_but(newest: u32) {
    // SAFETY: only waits.
    unsafe {
        match newest {
            0 => asm!("cp.async.wait_group 0;"),
            1 => asm!("cp.async.wait_group 1;"),
            2 => asm!("cp.async.wait_group 2;"),
            3 => asm!("cp.async.wait_group 3;"),
            4 => asm!("cp.async.wait_group 4;"),
            5 => asm!("cp.async.wait_group 5;"),
            6 => asm!("cp.async.wait_group 6;"),
            _ => asm!("cp.async.wait_group 7;"),
        }
    }
}

/// Waits for every copy this thread has issued.
///
/// # Safety
/// As [`commit`].
#[inline(always)]
pub(crate) unsafe fn wait_all() {
    // SAFETY: only waits.
    unsafe { asm!("cp.async.wait_all;") };
}
