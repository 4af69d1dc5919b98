//! Sharded vectors: `n` elements split into contiguous blocks over `k` shards, and the
//! algorithms written once over any backend and any [`Collective`].
//!
//! The element-wise algorithms ([`transform`], [`transform2`]) run on each shard alone. The
//! others are the three steps a multi-GPU run takes: a local pass per shard (the backend's
//! own algorithm on that shard's [`DeviceVector`](crate::DeviceVector)), an exchange of one
//! small value per shard through the [`Collective`] (shard totals, in shard order), and a
//! second local pass (each shard scanned from its carry). On the CPU backends the shards live
//! in one process and [`InMemory`] is the collective. On CUDA, `ShardedVector::from_slice_on`
//! (feature `cuda`) puts shards on several GPUs of one process; each shard's steps are queued
//! on its GPU, on every GPU before any result is read, so the GPUs work at the same time, and
//! the shard totals pass through host memory ([`InMemory`]). With one process per GPU (on one
//! host or several), each process holds its own shard ([`ShardedVector::from_rank`]) and
//! `Nccl` (feature `nccl`) is the collective.
//!
//! [`sort`] and [`sort_by_key`] move elements between shards: a sample sort whose buckets
//! travel through an [`Exchange`] (`InMemory`: copies, between GPUs peer copies; `Nccl`:
//! NCCL sends and receives in one group) and come back in the split rule's layout.
//!
//! The split rule is in [`ShardedVector`]'s docs (`split.rs`): the first `n % k` shards hold
//! one element more than the rest.
//!
//! Beyond vectors, with elements moving between shards through an [`Exchange`]:
//! - [`ShardedCsr`]: a CSR matrix split by rows (the split rule over the row count), each
//!   block with global columns; [`HostCsr`] is the borrowed host CSR it is made from.
//! - [`spmv`] and [`ShardedSpmv`]: `y = A·x` with each row block's column span of `x`
//!   gathered beside it (the plan keeps the buffers between calls); `y` is split like the rows.
//! - [`ShardedGrid`]: a 3D grid split into z-slabs (the split rule over planes).
//! - [`stencil3d`] and [`stencil3d_into`]: the 3D stencil over slabs with halo planes, equal
//!   to [`stencil_map`](crate::stencil_map) on the whole grid.
//!
//! The segmented algorithms carry segments across shard boundaries:
//! - [`inclusive_scan_by_offsets`], [`exclusive_scan_by_offsets`]: by host offsets;
//! - [`inclusive_scan_by_flags`], [`exclusive_scan_by_flags`]: by sharded head flags;
//! - [`inclusive_scan_by_key`], [`exclusive_scan_by_key`]: by runs of equal sharded keys;
//! - [`reduce_by_key`]: one key and fold per run, as sharded vectors split by the rule over
//!   the runs (the runs placed through an [`Exchange`]);
//! - [`segmented_reduce`]: one fold per segment of host offsets, split likewise.

mod boundary;
mod buckets;
mod by_key;
mod carry;
mod collective;
mod csr;
mod cuts;
#[cfg(feature = "cuda")]
mod devices;
mod each;
mod exchange;
mod flags;
mod grid;
mod heads;
mod keys;
mod layout;
#[cfg(feature = "nccl")]
mod nccl;
#[cfg(feature = "nccl")]
mod nccl_exchange;
#[cfg(feature = "cuda")]
mod placed;
mod reduce;
mod rows;
mod runs;
mod scan;
mod segmented;
mod segmented_reduce;
mod sort;
mod sort_by_key;
mod sorted_runs;
mod spans;
mod split;
mod splitters;
mod spmv;
mod stencil;
mod transform;
mod vector;

pub use by_key::reduce_by_key;
pub use collective::{Collective, InMemory};
pub use csr::{HostCsr, ShardedCsr};
pub use exchange::{Exchange, Move};
pub use flags::{exclusive_scan_by_flags, inclusive_scan_by_flags};
pub use grid::ShardedGrid;
pub use keys::{exclusive_scan_by_key, inclusive_scan_by_key};
#[cfg(feature = "nccl")]
#[cfg_attr(docsrs, doc(cfg(feature = "nccl")))]
pub use nccl::Nccl;
#[cfg(feature = "nccl")]
#[cfg_attr(docsrs, doc(cfg(feature = "nccl")))]
pub use parallaxis_device::nccl::UniqueId;
pub use reduce::reduce;
pub use scan::{exclusive_scan, inclusive_scan};
pub use segmented::{exclusive_scan_by_offsets, inclusive_scan_by_offsets};
pub use segmented_reduce::segmented_reduce;
pub use sort::sort;
pub use sort_by_key::sort_by_key;
pub use spmv::{spmv, ShardedSpmv};
pub use stencil::{stencil3d, stencil3d_into};
pub use transform::{transform, transform2};
pub use vector::ShardedVector;
