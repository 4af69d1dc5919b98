//! Host-side stencil kernel trait, implemented from the kernels crate's
//! `for_each_stencil_instance!` list (the same list that generates the PTX entry points).

use parallaxis_core::{DeviceCopy, Semiring};
use parallaxis_kernels::entry_name;
use parallaxis_kernels::policy::stencil::stencil_box_entry;

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
    note = "the stock semiring/type pairs are listed by `for_each_stencil_instance!` in `device/kernels/src/entry/instances.rs`",
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
    /// one (those with a box kernel: the same list instantiates both).
    const ROW1D: Option<&'static str> = None;
}

macro_rules! stencil_kernels {
    ($( ($st:ident: $s:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the kernels crate generates these three entry points from the same list
        // entry, and the box kernel from the box list (`stencil_box_entry` finds it there),
        // the row kernel from the box list too, the two march kernels from the same entry
        // (`stencil_march.rs`), each taking `StencilParams<$t, $s>`.
        unsafe impl StencilKernel<$t> for $s {
            const STENCIL: [&'static str; 3] = [
                entry_name!(stencil_1d, $st, $tt),
                entry_name!(stencil_2d, $st, $tt),
                entry_name!(stencil_3d, $st, $tt),
            ];
            const BOX2D: Option<&'static str> =
                stencil_box_entry(entry_name!(stencil_box2d_r2, $st, $tt));
            const ROW1D: Option<&'static str> =
                match stencil_box_entry(entry_name!(stencil_box2d_r2, $st, $tt)) {
                    Some(_) => Some(entry_name!(stencil_row1d_r4, $st, $tt)),
                    None => None,
                };
            const MARCH3D: Option<[&'static str; 2]> = Some([
                entry_name!(stencil_march3d_star7, $st, $tt),
                entry_name!(stencil_march3d_box27, $st, $tt),
            ]);
            const STAR3D: Option<&'static str> = Some(entry_name!(stencil_star3d, $st, $tt));
        }
    )* };
}
parallaxis_kernels::for_each_stencil_instance!(stencil_kernels);
