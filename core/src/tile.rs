//! Partition arithmetic shared by the backends: how `n` items split into fixed-size chunks.
//!
//! Chunk boundaries depend only on `n` and the chunk size, never on the thread count, so a
//! parallel reduce or scan associates floats the same way on 1, 2 or 16 threads and its
//! result is reproducible bit for bit.

use core::ops::Range;

/// `n` items in chunks of `chunk` (the last one shorter).
///
/// ```
/// use parallaxis_core::tile::Partition;
/// let p = Partition::new(10, 4);
/// assert_eq!(p.count(), 3);
/// assert_eq!(p.range(2), 8..10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    len: usize,
    chunk: usize,
}

impl Partition {
    /// Splits `len` items into chunks of `chunk` items (a `chunk` of 0 is taken as 1).
    pub const fn new(len: usize, chunk: usize) -> Self {
        Self {
            len,
            chunk: if chunk == 0 { 1 } else { chunk },
        }
    }

    /// The number of chunks (0 for no items).
    pub const fn count(&self) -> usize {
        self.len.div_ceil(self.chunk)
    }

    /// The chunk size.
    pub const fn chunk(&self) -> usize {
        self.chunk
    }

    /// The index range of chunk `i` (empty past the end).
    pub fn range(&self, i: usize) -> Range<usize> {
        let start = i.saturating_mul(self.chunk).min(self.len);
        start..start.saturating_add(self.chunk).min(self.len)
    }
}
