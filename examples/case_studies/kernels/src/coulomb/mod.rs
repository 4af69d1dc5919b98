//! Direct Coulomb summation, gather form: the electrostatic potential of `atoms` at every
//! point of one `nx × ny` slice (height `z`) of a lattice of spacing `spacing`,
//! `V(p) = Σ_k q_k / |p − r_k|`. One thread gathers the sum for `POINTS` grid points of one
//! row, `BLOCK_X` points apart (coalesced coarsening: at each point index the threads of a
//! half-warp touch 16 consecutive outputs), so each atom it loads serves `POINTS` points and
//! `dy² + dz²` is computed once per atom for all of them.

use parallaxis_core::DeviceCopy;
use parallaxis_kernels::args::{In, Out};

#[cfg(target_arch = "nvptx64")]
mod device;
#[cfg(not(target_arch = "nvptx64"))]
mod host;
#[cfg(not(target_arch = "nvptx64"))]
pub use host::{coulomb, entry, Coarsening};

/// Threads of a block along x: also the distance between one thread's points.
pub const BLOCK_X: u32 = 16;
/// Threads of a block along y.
pub const BLOCK_Y: u32 = 16;
/// The coarsening factors with an entry point: grid points per thread.
pub const POINTS: [u32; 3] = [1, 4, 8];

/// One point charge (16 bytes, so one atom is one vector load).
#[derive(Clone, Copy, Debug, Default, PartialEq, DeviceCopy)]
#[repr(C, align(16))]
pub struct Atom {
    /// Position.
    pub x: f32,
    /// Position.
    pub y: f32,
    /// Position.
    pub z: f32,
    /// Charge.
    pub q: f32,
}

/// A launch's arguments.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct CoulombParams<'a> {
    /// The charges.
    pub atoms: In<'a, Atom>,
    /// `nx * ny` potentials, row-major (x fastest).
    pub potential: Out<'a, f32>,
    /// Points along x.
    pub nx: u32,
    /// Points along y.
    pub ny: u32,
    /// Lattice spacing: point `(i, j)` sits at `(i * spacing, j * spacing, z)`.
    pub spacing: f32,
    /// The slice's height.
    pub z: f32,
}
