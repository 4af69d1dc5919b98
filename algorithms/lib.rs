#![doc = include_str!("../README.md")]
//!
//! # The API at a glance
//!
//! Algorithms are written once against Rust traits ([`Monoid`], [`UnaryFunction`],
//! [`BinaryFunction`], [`Semiring`], [`Stencil`], [`Predicate`]) and run on the CPU through
//! rayon or on an NVIDIA GPU through CUDA, behind one [`DeviceVector`] API.
//!
//! ```
//! use parallax::{DeviceVector, SaxpyFunctor, Sum};
//! let x = DeviceVector::<f32>::from_slice(&[1.0, 2.0, 3.0])?;
//! let y = DeviceVector::from_slice(&[1.0, 1.0, 1.0])?;
//! let z = parallax::transform2(SaxpyFunctor { a: 2.0 }, &x, &y)?; // 2x + y
//! assert_eq!(parallax::reduce(Sum, &z)?, 15.0);
//! assert_eq!(parallax::inclusive_scan(Sum, &z)?.to_vec()?, [3.0, 8.0, 15.0]);
//! # Ok::<(), parallax::Error>(())
//! ```
//!
//! The backend is a type parameter: `DeviceVector<T>` uses [`DefaultBackend`] (CUDA with the
//! `cuda` feature, rayon by default), and `DeviceVector<T, Sequential>` or
//! `DeviceVector<T, Rayon>` name one explicitly. With the `cuda` feature the GPU side is here
//! too: the `Cuda` backend, the `device` crate (`Device`, `UserKernel` for kernels of your
//! own) and the `instantiate_*!` macros that put your own operators on the GPU (on docs.rs
//! they carry the `cuda` badge).
// docs.rs builds with `--cfg docsrs` on nightly: the `cuda` items get their feature badge.
#![cfg_attr(docsrs, feature(doc_cfg))]
// The README's example is a whole program, `fn main` included.
#![allow(clippy::needless_doctest_main)]

// The algorithm families' modules; what they export is re-exported below, family by family.
mod backend;
mod by_key;
mod check;
mod copy;
mod derive_checks;
mod device_ref;
mod extrema;
mod gather;
mod histogram;
mod init;
#[cfg(feature = "cuda")]
mod interop_cuda;
mod lazy;
mod merge;
mod merge_sort;
mod reduce;
mod scan;
mod search;
mod segmented;
mod segmented_into;
mod select;
mod sort;
mod sort_segmented;
mod spmv;
mod stencil;
mod transform;
mod vector;
mod view;

// Vectors and backends: where the elements live and who runs the algorithms.
#[cfg(feature = "cuda")]
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
pub use backend::Cuda;
#[cfg(feature = "rayon")]
pub use backend::Rayon;
pub use backend::{Backend, DefaultBackend, Sequential};
pub use parallax_core::DeviceCopy;
pub use vector::{DeviceVector, HostVector};

// Elements: fill, sequence, tabulate, transform, copy.
pub use backend::{TabulateOps, Transform2Ops, TransformOps};
pub use copy::copy;
pub use transform::{
    fill, sequence, tabulate, transform, transform2, transform2_into, transform_into,
};

// Reductions: plain, fused with a transform, from an initial value (the op traits serve the
// scans too).
pub use backend::{Fused2Ops, FusedOps, InitOps, MonoidOps};
pub use init::{reduce_with_init, reduce_with_init_into};
pub use reduce::{reduce, reduce_into, transform2_reduce, transform_reduce};

// Scans: inclusive and exclusive, fused with a transform, from an initial value.
pub use init::{inclusive_scan_with_init, inclusive_scan_with_init_into};
pub use scan::{
    exclusive_scan, exclusive_scan_into, inclusive_scan, inclusive_scan_into,
    transform_exclusive_scan, transform_inclusive_scan,
};

// Segmented and by key: scans by flags, keys and offsets, reductions by key and by segment.
pub use backend::KeyedOps;
pub use by_key::{reduce_by_key, reduce_by_key_into, segmented_reduce};
pub use parallax_core::reference::ScanKind;
pub use parallax_core::{Flagged, Segmented};
pub use segmented::{
    exclusive_scan_by_flags, exclusive_scan_by_key, exclusive_scan_by_offsets,
    inclusive_scan_by_flags, inclusive_scan_by_key, inclusive_scan_by_offsets,
};
pub use segmented_into::{
    exclusive_scan_by_flags_into, exclusive_scan_by_key_into, exclusive_scan_by_offsets_into,
    inclusive_scan_by_flags_into, inclusive_scan_by_key_into, inclusive_scan_by_offsets_into,
};

// Selection: copy_if, remove_if, partition, count, unique, and the stock predicates.
pub use backend::{FlaggedOps, SelectOps, UniqueByKeyOps, UniqueOps};
pub use parallax_core::{
    EqualTo, GreaterThan, InRange, Indicator, LessThan, NonZero, NotEqualTo, Predicate,
};
pub use select::{
    copy_if, copy_if_into, copy_if_stencil, copy_if_stencil_into, count, count_if, partition,
    partition_into, remove_if, remove_if_into, unique, unique_by_key, unique_by_key_into,
    unique_into,
};

