//! Stock operators: monoids, functors, the affine-map monoid and the segmented lift.

pub(crate) mod affine;
pub(crate) mod argminmax;
pub(crate) mod functors;
pub(crate) mod monoids;
pub(crate) mod pair;
pub(crate) mod search_key;
pub(crate) mod segmented;
