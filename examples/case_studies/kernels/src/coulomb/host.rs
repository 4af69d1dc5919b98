//! Launching the gather kernels.

use super::{Atom, CoulombParams, BLOCK_X, BLOCK_Y};
use crate::{blocks_for, KERNELS};
use parallaxis_device::{DeviceBuffer, Error, LaunchConfig, UserKernel};

/// Grid points per thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coarsening {
    /// One point per thread.
    One,
    /// Four points, `BLOCK_X` apart.
    Four,
    /// Eight points, `BLOCK_X` apart.
    Eight,
}

impl Coarsening {
    /// Points per thread.
    pub fn points(self) -> u32 {
        match self {
            Coarsening::One => 1,
            Coarsening::Four => 4,
            Coarsening::Eight => 8,
        }
    }
}

/// The entry point of a coarsening factor.
pub fn entry(c: Coarsening) -> &'static str {
    match c {
        Coarsening::One => "coulomb_1",
        Coarsening::Four => "coulomb_4",
        Coarsening::Eight => "coulomb_8",
    }
}

/// The potential of `atoms` on the `nx × ny` slice at height `z`, `times` times (timing).
///
/// # Errors
/// `potential.len() != nx * ny`, a grid too large for one launch, or a device error.
#[allow(clippy::too_many_arguments)] // the slice's geometry, spelt out
pub fn coulomb(
    c: Coarsening,
    atoms: &DeviceBuffer<Atom>,
    potential: &mut DeviceBuffer<f32>,
    (nx, ny): (u32, u32),
    spacing: f32,
    z: f32,
    times: u32,
) -> Result<(), Error> {
    let n = nx as usize * ny as usize;
    if potential.len() != n {
        return Err(Error::LengthMismatch {
            what: "coulomb potential",
            expected: n,
            actual: potential.len(),
        });
    }
    let per_block_x = u64::from(BLOCK_X * c.points());
    let cfg = LaunchConfig {
        grid: (
            blocks_for(u64::from(nx), per_block_x, "coulomb")?,
            blocks_for(u64::from(ny), u64::from(BLOCK_Y), "coulomb")?,
            1,
        ),
        block: (BLOCK_X, BLOCK_Y, 1),
        shared_bytes: 0,
    };
    let p = CoulombParams {
        atoms: atoms.arg(),
        potential: potential.arg_mut(),
        nx,
        ny,
        spacing,
        z,
    };
    // SAFETY: every `coulomb_*` entry takes one `CoulombParams` (this definition, compiled
    // for nvptx64); it reads `atoms` below its length and writes each in-range point of
    // `potential` once, from one thread, after checking `potential.len() >= nx * ny`; no
    // shared memory.
    let kernel = unsafe { UserKernel::<CoulombParams<'_>>::new(KERNELS, entry(c)) };
    kernel.launch_on(atoms.device(), &cfg, p, times)
}
