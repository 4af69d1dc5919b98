//! Lazy sequences: [`counting`], [`constant`], `x.map(f)`, [`zip`] / [`zip3`], [`permute`]
//! and `x.rev()` — Thrust's fancy iterators. Nothing is computed when one is made. The
//! algorithms that take a [`Source`] (reduce, reduce_into, the inclusive and exclusive scans,
//! transform, and [`CollectSource::collect`]) read each element where they need it; every
//! other reading input of a front door (selection, extrema, histogram, search, sort,
//! `reverse`, gather / scatter, segmented, by-key, SpMV, stencil, merge, ...) takes a
//! [`Readable`] and writes a lazy input out once first.
//!
//! How each backend reads them in the first group:
//! - **Sequential and Rayon**: any composition, each element computed in the algorithm's own
//!   loop (`parallaxis_host::indexed`): one pass, no temporary.
//! - **CUDA**: `x.map(f)` of a vector or view runs the fused kernels (`transform_reduce`,
//!   the transform scans; see [`FusedOps`](crate::backend::FusedOps) for which pairs are fused);
//!   `zip(a, b).map(f)` is `transform2` (and the fused `transform2_reduce` and scans);
//!   counting, constant, `rev` and `permute` of a vector or view are written out once by the
//!   existing kernels (`sequence`, `fill`, `reverse`, `gather`) and then read, and a map of
//!   any of those (`x.map(f).map(g)`) writes its source out, then maps it. A `zip` /
//!   `zip3` is written out as `Pair`s / `Triple`s by one strided copy per part
//!   (`parallaxis_device::zip_into`; a lazy part written out first) and then read: `Both` over
//!   pairs has stock kernels for a mean's (sum, count) and a (min, max) range, and other
//!   monoids or functors over pairs need kernels instantiated as for any type.
//!
//! The layout: [`Source`] (what algorithms read), one file per sequence family, the consumer
//! traits in `consume.rs` and `readable.rs`, and each backend's lowering in
//! `backend/{host,cuda}_lazy.rs`.

mod consume;
mod generated;
mod host_at;
mod mapped;
mod methods;
mod readable;
mod reorder;
mod source;
mod zipped;

pub use consume::{CollectSource, MapSource, MonoidSource};
pub use generated::{constant, counting, Constant, Counting};
#[cfg(feature = "rayon")]
pub(crate) use host_at::AtOf;
pub(crate) use host_at::HostAt;
pub use mapped::Mapped;
pub use readable::Readable;
pub use reorder::{permute, Permuted, Reversed};
pub use source::Source;
pub use zipped::{zip, zip3, ZipMapped, Zipped, Zipped3};

/// The lazy sequences (not the stored sources): what the backends' lowerings take.
#[doc(hidden)]
pub trait Lazy: Source {}
