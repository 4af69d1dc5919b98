//! Stencil kernels of their own for some exact tap layouts: the dense 9-tap window in 1D
//! (`stencil_row1d_r4`), the dense row-major 5 × 5 box in 2D (`stencil_box2d_r2`), the 3D
//! 7-point star (`stencil_star3d`, or `stencil_march3d_star7` where its row layout does not
//! fit) and 27-point box (`stencil_march3d_box27`). Each folds the taps in a compile-time
//! order, so the caller's taps must be exactly that layout (the same taps in another order
//! take the general kernel). Everything else about the call (checks, parameters, the
//! launch) is `map.rs`'s.

use crate::context::Device;
use crate::kernel::stencil::StencilKernel;
use crate::launch::stencil as launch_stencil;
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::{
    params::stencil::StencilParams, params::stencil::StencilTap,
    policy::stencil::stencil_box_radius, policy::stencil::stencil_box_shared_bytes,
    policy::stencil::stencil_row_window, policy::stencil::tiles_of,
    policy::stencil::STENCIL_BOX_BLOCK, policy::stencil::STENCIL_ROW_RADIUS,
    policy::stencil::STENCIL_ROW_TILE,
};
use parallaxis_kernels::{
    policy::stencil_march::march_ring, policy::stencil_march::march_shared_bytes,
    policy::stencil_march::stencil_march_pattern, policy::stencil_march::MARCH_HALO_X,
    policy::stencil_march::MARCH_PLANES, policy::stencil_march::MARCH_TILE_ROWS,
    policy::stencil_march::MARCH_TILE_X, policy::stencil_march::STAR_TILE,
};

/// A special kernel and its entry point.
#[derive(Clone, Copy, Debug)]
pub(super) enum Special {
    /// The dense 9-tap window in 1D.
    Row(&'static str),
    /// The dense `(2r + 1)²` box in 2D; `ring` when its aligned strips march through the
    /// shared-memory row ring (rows of 16-byte chunks, output aligned), which the launch
    /// then provides (without it, the L1 keeps that memory).
    Box2d {
        r: usize,
        name: &'static str,
        ring: bool,
    },
    /// The 3D 7-point star (`stencil_star3d`).
    Star(&'static str),
    /// The 3D 7-point star and 27-point box of the march kernels (`stencil_march3d_*`).
    March(&'static str),
}

impl Special {
    /// The special kernel for a `d`-dimensional stencil of `taps` (wrapped offsets) on a grid
    /// of `dims`, if one applies: `vector` when rows may move as 16-byte chunks, `y_aligned`
    /// when the output is 16-byte aligned.
    pub(super) fn find<T: DeviceCopy, S: StencilKernel<T>>(
        d: usize,
        dims: [u64; 3],
        taps: &[StencilTap<T>],
        vector: bool,
        y_aligned: bool,
    ) -> Option<Self> {
        // The box and star kernels index rows and columns in 32 bits.
        let small = dims.iter().all(|&n| n < 1 << 31);
        match d {
            1 => {
                let offsets: Vec<i32> = taps.iter().map(|t| t.off[2]).collect();
                // The row kernel loads and stores runs of 4 as 16-byte vectors.
                let fits = vector && y_aligned && stencil_row_window(&offsets);
                S::ROW1D.filter(|_| fits).map(Self::Row)
            }
            2 => {
                let offsets: Vec<[i32; 2]> = taps.iter().map(|t| [t.off[1], t.off[2]]).collect();
                let name = S::BOX2D?;
                let r = stencil_box_radius(&offsets).filter(|_| small)?;
                Some(Self::Box2d {
                    r,
                    name,
                    ring: vector && y_aligned,
                })
            }
            3 => {
                // The 3D kernels move rows as 16-byte chunks only. The star kernel's rows are
                // whole runs of 4 and its output aligned; the march kernels' ring must hold at
                // least 4 planes (the 3 a fold reads and 1 in flight).
                if !vector {
                    return None;
                }
                let star = S::STAR3D.filter(|_| small && y_aligned && dims[2] % 4 == 0);
                let fits = march_ring(core::mem::size_of::<T>()) >= 4;
                let offsets: Vec<[i32; 3]> = taps
                    .iter()
                    .map(|t| [t.off[0], t.off[1], t.off[2]])
                    .collect();
                match (stencil_march_pattern(&offsets)?, star) {
                    (0, Some(name)) => Some(Self::Star(name)),
                    (k, _) => S::MARCH3D
                        .filter(|_| fits)
                        .map(|names| Self::March(names[k])),
                }
            }
            _ => None,
        }
    }

    /// The halo the kernel reads below and above each axis `[z, y, x]`.
    pub(super) fn halo(self) -> ([u32; 3], [u32; 3]) {
        let h = match self {
            Self::Row(_) => [0, 0, STENCIL_ROW_RADIUS as u32],
            Self::Box2d { r, .. } => [0, r as u32, r as u32],
            Self::Star(_) => [1, 1, 1],
            Self::March(_) => [1, 1, MARCH_HALO_X],
        };
        (h, h)
    }

    /// `(stages, shared bytes, tiles)` for elements of `T` on a grid of `dims`.
    pub(super) fn plan<T>(self, dims: [u64; 3]) -> (u32, usize, [u64; 3]) {
        let size = core::mem::size_of::<T>();
        match self {
            // One block per tile; the halo comes from neighbouring lanes, nothing staged.
            Self::Row(_) => (0, 0, tiles_of(dims, STENCIL_ROW_TILE)),
            // One block per tile; each warp's row ring in shared memory.
            Self::Box2d { ring, .. } => (
                0,
                if ring {
                    stencil_box_shared_bytes(size)
                } else {
                    0
                },
                tiles_of(dims, STENCIL_BOX_BLOCK),
            ),
            Self::Star(_) => (0, 0, tiles_of(dims, STAR_TILE)),
            Self::March(_) => {
                let tile = [MARCH_PLANES, MARCH_TILE_ROWS, MARCH_TILE_X];
                (1, march_shared_bytes(size), tiles_of(dims, tile))
            }
        }
    }

    /// Launches the kernel.
    ///
    /// # Safety
    /// `p` holds live, distinct, 16-byte aligned grids of its shape on `dev`, the kernel's
    /// taps inline, the halo of [`Self::halo`], and `stages`, `shared` and `tiles` of
    /// [`Self::plan`].
    pub(super) unsafe fn launch<T: DeviceCopy, S: StencilKernel<T>>(
        self,
        dev: &Device,
        shared: usize,
        p: StencilParams<T, S>,
    ) -> Result<()> {
        let (name, persistent) = match self {
            // The row, box and star kernels' warps each take their part of one tile.
            Self::Row(name) | Self::Box2d { name, .. } | Self::Star(name) => (name, false),
            // A march block overlaps its own copies and folds with one ring.
            Self::March(name) => (name, true),
        };
        // SAFETY: forwarded contract; every special kernel takes any grid of at most one
        // block per tile.
        unsafe { launch_stencil::tiled::<T, S>(dev, name, shared, p, persistent) }
    }
}
