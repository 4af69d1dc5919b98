//! Sharded vectors (issue 34): `n` elements split into contiguous blocks over
//! `k` shards, and the algorithms written once over any backend and any [`Collective`].
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
//! The split rule is in [`ShardedVector`]'s docs (`split.rs`): the first `n % k` shards hold
//! one element more than the rest.
//!
//! Beyond vectors, with elements moving between shards through an [`Exchange`]:
//! - [`ShardedCsr`]: a CSR matrix split by rows (the split rule over the row count), each
//!   block with global columns; [`HostCsr`] is the borrowed host CSR it is made from.
//! - [`spmv`] and [`ShardedSpmv`]: `y = A·x` with `x` all-gathered beside each row block
//!   (the plan keeps the gathered buffers between calls); `y` is split like the rows.
//! - [`ShardedGrid`]: a 3D grid split into z-slabs (the split rule over planes).
//! - [`stencil3d`] and [`stencil3d_into`]: the 3D stencil over slabs with halo planes, equal
//!   to [`stencil_map`](crate::stencil_map) on the whole grid.

mod collective;
mod csr;
#[cfg(feature = "cuda")]
mod devices;
mod each;
mod exchange;
mod grid;
#[cfg(feature = "nccl")]
mod nccl;
#[cfg(feature = "cuda")]
mod placed;
mod reduce;
mod scan;
mod segmented;
mod split;
mod spmv;
mod stencil;
mod transform;
mod vector;

pub use collective::{Collective, InMemory};
pub use csr::{HostCsr, ShardedCsr};
pub use exchange::{Exchange, Move};
pub use grid::ShardedGrid;
#[cfg(feature = "nccl")]
#[cfg_attr(docsrs, doc(cfg(feature = "nccl")))]
pub use nccl::Nccl;
#[cfg(feature = "nccl")]
#[cfg_attr(docsrs, doc(cfg(feature = "nccl")))]
pub use parallax_device::nccl::UniqueId;
pub use reduce::reduce;
pub use scan::{exclusive_scan, inclusive_scan};
pub use segmented::{exclusive_scan_by_offsets, inclusive_scan_by_offsets};
pub use spmv::{spmv, ShardedSpmv};
pub use stencil::{stencil3d, stencil3d_into};
pub use transform::{transform, transform2};
pub use vector::ShardedVector;
