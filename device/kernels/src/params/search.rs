//! Parameters of the vectorized searches (`kernels/search/`): `lower_bound`, `upper_bound`,
//! `binary_search`.

/// One search per query of `queries` in `sorted`, the answer to `out[j]` (`usize` positions
/// or `bool` hits).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SearchParams<T, O> {
    /// The sorted vector, `n` elements (any bits when `n == 0`: never read then).
    pub sorted: *const T,
    /// Its length.
    pub n: u64,
    /// The queries, `m` elements.
    pub queries: *const T,
    /// Their number.
    pub m: u64,
    /// One answer per query.
    pub out: *mut O,
}
