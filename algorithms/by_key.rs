//! Segmented reductions: reduce_by_key and reduce_by_key_into (runs of equal keys) and
//! segmented_reduce (offsets). Keys, offsets and values: each a vector, view or lazy sequence (written out once first; see [`Readable`](crate::lazy::Readable));
//! lazy offsets are written out and checked before the values are written out.

use crate::backend::TOKEN;
use crate::check::{lengths_agree, offsets as check_offsets, same_len};
use crate::{
    backend::{KeyedOps, MonoidOps},
    DeviceVector, Result,
};
use crate::{lazy::Readable, view::Output};
use parallaxis_core::{DeviceCopy, Monoid};

/// One `(key, fold)` pair per maximal run of equal consecutive keys (Thrust's
/// `reduce_by_key`); the folds start from the identity.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `keys` and `x` differ.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let k = DeviceVector::<u32>::from_slice(&[1, 1, 3, 1])?;
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4])?;
/// let (keys, sums) = parallaxis::reduce_by_key(Sum, &k, &x)?;
/// assert_eq!(keys.to_vec()?, [1, 3, 1]);
/// assert_eq!(sums.to_vec()?, [3, 3, 4]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn reduce_by_key<K, T, M, B>(
    m: M,
    keys: &impl Readable<K, B>,
    x: &impl Readable<T, B>,
) -> Result<(DeviceVector<K, B>, DeviceVector<T, B>)>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>,
{
    lengths_agree("reduce_by_key keys", x.len(), keys.len())?;
    let (k, v) = keys.with_stored(|k| x.with_stored(|x| B::reduce_by_key(m, k, x)))?;
    Ok((DeviceVector::from_buffer(k), DeviceVector::from_buffer(v)))
}

/// [`reduce_by_key`] into the caller's vectors (CUB's `DeviceReduce::ReduceByKey`): the runs
/// go to the first `runs[0]` entries of `out_keys` and `out_values` (the rest keep their
/// contents) and their count to `runs[0]`. Nothing is allocated; on the GPU the call returns
/// without waiting for the kernels (the count stays in device memory for the next operation;
/// reading it with `to_vec` waits), so repeated calls cost no round trip to the host.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `keys`, `out_keys` and
/// `out_values` are as long as `x` (room for a run per element) and `runs` has one element
/// (nothing is written then); a device fault (on the GPU, a fault of the kernels themselves
/// surfaces in the next call that waits for the device).
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let k = DeviceVector::<u32>::from_slice(&[1, 1, 3, 1])?;
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4])?;
/// let (mut keys, mut sums) = (DeviceVector::zeros(4)?, DeviceVector::zeros(4)?);
/// let mut runs = DeviceVector::zeros(1)?;
/// parallaxis::reduce_by_key_into(Sum, &k, &x, &mut keys, &mut sums, &mut runs)?;
/// let runs = runs.to_vec()?[0];
/// assert_eq!(runs, 3);
/// assert_eq!(keys.to_vec()?[..runs], [1, 3, 1]);
/// assert_eq!(sums.to_vec()?[..runs], [3, 3, 4]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "ReduceByKey")]
pub fn reduce_by_key_into<K, T, M, B>(
    m: M,
    keys: &impl Readable<K, B>,
    x: &impl Readable<T, B>,
    out_keys: &mut impl Output<K, B>,
    out_values: &mut impl Output<T, B>,
    runs: &mut impl Output<usize, B>,
) -> Result<()>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>,
{
    lengths_agree("reduce_by_key_into keys", x.len(), keys.len())?;
    same_len("reduce_by_key_into output keys", x.len(), out_keys)?;
    same_len("reduce_by_key_into output values", x.len(), out_values)?;
    same_len("reduce_by_key_into run count", 1, runs)?;
    keys.with_stored(|k| {
        x.with_stored(|x| {
            B::reduce_by_key_into(
                m,
                k,
                x,
                out_keys.buffer_out(TOKEN),
                out_values.buffer_out(TOKEN),
                runs.buffer_out(TOKEN),
            )
        })
    })
}

