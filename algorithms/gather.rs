//! Data movement through an index map: gather, scatter (with and without a stencil) and
//! reverse (Thrust's `gather`, `gather_if`, `scatter`, `scatter_if`, `reverse`).
//!
//! Maps, stencils and sources are vectors, views or lazy sequences (written out once first;
//! see [`Readable`]: a lazy map or stencil before the index check, a lazy source after it);
//! map indices are `u32`, `u64` or `usize`. Every index is checked against the length it
//! indexes before anything is written: an index out of range is
//! [`Error::IndexOutOfRange`] naming the first offending position, and the output is
//! untouched. (On the GPU the check is one more read of the map and a wait for its verdict;
//! the `_unchecked` forms skip it and are `unsafe`.) With a stencil only the selected
//! positions' indices are checked and used.
//!
//! Scatter with duplicate indices: on the host backends the last write in position order
//! wins (as a sequential loop); on CUDA one of the writes wins, which one is unspecified (as
//! in Thrust).

use crate::backend::TOKEN;
use crate::check::{lengths_agree, same_len};
use crate::lazy::Readable;
use crate::view::Output;
use crate::{
    backend::{GatherOps, ReverseOps},
    DeviceVector, Error, Result,
};
use parallaxis_core::{DeviceCopy, SparseIndex};

/// `Err(IndexOutOfRange)` for the first selected `map[i] >= len`. Takes the backend slices:
/// the check reads the map (and stencil), so a lazy one is written out first by the caller.
fn check_map<I: SparseIndex, T: DeviceCopy, B: GatherOps<I, T>>(
    what: &'static str,
    map: &B::Slice<I>,
    stencil: Option<&B::Slice<bool>>,
    len: usize,
) -> Result<()> {
    match B::first_out_of_range(map, stencil, len)? {
        None => Ok(()),
        Some((at, index)) => Err(Error::IndexOutOfRange {
            what,
            at,
            index,
            len,
        }),
    }
}

/// `y[i] = src[map[i]]`, into a new vector as long as `map`.
///
/// # Errors
/// [`Error::IndexOutOfRange`] for the first `map[i] >= src.len()`; out of memory, a device
/// fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let src = DeviceVector::<f32>::from_slice(&[10.0, 20.0, 30.0])?;
/// let map = DeviceVector::<u32>::from_slice(&[2, 0, 2, 1])?;
/// assert_eq!(parallaxis::gather(&map, &src)?.to_vec()?, [30.0, 10.0, 30.0, 20.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn gather<I: SparseIndex, T: DeviceCopy, B: GatherOps<I, T>>(
    map: &impl Readable<I, B>,
    src: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    map.with_stored(|m| {
        check_map::<I, T, B>("gather map", m, None, src.len())?;
        // SAFETY: the gather writes every element; on an error `y` is dropped unread.
        let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(map.len()) }?;
        // SAFETY: every index was checked above.
        src.with_stored(|s| unsafe { B::gather(m, s, y.buffer_out(TOKEN)) })?;
        Ok(y)
    })
}

/// `y[i] = src[map[i]]` into `y` (`y.len() == map.len()`).
///
/// # Errors
/// [`Error::LengthMismatch`], [`Error::IndexOutOfRange`] as in [`gather`]; on either `y` is
/// untouched.
///
/// ```
/// use parallaxis::DeviceVector;
/// let src = DeviceVector::<u8>::from_slice(&[1, 2])?;
/// let map = DeviceVector::<usize>::from_slice(&[1, 1, 0])?;
/// let mut y = DeviceVector::zeros(3)?;
/// parallaxis::gather_into(&map, &src, &mut y)?;
/// assert_eq!(y.to_vec()?, [2, 2, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn gather_into<I: SparseIndex, T: DeviceCopy, B: GatherOps<I, T>>(
    map: &impl Readable<I, B>,
    src: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()> {
    same_len("gather output", map.len(), y)?;
    map.with_stored(|m| {
        check_map::<I, T, B>("gather map", m, None, src.len())?;
        // SAFETY: every index was checked above.
        src.with_stored(|s| unsafe { B::gather(m, s, y.buffer_out(TOKEN)) })
    })
}

