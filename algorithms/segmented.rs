//! Segmented scans, inclusive and exclusive, with segments given by head flags, by runs of
//! equal keys, or by offsets. Each segment is scanned independently: an inclusive scan
//! restarts at every segment head, an exclusive one restarts from `init`. Each allocates its
//! output and runs the `_into` form ([`crate::segmented_into`]), which checks the arguments.
//! Flags, keys, offsets and values: each a vector, view or lazy sequence (written out once first; see [`Readable`](crate::lazy::Readable)); lazy offsets
//! are written out and checked before the values are written out.

use crate::lazy::Readable;
use crate::segmented_into;
use crate::{
    backend::{KeyedOps, MonoidOps},
    DeviceVector, Result,
};
use parallaxis_core::reference::ScanKind;
use parallaxis_core::{DeviceCopy, Monoid};

/// Inclusive segmented scan; `flags[i] == true` starts a segment at `i` (index 0 always
/// starts one).
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `flags` and `x` differ.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4, 5])?;
/// let f = DeviceVector::from_slice(&[true, false, true, false, false])?;
/// assert_eq!(parallaxis::inclusive_scan_by_flags(Sum, &f, &x)?.to_vec()?, [1, 3, 3, 7, 12]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn inclusive_scan_by_flags<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    flags: &impl Readable<bool, B>,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    by_flags(m, flags, x, ScanKind::Inclusive)
}

/// Exclusive segmented scan by head flags; each segment starts from `init`.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `flags` and `x` differ.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4, 5])?;
/// let f = DeviceVector::from_slice(&[true, false, true, false, false])?;
/// assert_eq!(parallaxis::exclusive_scan_by_flags(Sum, 0, &f, &x)?.to_vec()?, [0, 1, 0, 3, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn exclusive_scan_by_flags<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    init: T,
    flags: &impl Readable<bool, B>,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    by_flags(m, flags, x, ScanKind::Exclusive(init))
}

fn by_flags<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    flags: &impl Readable<bool, B>,
    x: &impl Readable<T, B>,
    kind: ScanKind<T>,
) -> Result<DeviceVector<T, B>> {
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    segmented_into::by_flags(m, flags, x, &mut y, kind)?;
    Ok(y)
}

/// Inclusive segmented scan where each maximal run of equal consecutive keys is a segment
/// (Thrust's `inclusive_scan_by_key`).
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `keys` and `x` differ.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let k = DeviceVector::<u32>::from_slice(&[7, 7, 2, 2, 7])?;
/// let x = DeviceVector::<i32>::from_slice(&[1, 1, 1, 1, 1])?;
/// assert_eq!(parallaxis::inclusive_scan_by_key(Sum, &k, &x)?.to_vec()?, [1, 2, 1, 2, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("InclusiveSumByKey", "InclusiveScanByKey"))]
pub fn inclusive_scan_by_key<K, T, M, B>(
    m: M,
    keys: &impl Readable<K, B>,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>,
{
    by_keys(m, keys, x, ScanKind::Inclusive)
}

/// Exclusive segmented scan by keys; each segment starts from `init`.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `keys` and `x` differ.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let k = DeviceVector::<u32>::from_slice(&[7, 7, 2, 2])?;
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4])?;
/// assert_eq!(parallaxis::exclusive_scan_by_key(Sum, 0, &k, &x)?.to_vec()?, [0, 1, 0, 3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("ExclusiveSumByKey", "ExclusiveScanByKey"))]
pub fn exclusive_scan_by_key<K, T, M, B>(
    m: M,
    init: T,
    keys: &impl Readable<K, B>,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>,
{
    by_keys(m, keys, x, ScanKind::Exclusive(init))
}

fn by_keys<K, T, M, B>(
    m: M,
    keys: &impl Readable<K, B>,
    x: &impl Readable<T, B>,
    kind: ScanKind<T>,
) -> Result<DeviceVector<T, B>>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>,
{
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    segmented_into::by_keys(m, keys, x, &mut y, kind)?;
    Ok(y)
}

/// Inclusive segmented scan where segment `s` is `offsets[s]..offsets[s + 1]` (CSR-style
/// offsets; empty segments allowed).
///
/// # Errors
/// [`Error::InvalidOffsets`](crate::Error::InvalidOffsets) when `offsets` is empty, does not
/// start at 0, decreases, or does not end at `x.len()`.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4])?;
/// let o = DeviceVector::from_slice(&[0, 1, 1, 4])?; // [1] [] [2 3 4]
/// assert_eq!(parallaxis::inclusive_scan_by_offsets(Sum, &o, &x)?.to_vec()?, [1, 2, 5, 9]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn inclusive_scan_by_offsets<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    offsets: &impl Readable<usize, B>,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    by_offsets(m, offsets, x, ScanKind::Inclusive)
}

/// Exclusive segmented scan by offsets; each segment starts from `init`.
///
/// # Errors
/// [`Error::InvalidOffsets`](crate::Error::InvalidOffsets) as for
/// [`inclusive_scan_by_offsets`].
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4])?;
/// let o = DeviceVector::from_slice(&[0, 2, 4])?;
/// assert_eq!(parallaxis::exclusive_scan_by_offsets(Sum, 0, &o, &x)?.to_vec()?, [0, 1, 0, 3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn exclusive_scan_by_offsets<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    init: T,
    offsets: &impl Readable<usize, B>,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    by_offsets(m, offsets, x, ScanKind::Exclusive(init))
}

fn by_offsets<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    offsets: &impl Readable<usize, B>,
    x: &impl Readable<T, B>,
    kind: ScanKind<T>,
) -> Result<DeviceVector<T, B>> {
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    segmented_into::by_offsets(m, offsets, x, &mut y, kind)?;
    Ok(y)
}