// Sort and merge: radix sorts by key order (whole and segmented), comparator merge sorts and
// merges.
pub use backend::{MergeByKeyOps, MergeOps};
pub use backend::{SegmentedSortByKeyOps, SegmentedSortOps, SortByKeyOps, SortOps};
pub use merge::{
    merge, merge_by, merge_by_into, merge_by_key, merge_by_key_into, merge_by_key_with,
    merge_by_key_with_into, merge_into,
};
pub use merge_sort::{sort_by, sort_by_into, sort_by_key_with, sort_by_key_with_into};
pub use parallax_core::{Compare, Greater, Less};
pub use parallax_core::{Order, RadixBits, SortKey};
pub use sort::{
    sort, sort_by_key, sort_by_key_descending, sort_by_key_into, sort_descending, sort_into,
};
pub use sort_segmented::{
    sort_by_key_segmented, sort_by_key_segmented_descending, sort_by_key_segmented_into,
    sort_segmented, sort_segmented_descending, sort_segmented_into,
};

// Search and extrema: vectorized binary search, extrema with their positions.
pub use backend::{ArgOps, SearchOps};
pub use extrema::{
    max_element, max_element_into, min_element, min_element_into, minmax_element,
    minmax_element_into,
};
pub use parallax_core::{ArgMax, ArgMin, ArgMinMax, ArgReduce, Indexed, MinMax, SearchKey};
pub use search::{
    binary_search, binary_search_into, lower_bound, lower_bound_into, upper_bound, upper_bound_into,
};

// Histogram: even bins and bins by edges.
pub use backend::HistogramOps;
pub use histogram::{histogram, histogram_even, histogram_even_into, histogram_into};
pub use parallax_core::{EvenBins, HistogramCounter, HistogramSample};

// Gather, scatter and reverse: elements moved through a map of indices.
pub use backend::{GatherOps, ReverseOps};
pub use gather::{
    gather, gather_if, gather_into, gather_unchecked_into, reverse, reverse_into, scatter,
    scatter_if, scatter_unchecked,
};

// Sparse matrices and SpMV over a semiring (the stencils take semirings too).
pub mod sparse;
pub use backend::SpmvOps;
pub use parallax_core::{MaxTimes, MinPlus, OrAnd, PlusTimes, Semiring, SemiringAdd, SparseIndex};
pub use sparse::{
    CooMatrix, CsrMatrix, EllMatrix, HybMatrix, MatrixMarketForm, MATRIX_MARKET_MAX_LINE,
};
pub use spmv::{spmv, spmv_into, SparseMatrix};

// Stencils: 1D, 2D and 3D, masks and convolutions, every boundary.
pub use backend::StencilOps;
pub use parallax_core::{Boundary, Stencil};
pub use stencil::{
    convolve_1d, convolve_2d, mask_1d, mask_2d, mask_3d, star_3d, stencil_map, stencil_map_into,
};

// Lazy sequences and views: constants, counters, maps, zips and permutations read without a
// stored temporary, the elements of zips and the operators over them, and views of part of a
// vector.
pub use backend::{HostMemory, LazyCollectOps, LazyMapOps, LazyMonoidOps};
pub use lazy::{
    constant, counting, permute, zip, zip3, CollectSource, Constant, Counting, MapSource, Mapped,
    MonoidSource, Permuted, Readable, Reversed, Source, ZipMapped, Zipped, Zipped3,
};
pub use parallax_core::{Both, Pair, PairWith, Triple};
pub use view::{Input, Output, View, ViewMut};

// Sharding: vectors split over shards and the algorithms over them (`parallax::shard`).
pub mod shard;
pub use shard::{Collective, InMemory, ShardedVector};

// CUDA interop: the GPU API beyond the `Cuda` backend, re-exported so that one dependency
// (`parallax` with `cuda`) reaches it and docs.rs documents it (with the `cuda` badge) beside
// the algorithms.
/// The CUDA backend's own crate: the device and its memory, kernel libraries, the typed
/// operations the `Cuda` backend calls, and [`UserKernel`] for launching kernels of your own.
#[cfg(feature = "cuda")]
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
pub use parallax_device as device;
/// The cudarc crate the CUDA backend is built on, for `CudaSlice` / `CudaStream` interop
/// ([`DeviceVector::into_cuda_slice`], [`Device::wait_for_stream`]).
#[cfg(feature = "cuda")]
pub use parallax_device::cudarc;
#[cfg(feature = "cuda")]
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
pub use parallax_device::kernels::{
    instantiate_binary, instantiate_monoid, instantiate_predicate,
    instantiate_transform2_exclusive_scan, instantiate_transform2_inclusive_scan,
    instantiate_transform2_reduce, instantiate_transform_exclusive_scan,
    instantiate_transform_inclusive_scan, instantiate_transform_reduce, instantiate_unary,
};
#[cfg(feature = "cuda")]
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
pub use parallax_device::{Device, Kernels, LaunchConfig, UserKernel};

// Operators: the traits the algorithms are generic over, the stock monoids and functors,
// closures as operators on the CPU backends, functors that read another array
// (`DeviceVector::device_ref`), the laws an operator must keep and the sequential reference
// implementations they are checked against.
pub use parallax_core::laws;
/// The sequential reference implementations (the test oracle), on slices.
pub use parallax_core::reference;
pub use parallax_core::{monoid, FnMonoid};
pub use parallax_core::{
    Affine, AffineMap, BinaryFunction, BitAnd, BitOr, BitXor, Bits, Identity, Max, Min, Monoid,
    Negate, Number, Plus, Product, SaxpyFunctor, Scale, Sequence, SplitMix64, Square, Sum, Times,
    UnaryFunction,
};
pub use parallax_core::{DeviceRef, MemorySpace};

// Errors: the one error type of every backend, defined in `parallax-core` so that the CUDA
// backend returns it too (no variant is written twice).
pub use parallax_core::{Error, Result, SparseProblem};
