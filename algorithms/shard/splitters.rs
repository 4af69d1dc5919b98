//! The element order of the sharded sort's selection (`cuts.rs`) and where an element
//! cuts a sorted shard.
//!
//! Elements are ordered by `(key, shard, position in the sorted shard)`, a total order with
//! no ties that refines the key order (and, the local sort being stable, the input order).
//! Cutting at an element under that order spreads equal keys over the blocks like any
//! others: an all-equal input still splits into blocks of `n / k` (cutting by key alone
//! would send every element to one shard).

use core::cmp::Ordering;

/// One element of a sorted shard: its key, its shard and its position there.
#[derive(Clone, Copy, Debug)]
pub(super) struct Splitter<K> {
    pub(super) key: K,
    pub(super) shard: usize,
    pub(super) position: usize,
}

impl<K> Splitter<K> {
    /// How many elements of sorted shard `shard` come before this element, given the
    /// shard's lower and upper bounds of its key: shards before the element's put their
    /// elements equal to the key before it (upper bound), shards after it put them after
    /// (lower bound), and in its own shard exactly its position precedes it.
    pub(super) fn cut(&self, shard: usize, lower: usize, upper: usize) -> usize {
        match shard.cmp(&self.shard) {
            Ordering::Less => upper,
            Ordering::Greater => lower,
            Ordering::Equal => self.position,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_are_cut_by_shard_and_position() {
        let s = Splitter {
            key: 5_u32,
            shard: 2,
            position: 7,
        };
        assert_eq!(s.cut(1, 3, 9), 9);
        assert_eq!(s.cut(3, 3, 9), 3);
        assert_eq!(s.cut(2, 3, 9), 7);
    }
}
