//! The comparator traits a backend implements (beside `ops_sort.rs`): the stable merge sort
//! and the stable merge, by a [`Compare`] order, of elements alone and of key-value pairs,
//! and the end of a sorted prefix.
//! Parameterised by the comparator, so the CUDA backend implements exactly the pairs it has
//! kernels for. Front doors check lengths first; implementations may assume them.

use crate::{Backend, Result};
use parallaxis_core::{Compare, DeviceCopy, SetOp};

/// Merge sort, merge and the sorted prefix of elements by a comparator.
pub trait MergeOps<T: DeviceCopy, C: Compare<T>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `out` = `x` sorted stably by `cmp`; equal lengths.
    fn sort_by(cmp: C, x: &Self::Slice<T>, out: &mut Self::Slice<T>) -> Result<()>;
    /// `out` = the stable merge of sorted `a` and `b` (ties: `a` first);
    /// `out.len() == a.len() + b.len()`.
    fn merge_by(
        cmp: C,
        a: &Self::Slice<T>,
        b: &Self::Slice<T>,
        out: &mut Self::Slice<T>,
    ) -> Result<()>;
    /// The length of the longest prefix of `x` sorted by `cmp` (the first `i` with
    /// `cmp.less(x[i], x[i - 1])`, or `x.len()`); stops early where it can. Waits for it.
    fn is_sorted_until(cmp: C, x: &Self::Slice<T>) -> Result<usize>;
    /// The set operation `op` of `a` and `b`, both sorted by `cmp` (multisets:
    /// `parallaxis_core::SetOp`), in a buffer of exactly the items emitted. Waits for it.
    fn set_op(op: SetOp, cmp: C, a: &Self::Slice<T>, b: &Self::Slice<T>)
        -> Result<Self::Buffer<T>>;
}

/// Merge sort and merge of key-value pairs by a comparator on the keys.
pub trait MergeByKeyOps<K: DeviceCopy, V: DeviceCopy, C: Compare<K>>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The pairs sorted stably by key; all four have equal lengths.
    fn sort_by_key_with(
        cmp: C,
        keys: &Self::Slice<K>,
        values: &Self::Slice<V>,
        out_keys: &mut Self::Slice<K>,
        out_values: &mut Self::Slice<V>,
    ) -> Result<()>;
    /// The stable merge of two sorted lists of pairs by key; each list's keys and values
    /// have equal lengths, the outputs their sum.
    #[allow(clippy::too_many_arguments)]
    fn merge_by_key_with(
        cmp: C,
        a_keys: &Self::Slice<K>,
        a_values: &Self::Slice<V>,
        b_keys: &Self::Slice<K>,
        b_values: &Self::Slice<V>,
        out_keys: &mut Self::Slice<K>,
        out_values: &mut Self::Slice<V>,
    ) -> Result<()>;
    /// [`MergeOps::set_op`] of two sorted lists of pairs by key, each emitted key with its
    /// own value (a pair of equal keys emits `a`'s); each list's keys and values have equal
    /// lengths. Waits for it.
    #[allow(clippy::type_complexity)]
    fn set_op_by_key(
        op: SetOp,
        cmp: C,
        a_keys: &Self::Slice<K>,
        a_values: &Self::Slice<V>,
        b_keys: &Self::Slice<K>,
        b_values: &Self::Slice<V>,
    ) -> Result<(Self::Buffer<K>, Self::Buffer<V>)>;
}
