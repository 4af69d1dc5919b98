//! The 16-byte unit that staged tiles move (`tile::deep`): a block moves its whole tile
//! between global and shared memory with coalesced 16-byte accesses (each warp instruction
//! covers 512 contiguous bytes), and each thread then takes its own 64-byte runs from shared
//! memory (CUB's `BLOCK_LOAD_TRANSPOSE`). Without it every warp instruction touches 32
//! separate 16-byte pieces spread over 2 KiB, which for stores means 32 partial-sector
//! writes to L2.

/// One 16-byte unit (a `v4.b32` access).
#[repr(C, align(16))]
#[derive(Clone, Copy)]
pub(crate) struct Unit([u32; 4]);

impl Unit {
    /// All bits zero (a placeholder that every use overwrites).
    pub(crate) const ZERO: Self = Self([0; 4]);
}

/// Copies one unit from shared to global memory as one `ld.shared.v4` and one
/// `st.global.v4`. Written out because LLVM lowers the plain 16-byte copy to two 8-byte
/// halves, and a warp of 8-byte stores at a 16-byte stride writes every sector twice.
///
/// # Safety
/// `src` is a 16-byte aligned shared address, `dst` a 16-byte aligned global one.
#[inline(always)]
pub(crate) unsafe fn copy_unit(src: *const Unit, dst: *mut Unit) {
    // SAFETY: as the caller guarantees; reads 16 bytes at `src`, writes 16 at `dst`.
    unsafe {
        core::arch::asm!(
            "{{ .reg .b64 s, g; .reg .b32 a, b, c, d;",
            "cvta.to.shared.u64 s, {src}; cvta.to.global.u64 g, {dst};",
            "ld.shared.v4.b32 {{a, b, c, d}}, [s];",
            "st.global.v4.b32 [g], {{a, b, c, d}}; }}",
            src = in(reg64) src,
            dst = in(reg64) dst,
        );
    }
}
