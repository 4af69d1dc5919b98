//! Parameters of the comparator merge sort and the merge (`kernels/merge/`): the block sort
//! of tiles, the merge-path partition and the merge of one output tile per block.
//!
//! Every merge reads a *virtual input* of `n` items: item `i` is `a[i]` for `i < split`, else
//! `b[i - split]`. A merge pass of the sort reads one buffer (`a == b`, `split == n`); a
//! standalone `merge(a, b)` reads the two inputs in place (`split == a.len()`). The input is
//! cut into *pairs* of `span` items, each the merge of its list A (the first `width` items)
//! and list B (the rest); `span == 2 * width` in the sort, `span == n`, `width == a.len()` in
//! a standalone merge. Values (`V`, or `()` for keys alone) travel with their keys.
//!
//! Both kernels that merge check that the merge-path splits they work from cut the lists into
//! consecutive pieces (they do whenever the lists are sorted by a strict weak order): where
//! one does not, the kernel keeps every access inside its ranges and stores a non-zero word
//! to `fault`, which the host reads after the last kernel of the call.

/// The block sort: `n` items of `keys_in` (and `values_in`), each tile of
/// `merge_tile_items(size_of::<K>())` items sorted stably by `cmp` into the same positions of
/// `keys_out` (and `values_out`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct BlockSortParams<K, V, C> {
    /// The input keys, `n` items.
    pub keys_in: *const K,
    /// The input values, `n` items (unread when `V` is `()`).
    pub values_in: *const V,
    /// The output keys, `n` items.
    pub keys_out: *mut K,
    /// The output values, `n` items (unwritten when `V` is `()`).
    pub values_out: *mut V,
    /// The item count.
    pub n: u64,
    /// Set to non-zero when a merge round's splits do not chain (module docs).
    pub fault: *mut u32,
    /// The comparator.
    pub cmp: C,
}

/// One merge of pairs of sorted lists over a virtual input (module docs): the partition
/// kernel fills `splits`, then the merge kernel writes each output tile.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MergeParams<K, V, C> {
    /// The virtual input's first part, `split` keys.
    pub a_keys: *const K,
    /// Its second part, `n - split` keys.
    pub b_keys: *const K,
    /// The values beside `a_keys` (unread when `V` is `()`).
    pub a_values: *const V,
    /// The values beside `b_keys`.
    pub b_values: *const V,
    /// Where the virtual input changes from `a` to `b`.
    pub split: u64,
    /// The virtual input's length (> 0).
    pub n: u64,
    /// List A's length in every pair.
    pub width: u64,
    /// A pair's length (a multiple of the tile; the last pair may be cut short by `n`).
    pub span: u64,
    /// Per output tile, the number of its pair's list-A items before the tile's first output
    /// (written by the partition kernel, read by the merge kernel).
    pub splits: *mut u64,
    /// The merged keys, `n` items.
    pub keys_out: *mut K,
    /// The merged values, `n` items (unwritten when `V` is `()`).
    pub values_out: *mut V,
    /// Set to non-zero when a tile's or a thread's splits do not chain (module docs); unused
    /// by the partition.
    pub fault: *mut u32,
    /// The comparator.
    pub cmp: C,
}

/// One pass of a set operation (`kernels/merge/set_op.rs`, `parallaxis_core::SetOp`) of
/// sorted lists `a` and `b`: the partition kernel fills `splits`, then the tile kernel runs
/// twice, first counting each tile's output into `counts` (`write == 0`), then, after the
/// host's exclusive scan of those counts, writing each tile's output from the offset it
/// finds in `counts` (`write == 1`). Tiles are cut by balanced paths every
/// `merge_tile_items(size_of::<K>())` positions of the two lists together.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SetOpParams<K, V, C> {
    /// List `a`'s keys, `a_len` items.
    pub a_keys: *const K,
    /// List `b`'s keys, `b_len` items.
    pub b_keys: *const K,
    /// The values beside `a_keys` (unread when `V` is `()`).
    pub a_values: *const V,
    /// The values beside `b_keys`.
    pub b_values: *const V,
    /// List `a`'s length.
    pub a_len: u64,
    /// List `b`'s length (`a_len + b_len > 0`).
    pub b_len: u64,
    /// The operation (`SetOp::word`).
    pub op: u32,
    /// 0: the counting pass; 1: the writing pass.
    pub write: u32,
    /// Per tile boundary `t` (`0..=tiles`), the balanced-path split `(i, j)` at words `2t`
    /// and `2t + 1` (written by the partition kernel).
    pub splits: *mut u64,
    /// Per tile, its output count (counting pass, written) or the output position of its
    /// first item (writing pass, read).
    pub counts: *mut u64,
    /// The output keys (writing pass).
    pub keys_out: *mut K,
    /// The output values (writing pass; unwritten when `V` is `()`).
    pub values_out: *mut V,
    /// Set to non-zero when a tile's or a thread's splits do not chain, which sorted lists
    /// never cause; may be null (then nothing is raised).
    pub fault: *mut u32,
    /// The comparator.
    pub cmp: C,
}
