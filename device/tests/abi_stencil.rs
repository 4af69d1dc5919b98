//! Host-only check (no GPU needed) that every stencil instantiation has its entry
//! points in the embedded PTX, each taking one parameter of exactly the host's
//! `StencilParams<T, S>` size.

use crate::common;

use common::{param_size, PTX};

use parallaxis_device::kernels::params::stencil::StencilParams;
use parallaxis_device::StencilKernel;
use std::mem::size_of;

macro_rules! check_stencils {
    ($( ($st:ident: $s:ty, $tt:ident: $t:ty) ),* $(,)?) => {{ let mut count = 0; $(
        let boxed = <$s as StencilKernel<$t>>::BOX2D;
        let row = <$s as StencilKernel<$t>>::ROW1D;
        let march = <$s as StencilKernel<$t>>::MARCH3D.into_iter().flatten();
        let star = <$s as StencilKernel<$t>>::STAR3D;
        let special = boxed.into_iter().chain(row).chain(march).chain(star);
        for name in <$s as StencilKernel<$t>>::STENCIL.into_iter().chain(special) {
            assert_eq!(
                param_size(name),
                Some(size_of::<StencilParams<$t, $s>>()),
                "entry point {name}"
            );
            count += 1;
        }
    )* count }};
}

#[test]
fn every_stencil_instantiation_has_its_entry_points_with_the_host_parameter_size() {
    let count = parallaxis_device::kernels::for_each_stencil_instance!(check_stencils);
    // 10 pairs × (3 dimensions + 2 march patterns + the register-marching star), and the
    // 5 × 5 box and 9-tap row kernels of the 5 pairs with 4-byte elements.
    assert_eq!(count, 70);
    assert_eq!(PTX.matches(".visible .entry parallax_stencil_").count(), 70);
}
