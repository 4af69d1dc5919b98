//! parallaxis-device: parallaxis's CUDA backend, host side.
//!
//! - [`Device`]: a CUDA context created on first use, loading the kernels (built from
//!   `device/kernels` by `build.rs` and embedded here as [`KERNELS`]) kernel by kernel as
//!   they are first called. No driver or a
//!   bad ordinal is an error, never a panic; a sticky fault poisons the device and every later
//!   call fails fast with [`Error::Poisoned`].
//! - [`DeviceBuffer<T>`]: typed device memory (upload, download, fill, zeroed); running out of
//!   memory is [`Error::OutOfMemory`] with the size, and the device stays usable.
//! - The operations: [`transform`], [`transform2`], [`tabulate`], [`reduce`] (and
//!   [`reduce_into`], which leaves the result on the device), [`inclusive_scan`],
//!   [`exclusive_scan`], generic over operators that have kernels
//!   ([`UnaryKernel`], [`BinaryKernel`], [`TabulateKernel`], [`MonoidKernel`]); using an
//!   operator/type pair with no kernel does not compile.
//! - [`Stream`]: run operations on a stream of your own ([`Stream::run`]: two streams
//!   overlap), copy through [`PinnedBuffer`]s while kernels run, and record a sequence of
//!   calls into a [`Graph`] that replays it with one launch ([`Stream::capture`]).
//! - Errors are parallaxis's one [`Error`] (defined in `parallaxis-core`, re-exported by the
//!   facade as `parallaxis::Error`).
//!
//! The source by tier: `context/` (the device, its memory pool and the working memory the
//! operations reuse), `kernel/` (the kernel traits, implemented from the instantiation
//! lists), `launch/` (private: the one module with every `unsafe` kernel launch, typed by the
//! `#[repr(C)]` parameter structs the kernels crate defines for both sides, and the typed
//! launchers of each family), `ops/` (the safe operations by algorithm, sharing one checked
//! prologue), `stream/` (streams, their working memory, graphs), [`DeviceBuffer`],
//! [`PinnedBuffer`] and [`user`] (launching a user crate's own kernels).
//!
//! ```no_run
//! use parallaxis_core::{SaxpyFunctor, Sum};
//! use parallaxis_device::{reduce, transform2, DeviceBuffer};
//! let x = DeviceBuffer::from_slice(&[1.0_f32, 2.0, 3.0])?;
//! let y = DeviceBuffer::from_slice(&[1.0_f32, 1.0, 1.0])?;
//! let mut z = DeviceBuffer::zeroed(3)?;
//! transform2(SaxpyFunctor { a: 2.0 }, &x, &y, &mut z)?;
//! assert_eq!(reduce(Sum, &z)?, 15.0);
//! # Ok::<(), parallaxis_device::Error>(())
//! ```

#![cfg_attr(docsrs, feature(doc_cfg))]

// The family declarations' host side names this crate by its absolute path.
extern crate self as parallaxis_device;
mod buffer;
mod context;
mod interop;
mod kernel;
mod launch;
#[cfg(feature = "nccl")]
#[cfg_attr(docsrs, doc(cfg(feature = "nccl")))]
pub mod nccl;
mod ops;
mod pinned;
mod stream;
pub mod user;
mod view;

