//! Segment heads chunk by chunk, for the segmented scans: from head flags (read as they
//! are), from keys (a head wherever a key differs from the one before it, across chunk
//! edges too, compared on the fly) and from offsets (found inside each chunk by binary
//! search and marked in a chunk-local buffer).
//!
//! Each kind hands the lane walker a [`Source`] of `(value, is_head)` pairs for one chunk.
//! Index 0 of the input needs no head: the scans start a segment there anyway.

use crate::chunk_lanes::Source;

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
}

/// Heads given as flags.
pub(crate) struct FlagHeads<'a>(pub(crate) &'a [bool]);

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
        let flags = self.0.get(start..).unwrap_or(&[]);
        (x, &flags[..flags.len().min(x.len())])
    }
}

/// Heads at the segment starts of CSR-style offsets. A chunk finds its first offset by
/// binary search, so it never walks the offsets of other chunks; runs of equal offsets
/// (empty segments) are skipped by binary search too, so a hundred thousand empty segments
/// at one position cost ~20 probes, not a hundred thousand.
pub(crate) struct OffsetHeads<'a>(pub(crate) &'a [usize]);

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
        let (o, end) = (self.0, start + x.len());
        buf.clear();
        buf.resize(x.len(), false);
        let mut k = o.partition_point(|&v| v < start);
        while let Some(&v) = o.get(k) {
            if v >= end {
                break;
            }
            if let Some(h) = v.checked_sub(start).and_then(|i| buf.get_mut(i)) {
                *h = true;
            }
            k += 1;
            if o.get(k) == Some(&v) {
                k += o
                    .get(k..)
                    .map_or(0, |rest| rest.partition_point(|&w| w <= v));
            }
        }
        (x, buf)
    }
}

/// Heads where a key differs from the one before it.
pub(crate) struct KeyHeads<'a, K>(pub(crate) &'a [K]);

impl<K: Copy + PartialEq + Sync> Heads for KeyHeads<'_, K> {
    type Src<'s, T: Copy + 's>
        = KeySource<'s, T, K>
    where
        Self: 's;
    fn source<'s, T: Copy>(
        &'s self,
        x: &'s [T],
        start: usize,
        _: &'s mut Vec<bool>,
    ) -> Self::Src<'s, T> {
        let keys = self.0.get(start..).unwrap_or(&[]);
        KeySource {
            x: &x[..x.len().min(keys.len())],
            keys: &keys[..keys.len().min(x.len())],
            before: start.checked_sub(1).and_then(|i| self.0.get(i)).copied(),
        }
    }
}

/// A chunk's values and keys, and the key before the chunk (`None` at index 0).
pub(crate) struct KeySource<'s, T, K> {
    x: &'s [T],
    keys: &'s [K],
    before: Option<K>,
}

impl<T: Copy, K: Copy + PartialEq> Source for KeySource<'_, T, K> {
    type Item = (T, bool);
    fn len(&self) -> usize {
        self.x.len()
    }
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> (T, bool) {
        // SAFETY: the caller guarantees `i < self.len()`, and `keys` is as long as `x`;
        // `i - 1` is read only when `i >= 1`.
        unsafe {
            let k = *self.keys.get_unchecked(i);
            let head = match i.checked_sub(1) {
                Some(p) => *self.keys.get_unchecked(p) != k,
                None => self.before != Some(k),
            };
            (*self.x.get_unchecked(i), head)
        }
    }
    const HEADS: bool = true;
    #[inline(always)]
    fn quiet(&self, start: usize, len: usize) -> bool {
        let Some(keys) = start
            .checked_sub(1)
            .and_then(|s| self.keys.get(s..start + len))
        else {
            return false;
        };
        // All equal to the key before the run: a broadcast compare that vectorizes, where
        // comparing neighbours (`windows(2)`) shuffled.
        let k0 = keys.first().copied();
        !keys.iter().fold(false, |a, &k| a | (Some(k) != k0))
    }
}
