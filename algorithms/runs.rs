//! Runs of equal consecutive elements, counted and encoded: `unique_count` (how many runs:
//! the length `unique` would return, without its output) and `run_length_encode` (each run
//! as its element and its length, CUB's `DeviceRunLengthEncode::Encode`). Elements compare
//! with `==`, so a float NaN is a run of its own.
//!
//! On the GPU `unique_count` counts the unique selection's output and `run_length_encode` is
//! `reduce_by_key` of the input against ones (keys: the integer types there); on the CPU
//! backends `unique_count` counts the run heads chunk by chunk without writing.

use crate::backend::{KeyedOps, UniqueOps};
use crate::lazy::Readable;
use crate::ops::Sum;
use crate::{DeviceVector, Error, Result};
use parallaxis_core::DeviceCopy;

/// The number of runs of equal consecutive elements (Thrust's `unique_count`; waits for it).
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<u32>::from_slice(&[1, 1, 2, 2, 2, 1, 3])?;
/// assert_eq!(parallaxis::unique_count(&x)?, 4);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn unique_count<T: DeviceCopy + PartialEq, B: UniqueOps<T>>(
    x: &impl Readable<T, B>,
) -> Result<usize> {
    x.with_stored(|x| B::unique_count(x))
}

/// Each run of equal consecutive elements as its element and its length, in order (CUB's
/// `DeviceRunLengthEncode::Encode`; Thrust's `reduce_by_key` of the input against ones).
/// The lengths are `u32`: an input of up to `u32::MAX` elements.
///
/// # Errors
/// [`Error::InvalidArgument`] for an input longer than `u32::MAX` (nothing is computed); out
/// of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<u8>::from_slice(b"aaabccdddd")?;
/// let (values, lengths) = parallaxis::run_length_encode(&x)?;
/// assert_eq!(values.to_vec()?, b"abcd");
/// assert_eq!(lengths.to_vec()?, [3, 1, 2, 4]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "DeviceRunLengthEncode")]
#[allow(clippy::type_complexity)]
pub fn run_length_encode<T, B>(
    x: &impl Readable<T, B>,
) -> Result<(DeviceVector<T, B>, DeviceVector<u32, B>)>
where
    T: DeviceCopy + PartialEq,
    B: KeyedOps<T, u32, Sum>,
{
    let n = x.len();
    if u32::try_from(n).is_err() {
        return Err(Error::InvalidArgument {
            what: "run_length_encode input",
            reason: "longer than u32::MAX elements (the run lengths are u32)",
        });
    }
    let ones = DeviceVector::<u32, B>::filled(n, 1)?;
    crate::reduce_by_key(Sum, x, &ones)
}