/// [`gather_into`] without the bounds check (on the GPU: no check pass, no wait).
///
/// # Safety
/// Every `map[i] < src.len()`: on the GPU an index out of range reads outside `src`.
///
/// # Errors
/// [`Error::LengthMismatch`] unless `y.len() == map.len()`; a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let src = DeviceVector::<u8>::from_slice(&[1, 2])?;
/// let map = DeviceVector::<u32>::from_slice(&[1, 0])?;
/// let mut y = DeviceVector::zeros(2)?;
/// // SAFETY: both indices are below 2.
/// unsafe { parallaxis::gather_unchecked_into(&map, &src, &mut y)? };
/// assert_eq!(y.to_vec()?, [2, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub unsafe fn gather_unchecked_into<I: SparseIndex, T: DeviceCopy, B: GatherOps<I, T>>(
    map: &impl Readable<I, B>,
    src: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()> {
    same_len("gather output", map.len(), y)?;
    map.with_stored(|m| {
        // SAFETY: the caller guarantees every index is in range.
        src.with_stored(|s| unsafe { B::gather(m, s, y.buffer_out(TOKEN)) })
    })
}

/// `y[i] = src[map[i]]` where `stencil[i]`; the other elements of `y` keep their values
/// (`map`, `stencil` and `y` of equal lengths; only selected indices are checked).
///
/// # Errors
/// [`Error::LengthMismatch`]; [`Error::IndexOutOfRange`] for the first selected
/// `map[i] >= src.len()`; on either `y` is untouched.
///
/// ```
/// use parallaxis::DeviceVector;
/// let src = DeviceVector::<i32>::from_slice(&[5, 6])?;
/// let map = DeviceVector::<u32>::from_slice(&[1, 99])?;
/// let on = DeviceVector::from_slice(&[true, false])?;
/// let mut y = DeviceVector::filled(2, -1)?;
/// parallaxis::gather_if(&map, &on, &src, &mut y)?;
/// assert_eq!(y.to_vec()?, [6, -1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn gather_if<I: SparseIndex, T: DeviceCopy, B: GatherOps<I, T>>(
    map: &impl Readable<I, B>,
    stencil: &impl Readable<bool, B>,
    src: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()> {
    lengths_agree("gather_if stencil", map.len(), stencil.len())?;
    same_len("gather_if output", map.len(), y)?;
    map.with_stored(|m| {
        stencil.with_stored(|st| {
            check_map::<I, T, B>("gather_if map", m, Some(st), src.len())?;
            // SAFETY: every selected index was checked above.
            src.with_stored(|s| unsafe { B::gather_if(m, st, s, y.buffer_out(TOKEN)) })
        })
    })
}

/// `dst[map[i]] = src[i]` (`map.len() == src.len()`). With duplicate indices: the last write
/// wins on the host backends, an unspecified one on CUDA (see the module docs).
///
/// # Errors
/// [`Error::LengthMismatch`]; [`Error::IndexOutOfRange`] for the first
/// `map[i] >= dst.len()`; on either `dst` is untouched.
///
/// ```
/// use parallaxis::DeviceVector;
/// let src = DeviceVector::<f64>::from_slice(&[1.0, 2.0, 3.0])?;
/// let map = DeviceVector::<u64>::from_slice(&[3, 0, 1])?;
/// let mut dst = DeviceVector::zeros(4)?;
/// parallaxis::scatter(&src, &map, &mut dst)?;
/// assert_eq!(dst.to_vec()?, [2.0, 3.0, 0.0, 1.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn scatter<I: SparseIndex, T: DeviceCopy, B: GatherOps<I, T>>(
    src: &impl Readable<T, B>,
    map: &impl Readable<I, B>,
    dst: &mut impl Output<T, B>,
) -> Result<()> {
    lengths_agree("scatter map", src.len(), map.len())?;
    map.with_stored(|m| {
        check_map::<I, T, B>("scatter map", m, None, dst.len())?;
        // SAFETY: every index was checked above.
        src.with_stored(|s| unsafe { B::scatter(s, m, dst.buffer_out(TOKEN)) })
    })
}

