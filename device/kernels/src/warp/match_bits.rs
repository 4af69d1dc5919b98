//! The lanes holding the same low bits, by one ballot per bit: `match.any.sync` does it in
//! one instruction, but a long-latency one that each ranked item then waits on; a ballot per
//! bit costs a few cheap vote and logic instructions that pipeline (CUB's onesweep ranks
//! 8-bit digits this way). Profile: `benches/RESULTS.md#radix-sort-early-counts`.

/// Bit `l` is set when lane `l`'s value has the same low `BITS` bits as this lane's.
#[inline(always)]
pub fn match_bits<const BITS: u32>(v: u32) -> u32 {
    let mut peers = u32::MAX;
    let mut b = 0;
    while b < BITS {
        // Written in PTX so that the bit test stays a predicate (no 0/1 value to sign-extend):
        // the lanes with the bit set, complemented where this lane's bit is clear.
        // SAFETY: a warp vote over registers; all lanes call it (module contract).
        unsafe {
            core::arch::asm!(
                "{{ .reg .pred p; .reg .b32 t; and.b32 t, {v}, {bit}; setp.ne.u32 p, t, 0; \
                   vote.sync.ballot.b32 t, p, 0xffffffff; @!p not.b32 t, t; \
                   and.b32 {m}, {m}, t; }}",
                m = inout(reg32) peers,
                v = in(reg32) v,
                bit = in(reg32) 1_u32 << b,
            );
        }
        b += 1;
    }
    peers
}
