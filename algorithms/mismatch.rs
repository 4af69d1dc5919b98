//! Comparing two sequences position by position: the first position they differ at
//! (`mismatch`) and whether they are equal (`equal`). One search for the first difference
//! that waits for it; on the GPU it stops early as `find_if` does (blocks read both inputs
//! front to back and stop at the first tile past a difference found), on rayon the chunks
//! short-circuit.
//!
//! Thrust's `mismatch` returns a pair of iterators and reads past the end of a shorter second
//! range; here the answer is a position (`None`: no difference) within the common length, and
//! `equal` also compares the lengths.

use crate::backend::UniqueOps;
use crate::lazy::Readable;
use crate::Result;
use parallaxis_core::DeviceCopy;

/// The first position below `min(x.len(), y.len())` where `x` and `y` differ (`!=`: a NaN
/// differs even from itself), or `None` (Thrust's `mismatch`, as a position; waits for it).
///
/// # Errors
/// [`Error::DeviceMismatch`](crate::Error::DeviceMismatch) for vectors on two GPUs; a device
/// fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<u32>::from_slice(&[1, 2, 3, 4])?;
/// let y = DeviceVector::<u32>::from_slice(&[1, 2, 7])?;
/// assert_eq!(parallaxis::mismatch(&x, &y)?, Some(2));
/// assert_eq!(parallaxis::mismatch(&x, &x)?, None);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn mismatch<T: DeviceCopy + PartialEq, B: UniqueOps<T>>(
    x: &impl Readable<T, B>,
    y: &impl Readable<T, B>,
) -> Result<Option<usize>> {
    x.with_stored(|x| y.with_stored(|y| B::mismatch(x, y)))
}

/// Whether `x` and `y` have the same length and equal elements (`==`, so a NaN makes them
/// unequal; Thrust's `equal`, which also needs the lengths to agree; waits for it).
///
/// # Errors
/// As [`mismatch`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<f64>::from_slice(&[0.5, 1.5])?;
/// assert!(parallaxis::equal(&x, &DeviceVector::from_slice(&[0.5, 1.5])?)?);
/// assert!(!parallaxis::equal(&x, &DeviceVector::from_slice(&[0.5])?)?);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn equal<T: DeviceCopy + PartialEq, B: UniqueOps<T>>(
    x: &impl Readable<T, B>,
    y: &impl Readable<T, B>,
) -> Result<bool> {
    Ok(x.len() == y.len() && mismatch(x, y)?.is_none())
}
