//! Host-only check (no GPU needed) of the stencil entry points: the declared ones
//! (`entry/families/stencil.rs`) are among the rows `abi.rs` checks against the PTX; here,
//! that they are all the PTX has under their prefix and that the host names them, the dense
//! box and row kernels for the boxed pairs only.

use crate::common;

use common::PTX;

use parallaxis_core::{MaxTimes, PlusTimes};
use parallaxis_device::StencilKernel;

#[test]
fn every_stencil_instantiation_has_its_entry_points_with_the_host_parameter_size() {
    let mut count = 0;
    parallaxis_device::kernels::abi::for_each_entry(|e| {
        count += usize::from(e.name.starts_with("parallax_stencil_"));
    });
    // 10 pairs × (3 dimensions + 2 march patterns + the register-marching star), and the
    // 5 × 5 box and 9-tap row kernels of the 5 pairs with 4-byte elements.
    assert_eq!(count, 70);
    assert_eq!(PTX.matches(".visible .entry parallax_stencil_").count(), 70);
    assert_eq!(
        <PlusTimes as StencilKernel<f32>>::STENCIL[2],
        "parallax_stencil_3d__PlusTimes__f32"
    );
    assert_eq!(
        <MaxTimes as StencilKernel<f32>>::BOX2D,
        Some("parallax_stencil_box2d_r2__MaxTimes__f32")
    );
    assert_eq!(
        <PlusTimes as StencilKernel<u32>>::ROW1D,
        Some("parallax_stencil_row1d_r4__PlusTimes__u32")
    );
    assert_eq!(<PlusTimes as StencilKernel<f64>>::BOX2D, None);
    assert_eq!(<PlusTimes as StencilKernel<i64>>::ROW1D, None);
    assert_eq!(
        <PlusTimes as StencilKernel<u64>>::STAR3D,
        Some("parallax_stencil_star3d__PlusTimes__u64")
    );
}
