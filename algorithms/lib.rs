#![doc = include_str!("../README.md")]
//!
//! # The API at a glance
//!
//! Algorithms are written once against Rust traits ([`Monoid`](ops::Monoid),
//! [`UnaryFunction`](ops::UnaryFunction), [`BinaryFunction`](ops::BinaryFunction),
//! [`Semiring`](ops::Semiring), [`Stencil`](ops::Stencil), [`Predicate`](ops::Predicate)) and
//! run on the CPU through rayon or on an NVIDIA GPU through CUDA, behind one [`DeviceVector`]
//! API.
//!
//! ```
//! use parallaxis::ops::SaxpyFunctor;
//! use parallaxis::prelude::*; // DeviceVector, Sum, the operator traits, Error, ...
//! let x = DeviceVector::<f32>::from_slice(&[1.0, 2.0, 3.0])?;
//! let y = DeviceVector::from_slice(&[1.0, 1.0, 1.0])?;
//! let z = parallaxis::transform2(SaxpyFunctor { a: 2.0 }, &x, &y)?; // 2x + y
//! assert_eq!(parallaxis::reduce(Sum, &z)?, 15.0);
//! assert_eq!(parallaxis::inclusive_scan(Sum, &z)?.to_vec()?, [3.0, 8.0, 15.0]);
//! # Ok::<(), parallaxis::Error>(())
//! ```
//!
//! The backend is a type parameter: `DeviceVector<T>` uses [`DefaultBackend`] (CUDA with the
//! `cuda` feature, rayon by default), and `DeviceVector<T, Sequential>` or
//! `DeviceVector<T, Rayon>` name one explicitly. With the `cuda` feature the GPU side is here
//! too: the `Cuda` backend, the `device` crate (`Device`, `UserKernel` for kernels of your
//! own) and the `instantiate_*!` macros that put your own operators on the GPU (on docs.rs
//! they carry the `cuda` badge).
//!
//! # Where things are
//!
//! The algorithms are functions at the root, one name each as in Thrust
//! (`parallaxis::sort`, `parallaxis::reduce_by_key`, ...), beside the vector, the backends and
//! the error type. Everything else is in a module named by what it holds: [`ops`] (the
//! operator traits and the stock operators), [`lazy`] (counting, constant, zip, permute:
//! Thrust's fancy iterators), [`view`] (borrowed parts of a vector), [`sparse`] (the matrix
//! formats for SpMV), [`shard`] (vectors over several shards or GPUs), [`backend`] (the
//! backends and the algorithm traits that bound the functions), [`reference`](mod@reference) and [`laws`]
//! (the sequential oracle and the operator laws). [`prelude`] holds what most programs name.
// docs.rs builds with `--cfg docsrs` on nightly: the `cuda` items get their feature badge.
#![cfg_attr(docsrs, feature(doc_cfg))]
// The README's example is a whole program, `fn main` included.
#![allow(clippy::needless_doctest_main)]

// The algorithms live in one private module per family; the root re-exports them (Thrust's
// flat vocabulary: `parallaxis::sort`, `parallaxis::reduce`). Everything else is reached
// through a public module named by what it holds ([`ops`], [`lazy`], [`view`], [`sparse`],
// [`shard`], [`backend`]) or through the [`prelude`].
mod adjacent_difference;
mod by_key;
mod check;
mod copy;
mod derive_checks;
mod device_ref;
mod extrema;
mod find;
mod gather;
mod histogram;
mod histogram_channels;
mod init;
#[cfg(feature = "cuda")]
mod interop_cuda;
mod is_sorted;
mod merge;
mod merge_sort;
mod mismatch;
mod partition_three_way;
mod reduce;
mod replace;
mod runs;
mod scan;
mod search;
mod segmented;
mod segmented_into;
mod select;
mod set_ops;
mod sort;
mod sort_segmented;
mod spmv;
mod stencil;
mod top_k;
mod top_k_segmented;
mod transform;
mod vector;

pub mod backend;
pub mod lazy;
pub mod ops;
pub mod prelude;
pub mod shard;
pub mod sparse;
pub mod view;

// Vectors and backends: where the elements live and who runs the algorithms.
#[cfg(feature = "cuda")]
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
pub use backend::Cuda;
#[cfg(feature = "rayon")]
pub use backend::Rayon;
pub use backend::{Backend, DefaultBackend, Sequential};
pub use parallaxis_core::DeviceCopy;
pub use vector::{DeviceVector, HostVector};

// Errors: the one error type of every backend, defined in `parallaxis-core` so that the CUDA
// backend returns it too (no variant is written twice).
pub use parallaxis_core::{Error, Result, SparseProblem};

// Elements: fill, sequence, tabulate, transform, copy, differences of neighbours.
pub use adjacent_difference::{
    adjacent_difference, adjacent_difference_by, adjacent_difference_by_into,
    adjacent_difference_into,
};
pub use copy::copy;
pub use replace::{replace, replace_copy, replace_copy_if, replace_if};
pub use transform::{
    fill, sequence, tabulate, transform, transform2, transform2_into, transform_in_place,
    transform_into,
};

// Reductions: plain, fused with a transform, from an initial value.
pub use init::{reduce_with_init, reduce_with_init_into};
pub use reduce::{reduce, reduce_into, transform2_reduce, transform_reduce};

// Scans: inclusive and exclusive, fused with a transform, from an initial value.
pub use init::{inclusive_scan_with_init, inclusive_scan_with_init_into};
pub use scan::{
    exclusive_scan, exclusive_scan_into, inclusive_scan, inclusive_scan_into,
    transform_exclusive_scan, transform_inclusive_scan,
};

