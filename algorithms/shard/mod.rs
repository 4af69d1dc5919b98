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
//! [`sort`] and [`sort_by_key`] move elements between shards: a sample sort whose buckets
//! travel through an [`Exchange`] (`InMemory`: copies, between GPUs peer copies; `Nccl`:
//! NCCL sends and receives in one group) and come back in the split rule's layout.
//!
//! The split rule is in [`ShardedVector`]'s docs (`split.rs`): the first `n % k` shards hold
//! one element more than the rest.

mod buckets;
mod collective;
#[cfg(feature = "cuda")]
mod devices;
mod each;
mod exchange;
#[cfg(feature = "nccl")]
mod nccl;
#[cfg(feature = "nccl")]
mod nccl_exchange;
mod reduce;
mod rows;
mod runs;
mod scan;
mod segmented;
mod select;
mod sort;
mod sort_by_key;
mod split;
mod splitters;
mod transform;
mod vector;

pub use collective::{Collective, InMemory};
pub use exchange::{Exchange, Move};
#[cfg(feature = "nccl")]
#[cfg_attr(docsrs, doc(cfg(feature = "nccl")))]
pub use nccl::Nccl;
#[cfg(feature = "nccl")]
#[cfg_attr(docsrs, doc(cfg(feature = "nccl")))]
pub use parallax_device::nccl::UniqueId;
pub use reduce::reduce;
pub use scan::{exclusive_scan, inclusive_scan};
pub use segmented::{exclusive_scan_by_offsets, inclusive_scan_by_offsets};
pub use sort::sort;
pub use sort_by_key::sort_by_key;
pub use transform::{transform, transform2};
pub use vector::ShardedVector;
