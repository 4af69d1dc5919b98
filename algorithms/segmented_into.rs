//! The segmented scans into an existing output vector: the `_into` forms of
//! [`crate::segmented`], for callers that scan repeatedly. On the host backends a fresh
//! output can cost more than the scan itself: the rayon scan by flags of 2^24 f32 took
//! ~12 ms into a reused vector and ~40 ms into a new one on the 2-core development VM
//! (2^26: ~43 ms and ~150 ms), where every page of a new buffer is a fault of ~2-3 µs.
//!
//! Every argument is checked before `y` is touched; an error leaves it as it was.

use crate::backend::TOKEN;
use crate::check::{lengths_agree, offsets as check_offsets, same_len};
use crate::{
    backend::{KeyedOps, MonoidOps},
    Result,
};
use crate::{lazy::Readable, view::Output};
use parallaxis_core::reference::ScanKind;
use parallaxis_core::{DeviceCopy, Monoid};

/// [`inclusive_scan_by_flags`](crate::inclusive_scan_by_flags) into `y`.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `flags` or `y` differ in
/// length from `x`; a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4, 5])?;
/// let f = DeviceVector::from_slice(&[true, false, true, false, false])?;
/// let mut y = DeviceVector::zeros(5)?;
/// parallaxis::inclusive_scan_by_flags_into(Sum, &f, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [1, 3, 3, 7, 12]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn inclusive_scan_by_flags_into<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    flags: &impl Readable<bool, B>,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()> {
    by_flags(m, flags, x, y, ScanKind::Inclusive)
}

/// [`exclusive_scan_by_flags`](crate::exclusive_scan_by_flags) into `y`.
///
/// # Errors
/// As for [`inclusive_scan_by_flags_into`].
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4, 5])?;
/// let f = DeviceVector::from_slice(&[true, false, true, false, false])?;
/// let mut y = DeviceVector::zeros(5)?;
/// parallaxis::exclusive_scan_by_flags_into(Sum, 0, &f, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [0, 1, 0, 3, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn exclusive_scan_by_flags_into<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    init: T,
    flags: &impl Readable<bool, B>,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()> {
    by_flags(m, flags, x, y, ScanKind::Exclusive(init))
}

pub(crate) fn by_flags<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    flags: &impl Readable<bool, B>,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
    kind: ScanKind<T>,
) -> Result<()> {
    lengths_agree("segment flags", x.len(), flags.len())?;
    same_len("scan_by_flags output", x.len(), y)?;
    flags.with_stored(|f| x.with_stored(|x| B::scan_by_flags(m, f, x, y.buffer_out(TOKEN), kind)))
}

/// [`inclusive_scan_by_key`](crate::inclusive_scan_by_key) into `y`.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `keys` or `y` differ in
/// length from `x`; a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let k = DeviceVector::<u32>::from_slice(&[7, 7, 2, 2, 7])?;
/// let x = DeviceVector::<i32>::from_slice(&[1, 1, 1, 1, 1])?;
/// let mut y = DeviceVector::zeros(5)?;
/// parallaxis::inclusive_scan_by_key_into(Sum, &k, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [1, 2, 1, 2, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn inclusive_scan_by_key_into<K, T, M, B>(
    m: M,
    keys: &impl Readable<K, B>,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>,
{
    by_keys(m, keys, x, y, ScanKind::Inclusive)
}

/// [`exclusive_scan_by_key`](crate::exclusive_scan_by_key) into `y`.
///
/// # Errors
/// As for [`inclusive_scan_by_key_into`].
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let k = DeviceVector::<u32>::from_slice(&[7, 7, 2, 2])?;
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4])?;
/// let mut y = DeviceVector::zeros(4)?;
/// parallaxis::exclusive_scan_by_key_into(Sum, 0, &k, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [0, 1, 0, 3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn exclusive_scan_by_key_into<K, T, M, B>(
    m: M,
    init: T,
    keys: &impl Readable<K, B>,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>,
{
    by_keys(m, keys, x, y, ScanKind::Exclusive(init))
}

pub(crate) fn by_keys<K, T, M, B>(
    m: M,
    keys: &impl Readable<K, B>,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
    kind: ScanKind<T>,
) -> Result<()>
where
    K: DeviceCopy + PartialEq,
    T: DeviceCopy,
    M: Monoid<T>,
    B: KeyedOps<K, T, M>,
{
    lengths_agree("segment keys", x.len(), keys.len())?;
    same_len("scan_by_key output", x.len(), y)?;
    keys.with_stored(|k| x.with_stored(|x| B::scan_by_keys(m, k, x, y.buffer_out(TOKEN), kind)))
}

/// [`inclusive_scan_by_offsets`](crate::inclusive_scan_by_offsets) into `y`.
///
/// # Errors
/// [`Error::InvalidOffsets`](crate::Error::InvalidOffsets) as for the allocating form;
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `y` differs in length from
/// `x`; a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4])?;
/// let o = DeviceVector::from_slice(&[0, 1, 1, 4])?; // [1] [] [2 3 4]
/// let mut y = DeviceVector::zeros(4)?;
/// parallaxis::inclusive_scan_by_offsets_into(Sum, &o, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [1, 2, 5, 9]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn inclusive_scan_by_offsets_into<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    offsets: &impl Readable<usize, B>,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()> {
    by_offsets(m, offsets, x, y, ScanKind::Inclusive)
}

/// [`exclusive_scan_by_offsets`](crate::exclusive_scan_by_offsets) into `y`.
///
/// # Errors
/// As for [`inclusive_scan_by_offsets_into`].
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3, 4])?;
/// let o = DeviceVector::from_slice(&[0, 2, 4])?;
/// let mut y = DeviceVector::zeros(4)?;
/// parallaxis::exclusive_scan_by_offsets_into(Sum, 0, &o, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [0, 1, 0, 3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn exclusive_scan_by_offsets_into<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    init: T,
    offsets: &impl Readable<usize, B>,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()> {
    by_offsets(m, offsets, x, y, ScanKind::Exclusive(init))
}

pub(crate) fn by_offsets<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    offsets: &impl Readable<usize, B>,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
    kind: ScanKind<T>,
) -> Result<()> {
    // The check reads the offsets, so a lazy `offsets` is written out first; a lazy `x` only
    // once every argument is valid.
    offsets.with_stored(|o| {
        check_offsets::<B>(o, x.len())?;
        same_len("scan_by_offsets output", x.len(), y)?;
        x.with_stored(|x| B::scan_by_offsets(m, o, x, y.buffer_out(TOKEN), kind))
    })
}
