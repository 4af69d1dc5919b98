//! Sharded vectors and the algorithms over shards (issue 34, CPU step): every algorithm on a
//! `ShardedVector` with the in-memory collective gives exactly what `parallax::reference`
//! gives on the unsharded data, for shard counts from 1 to more than the elements. Run on
//! `Sequential` and (with the `rayon` feature) `Rayon`; integers (wrapping arithmetic) and
//! affine maps (a non-commutative monoid), so the comparisons are exact.

#[macro_use]
mod common;

macro_rules! sharded_suite {
    ($name:ident, $backend:ty) => {
        mod $name {
            /// The backend under test.
            pub(crate) type B = $backend;
            mod body {
                include!("sharded/body.rs");
            }
        }
    };
}

sharded_suite!(sequential, parallax::Sequential);
#[cfg(feature = "rayon")]
sharded_suite!(rayon, parallax::Rayon);
