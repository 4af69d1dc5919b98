//! The segmented sort traits a backend implements: keys alone and key-value pairs, every
//! segment `offsets[s]..offsets[s + 1]` sorted on its own in either [`Order`]. Front doors
//! check the offsets and the lengths first; implementations may assume valid CSR offsets
//! (0 first, never decreasing, the input's length last) and equal lengths.

use crate::{Backend, Result};
use parallaxis_core::{DeviceCopy, Order, SortKey};

/// Stable sort of keys within segments.
pub trait SegmentedSortOps<K: SortKey>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `out` = `keys` with each segment sorted stably in `order`; valid offsets, equal
    /// lengths.
    fn sort_segmented(
        offsets: &Self::Slice<usize>,
        keys: &Self::Slice<K>,
        out: &mut Self::Slice<K>,
        order: Order,
    ) -> Result<()>;
    /// `out` = for each segment `s` the first `out_offsets[s + 1] - out_offsets[s]` keys of
    /// its stable sort in `order` (no more than it holds), at `out_offsets[s]` (the batched
    /// top-k); valid offsets, `out_offsets` as many from 0, `out` as long as their last.
    fn partial_sort_segmented(
        offsets: &Self::Slice<usize>,
        keys: &Self::Slice<K>,
        out_offsets: &Self::Slice<usize>,
        out: &mut Self::Slice<K>,
        order: Order,
    ) -> Result<()>;
}

/// Stable sort of key-value pairs by key within segments.
pub trait SegmentedSortByKeyOps<K: SortKey, V: DeviceCopy>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `(out_keys, out_values)` = the pairs with each segment sorted stably by key in
    /// `order`; valid offsets, all four of equal lengths.
    fn sort_by_key_segmented(
        offsets: &Self::Slice<usize>,
        keys: &Self::Slice<K>,
        values: &Self::Slice<V>,
        out_keys: &mut Self::Slice<K>,
        out_values: &mut Self::Slice<V>,
        order: Order,
    ) -> Result<()>;
    /// [`SegmentedSortOps::partial_sort_segmented`] of the pairs by key: `values` as long as
    /// `keys`, both outputs as long as the last of `out_offsets`.
    #[allow(clippy::too_many_arguments)]
    fn partial_sort_by_key_segmented(
        offsets: &Self::Slice<usize>,
        keys: &Self::Slice<K>,
        values: &Self::Slice<V>,
        out_offsets: &Self::Slice<usize>,
        out_keys: &mut Self::Slice<K>,
        out_values: &mut Self::Slice<V>,
        order: Order,
    ) -> Result<()>;
}
