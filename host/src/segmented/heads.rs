//! Segment heads chunk by chunk, for the segmented scans: from head flags, from offsets
//! (found inside each chunk by binary search) and from keys ([`super::key_heads`]).
//!
//! Each kind gives a chunk's heads two ways. As a list of positions, which lets the lane
//! walker ([`super::walk`]) run the plain scan's loop between heads: with a head every
//! 1000 elements a chunk of 2^14 has ~16, so the walker looks at heads 16 times per chunk
//! instead of at every element. And as a [`Source`] of `(value, is_head)` pairs, for dense
//! chunks, where the rows between heads are too short for the list to pay: the list is
//! abandoned as soon as it turns out too dense, so a dense chunk costs little more than its
//! element-wise walk.
//!
//! Index 0 of the input needs no head: the scans start a segment there anyway.

use crate::chunk::lanes::Source;

/// The segment heads of one chunk at a time.
pub(crate) trait Heads: Sync {
    /// The `(x[i], head at i)` source of one chunk.
    type Src<'s, T: Copy + 's>: Source<Item = (T, bool)>
    where
        Self: 's;
    /// The source for the chunk `start..start + x.len()`, whose values are `x`; `buf` is
    /// scratch space that may hold the chunk's flags.
    fn source<'s, T: Copy>(
        &'s self,
        x: &'s [T],
        start: usize,
        buf: &'s mut Vec<bool>,
    ) -> Self::Src<'s, T>;
    /// Appends to `out` the positions, relative to `start`, of the heads in
    /// `start..start + len` (strictly increasing, below `len`; positions past the end of
    /// the heads' input are left out). `false`, with `out` incomplete, as soon as the
    /// heads found are [`too_dense`] for the elements read.
    fn list(&self, start: usize, len: usize, out: &mut Vec<u32>) -> bool;
}

/// Heads closer than one per this many elements on average make a chunk dense. Measured on
/// f32 Sum, 2^22, one thread of the 2-core development VM, the walk by list against the walk
/// element by element, by flags (ms): segments of 4: 8.3 vs 5.2; of 8: 5.7 vs 5.0; of 12:
/// 5.7 vs 5.9; of 16: 5.3 vs 5.7; of 32: 4.2 vs 5.4; of 1000: 3.6 vs 5.6 (plain scan: 3.0).
/// By keys and by offsets cross over at the same place.
pub(crate) const DENSE: usize = 10;

/// Whether `heads` heads among the first `read` elements of a chunk are too many for the
/// list: more than one per [`DENSE`] elements, give or take 8 (so a lone cluster of heads
/// does not decide it). This gives up on a dense chunk after a few dozen elements; giving
/// up only once the list passed `CHUNK / 8` positions made a scan with segments of 2 take
/// 9.8 ms per 2^22 instead of 5.2 ms.
#[inline(always)]
pub(crate) fn too_dense(heads: usize, read: usize) -> bool {
    heads > 8 + read / DENSE
}

/// Appends `p` when it keeps `out` strictly increasing (always, for valid input: invalid
/// offsets may come out of order, and the walker relies on the order for its values).
#[inline(always)]
pub(crate) fn push(out: &mut Vec<u32>, p: usize) {
    let Ok(p) = u32::try_from(p) else {
        return;
    };
    if out.last().is_none_or(|&last| last < p) {
        out.push(p);
    }
}

/// Heads given as flags.
pub(crate) struct FlagHeads<'a>(pub(crate) &'a [bool]);

/// Flags tested per step of the list's skip loop: four 8-byte words or-ed together, so a
/// chunk of 2^14 without heads costs 512 steps.
const FLAG_BLOCK: usize = 32;

impl FlagHeads<'_> {
    /// The flags of `start..start + len` (fewer at the end of the input).
    fn chunk(&self, start: usize, len: usize) -> &[bool] {
        let flags = self.0.get(start..).unwrap_or(&[]);
        &flags[..flags.len().min(len)]
    }
}

