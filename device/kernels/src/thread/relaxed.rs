//! 4-byte relaxed `.gpu` loads and stores, and reductions: the radix sort's per-bin
//! look-back words carry flag and count in one word (no acquire needed, as for the packed
//! scan words of `atomics.rs`), and its histograms add into shared and global counters.

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

/// `red.shared.add.u32`: adds `v` to a shared counter, no result.
///
/// # Safety
/// `p` must point to a live, 4-byte aligned `u32` in this block's shared memory.
#[inline(always)]
pub(crate) unsafe fn shared_add_u32(p: *mut u32, v: u32) {
    // SAFETY: the caller guarantees a valid shared address; an atomic add of 4 bytes.
    unsafe {
        asm!(
            "{{ .reg .b64 s; cvta.to.shared.u64 s, {p}; red.shared.add.u32 [s], {v}; }}",
            p = in(reg64) p,
            v = in(reg32) v,
        );
    }
}

/// `red.relaxed.gpu.global.add.u64`: adds `v` to a global counter, no result.
///
/// # Safety
/// `p` must point to a live, 8-byte aligned `u64` in global memory.
#[inline(always)]
pub(crate) unsafe fn global_add_u64(p: *mut u64, v: u64) {
    // SAFETY: the caller guarantees a valid global address; an atomic add of 8 bytes.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; red.relaxed.gpu.global.add.u64 [g], {v}; }}",
            p = in(reg64) p,
            v = in(reg64) v,
        );
    }
}