/// [`scatter`] without the bounds check.
///
/// # Safety
/// Every `map[i] < dst.len()`: on the GPU an index out of range writes outside `dst`.
///
/// # Errors
/// [`Error::LengthMismatch`] unless `map.len() == src.len()`; a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let src = DeviceVector::<u16>::from_slice(&[7, 8])?;
/// let map = DeviceVector::<u32>::from_slice(&[1, 0])?;
/// let mut dst = DeviceVector::zeros(2)?;
/// // SAFETY: both indices are below 2.
/// unsafe { parallaxis::scatter_unchecked(&src, &map, &mut dst)? };
/// assert_eq!(dst.to_vec()?, [8, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub unsafe fn scatter_unchecked<I: SparseIndex, T: DeviceCopy, B: GatherOps<I, T>>(
    src: &impl Readable<T, B>,
    map: &impl Readable<I, B>,
    dst: &mut impl Output<T, B>,
) -> Result<()> {
    lengths_agree("scatter map", src.len(), map.len())?;
    map.with_stored(|m| {
        // SAFETY: the caller guarantees every index is in range.
        src.with_stored(|s| unsafe { B::scatter(s, m, dst.buffer_out(TOKEN)) })
    })
}

/// `dst[map[i]] = src[i]` where `stencil[i]` (`src`, `map`, `stencil` of equal lengths; only
/// selected indices are checked). Duplicates as in [`scatter`].
///
/// # Errors
/// [`Error::LengthMismatch`]; [`Error::IndexOutOfRange`] for the first selected
/// `map[i] >= dst.len()`; on either `dst` is untouched.
///
/// ```
/// use parallaxis::DeviceVector;
/// let src = DeviceVector::<u32>::from_slice(&[1, 2, 3])?;
/// let map = DeviceVector::<u32>::from_slice(&[0, 77, 1])?;
/// let on = DeviceVector::from_slice(&[true, false, true])?;
/// let mut dst = DeviceVector::zeros(2)?;
/// parallaxis::scatter_if(&src, &map, &on, &mut dst)?;
/// assert_eq!(dst.to_vec()?, [1, 3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn scatter_if<I: SparseIndex, T: DeviceCopy, B: GatherOps<I, T>>(
    src: &impl Readable<T, B>,
    map: &impl Readable<I, B>,
    stencil: &impl Readable<bool, B>,
    dst: &mut impl Output<T, B>,
) -> Result<()> {
    lengths_agree("scatter_if map", src.len(), map.len())?;
    lengths_agree("scatter_if stencil", src.len(), stencil.len())?;
    map.with_stored(|m| {
        stencil.with_stored(|st| {
            check_map::<I, T, B>("scatter_if map", m, Some(st), dst.len())?;
            // SAFETY: every selected index was checked above.
            src.with_stored(|s| unsafe { B::scatter_if(s, m, st, dst.buffer_out(TOKEN)) })
        })
    })
}

/// The elements of `x` in reverse order, into a new vector.
///
/// # Errors
/// Out of memory, a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<i64>::from_slice(&[1, 2, 3])?;
/// assert_eq!(parallaxis::reverse(&x)?.to_vec()?, [3, 2, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "reverse_copy")]
pub fn reverse<T: DeviceCopy, B: ReverseOps<T>>(
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    // SAFETY: the reverse writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    x.with_stored(|x| B::reverse(x, y.buffer_out(TOKEN)))?;
    Ok(y)
}

/// The elements of `x` in reverse order, into `y` (`y.len() == x.len()`).
///
/// # Errors
/// [`Error::LengthMismatch`] (then `y` is untouched); a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<u8>::from_slice(&[1, 2])?;
/// let mut y = DeviceVector::zeros(2)?;
/// parallaxis::reverse_into(&x, &mut y)?;
/// assert_eq!(y.to_vec()?, [2, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn reverse_into<T: DeviceCopy, B: ReverseOps<T>>(
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()> {
    same_len("reverse output", x.len(), y)?;
    x.with_stored(|x| B::reverse(x, y.buffer_out(TOKEN)))
}
