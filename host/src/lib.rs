//! parallax-host: the rayon backend's algorithms, on plain slices.
//!
//! Every function here has the signature and the exact semantics of its sequential reference
//! in `parallax_core::reference` (the doc of each names it), and runs on rayon's global pool.
//! Inputs are assumed validated by the `parallax` front doors (lengths, sparse structure);
//! given mismatched lengths a function processes the common prefix and never panics.
//!
//! Work is split into chunks whose boundaries depend only on the input size, never on the
//! number of threads, so results (floats included) are identical for any `RAYON_NUM_THREADS`.

mod by_key;
mod chunk_lanes;
#[cfg(test)]
mod chunk_robustness;
mod chunk_scan;
mod chunking;
mod elementwise;
mod memory;
mod reduce;
mod scan;
mod seg_heads;
mod seg_key_heads;
mod seg_reduce;
#[cfg(test)]
mod seg_robustness;
mod seg_walk;
mod segmented;
mod spmv;
mod spmv_coo;
mod spmv_csr_fold;
#[cfg(test)]
mod spmv_csr_robustness;
mod spmv_ell;
mod stencil;
mod stencil_row;

pub use by_key::{reduce_by_key, reduce_by_key_into, segmented_reduce};
pub use chunking::CHUNK;
pub use elementwise::{tabulate, transform, transform2};
pub use memory::{fill, zeroed_vec};
pub use reduce::{reduce, transform2_reduce, transform_reduce};
pub use scan::{
    exclusive_scan, inclusive_scan, transform_exclusive_scan, transform_inclusive_scan,
};
pub use segmented::{scan_by_flags, scan_by_keys, scan_by_offsets};
pub use spmv::{spmv_coo, spmv_csr, spmv_ell};
pub use stencil::stencil;
