//! parallax-host: the rayon backend's algorithms, on plain slices.
//!
//! Every function here has the signature and the exact semantics of its sequential reference
//! in `parallax_core::reference` (the doc of each names it), and runs on rayon's global pool.
//! Inputs are assumed validated by the `parallax` front doors (lengths, sparse structure);
//! given mismatched lengths a function processes the common prefix and never panics.
//!
//! Work is split into chunks whose boundaries depend only on the input size, never on the
//! number of threads, so results (floats included) are identical for any `RAYON_NUM_THREADS`.

mod memory;
mod stubs;

pub use memory::{fill, zeroed_vec};
pub use stubs::*;
