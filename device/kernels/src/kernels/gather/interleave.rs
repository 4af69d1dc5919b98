//! One field of an array of `#[repr(C)]` structs written from a plain array: how CUDA writes
//! a `zip` of stored sequences out as `Pair`s or `Triple`s, one strided copy per field. The
//! field is moved as words (as reverse moves elements), so one kernel per word size serves
//! every field type of every struct.

use super::{grid_stride, K, STEP};
use crate::params::gather::InterleaveParams;
use crate::tile::Gathered;

/// Word `j` of source element `i` to word `i * pitch + offset + j` of the destination: the
/// reads are coalesced, the writes `pitch` words apart.
///
/// PTX: `parallax_interleave__<W>__Word`.
///
/// # Safety
/// `src` readable for `n * per` words; `dst` writable at word `i * pitch + offset + j` for
/// every `i < n`, `j < per`; the two do not overlap.
#[inline(always)]
pub(crate) unsafe fn interleave<W: Copy>(p: InterleaveParams<W>) {
    let (n, per) = (p.n, p.per);
    let words = n * per;
    grid_stride(words, |first| {
        // SAFETY: `q < n * per`: readable.
        let v = Gathered::<W, K>::new(first, STEP, words, |q| unsafe {
            p.src.add(q as usize).read()
        });
        let dst = |q: u64| (q / per) * p.pitch + p.offset + q % per;
        // SAFETY: `q < n * per`, so `dst(q)` is word `q % per` of element `q / per`'s field:
        // writable, one writer per word.
        v.scatter(first, STEP, words, |q, w| unsafe {
            p.dst.add(dst(q) as usize).write(w)
        });
    });
}
