//! The column span of a [`ShardedCsr`](super::ShardedCsr)'s row block: the columns from its
//! smallest to its largest column index (`0..0` for a block with no entries), the part of `x`
//! the block's product reads. `shard/spmv.rs` gathers only those columns beside each block,
//! so a banded matrix's gather is a halo exchange.
//!
//! The spans belong to the matrix and are found once, when it is made: a plan made per
//! product (`shard::spmv`) would otherwise pay a pass over the column indices and a wait per
//! GPU each call. A matrix uploaded from host arrays takes them from those arrays (no device
//! pass); blocks made elsewhere (possibly on their GPUs) take one `minmax_element` each.

use crate::{backend::ArgOps, ops::ArgMinMax, sparse::CsrMatrix, Result};
use core::ops::Range;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, Number, SparseIndex};

/// The span of the host column indices `cols`, whose entries were checked below the column
/// count (so the largest plus one cannot overflow).
pub(super) fn host_span<I: SparseIndex>(cols: &[I]) -> Range<usize> {
    let mut columns = cols.iter().map(|c| c.to_usize());
    let Some(first) = columns.next() else {
        return 0..0;
    };
    let (lo, hi) = columns.fold((first, first), |(lo, hi), c| (lo.min(c), hi.max(c)));
    lo..hi + 1
}

/// The span of each block, in order: one `minmax_element` of its column indices, run where
/// the block lives. A `CsrMatrix`'s columns are below its column count (its constructors
/// check, `new_unchecked`'s contract), so the largest plus one cannot overflow.
///
/// # Errors
/// Out of memory; a device fault.
pub(super) fn device_spans<T, I, B>(blocks: &[CsrMatrix<T, I, B>]) -> Result<Vec<Range<usize>>>
where
    T: DeviceCopy,
    I: SparseIndex + Number,
    B: ArgOps<I, ArgMinMax>,
{
    let mut spans = try_with_capacity(blocks.len())?;
    for block in blocks {
        // The row pointers are never empty (nrows + 1), so they name the block's home.
        let picks = B::at_home_of(block.row_ptr().buffer(), || {
            crate::minmax_element(block.col_idx())
        })?;
        let span = picks.map_or(0..0, |(lo, hi)| lo.1.to_usize()..hi.1.to_usize() + 1);
        try_push(&mut spans, span)?;
    }
    Ok(spans)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Sequential;

    #[test]
    fn host_and_device_spans_agree_and_an_empty_block_spans_nothing() {
        assert_eq!(host_span::<u32>(&[]), 0..0);
        assert_eq!(host_span(&[4_u64, 2, 9, 2]), 2..10);
        let block = |cols: Vec<u32>| {
            let ptr = vec![0, u32::try_from(cols.len()).unwrap()];
            let values = vec![1_u8; cols.len()];
            CsrMatrix::<u8, u32, Sequential>::try_new(1, 10, ptr, cols, values).unwrap()
        };
        let blocks = [block(vec![7, 3, 5]), block(vec![]), block(vec![9])];
        assert_eq!(device_spans(&blocks).unwrap(), [3..8, 0..0, 9..10]);
    }
}
