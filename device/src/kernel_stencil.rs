//! Host-side stencil kernel trait, implemented from the kernels crate's
//! `for_each_stencil_instance!` list (the same list that generates the PTX entry points).

use parallax_core::{DeviceCopy, Semiring};
use parallax_kernels::entry_name;

/// A semiring with `stencil_1d`, `stencil_2d` and `stencil_3d` kernels for elements `T`.
///
/// # Safety
/// Each name in `STENCIL` must be a PTX entry point of module `PTX` taking exactly
/// `StencilParams<T, Self>` and implementing the stencil map for grids of 1, 2 and 3
/// dimensions (in that order).
pub unsafe trait StencilKernel<T: DeviceCopy>: Semiring<T> {
    /// The PTX module holding the entry points: the library's own [`crate::PTX`] unless a
    /// user crate instantiated the kernels in its own PTX.
    const PTX: &'static str = crate::PTX;
    /// The `stencil_1d`, `stencil_2d` and `stencil_3d` entry points.
    const STENCIL: [&'static str; 3];
}

macro_rules! stencil_kernels {
    ($( ($st:ident: $s:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        // SAFETY: the kernels crate generates these three entry points from the same list
        // entry, each taking `StencilParams<$t, $s>`.
        unsafe impl StencilKernel<$t> for $s {
            const STENCIL: [&'static str; 3] = [
                entry_name!(stencil_1d, $st, $tt),
                entry_name!(stencil_2d, $st, $tt),
                entry_name!(stencil_3d, $st, $tt),
            ];
        }
    )* };
}
parallax_kernels::for_each_stencil_instance!(stencil_kernels);
