//! Parameters of the reduce kernels: reduce and the fused transform_reduce and
//! transform2_reduce.

use super::common::HostSignal;

/// Reduce in one launch of `blocks = gridDim.x` blocks (`kernels/reduce/`): warp `w`
/// (global index) folds warp tiles `[w * tiles_per_warp, (w + 1) * tiles_per_warp)` of
/// `32 * ITEMS` items each, in order, and each block the ordered fold of its 8 warps. With one
/// block that fold is the result. Otherwise the blocks' folds are level 0 of a fold tree
/// ([`crate::policy::reduce::reduce_level`]): each partial goes to its level's slots in
/// `partials`, and the block that draws the last ticket of a group of
/// `reduce_group(size_of::<T>())` partials (from the group's counter, which it puts back to
/// 0) folds the group in order into a partial of the next level; the fold of a level of one
/// partial is written to `out[0]`. Every fold is in index order, so the monoid needs no
/// commutativity.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ReduceParams<T, M> {
    /// Input, `n` elements.
    pub x: *const T,
    /// Number of elements.
    pub n: u64,
    /// Warp tiles per warp over `x` (see [`crate::policy::reduce::reduce_grid`]).
    pub tiles_per_warp: u64,
    /// The fold tree's partials: `reduce_tree_slots(blocks, size_of::<T>()).0` slots, 16-byte
    /// aligned (unused with one block).
    pub partials: *mut T,
    /// The tree's group counters: `reduce_tree_slots(blocks, size_of::<T>()).1` words, 0 at launch
    /// and 0 again when the kernel ends (unused with one block).
    pub counters: *mut u32,
    /// The result, one element.
    pub out: *mut T,
    /// Raised once `out` is written.
    pub done: HostSignal,
    /// With `seeded == 1`, the result is `init ⊕ fold` (`reduce_with_init_into`): `init`
    /// joins once, as the leftmost operand, when the last level's fold is written.
    pub init: T,
    /// 1: combine `init` in on the left of the result; 0: the plain fold.
    pub seeded: u32,
    /// The monoid.
    pub m: M,
}

/// Reduce of `x` mapped by a unary functor, in one launch (`kernels/reduce/`,
/// `transform_reduce`): the first round folds `f(x[i])` as it loads `x`, with the partition
/// `reduce_grid(n, size_of::<A>())`; everything else (`n`, `tiles_per_warp`, the fold tree,
/// `out`, `done`) is `reduce`'s, whose `reduce.x` this kernel does not read (null).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TransformReduceParams<A, F, T, M> {
    /// Input, `reduce.n` elements of `A`.
    pub x: *const A,
    /// The map applied to each input element.
    pub f: F,
    /// The reduce of the mapped values.
    pub reduce: ReduceParams<T, M>,
}

/// Reduce of `f(x[i], y[i])` over two inputs of `reduce.n` elements, in one launch
/// (`kernels/reduce/`, `transform2_reduce`): an inner product is `Times` then `Sum`. The
/// partition is `reduce_grid(n, size_of::<A>() + size_of::<C>())`; everything else is
/// `reduce`'s, whose `reduce.x` this kernel does not read (null).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Transform2ReduceParams<A, C, F, T, M> {
    /// Left input, `reduce.n` elements of `A`.
    pub x: *const A,
    /// Right input, `reduce.n` elements of `C`.
    pub y: *const C,
    /// The binary map applied to each pair.
    pub f: F,
    /// The reduce of the mapped values.
    pub reduce: ReduceParams<T, M>,
}
