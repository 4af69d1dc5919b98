//! Loads with cache hints, in inline PTX.
//!
//! `ld.global.cs` (cache streaming) marks the line evict-first in L1 and L2. The CSR merge
//! kernel reads each column index and value exactly once; with plain loads those 8 bytes per
//! nonzero pushed the gathered `x` out of L2 (H100, the power-law matrix of `peers.cu`: 283
//! MB of DRAM traffic against the 255 MB every SpMV must move, where cuSPARSE moves 256).
//! Pointers arrive as generic addresses; each load converts its operand with
//! `cvta.to.global` first, as the `.global` state space requires.

use core::arch::asm;
use core::mem::{align_of, size_of, transmute_copy};

/// `*p`, read with `ld.global.cs` when `T` is 4 or 8 bytes and aligned to its size (any other
/// type: a plain load).
///
/// # Safety
/// `p` must point to a live, aligned `T` in global memory that no thread writes during the
/// kernel.
#[inline(always)]
pub(crate) unsafe fn load_streaming<T: Copy>(p: *const T) -> T {
    let size = size_of::<T>();
    if align_of::<T>() != size {
        // SAFETY: caller contract.
        return unsafe { p.read() };
    }
    match size {
        4 => {
            let v: u32;
            // SAFETY: the caller guarantees `p` is a valid, aligned global address of 4
            // bytes; the instruction reads them and has no other effect.
            unsafe {
                asm!(
                    "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; ld.global.cs.b32 {v}, [g]; }}",
                    v = out(reg32) v,
                    p = in(reg64) p,
                    options(readonly, nostack, preserves_flags),
                );
                // SAFETY: `T` is 4 bytes and `v` holds the bytes of a `T`.
                transmute_copy::<u32, T>(&v)
            }
        }
        8 => {
            let v: u64;
            // SAFETY: as above, for 8 bytes.
            unsafe {
                asm!(
                    "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; ld.global.cs.b64 {v}, [g]; }}",
                    v = out(reg64) v,
                    p = in(reg64) p,
                    options(readonly, nostack, preserves_flags),
                );
                // SAFETY: `T` is 8 bytes and `v` holds the bytes of a `T`.
                transmute_copy::<u64, T>(&v)
            }
        }
        // SAFETY: caller contract.
        _ => unsafe { p.read() },
    }
}
