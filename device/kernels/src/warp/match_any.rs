//! `match.any.sync`: the lanes holding the same value (sm_70 and later).

/// Bit `l` is set when lane `l` holds the same `v` as this lane (`match.any.sync.b32`).
/// The radix sort ranks a warp's keys by digit with it: one instruction finds a key's peers.
#[inline(always)]
pub fn match_any(v: u32) -> u32 {
    let mask: u32;
    // SAFETY: a warp-synchronous comparison of registers; all lanes call it (module contract
    // of `warp`).
    unsafe {
        core::arch::asm!(
            "match.any.sync.b32 {m}, {v}, 0xffffffff;",
            m = out(reg32) mask,
            v = in(reg32) v,
        );
    }
    mask
}
