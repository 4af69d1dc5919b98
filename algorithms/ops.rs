//! Operators: the traits the algorithms are generic over and the stock operators.
//!
//! The traits: [`Monoid`] (reduce, the scans, the segmented and by-key algorithms),
//! [`UnaryFunction`] and [`BinaryFunction`] (transform, the fused reductions and scans),
//! [`Predicate`] (selection, counting), [`Compare`] (merge sort, merge), [`SortKey`] (radix
//! sort), [`SearchKey`] (binary search), [`Semiring`] (SpMV, stencils), [`Stencil`],
//! [`ArgReduce`] (extrema), [`HistogramSample`] / [`HistogramCounter`]. Beside them, the
//! stock operators each trait comes with (`Sum`, `Max`, `Square`, `LessThan`, `Less`,
//! `PlusTimes`, ...), the element types of zips and extrema (`Pair`, `Triple`, `Indexed`),
//! closures as monoids on the CPU backends ([`monoid`]) and functors that read another
//! array ([`DeviceRef`], from `DeviceVector::device_ref`). The common ones are in the
//! [`prelude`](crate::prelude) too.

// The operator traits and the stock monoids and functors.
pub use parallaxis_core::{
    Affine, AffineMap, BinaryFunction, BitAnd, BitOr, BitXor, Bits, Identity, Max, Min, Minus,
    Monoid, Negate, Number, Plus, Product, SaxpyFunctor, Scale, Sequence, SplitMix64, Square, Sum,
    Times, UnaryFunction,
};
// Closures as monoids (CPU backends), and functors that read another array.
pub use parallaxis_core::{monoid, FnMonoid};
pub use parallaxis_core::{DeviceRef, MemorySpace};
// Segmented and by key.
pub use parallaxis_core::reference::ScanKind;
pub use parallaxis_core::{Flagged, Segmented};
// Selection: predicates.
pub use parallaxis_core::{
    EqualTo, GreaterThan, InRange, Indicator, LessThan, NonZero, NotEqualTo, Predicate, ReplaceIf,
};
// Sort and merge: key orders and comparators.
pub use parallaxis_core::{Compare, Greater, Less};
pub use parallaxis_core::{Order, RadixBits, RadixOrder, SortKey};
// Search and extrema.
pub use parallaxis_core::{ArgMax, ArgMin, ArgMinMax, ArgReduce, Indexed, MinMax, SearchKey};
// Histogram.
pub use parallaxis_core::{EvenBins, HistogramCounter, HistogramSample};
// Semirings (SpMV, stencils), index types and stencils.
pub use parallaxis_core::{Boundary, Stencil};
pub use parallaxis_core::{
    MaxTimes, MinPlus, OrAnd, PlusTimes, Semiring, SemiringAdd, SparseIndex,
};
// The elements of zips and the operators over them.
pub use parallaxis_core::{Both, Pair, PairWith, Triple};
