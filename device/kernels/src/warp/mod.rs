//! Warp-level primitives: 32 lanes exchanging values through shuffles, with no shared memory
//! and no barrier. Every function here must be called by all 32 lanes of a warp together
//! (the shuffles use the full member mask `0xffff_ffff`): calling one from divergent code
//! gives unspecified values or hangs the warp. Public for user kernels; any `Copy` value of
//! at most 32 bytes shuffles (as 32-bit words).

mod match_any;
mod match_bits;
mod scan;
mod shuffle;

pub use match_any::match_any;
pub use match_bits::match_bits;
pub use scan::{inclusive_scan, reduce};
pub use shuffle::{ballot, shuffle_idx, shuffle_up};
