//! The 7-point stencil `y = C0·x + C1·(six face neighbours)` on an `nz × ny × nx` `f32` grid
//! (x fastest; points outside the grid read as 0, `parallaxis::ops::Boundary::Zero`), as a ladder
//! of kernels, each one step from the last:
//!
//! 1. [`Variant::Naive`]: one thread per point, 7 global loads.
//! 2. [`Variant::Pencil`]: thread coarsening along z: one thread per `(x, y)` column walks
//!    all of z (the block's index arithmetic is paid once per column), still 7 loads a point.
//! 3. [`Variant::Registers`]: register tiling of the z neighbours: `prev`, `cur`, `next` of
//!    the column stay in registers, so each point loads 5 values (`next` and 4 in-plane).
//! 4. [`Variant::SharedGlobalHalo`]: the block's x-y slice of `cur` goes through shared
//!    memory; in-plane neighbours inside the tile come from it, those past its edge are
//!    loaded from global memory where needed (the "conditional halo load").
//! 5. [`Variant::SharedHaloTile`]: the tile has a one-point halo that the edge threads load,
//!    so every in-plane neighbour comes from shared memory.
//!
//! Blocks of 32 × 8 threads; the shared variants double-buffer the tile (one barrier a
//! plane).

use parallaxis_kernels::args::{In, Out};

#[cfg(target_arch = "nvptx64")]
mod device;
#[cfg(not(target_arch = "nvptx64"))]
mod host;
#[cfg(not(target_arch = "nvptx64"))]
pub use host::{stencil7, Variant};

/// The centre's weight.
pub const C0: f32 = -6.0;
/// The six neighbours' weight.
pub const C1: f32 = 1.0;
/// Threads of a block along x.
pub const BLOCK_X: u32 = 32;
/// Threads of a block along y.
pub const BLOCK_Y: u32 = 8;

/// The tile of [`Variant::SharedGlobalHalo`]: two planes of `cur`, no halo.
pub type PlainTiles = [[[f32; BLOCK_X as usize]; BLOCK_Y as usize]; 2];
/// The tile of [`Variant::SharedHaloTile`]: two planes of `cur` with a one-point halo.
pub type HaloTiles = [[[f32; BLOCK_X as usize + 2]; BLOCK_Y as usize + 2]; 2];

/// A launch's arguments.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Stencil7Params<'a> {
    /// `nz * ny * nx` inputs, x fastest.
    pub x: In<'a, f32>,
    /// The outputs, same layout.
    pub y: Out<'a, f32>,
    /// Points along x.
    pub nx: u32,
    /// Points along y.
    pub ny: u32,
    /// Points along z.
    pub nz: u32,
}
