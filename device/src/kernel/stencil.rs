//! Host-side stencil kernel trait, implemented by the kernels crate's stencil family
//! declaration (`entry/families/stencil.rs`, which also generates the PTX entry points).

use parallaxis_core::{DeviceCopy, Semiring};

/// A semiring with `stencil_1d`, `stencil_2d` and `stencil_3d` kernels for elements `T`, for
/// some pairs the dense 5 × 5 box 2D kernel `stencil_box2d_r2` and the dense 9-tap 1D kernel
/// `stencil_row1d_r4`, the z-marching 3D kernels of the 7-point star and the 27-point box
/// (`stencil_march3d_star7`, `_box27`) and the register-marching star `stencil_star3d`.
///
/// # Safety
/// Each name in `STENCIL` must be a PTX entry point of `KERNELS` taking exactly
/// `StencilParams<T, Self>` and implementing the stencil map for grids of 1, 2 and 3
/// dimensions (in that order); `BOX2D`, when present, one taking the same parameters and
/// implementing the 2D map of a dense row-major 5 × 5 box; `ROW1D`, when present, one taking
/// the same parameters and implementing the 1D map of the dense window `-4 ..= 4`; `MARCH3D`,
/// when present, two taking the same parameters and implementing the 3D map of the patterns
/// of `parallaxis_kernels::policy::stencil_march::MARCH_PATTERNS`, in that order; `STAR3D`, when
/// present, one taking the same parameters and implementing the 3D map of the 7-point star
/// under `stencil_star3d`'s contract.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA stencil kernel",
    label = "no GPU kernel for this type",
    note = "the stock semiring/type pairs are listed by declared in `device/kernels/src/entry/families/stencil.rs`",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait StencilKernel<T: DeviceCopy>: Semiring<T> {
    /// Where the entry points are: the library's own [`crate::KERNELS`] unless a user crate
    /// instantiated the kernels in its own kernel library.
    const KERNELS: crate::Kernels = crate::KERNELS;
    /// The `stencil_1d`, `stencil_2d` and `stencil_3d` entry points.
    const STENCIL: [&'static str; 3];
    /// The `stencil_box2d_r2` entry point, for the pairs that have one.
    const BOX2D: Option<&'static str> = None;
    /// The `stencil_march3d_star7` and `stencil_march3d_box27` entry points, for the pairs
    /// that have them.
    const MARCH3D: Option<[&'static str; 2]> = None;
    /// The `stencil_star3d` entry point, for the pairs that have one.
    const STAR3D: Option<&'static str> = None;
    /// The `stencil_row1d_r4` entry point (the dense 9-tap window), for the pairs that have
    /// one (those with a box kernel: the declaration instantiates both).
    const ROW1D: Option<&'static str> = None;
}

// The stock pairs of the stencil family's declaration: the same declaration generates the
// entry points, so a pair has both or neither, and the dense box and row kernels exactly
// for the pairs it declares `boxed`.
parallaxis_kernels::__stencil_family!(@stock @host);
