//! Warp-level primitives: 32 lanes exchanging values through shuffles, with no shared memory
//! and no barrier. Every function here must be called by all 32 lanes of a warp together
//! (the shuffles use the full member mask `0xffff_ffff`).

mod scan;
mod shuffle;

pub(crate) use scan::{inclusive_scan, reduce};
pub(crate) use shuffle::{ballot, shuffle_idx, shuffle_up};
