//! Differences of neighbours: `y[0] = x[0]` and `y[i] = f(x[i], x[i - 1])` (Thrust's
//! `adjacent_difference`, CUB's `DeviceAdjacentDifference::SubtractLeftCopy`), with `-` or
//! any binary function whose output is the element type. The inverse of an inclusive scan:
//! `inclusive_scan(Sum, adjacent_difference(x))` is `x` again (integers exactly).
//!
//! On the GPU one element-wise launch reads `x` against itself shifted by one (after the
//! first element's copy); on the CPU backends pieces of the output in parallel.

use crate::backend::{AdjacentOps, TOKEN};
use crate::check::same_len;
use crate::{lazy::Readable, view::Output};
use crate::{DeviceVector, Result};
use parallaxis_core::{BinaryFunction, DeviceCopy, Minus, Number};

/// `y[0] = x[0]` and `y[i] = x[i] - x[i - 1]`, into a new vector (integers wrap).
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<i64>::from_slice(&[1, 4, 9, 16])?;
/// let d = parallaxis::adjacent_difference(&x)?;
/// assert_eq!(d.to_vec()?, [1, 3, 5, 7]);
/// assert_eq!(parallaxis::inclusive_scan(Sum, &d)?.to_vec()?, x.to_vec()?);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "DeviceAdjacentDifference")]
#[doc(alias = "SubtractLeftCopy")]
pub fn adjacent_difference<T: Number, B: AdjacentOps<T, Minus>>(
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    adjacent_difference_by(Minus, x)
}

/// `y[0] = x[0]` and `y[i] = f(x[i], x[i - 1])`, into a new vector: the current element
/// first, its left neighbour second (Thrust's and CUB's order).
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Plus};
/// let x = DeviceVector::<u32>::from_slice(&[1, 2, 3, 4])?;
/// assert_eq!(parallaxis::adjacent_difference_by(Plus, &x)?.to_vec()?, [1, 3, 5, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
///
/// On the CPU backends a closure is a binary function too:
///
/// ```
/// use parallaxis::{DeviceVector, Rayon};
/// let x = DeviceVector::<f64, Rayon>::from_slice(&[1.0, 3.0, 2.0])?;
/// let larger = parallaxis::adjacent_difference_by(|a: f64, b: f64| a.max(b), &x)?;
/// assert_eq!(larger.to_vec()?, [1.0, 3.0, 3.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn adjacent_difference_by<T, F, B>(f: F, x: &impl Readable<T, B>) -> Result<DeviceVector<T, B>>
where
    T: DeviceCopy,
    F: BinaryFunction<T, T, Output = T>,
    B: AdjacentOps<T, F>,
{
    // SAFETY: the algorithm writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    x.with_stored(|x| B::adjacent_difference(f, x, y.buffer_out(TOKEN)))?;
    Ok(y)
}

/// [`adjacent_difference`] into an existing vector or view as long as `x` (which may not
/// alias it).
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `y` is as long as `x`
/// (nothing is written then); a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<f32>::from_slice(&[0.5, 2.0, 1.0])?;
/// let mut y = DeviceVector::zeros(3)?;
/// parallaxis::adjacent_difference_into(&x, &mut y)?;
/// assert_eq!(y.to_vec()?, [0.5, 1.5, -1.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn adjacent_difference_into<T: Number, B: AdjacentOps<T, Minus>>(
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()> {
    adjacent_difference_by_into(Minus, x, y)
}

/// [`adjacent_difference_by`] into an existing vector or view as long as `x`.
///
/// # Errors
/// As [`adjacent_difference_into`].
pub fn adjacent_difference_by_into<T, F, B>(
    f: F,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()>
where
    T: DeviceCopy,
    F: BinaryFunction<T, T, Output = T>,
    B: AdjacentOps<T, F>,
{
    same_len("adjacent_difference output", x.len(), y)?;
    x.with_stored(|x| B::adjacent_difference(f, x, y.buffer_out(TOKEN)))
}
