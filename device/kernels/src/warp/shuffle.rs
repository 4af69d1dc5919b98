//! Shuffles for any `Copy` value: the value is split into 32-bit words, each word shuffled
//! with `shfl.sync`, and the words reassembled. A value's padding bytes (if it has any) come
//! through unspecified, which no kernel reads (the tail of `Partial<T>` for an 8-byte aligned
//! `T`, the middle of `Indexed<T>` for a 4-byte `T`).

use core::mem::size_of;
use core::ptr;

/// All 32 lanes take part.
const FULL_MASK: u32 = 0xffff_ffff;
/// The largest value a shuffle moves: 12 words (48 bytes; `Partial<AffineMap<i64>>` is 24,
/// `Partial<MinMax<f64>>` of `minmax_element` 40).
const MAX_WORDS: usize = 12;
/// `c` operand of `shfl.up`: lanes below `delta` keep their own value.
const UP_CLAMP: u32 = 0;
/// `c` operand of `shfl.down` / `shfl.idx`: the segment is the whole warp (lanes 0..=31).
const DOWN_CLAMP: u32 = 0x1f;

#[allow(improper_ctypes)]
unsafe extern "C" {
    #[link_name = "llvm.nvvm.shfl.sync.up.i32"]
    fn shfl_up_i32(mask: u32, value: u32, delta: u32, c: u32) -> u32;
    #[link_name = "llvm.nvvm.shfl.sync.idx.i32"]
    fn shfl_idx_i32(mask: u32, value: u32, lane: u32, c: u32) -> u32;
}

/// Applies `op` to each 32-bit word of `v` and reassembles the result.
#[inline(always)]
fn by_words<T: Copy>(v: T, op: impl Fn(u32) -> u32) -> T {
    const {
        assert!(
            size_of::<T>() <= 4 * MAX_WORDS,
            "shuffled values are at most 48 bytes"
        )
    };
    let mut words = [0_u32; MAX_WORDS];
    // SAFETY: `words` has room for `size_of::<T>()` bytes (checked above); an untyped byte
    // copy of a `Copy` value.
    unsafe {
        ptr::copy_nonoverlapping(
            (&v as *const T).cast::<u8>(),
            words.as_mut_ptr().cast::<u8>(),
            size_of::<T>(),
        );
    }
    // Constant-trip index loop: unrolls fully, so `words` stays in registers.
    #[allow(clippy::needless_range_loop)]
    for w in 0..size_of::<T>().div_ceil(4) {
        words[w] = op(words[w]);
    }
    // SAFETY: the words hold the bytes of a `T` produced by a lane of this warp (shuffles
    // move whole words between lanes of the same type); `read_unaligned` because `words` is
    // only 4-byte aligned.
    unsafe { ptr::read_unaligned(words.as_ptr().cast::<T>()) }
}

/// The value of lane `lane - delta` (own value for lanes below `delta`).
#[inline(always)]
pub fn shuffle_up<T: Copy>(v: T, delta: u32) -> T {
    // SAFETY: a warp-synchronous register exchange; all lanes call it (module contract).
    by_words(v, |w| unsafe { shfl_up_i32(FULL_MASK, w, delta, UP_CLAMP) })
}

/// The value of lane `src`.
#[inline(always)]
pub fn shuffle_idx<T: Copy>(v: T, src: u32) -> T {
    // SAFETY: a warp-synchronous register exchange; all lanes call it (module contract).
    by_words(v, |w| unsafe {
        shfl_idx_i32(FULL_MASK, w, src, DOWN_CLAMP)
    })
}

/// Bit `l` is set when lane `l`'s `pred` is true (`vote.sync.ballot.b32`).
#[inline(always)]
pub fn ballot(pred: bool) -> u32 {
    let mask: u32;
    // SAFETY: a warp vote over registers; all lanes call it (module contract).
    unsafe {
        core::arch::asm!(
            "{{ .reg .pred p; setp.ne.u32 p, {v}, 0; vote.sync.ballot.b32 {m}, p, 0xffffffff; }}",
            m = out(reg32) mask,
            v = in(reg32) u32::from(pred),
        );
    }
    mask
}