/// `y[s]` = the fold of segment `offsets[s]..offsets[s + 1]` (the identity for an empty
/// segment); `offsets.len() - 1` results.
///
/// # Errors
/// [`Error::InvalidOffsets`](crate::Error::InvalidOffsets) when `offsets` is empty, does not
/// start at 0, decreases, or does not end at `x.len()`.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Max};
/// let x = DeviceVector::<i32>::from_slice(&[5, 1, 7, 2])?;
/// let o = DeviceVector::from_slice(&[0, 2, 2, 4])?;
/// assert_eq!(parallaxis::segmented_reduce(Max, &o, &x)?.to_vec()?, [5, i32::MIN, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "DeviceSegmentedReduce")]
pub fn segmented_reduce<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    offsets: &impl Readable<usize, B>,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    // The offsets are read by the check, so a lazy `offsets` is written out first; a lazy
    // `x` only once they are valid.
    offsets.with_stored(|o| {
        check_offsets::<B>(o, x.len())?;
        // SAFETY: the algorithm writes every segment, an empty one with the identity (on the
        // GPU each path ends in a pass over all segments: the gather kernels write `y[s]` for
        // every `s`, and the copy runs only when there are as many runs as segments); on an
        // error `y` is dropped unread.
        let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(offsets.len() - 1) }?;
        x.with_stored(|x| B::segmented_reduce(m, o, x, y.buffer_out(TOKEN)))?;
        Ok(y)
    })
}

/// `y[s]` = the fold of `x[s * segment_len..]`'s first `segment_len` items: segments of one
/// fixed length, the last one shorter when `segment_len` does not divide `x.len()` (as
/// `slice::chunks`); `x.len().div_ceil(segment_len)` results (CUB's
/// `DeviceSegmentedReduce` with a fixed segment size). Rows of a row-major matrix: the
/// row sums of an `r x c` matrix are `segmented_reduce_fixed(Sum, c, &m)`.
///
/// The segments' offsets are built on the host and handed to [`segmented_reduce`]'s
/// algorithm (on CUDA one upload of `x.len().div_ceil(segment_len) + 1` offsets; no kernel of
/// its own).
///
/// # Errors
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) when `segment_len == 0`; out of
/// memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let m = DeviceVector::<f32>::from_slice(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0])?;
/// let rows = parallaxis::segmented_reduce_fixed(Sum, 3, &m)?;
/// assert_eq!(rows.to_vec()?, [6.0, 15.0, 7.0]); // [1 2 3], [4 5 6], [7]
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("DeviceSegmentedReduce", "row_sums"))]
pub fn segmented_reduce_fixed<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    segment_len: usize,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    let offsets = fixed_offsets::<B>(segment_len, x.len())?;
    // SAFETY: the algorithm writes every segment (as in `segmented_reduce`); on an error `y`
    // is dropped unread.
    let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(offsets.len() - 1) }?;
    x.with_stored(|x| B::segmented_reduce(m, offsets.buffer(), x, y.buffer_out(TOKEN)))?;
    Ok(y)
}

/// [`segmented_reduce_fixed`] into `y` (`y.len() == x.len().div_ceil(segment_len)`).
///
/// # Errors
/// As [`segmented_reduce_fixed`], and [`Error::LengthMismatch`](crate::Error::LengthMismatch)
/// when `y` has another length; on any error `y` is untouched.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Max};
/// let x = DeviceVector::<u32>::from_slice(&[4, 9, 2, 7])?;
/// let mut y = DeviceVector::zeros(2)?;
/// parallaxis::segmented_reduce_fixed_into(Max, 2, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [9, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn segmented_reduce_fixed_into<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    segment_len: usize,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()> {
    if segment_len == 0 {
        return Err(zero_segment_len());
    }
    same_len(
        "segmented_reduce_fixed output",
        x.len().div_ceil(segment_len),
        y,
    )?;
    let offsets = fixed_offsets::<B>(segment_len, x.len())?;
    x.with_stored(|x| B::segmented_reduce(m, offsets.buffer(), x, y.buffer_out(TOKEN)))
}

/// The error of a zero segment length.
fn zero_segment_len() -> crate::Error {
    crate::Error::InvalidArgument {
        what: "segment length",
        reason: "is zero",
    }
}

/// The offsets `0, len, 2 len, ..., n` of segments of `len` items over `n` (the last one
/// shorter when `len` does not divide `n`), on the backend.
fn fixed_offsets<B: crate::Backend>(len: usize, n: usize) -> Result<DeviceVector<usize, B>> {
    if len == 0 {
        return Err(zero_segment_len());
    }
    let count = n.div_ceil(len);
    let starts = (0..count).map(|s| s * len).chain([n]);
    DeviceVector::from_vec(parallaxis_core::try_collect(count + 1, starts)?)
}