// Segmented and by key: scans by flags, keys and offsets, reductions by key and by segment.
pub use by_key::{
    reduce_by_key, reduce_by_key_into, segmented_reduce, segmented_reduce_fixed,
    segmented_reduce_fixed_into,
};
pub use segmented::{
    exclusive_scan_by_flags, exclusive_scan_by_key, exclusive_scan_by_offsets,
    inclusive_scan_by_flags, inclusive_scan_by_key, inclusive_scan_by_offsets,
};
pub use segmented_into::{
    exclusive_scan_by_flags_into, exclusive_scan_by_key_into, exclusive_scan_by_offsets_into,
    inclusive_scan_by_flags_into, inclusive_scan_by_key_into, inclusive_scan_by_offsets_into,
};

// Selection: copy_if, remove_if, partition (stable and one-pass), count, unique.
pub use partition_three_way::{partition_three_way, partition_three_way_into};
pub use select::{
    copy_if, copy_if_into, copy_if_stencil, copy_if_stencil_into, count, count_if, partition,
    partition_into, partition_unstable, partition_unstable_into, remove_if, remove_if_into, unique,
    unique_by_key, unique_by_key_into, unique_into,
};

// Runs of equal elements: their number, their run-length encoding.
pub use runs::{run_length_encode, unique_count};

// Finding by a predicate, stopping early: find_if, find, any_of, all_of, partition_point.
pub use find::{all_of, any_of, find, find_if, find_if_not, none_of, partition_point};
// Searches that stop early too: the first difference of two sequences, the sorted prefix.
pub use is_sorted::{is_sorted, is_sorted_by, is_sorted_until, is_sorted_until_by};
pub use mismatch::{equal, mismatch};

// Sort and merge: radix sorts by key order (whole and segmented), comparator merge sorts and
// merges.
pub use merge::{
    merge, merge_by, merge_by_into, merge_by_key, merge_by_key_into, merge_by_key_with,
    merge_by_key_with_into, merge_into,
};
pub use merge_sort::{sort_by, sort_by_into, sort_by_key_with, sort_by_key_with_into};

// Set operations on sorted multisets.
pub use parallaxis_core::SetOp;
pub use set_ops::{
    set_difference, set_difference_by, set_difference_by_key, set_difference_by_key_with,
    set_intersection, set_intersection_by, set_intersection_by_key, set_intersection_by_key_with,
    set_operation_by, set_operation_by_key_with, set_symmetric_difference,
    set_symmetric_difference_by, set_symmetric_difference_by_key,
    set_symmetric_difference_by_key_with, set_union, set_union_by, set_union_by_key,
    set_union_by_key_with,
};
pub use sort::{
    sort, sort_bits, sort_by_key, sort_by_key_bits, sort_by_key_descending, sort_by_key_into,
    sort_descending, sort_into,
};
pub use sort_segmented::{
    sort_by_key_segmented, sort_by_key_segmented_descending, sort_by_key_segmented_into,
    sort_segmented, sort_segmented_descending, sort_segmented_into,
};

// Top-k and k-selection: the first k of a sort, the rest unsorted; per segment (batched).
pub use top_k::{
    bottom_k, bottom_k_by_key, partial_sort_by_key_into, partial_sort_into, select_nth, top_k,
    top_k_by_key,
};
pub use top_k_segmented::{
    bottom_k_by_key_segmented, bottom_k_segmented, top_k_by_key_segmented, top_k_segmented,
};

// Search and extrema: vectorized binary search, extrema with their positions.
pub use extrema::{
    max_element, max_element_into, min_element, min_element_into, minmax_element,
    minmax_element_into,
};
pub use search::{
    binary_search, binary_search_into, lower_bound, lower_bound_into, upper_bound, upper_bound_into,
};

// Histogram: even bins and bins by edges.
pub use histogram::{histogram, histogram_even, histogram_even_into, histogram_into};
pub use histogram_channels::histogram_even_channels;

// Gather, scatter and reverse: elements moved through a map of indices.
pub use gather::{
    gather, gather_if, gather_into, gather_unchecked_into, reverse, reverse_into, scatter,
    scatter_if, scatter_unchecked,
};

// SpMV over a semiring (the matrices are in [`sparse`]).
pub use spmv::{spmv, spmv_into};

// Stencils: 1D, 2D and 3D, masks and convolutions, every boundary.
pub use stencil::{
    convolve_1d, convolve_2d, mask_1d, mask_2d, mask_3d, star_3d, stencil_map, stencil_map_into,
};

/// The laws an operator must keep (associativity, identity), as checks over sample values.
pub use parallaxis_core::laws;
/// The sequential reference implementations (the test oracle), on slices.
pub use parallaxis_core::reference;

// CUDA interop: the GPU API beyond the `Cuda` backend, re-exported so that one dependency
// (`parallaxis` with `cuda`) reaches it and docs.rs documents it (with the `cuda` badge) beside
// the algorithms.
/// The CUDA backend's own crate: the device and its memory, kernel libraries, the typed
/// operations the `Cuda` backend calls, and `UserKernel` for launching kernels of your own.
#[cfg(feature = "cuda")]
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
pub use parallaxis_device as device;
/// The cudarc crate the CUDA backend is built on, for `CudaSlice` / `CudaStream` interop
/// ([`DeviceVector::into_cuda_slice`], `Device::wait_for_stream`).
#[cfg(feature = "cuda")]
pub use parallaxis_device::cudarc;
#[cfg(feature = "cuda")]
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
pub use parallaxis_device::kernels::{
    instantiate_binary, instantiate_compare, instantiate_fused, instantiate_monoid,
    instantiate_predicate, instantiate_unary,
};
