//! Thread tier: what one thread can ask and do by itself. Its indices (1-D:
//! [`thread_index`] and friends; 3-D: [`thread_idx`] and friends), the block and warp
//! barriers, the block's dynamic shared memory, loop hints for LLVM and ptxas, and,
//! crate-private, `.gpu`-scope atomics and cache-hinted loads in inline PTX.
//!
//! Public for user kernels.

pub(crate) mod atomic_add;
pub(crate) mod atomics;
mod barrier;
pub(crate) mod cache_hints;
mod codegen;
mod grid;
mod index;
pub(crate) mod relaxed;
mod shared;
pub(crate) mod vector_load;

pub use barrier::{sync_threads, sync_warp};
pub use codegen::{no_unroll, opaque};
pub use grid::{block_dim, block_idx, grid_dim, thread_idx, Dim3};
pub use index::{block_index, grid_blocks, lane, thread_index, warp_index};
pub use shared::{dynamic_shared, dynamic_shared_at};
