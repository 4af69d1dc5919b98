//! Launching the ladder's kernels.

use super::{HaloTiles, PlainTiles, Stencil7Params, BLOCK_X, BLOCK_Y};
use crate::{blocks_for, KERNELS};
use parallaxis_device::{DeviceBuffer, Error, LaunchConfig, UserKernel};

/// The rungs of the ladder (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// One thread per point.
    Naive,
    /// One thread per z column.
    Pencil,
    /// z neighbours in registers.
    Registers,
    /// Shared x-y tile, out-of-tile neighbours from global memory.
    SharedGlobalHalo,
    /// Shared x-y tile with a loaded halo.
    SharedHaloTile,
}

impl Variant {
    /// All rungs, in ladder order.
    pub const ALL: [Variant; 5] = [
        Variant::Naive,
        Variant::Pencil,
        Variant::Registers,
        Variant::SharedGlobalHalo,
        Variant::SharedHaloTile,
    ];

    /// The entry point.
    pub fn entry(self) -> &'static str {
        match self {
            Variant::Naive => "stencil7_naive",
            Variant::Pencil => "stencil7_pencil",
            Variant::Registers => "stencil7_registers",
            Variant::SharedGlobalHalo => "stencil7_shared_global_halo",
            Variant::SharedHaloTile => "stencil7_shared_halo_tile",
        }
    }

    /// Dynamic shared memory per block, in bytes.
    fn shared_bytes(self) -> u32 {
        match self {
            Variant::SharedGlobalHalo => core::mem::size_of::<PlainTiles>() as u32,
            Variant::SharedHaloTile => core::mem::size_of::<HaloTiles>() as u32,
            _ => 0,
        }
    }
}

/// `y = stencil(x)` on an `nz × ny × nx` grid with `variant`, `times` times (timing).
///
/// # Errors
/// Lengths other than `nx · ny · nz`, a grid too large for one launch, or a device error.
pub fn stencil7(
    variant: Variant,
    x: &DeviceBuffer<f32>,
    y: &mut DeviceBuffer<f32>,
    [nz, ny, nx]: [u32; 3],
    times: u32,
) -> Result<(), Error> {
    let n = nx as usize * ny as usize * nz as usize;
    for (what, len) in [("stencil7 x", x.len()), ("stencil7 y", y.len())] {
        if len != n {
            return Err(Error::LengthMismatch {
                what,
                expected: n,
                actual: len,
            });
        }
    }
    let planes = if variant == Variant::Naive { nz } else { 1 };
    let cfg = LaunchConfig {
        grid: (
            blocks_for(u64::from(nx), u64::from(BLOCK_X), "stencil7")?,
            blocks_for(u64::from(ny), u64::from(BLOCK_Y), "stencil7")?,
            planes,
        ),
        block: (BLOCK_X, BLOCK_Y, 1),
        shared_bytes: variant.shared_bytes(),
    };
    let p = Stencil7Params {
        x: x.arg(),
        y: y.arg_mut(),
        nx,
        ny,
        nz,
    };
    // SAFETY: every `stencil7_*` entry takes one `Stencil7Params` (this definition, compiled
    // for nvptx64); after checking both lengths it reads `x` inside the grid and writes each
    // point of `y` once, from one thread; its shared memory is the variant's tiles, which
    // `cfg` provides.
    let kernel = unsafe { UserKernel::<Stencil7Params<'_>>::new(KERNELS, variant.entry()) };
    kernel.launch_on(x.device(), &cfg, p, times)
}
