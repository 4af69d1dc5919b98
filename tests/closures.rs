//! Closures as operators on the CPU backends: every algorithm family that takes a
//! functor, a predicate or a monoid gives, with the equivalent closure, exactly what it gives
//! with the stock operator. Run on `Sequential` and (with the `rayon` feature) `Rayon`; the
//! inputs are integers (wrapping arithmetic) so the comparisons are exact on any association.

macro_rules! closure_suite {
    ($name:ident, $backend:ty) => {
        mod $name {
            /// The backend under test.
            pub(crate) type B = $backend;
            mod body {
                include!("closures/body.rs");
            }
        }
    };
}

closure_suite!(sequential, parallaxis::Sequential);
#[cfg(feature = "rayon")]
closure_suite!(rayon, parallaxis::Rayon);
