//! Vectorized binary search (Thrust's vectorized `lower_bound`, `upper_bound` and
//! `binary_search`): one search per query in a sorted vector, in [`SearchKey`] order (floats:
//! `-0.0` before `+0.0`, NaNs last and equal to each other). On the GPU, one thread per query
//! with a branch-free search of `ceil(log2 n)` probes.
//!
//! The caller promises `sorted` is sorted in that order; on an unsorted vector every answer
//! is still a position in `0..=sorted.len()` (or a `bool`), which one being unspecified:
//! never a panic, never a read out of bounds.

use crate::backend::TOKEN;
use crate::check::same_len;
use crate::lazy::Readable;
use crate::view::Output;
use crate::{backend::SearchOps, DeviceVector, Result};
use parallaxis_core::SearchKey;

/// Which search a front door runs.
#[derive(Clone, Copy)]
enum Bound {
    Lower,
    Upper,
}

fn bound_into<T: SearchKey, B: SearchOps<T>>(
    which: Bound,
    sorted: &impl Readable<T, B>,
    queries: &impl Readable<T, B>,
    out: &mut impl Output<usize, B>,
) -> Result<()> {
    match which {
        Bound::Lower => {
            same_len("lower_bound output", queries.len(), out)?;
            queries.with_stored(|queries| {
                sorted.with_stored(|sorted| B::lower_bound(sorted, queries, out.buffer_out(TOKEN)))
            })
        }
        Bound::Upper => {
            same_len("upper_bound output", queries.len(), out)?;
            queries.with_stored(|queries| {
                sorted.with_stored(|sorted| B::upper_bound(sorted, queries, out.buffer_out(TOKEN)))
            })
        }
    }
}

fn bound<T: SearchKey, B: SearchOps<T>>(
    which: Bound,
    sorted: &impl Readable<T, B>,
    queries: &impl Readable<T, B>,
) -> Result<DeviceVector<usize, B>> {
    // SAFETY: the search below writes every element; on an error `out` is dropped unread.
    let mut out = unsafe { DeviceVector::<usize, B>::for_overwrite(queries.len()) }?;
    bound_into(which, sorted, queries, &mut out)?;
    Ok(out)
}

/// For each query, the first index `i` with `!(sorted[i] < q)` (where `q` would be inserted
/// before its equals); `sorted.len()` when every element is smaller.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let s = DeviceVector::<i32>::from_slice(&[1, 3, 3, 5])?;
/// let q = DeviceVector::from_slice(&[0, 3, 4, 9])?;
/// assert_eq!(parallaxis::lower_bound(&s, &q)?.to_vec()?, [0, 1, 3, 4]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn lower_bound<T: SearchKey, B: SearchOps<T>>(
    sorted: &impl Readable<T, B>,
    queries: &impl Readable<T, B>,
) -> Result<DeviceVector<usize, B>> {
    bound(Bound::Lower, sorted, queries)
}

/// [`lower_bound`] into an existing vector as long as `queries`.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `out` and `queries` differ in
/// length (`out` is untouched); a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let s = DeviceVector::<f32>::from_slice(&[-1.0, 0.5, f32::NAN])?;
/// let q = DeviceVector::from_slice(&[0.5, f32::NAN])?;
/// let mut out = DeviceVector::zeros(2)?;
/// parallaxis::lower_bound_into(&s, &q, &mut out)?;
/// assert_eq!(out.to_vec()?, [1, 2]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn lower_bound_into<T: SearchKey, B: SearchOps<T>>(
    sorted: &impl Readable<T, B>,
    queries: &impl Readable<T, B>,
    out: &mut impl Output<usize, B>,
) -> Result<()> {
    bound_into(Bound::Lower, sorted, queries, out)
}

/// For each query, the first index `i` with `q < sorted[i]` (where `q` would be inserted
/// after its equals); `sorted.len()` when there is none.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let s = DeviceVector::<u64>::from_slice(&[1, 3, 3, 5])?;
/// let q = DeviceVector::from_slice(&[0, 3, 9])?;
/// assert_eq!(parallaxis::upper_bound(&s, &q)?.to_vec()?, [0, 3, 4]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn upper_bound<T: SearchKey, B: SearchOps<T>>(
    sorted: &impl Readable<T, B>,
    queries: &impl Readable<T, B>,
) -> Result<DeviceVector<usize, B>> {
    bound(Bound::Upper, sorted, queries)
}

/// [`upper_bound`] into an existing vector as long as `queries`.
///
/// # Errors
/// As [`lower_bound_into`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let s = DeviceVector::<i64>::from_slice(&[2, 2])?;
/// let q = DeviceVector::from_slice(&[2])?;
/// let mut out = DeviceVector::zeros(1)?;
/// parallaxis::upper_bound_into(&s, &q, &mut out)?;
/// assert_eq!(out.to_vec()?, [2]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn upper_bound_into<T: SearchKey, B: SearchOps<T>>(
    sorted: &impl Readable<T, B>,
    queries: &impl Readable<T, B>,
    out: &mut impl Output<usize, B>,
) -> Result<()> {
    bound_into(Bound::Upper, sorted, queries, out)
}

/// For each query, whether it occurs in `sorted` (equal in the search order).
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let s = DeviceVector::<u32>::from_slice(&[1, 3, 3, 5])?;
/// let q = DeviceVector::from_slice(&[3, 4])?;
/// assert_eq!(parallaxis::binary_search(&s, &q)?.to_vec()?, [true, false]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn binary_search<T: SearchKey, B: SearchOps<T>>(
    sorted: &impl Readable<T, B>,
    queries: &impl Readable<T, B>,
) -> Result<DeviceVector<bool, B>> {
    // SAFETY: the search below writes every element; on an error `out` is dropped unread.
    let mut out = unsafe { DeviceVector::<bool, B>::for_overwrite(queries.len()) }?;
    queries.with_stored(|queries| {
        sorted.with_stored(|sorted| B::binary_search(sorted, queries, out.buffer_out(TOKEN)))
    })?;
    Ok(out)
}

/// [`binary_search`] into an existing vector as long as `queries`.
///
/// # Errors
/// As [`lower_bound_into`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let s = DeviceVector::<f64>::from_slice(&[0.0, 1.5])?;
/// let q = DeviceVector::from_slice(&[-0.0, 1.5, 2.0])?;
/// let mut out = DeviceVector::zeros(3)?;
/// parallaxis::binary_search_into(&s, &q, &mut out)?;
/// assert_eq!(out.to_vec()?, [false, true, false]); // -0.0 sorts before +0.0
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn binary_search_into<T: SearchKey, B: SearchOps<T>>(
    sorted: &impl Readable<T, B>,
    queries: &impl Readable<T, B>,
    out: &mut impl Output<bool, B>,
) -> Result<()> {
    same_len("binary_search output", queries.len(), out)?;
    queries.with_stored(|queries| {
        sorted.with_stored(|sorted| B::binary_search(sorted, queries, out.buffer_out(TOKEN)))
    })
}