pub use buffer::DeviceBuffer;
pub use context::{Device, GpuTimer, Kernels, DEVICE_ENV};
/// The cudarc crate parallaxis is built on (for `CudaSlice`, `CudaStream` in the interop API).
pub use cudarc;
pub use kernel::histogram::HistogramKernel;
pub use kernel::segmented::{KeyKernel, SegmentedKernel};
pub use kernel::select::{PredicateKernel, SelectKernel, UniqueByKeyKernel};
pub use kernel::sort::{SortKernel, SortValue};
pub use kernel::spmv::{SemiringKernel, SpmvEntries, SpmvIndex};
pub use kernel::stencil::StencilKernel;
pub use kernel::{kernel_name, BinaryKernel, MonoidKernel, TabulateKernel, UnaryKernel};
pub use ops::{
    adjacent_difference, exclusive_scan, inclusive_scan, reduce, reduce_by_key, reduce_by_key_into,
    reduce_into, scan_by_flags, scan_by_keys, scan_by_offsets, scan_with_layout, segmented_reduce,
    spmv_coo, spmv_csr, spmv_csr_with_kernel, spmv_ell, stencil, tabulate, tile_order, transform,
    transform2, transform2_exclusive_scan, transform2_exclusive_scan_is_fused,
    transform2_inclusive_scan, transform2_inclusive_scan_is_fused, transform2_reduce,
    transform2_reduce_is_fused, transform_exclusive_scan, transform_exclusive_scan_is_fused,
    transform_in_place, transform_inclusive_scan, transform_inclusive_scan_is_fused,
    transform_reduce, transform_reduce_is_fused, ScanLayout, TileOrder,
};
pub use ops::{first_out_of_range, gather, histogram_even, histogram_range, reverse, scatter};
pub use pinned::PinnedBuffer;
pub use stream::{Graph, Stream};
// A zip of stored sequences written out as pairs or triples.
pub use ops::{zip3_into, zip_into};
pub use view::{DeviceView, DeviceViewMut, VIEW_ALIGN};
/// Selection (`copy_if`, `remove_if`, `partition`, `partition_unstable`, `unique`,
/// `unique_by_key`, `count_if`)
/// on the single-pass select kernels (`ops/select/`), and the searches `find_if`, `mismatch`
/// and `is_sorted_until` (stopping early), kept
/// in a module of its own so that `parallaxis_device::select::copy_if` names the family it
/// belongs to.
pub mod select {
    pub use crate::ops::{
        copy_if, copy_if_into, copy_if_stencil, copy_if_stencil_into, count_if, find_if,
        is_sorted_until, mismatch, partition_into, partition_unstable_into, unique, unique_by_key,
        unique_by_key_into, unique_into,
    };
}
pub use ops::{sort, sort_by_key};
pub use parallaxis_core::{Error, Result};
// Extrema with positions, init values, vectorized search.
pub use kernel::extrema::{ArgReduceKernel, SearchKernel};
// The comparator merge sort, merge and set operations.
pub use kernel::merge::CompareKernel;
pub use ops::{
    arg_reduce, arg_reduce_into, binary_search, bound, inclusive_scan_with_init,
    reduce_with_init_into,
};
pub use ops::{
    merge_by, merge_by_key_with, set_op_by, set_op_by_key_with, sort_by, sort_by_key_with,
};
pub use parallaxis_kernels as kernels;
pub use user::{LaunchConfig, UserKernel};

/// The library's kernels, built by `build.rs` from `device/kernels` with rustc's nvptx64
/// backend: each entry point's PTX (sm_80: Ampere, Hopper and later), and machine code of each
/// family for the architectures the build assembled (`docs/ptx-build.md`).
pub const KERNELS: Kernels = Kernels::library(include_bytes!(concat!(
    env!("OUT_DIR"),
    "/parallaxis_kernels.kernels"
)));

/// The legacy default stream (`NULL`): every operation queues on it unless the calling thread
/// runs a [`Stream::run`] scope of the operation's device, whose stream it then uses
/// (`stream/current.rs`). It orders kernels, copies and memsets issued from any host thread,
/// and, since parallaxis's streams are blocking streams, work on them too. Operations whose
/// results stay on the device return once their kernels are queued, as CUB's and cuSPARSE's
/// do (what comes after runs after them, and with memory-pool support, which every current
/// driver has, freeing a buffer or regrowing the scratch is ordered after them on the stream
/// without waiting, see `context/memory.rs`); those that hand a value or a length to the host
/// ([`reduce`], [`reduce_by_key`], `to_vec`) wait for their stream, and so do the comparator
/// sorts and merges ([`sort_by`], [`merge_by`], ...), which read whether their kernels found
/// the inputs unsorted. A fault in a queued kernel surfaces in the next call that waits.
/// [`UserKernel::launch`] waits, because its arguments borrow their buffers only for the call.
pub(crate) const LEGACY_STREAM: cudarc::driver::sys::CUstream = std::ptr::null_mut();
