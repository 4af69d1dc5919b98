//! `copy`: Thrust's `thrust::copy`, from a vector, view or lazy sequence (written out once
//! first; see [`Readable`]) into a vector or view of the same length.
//! On CUDA the two may live on different GPUs of the process (the sharded algorithms move
//! halos, gathered vectors and sort buckets between devices with it).

use crate::backend::TOKEN;
use crate::check::lengths_agree;
use crate::{lazy::Readable, view::Output, Backend, Result};
use parallaxis_core::DeviceCopy;

/// `dst[i] = src[i]`. On CUDA the call returns once the copy is queued; `src` and `dst` may
/// be on different devices, and the copy is then ordered after the work queued on both.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless the lengths agree (then
/// `dst` is untouched); a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<u32>::from_slice(&[1, 2, 3, 4])?;
/// let mut y = DeviceVector::<u32>::zeros(6)?;
/// parallaxis::copy(&x.slice(1..4)?, &mut y.slice_mut(0..3)?)?;
/// assert_eq!(y.to_vec()?, [2, 3, 4, 0, 0, 0]);
/// assert!(parallaxis::copy(&x, &mut y).is_err()); // 4 elements into 6
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn copy<T: DeviceCopy, B: Backend>(
    src: &impl Readable<T, B>,
    dst: &mut impl Output<T, B>,
) -> Result<()> {
    lengths_agree("copy destination", src.len(), dst.len())?;
    let n = src.len();
    src.with_stored(|src| B::copy_range(src, 0, dst.buffer_out(TOKEN), 0, n))
}
