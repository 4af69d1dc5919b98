//! Hints to LLVM and ptxas about loops, in inline PTX that costs no instruction.

/// `v`, through an empty inline-assembly move that LLVM can neither see through nor move:
/// a loop whose counter advances through it has no computable trip count, so LLVM does not
/// unroll it, and values computed from it inside a loop are not hoisted out of it. The
/// stencil kernel uses both: unrolled 4 times, its tap loop held 32 loaded values at once,
/// and per-thread tile coordinates hoisted out of its tile loop stayed live across it (96 to
/// 148 registers instead of 60). ptxas removes the move.
#[inline(always)]
pub fn opaque(v: u32) -> u32 {
    let out: u32;
    // SAFETY: a register move; no memory is touched.
    unsafe {
        core::arch::asm!(
            "mov.u32 {o}, {i};",
            o = out(reg32) out,
            i = in(reg32) v,
            options(nomem, nostack),
        );
    }
    out
}

/// Marks the enclosing loop "do not unroll" for ptxas (`.pragma "nounroll"`, which applies
/// to the loop whose header block holds it: call it first thing in the loop body). ptxas
/// otherwise unrolls short loops with run-time trip counts by 4, which in the stencil's tap
/// loop keeps 4 taps' loaded values in registers at once.
#[inline(always)]
pub fn no_unroll() {
    // SAFETY: a directive to the assembler; no instruction is emitted.
    unsafe { core::arch::asm!(".pragma \"nounroll\";", options(nomem, nostack)) };
}