impl Heads for FlagHeads<'_> {
    type Src<'s, T: Copy + 's>
        = (&'s [T], &'s [bool])
    where
        Self: 's;
    fn source<'s, T: Copy>(
        &'s self,
        x: &'s [T],
        start: usize,
        _: &'s mut Vec<bool>,
    ) -> Self::Src<'s, T> {
        (x, self.chunk(start, x.len()))
    }

    fn list(&self, start: usize, len: usize, out: &mut Vec<u32>) -> bool {
        let flags = self.chunk(start, len);
        // SAFETY: `bool` is one byte whose only values are 0 and 1, so the flags' memory is
        // a valid `[u8]` of the same length, borrowed for as long as the flags are.
        let bytes: &[u8] =
            unsafe { core::slice::from_raw_parts(flags.as_ptr().cast(), flags.len()) };
        let word = |b: &[u8]| b.try_into().map_or(0, u64::from_le_bytes);
        let mut blocks = bytes.chunks_exact(FLAG_BLOCK);
        for (b, block) in (&mut blocks).enumerate() {
            let words = block.chunks_exact(8).map(word);
            if words.clone().fold(0, |a, w| a | w) == 0 {
                continue;
            }
            for (w, mut bits) in words.enumerate() {
                // A set flag is the byte 0x01: bit 8k of the word for the flag k.
                while bits != 0 {
                    push(
                        out,
                        b * FLAG_BLOCK + w * 8 + bits.trailing_zeros() as usize / 8,
                    );
                    bits &= bits - 1;
                }
            }
            if too_dense(out.len(), (b + 1) * FLAG_BLOCK) {
                return false;
            }
        }
        let base = bytes.len() - blocks.remainder().len();
        for (i, &f) in blocks.remainder().iter().enumerate() {
            if f != 0 {
                push(out, base + i);
            }
        }
        !too_dense(out.len(), bytes.len())
    }
}

/// Heads at the segment starts of CSR-style offsets. A chunk finds its first offset by
/// binary search, so it never walks the offsets of other chunks; runs of equal offsets
/// (empty segments) are skipped by binary search too, so a hundred thousand empty segments
/// at one position cost ~20 probes, not a hundred thousand.
pub(crate) struct OffsetHeads<'a>(pub(crate) &'a [usize]);

impl OffsetHeads<'_> {
    /// Calls `f(p)` for each segment start `start + p` in `start..start + len`, in the order
    /// of the offsets, each position once (for valid offsets), until `f` returns `false`.
    fn starts(&self, start: usize, len: usize, mut f: impl FnMut(usize) -> bool) {
        let (o, end) = (self.0, start.saturating_add(len));
        let mut k = o.partition_point(|&v| v < start);
        while let Some(&v) = o.get(k) {
            if v >= end {
                break;
            }
            if let Some(p) = v.checked_sub(start) {
                if !f(p) {
                    return;
                }
            }
            k += 1;
            if o.get(k) == Some(&v) {
                k += o
                    .get(k..)
                    .map_or(0, |rest| rest.partition_point(|&w| w <= v));
            }
        }
    }
}

impl Heads for OffsetHeads<'_> {
    type Src<'s, T: Copy + 's>
        = (&'s [T], &'s [bool])
    where
        Self: 's;
    fn source<'s, T: Copy>(
        &'s self,
        x: &'s [T],
        start: usize,
        buf: &'s mut Vec<bool>,
    ) -> Self::Src<'s, T> {
        buf.clear();
        buf.resize(x.len(), false);
        self.starts(start, x.len(), |p| {
            if let Some(h) = buf.get_mut(p) {
                *h = true;
            }
            true
        });
        (x, buf)
    }

    fn list(&self, start: usize, len: usize, out: &mut Vec<u32>) -> bool {
        let mut sparse = true;
        self.starts(start, len, |p| {
            push(out, p);
            sparse = !too_dense(out.len(), p + 1);
            sparse
        });
        sparse
    }
}
