//! Relaxed counting atomics in inline PTX: `red` (no result) adds into shared and global
//! memory, a global `red.min`, and `atom.shared.add`, which returns the old count (the radix
//! ranking's warp counters). The histograms and the radix sort's digit counts add with
//! these; the gather check records the first offending position with the minimum. `red` lets
//! the SM retire the add without waiting for the old value, and no ordering is needed: the
//! counts are read after the kernel (or after a block barrier, for shared memory).

use core::arch::asm;

/// `red.shared.add.u32`: `*p += v`, atomically within the block.
///
/// # Safety
/// `p` must point to a live, 4-byte aligned `u32` in this block's shared memory.
#[inline(always)]
pub(crate) unsafe fn red_add_shared_u32(p: *mut u32, v: u32) {
    // SAFETY: as the caller guarantees; an atomic add of 4 bytes at `p`.
    unsafe {
        asm!(
            "{{ .reg .b64 s; cvta.to.shared.u64 s, {p}; red.shared.add.u32 [s], {v}; }}",
            p = in(reg64) p,
            v = in(reg32) v,
        );
    }
}

/// `atom.shared.add.u32`: `*p += v`, atomically within the block, returning the old `*p`.
///
/// # Safety
/// `p` must point to a live, 4-byte aligned `u32` in this block's shared memory.
#[inline(always)]
pub(crate) unsafe fn atom_add_shared_u32(p: *mut u32, v: u32) -> u32 {
    let old: u32;
    // SAFETY: as the caller guarantees; an atomic add of 4 bytes at `p`.
    unsafe {
        asm!(
            "{{ .reg .b64 s; cvta.to.shared.u64 s, {p}; atom.shared.add.u32 {old}, [s], {v}; }}",
            old = out(reg32) old,
            p = in(reg64) p,
            v = in(reg32) v,
        );
    }
    old
}

/// `red.relaxed.gpu.global.add.u32`: `*p += v`, atomically device-wide.
///
/// # Safety
/// `p` must point to a live, 4-byte aligned `u32` in global memory.
#[inline(always)]
pub(crate) unsafe fn red_add_global_u32(p: *mut u32, v: u32) {
    // SAFETY: as the caller guarantees; an atomic add of 4 bytes at `p`.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; red.relaxed.gpu.global.add.u32 [g], {v}; }}",
            p = in(reg64) p,
            v = in(reg32) v,
        );
    }
}

/// `red.relaxed.gpu.global.add.u64`: `*p += v`, atomically device-wide.
///
/// # Safety
/// `p` must point to a live, 8-byte aligned `u64` in global memory.
#[inline(always)]
pub(crate) unsafe fn red_add_global_u64(p: *mut u64, v: u64) {
    // SAFETY: as the caller guarantees; an atomic add of 8 bytes at `p`.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; red.relaxed.gpu.global.add.u64 [g], {v}; }}",
            p = in(reg64) p,
            v = in(reg64) v,
        );
    }
}

/// `red.relaxed.gpu.global.min.u64`: `*p = min(*p, v)`, atomically device-wide.
///
/// # Safety
/// `p` must point to a live, 8-byte aligned `u64` in global memory.
#[inline(always)]
pub(crate) unsafe fn red_min_global_u64(p: *mut u64, v: u64) {
    // SAFETY: as the caller guarantees; an atomic minimum of 8 bytes at `p`.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; red.relaxed.gpu.global.min.u64 [g], {v}; }}",
            p = in(reg64) p,
            v = in(reg64) v,
        );
    }
}
