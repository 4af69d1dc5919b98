//! Stencil map over a semiring on 1D, 2D and 3D grids: the general kernel, and kernels of
//! their own for some exact tap layouts.

mod map;
mod special;

pub use map::stencil;
