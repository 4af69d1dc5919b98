//! Whether a sequence is sorted, and how far: `is_sorted_until` is the length of the longest
//! sorted prefix, `is_sorted` whether that is all of it. By a comparator (`_by`: a
//! [`Compare`] with kernels, as the merge sort takes) or in [`Less`] order, which is the
//! radix sort's (floats with -0.0 before +0.0, NaNs last). One search for the first descent
//! that waits for it; on the GPU it stops early as `find_if` does.

use crate::backend::MergeOps;
use crate::lazy::Readable;
use crate::ops::Less;
use crate::Result;
use parallaxis_core::{Compare, DeviceCopy, SortKey};

/// The length of the longest prefix of `x` sorted by `cmp`: the first position `i` with
/// `cmp.less(x[i], x[i - 1])`, or `x.len()` (Thrust's `is_sorted_until`, as a position;
/// waits for it). Equal neighbours keep a prefix sorted.
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Greater};
/// let x = DeviceVector::<i32>::from_slice(&[9, 7, 7, 8, 1])?;
/// assert_eq!(parallaxis::is_sorted_until_by(Greater, &x)?, 3);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn is_sorted_until_by<T: DeviceCopy, C: Compare<T>, B: MergeOps<T, C>>(
    cmp: C,
    x: &impl Readable<T, B>,
) -> Result<usize> {
    x.with_stored(|s| B::is_sorted_until(cmp, s))
}

/// [`is_sorted_until_by`] in [`Less`] order.
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<f32>::from_slice(&[-1.0, 0.5, 0.5, 0.25])?;
/// assert_eq!(parallaxis::is_sorted_until(&x)?, 3);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn is_sorted_until<T: SortKey, B: MergeOps<T, Less>>(x: &impl Readable<T, B>) -> Result<usize> {
    is_sorted_until_by(Less, x)
}

/// Whether `x` is sorted by `cmp` (no `i` with `cmp.less(x[i], x[i - 1])`; Thrust's
/// `is_sorted`; `true` for fewer than two elements; waits for it).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Greater};
/// let x = DeviceVector::<u64>::from_slice(&[5, 5, 2])?;
/// assert!(parallaxis::is_sorted_by(Greater, &x)?);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn is_sorted_by<T: DeviceCopy, C: Compare<T>, B: MergeOps<T, C>>(
    cmp: C,
    x: &impl Readable<T, B>,
) -> Result<bool> {
    Ok(is_sorted_until_by(cmp, x)? == x.len())
}

/// [`is_sorted_by`] in [`Less`] order.
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// assert!(parallaxis::is_sorted(&DeviceVector::<i64>::from_slice(&[-3, 0, 0, 9])?)?);
/// assert!(!parallaxis::is_sorted(&DeviceVector::<i64>::from_slice(&[1, 0])?)?);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn is_sorted<T: SortKey, B: MergeOps<T, Less>>(x: &impl Readable<T, B>) -> Result<bool> {
    is_sorted_by(Less, x)
}
