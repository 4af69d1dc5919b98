//! A 16-byte read-only vector load in inline PTX: `ld.global.nc.v4.b32`.
//!
//! The histograms read each sample once and write nothing the loads could see; the
//! non-coherent path and one `v4` instruction per 16 bytes keep their loop at one load per
//! run. (Through a plain Rust read of a 16-byte aligned array LLVM split the load into four
//! generic `ld.b32`, the array being spilled to local memory.)

use core::arch::asm;

/// The 16 bytes at `p` as four words.
///
/// # Safety
/// `p` must be a 16-byte aligned global address of 16 readable bytes that no thread writes
/// during the kernel.
#[inline(always)]
pub(crate) unsafe fn load_nc_v4(p: *const [u32; 4]) -> [u32; 4] {
    let (a, b, c, d): (u32, u32, u32, u32);
    // SAFETY: as the caller guarantees; reads 16 bytes and has no other effect.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; ld.global.nc.v4.b32 {{{a}, {b}, {c}, {d}}}, [g]; }}",
            a = out(reg32) a,
            b = out(reg32) b,
            c = out(reg32) c,
            d = out(reg32) d,
            p = in(reg64) p,
            options(readonly, nostack, preserves_flags),
        );
    }
    [a, b, c, d]
}
