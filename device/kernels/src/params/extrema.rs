//! Parameters of the fused extremum reduce (`kernels/reduce/arg.rs`): `min_element`,
//! `max_element`, `minmax_element`.

use super::reduce::ReduceParams;

/// The reduce of `lift(x[i], i)` by an `ArgReduce` monoid `M` over `reduce.n` elements of
/// `T`, in one launch: the first round lifts each element with its index as it loads it, so
/// no vector of pairs exists; the partition is `arg_reduce_grid(n, size_of::<T>(), max_blocks)` (`policy/extrema.rs`) and
/// everything else (the fold tree of picks `P`, `out`, `done`) is `reduce`'s, whose
/// `reduce.x` this kernel does not read (null).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ArgReduceParams<T, P, M> {
    /// Input, `reduce.n` elements.
    pub x: *const T,
    /// The reduce of the picks.
    pub reduce: ReduceParams<P, M>,
}
