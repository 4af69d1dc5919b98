//! Lazy sequences that only the CPU backends read: zipped pairs and triples with
//! product monoids that have no stock GPU kernels, maps of lazy sequences, `rev` and `permute` of lazy sequences, closures
//! as maps — each against the reference on the sequence written out by hand, on `Sequential`
//! and (with the `rayon` feature) `Rayon`, at sizes that take Rayon's parallel paths. The
//! shapes CUDA reads too are in the conformance suite (tests/conformance/lazy.rs).

macro_rules! lazy_host_suite {
    ($name:ident, $backend:ty) => {
        mod $name {
            /// The backend under test.
            pub(crate) type B = $backend;
            mod body {
                include!("lazy_host/body.rs");
            }
        }
    };
}

lazy_host_suite!(sequential, parallaxis::Sequential);
#[cfg(feature = "rayon")]
lazy_host_suite!(rayon, parallaxis::Rayon);
