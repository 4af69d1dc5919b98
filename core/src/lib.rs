//! parallaxis-core: the traits every parallaxis algorithm is generic over, the stock operators,
//! and the sequential reference implementations that serve as the test oracle.
//!
//! This crate is `no_std` and has no dependencies, so the same definitions compile for the
//! host and for the `nvptx64-nvidia-cuda` target. Everything a GPU kernel reaches is generic
//! or `#[inline]`, so it is generated into the kernels crate (see `docs/ptx-build.md`). The
//! host-only feature `alloc` adds allocation helpers and parallaxis's one [`Error`] type (with
//! `thiserror`, its one dependency); the kernels build without it.
//!
//! ```
//! use parallaxis_core::{Monoid, Sum, Affine, AffineMap};
//! assert_eq!(Sum.combine(2_i32, 3), 5);
//! // Affine maps compose left to right: first x -> 2x + 1, then x -> 3x.
//! let f = Affine.combine(AffineMap::new(2, 1), AffineMap::new(3, 0));
//! assert_eq!(f.apply(10_i64), 63);
//! ```
#![no_std]
// docs.rs builds with `--cfg docsrs` on nightly: items behind `alloc` get their feature badge.
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
mod alloc_support;
mod closure;
mod compare;
mod copy;
mod device_ref;
#[cfg(feature = "alloc")]
mod error;
mod functor;
mod histogram;
mod index;
pub mod laws;
mod monoid;
mod number;
mod ops;
mod predicate;
mod random;
pub mod reference;
mod semiring;
mod set_op;
mod sort_key;
mod stable_sort;
mod stencil;
pub mod tile;

// Elements: what a device vector may hold, numbers and their bits.
pub use copy::DeviceCopy;
pub use number::{Bits, Number};
/// `#[derive(DeviceCopy)]`: the checked form of `unsafe impl DeviceCopy` (feature `derive`).
#[cfg(feature = "derive")]
pub use parallaxis_derive::DeviceCopy;

// Operators: the monoid and functor traits, the stock monoids and functors, closures as
// operators on the CPU backends, functors that read another array, and the test generator.
pub use closure::{monoid, FnMonoid};
pub use device_ref::{DeviceRef, MemorySpace};
pub use functor::{BinaryFunction, UnaryFunction};
pub use monoid::Monoid;
pub use ops::affine::{Affine, AffineMap};
pub use ops::functors::{
    Identity, Minus, Negate, Plus, SaxpyFunctor, Scale, Sequence, Square, Times,
};
pub use ops::monoids::{BitAnd, BitOr, BitXor, Max, Min, Product, Sum};
pub use random::SplitMix64;

// Segmented scans and reductions: a monoid lifted over (flag, value) pairs.
pub use ops::segmented::{Flagged, Segmented};

// Zipped elements and the operators over them.
pub use ops::pair::{Both, Pair, PairWith, Triple};

// Selection: the predicate trait and the stock predicates.
pub use predicate::{
    EqualTo, GreaterThan, InRange, Indicator, LessThan, NonZero, NotEqualTo, Predicate, ReplaceIf,
};

// Sort and merge: radix sort keys, comparators, the merge-path split and the stable sort.
pub use compare::{merge_path, Compare, Greater, Less};
pub use set_op::{balanced_path, set_step, SetOp, SetStep};
pub use sort_key::{Order, RadixBits, RadixOrder, SortKey};
pub use stable_sort::{merge_into, stable_sort_by};

// Search and extrema: extrema with positions, and the search order.
pub use ops::argminmax::{ArgMax, ArgMin, ArgMinMax, ArgReduce, Indexed, MinMax};
pub use ops::search_key::SearchKey;

// Histogram: samples, counters and bins.
pub use histogram::{
    check_edges, range_bin, EvenBins, HistogramCounter, HistogramSample, MAX_BINS, NOT_COUNTED,
};

// Sparse matrices: semirings and index types.
pub use index::SparseIndex;
pub use semiring::{MaxTimes, MinPlus, OrAnd, PlusTimes, Semiring, SemiringAdd};

// Stencils: the stencil trait, boundaries and grid arithmetic.
pub use stencil::{grid_len, Boundary, Stencil, STAR_3D_OFFSETS};

// Host allocation that reports failure, and the one error type (feature `alloc`).
#[cfg(feature = "alloc")]
pub use alloc_support::{
    out_of_memory, try_collect, try_filled_vec, try_grow, try_push, try_to_vec, try_with_capacity,
    zeroed_vec,
};
#[cfg(feature = "alloc")]
pub use error::{Error, Result, SparseProblem};
