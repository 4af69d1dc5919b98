//! 4-byte relaxed `.gpu` loads and stores: the radix sort's per-bin look-back words carry
//! flag and count in one word (no acquire needed, as for the packed scan words of
//! `atomics.rs`). Its histograms count with the `red` operations of `atomic_add.rs`.

use core::arch::asm;

/// `ld.relaxed.gpu.global.u32`.
///
/// # Safety
/// `p` must point to a live, 4-byte aligned `u32` in global memory.
#[inline(always)]
pub(crate) unsafe fn load_relaxed_u32(p: *const u32) -> u32 {
    let v: u32;
    // SAFETY: the caller guarantees a valid global address; reads 4 bytes.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; ld.relaxed.gpu.global.u32 {v}, [g]; }}",
            v = out(reg32) v,
            p = in(reg64) p,
        );
    }
    v
}

/// `st.relaxed.gpu.global.u32`.
///
/// # Safety
/// `p` must point to a live, 4-byte aligned `u32` in global memory.
#[inline(always)]
pub(crate) unsafe fn store_relaxed_u32(p: *mut u32, v: u32) {
    // SAFETY: the caller guarantees a valid global address; writes 4 bytes.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; st.relaxed.gpu.global.u32 [g], {v}; }}",
            p = in(reg64) p,
            v = in(reg32) v,
        );
    }
}
