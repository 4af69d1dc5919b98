//! The sort traits a backend implements (beside `ops.rs`): keys alone and key-value pairs,
//! each in either [`Order`](parallaxis_core::Order), over all the key's bits or a range of
//! them ([`RadixOrder`]). Front doors check lengths first; implementations may assume equal
//! lengths and check the bit range.

use crate::{Backend, Result};
use parallaxis_core::{DeviceCopy, RadixOrder, SortKey};

/// Stable radix sort of keys.
///
/// ```
/// use parallaxis::{DeviceVector, backend::SortOps};
/// fn sorted<B: SortOps<f64>>(x: &DeviceVector<f64, B>) -> parallaxis::Result<Vec<f64>> {
///     parallaxis::sort(x)?.to_vec()
/// }
/// let x = DeviceVector::<f64>::from_slice(&[2.0, f64::NAN, -0.0, 0.0, -1.0])?;
/// let y = sorted(&x)?;
/// assert_eq!(y[..4], [-1.0, -0.0, 0.0, 2.0]); // -0.0 before +0.0
/// assert!(y[4].is_nan()); // NaNs last
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub trait SortOps<K: SortKey>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `out` = `keys` sorted stably in `order` (`SortKey`'s total order, or the order bits in
    /// `order`'s range); equal lengths. A range beyond the key is `InvalidArgument`.
    fn sort(keys: &Self::Slice<K>, out: &mut Self::Slice<K>, order: RadixOrder) -> Result<()>;
    /// `out` = the first `out.len()` keys of that sort (`out` no longer than `keys`).
    fn partial_sort(
        keys: &Self::Slice<K>,
        out: &mut Self::Slice<K>,
        order: RadixOrder,
    ) -> Result<()>;
}

/// Stable radix sort of key-value pairs by key.
pub trait SortByKeyOps<K: SortKey, V: DeviceCopy>: Backend {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// `(out_keys, out_values)` = the pairs sorted stably by key in `order` (as
    /// [`SortOps::sort`]); all four have equal lengths.
    fn sort_by_key(
        keys: &Self::Slice<K>,
        values: &Self::Slice<V>,
        out_keys: &mut Self::Slice<K>,
        out_values: &mut Self::Slice<V>,
        order: RadixOrder,
    ) -> Result<()>;
    /// The first pairs of that sort, as many as the outputs hold: `keys` and `values` of
    /// equal lengths, the two outputs of equal lengths and no longer.
    fn partial_sort_by_key(
        keys: &Self::Slice<K>,
        values: &Self::Slice<V>,
        out_keys: &mut Self::Slice<K>,
        out_values: &mut Self::Slice<V>,
        order: RadixOrder,
    ) -> Result<()>;
}
