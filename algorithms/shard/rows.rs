//! A row of `width` values per shard through a [`Collective`], whose `all_gather` moves one
//! value per shard: the row goes as fixed-size arrays (`[T; ROW_CHUNK]`, themselves
//! `DeviceCopy`), one all-gather per chunk. A fixed array type rather than one call per
//! value: the sort's rows are `4k`-plus samples and `k - 1` cuts, and each NCCL call is a
//! launch and a wait, so 2 GPUs take one call per row instead of 32.

use super::Collective;
use crate::Result;
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy};

/// Values per all-gathered array.
const ROW_CHUNK: usize = 32;

/// Every shard's row, row after row in shard order (`width` values each), on every
/// participant. `rows` holds the rows of the shards held here, in order, each at most
/// `width` long; shorter rows are padded with `fill` (the caller knows which entries
/// mean nothing: an empty shard's samples).
///
/// # Errors
/// Out of memory; a failure of the collective, or one that returns a wrong count.
pub(super) fn all_gather_rows<T: DeviceCopy, C: Collective>(
    collective: &C,
    rows: &[Vec<T>],
    width: usize,
    fill: T,
    shards: usize,
) -> Result<Vec<T>> {
    let mut all = try_with_capacity(shards * width)?;
    all.resize(shards * width, fill);
    for start in (0..width).step_by(ROW_CHUNK) {
        let mut local = try_with_capacity(rows.len())?;
        for row in rows {
            let mut chunk = [fill; ROW_CHUNK];
            for (slot, &v) in chunk.iter_mut().zip(row.iter().skip(start)) {
                *slot = v;
            }
            try_push(&mut local, chunk)?;
        }
        let gathered = collective.all_gather(&local)?;
        crate::check::lengths_agree("rows from the collective", shards, gathered.len())?;
        for (g, chunk) in gathered.iter().enumerate() {
            let take = (width - start).min(ROW_CHUNK);
            all[g * width + start..g * width + start + take].copy_from_slice(&chunk[..take]);
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::InMemory;

    #[test]
    fn rows_longer_than_a_chunk_come_back_in_shard_order() {
        let rows: Vec<Vec<u32>> = (0..3)
            .map(|g| (0..70).map(|i| g * 1000 + i).collect())
            .collect();
        let all = all_gather_rows(&InMemory, &rows, 70, 0, 3).unwrap();
        assert_eq!(all, rows.concat());
        // A short row is padded.
        let short = all_gather_rows(&InMemory, &[vec![1_u8], vec![]], 2, 9, 2).unwrap();
        assert_eq!(short, [1, 9, 9, 9]);
    }
}
