//! The conformance suite: one body per algorithm, instantiated once per enabled backend by
//! the one-line `conformance!` macro. Every result is compared with the sequential reference
//! in `parallax::reference` (bitwise for exact types, within a stated bound for floats).

mod common;

macro_rules! conformance {
    ($name:ident, $backend:ty) => {
        mod $name {
            /// The backend under test.
            pub(crate) type B = $backend;

            mod transform {
                include!("conformance/transform.rs");
            }
            mod reduce {
                include!("conformance/reduce.rs");
            }
            mod scan {
                include!("conformance/scan.rs");
            }
            mod segmented {
                include!("conformance/segmented.rs");
            }
            mod by_key {
                include!("conformance/by_key.rs");
            }
            mod spmv {
                include!("conformance/spmv.rs");
            }
            mod stencil {
                include!("conformance/stencil.rs");
            }
        }
    };
}

conformance!(sequential, parallax::Sequential);
#[cfg(feature = "rayon")]
conformance!(rayon, parallax::Rayon);
