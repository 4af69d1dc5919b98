//! Radix sort: keys alone ([`sort`], [`sort_descending`]) and key-value pairs by key
//! ([`sort_by_key`], [`sort_by_key_descending`]), each with an `_into` form, and the sorts of
//! a range of the keys' bits ([`sort_bits`], [`sort_by_key_bits`], or an `_into` form with
//! `Order::Ascending.bits(a..b)`: CUB's `begin_bit`, `end_bit`). Stable (equal
//! keys keep their input order, values with them) under [`SortKey`]'s total order: integers
//! by value; floats `-inf < ... < -0.0 < +0.0 < ... < +inf < NaN`, all NaNs one key (so they
//! keep their input order, bits untouched). Descending is the reverse order (NaNs first),
//! still stable. Keys: every integer type, `usize`, `f32` and `f64` on the host backends;
//! on CUDA the 1-, 2-, 4- and 8-byte integers, `usize`, `f32` and `f64` (`SortKernel`; not
//! `isize`), with 4- and 8-byte values. The GPU runs one pass per key byte, so 1- and 2-byte
//! keys take one and two passes.

use crate::backend::TOKEN;
use crate::check::{lengths_agree, same_len};
use crate::lazy::Readable;
use crate::view::Output;
use crate::{
    backend::{SortByKeyOps, SortOps},
    DeviceVector, Result,
};
use core::ops::Range;
use parallaxis_core::{DeviceCopy, Order, RadixOrder, SortKey};

/// The keys sorted ascending, stably, into a new vector.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let k = DeviceVector::<f32>::from_slice(&[2.5, f32::NAN, -0.0, 0.0, -1.0])?;
/// let s = parallaxis::sort(&k)?.to_vec()?;
/// assert_eq!(s[..4], [-1.0, -0.0, 0.0, 2.5]);
/// assert!(s[1].is_sign_negative() && s[4].is_nan()); // -0.0 before +0.0, NaNs last
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("stable_sort", "SortKeys", "DeviceRadixSort"))]
pub fn sort<K: SortKey, B: SortOps<K>>(keys: &impl Readable<K, B>) -> Result<DeviceVector<K, B>> {
    sorted(keys, Order::Ascending)
}

/// The keys sorted descending (the reverse total order: NaNs first), stably, into a new
/// vector.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let k = DeviceVector::<i64>::from_slice(&[3, -8, 5, 0])?;
/// assert_eq!(parallaxis::sort_descending(&k)?.to_vec()?, [5, 3, 0, -8]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "SortKeysDescending")]
pub fn sort_descending<K: SortKey, B: SortOps<K>>(
    keys: &impl Readable<K, B>,
) -> Result<DeviceVector<K, B>> {
    sorted(keys, Order::Descending)
}

/// The keys sorted stably in `order` by the bits `bits` of their order bits alone (CUB's
/// `begin_bit..end_bit`), into a new vector: keys equal in those bits keep their input order.
/// For unsigned integers the order bits are the key, so `0..12` sorts by the low 12 bits;
/// signed integers have the sign bit flipped, floats the map of
/// [`SortKey::order_bits`]. A narrower range takes fewer passes on the GPU (one per byte it
/// touches), so keys known to fit in 20 bits sort faster with `0..20`.
///
/// # Errors
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) unless
/// `bits.start <= bits.end <= ` the key's width in bits; out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Order};
/// let k = DeviceVector::<u32>::from_slice(&[0x1_05, 0x2_03, 0x3_05, 0x4_01])?;
/// // By the low byte alone: 0x1_05 stays before 0x3_05.
/// let s = parallaxis::sort_bits(&k, 0..8, Order::Ascending)?;
/// assert_eq!(s.to_vec()?, [0x4_01, 0x2_03, 0x1_05, 0x3_05]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("SortKeys", "begin_bit", "end_bit"))]
pub fn sort_bits<K: SortKey, B: SortOps<K>>(
    keys: &impl Readable<K, B>,
    bits: Range<u32>,
    order: Order,
) -> Result<DeviceVector<K, B>> {
    sorted(keys, order.bits(bits))
}

fn sorted<K: SortKey, B: SortOps<K>>(
    keys: &impl Readable<K, B>,
    order: impl Into<RadixOrder>,
) -> Result<DeviceVector<K, B>> {
    let order = order.into();
    order.bit_range::<K::Bits>()?;
    // SAFETY: the sort writes every element; on an error `out` is dropped unread.
    let mut out = unsafe { DeviceVector::<K, B>::for_overwrite(keys.len()) }?;
    keys.with_stored(|keys| B::sort(keys, out.buffer_out(TOKEN), order))?;
    Ok(out)
}

/// The keys sorted stably in `order` into `out`, of the same length: an [`Order`], or an
/// order over a range of the keys' bits (`Order::Ascending.bits(0..12)`, as [`sort_bits`]).
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == keys.len()`
/// (`out` untouched); [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a bit
/// range beyond the key; a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Order};
/// let k = DeviceVector::<u8>::from_slice(&[9, 1, 4])?;
/// let mut out = DeviceVector::zeros(3)?;
/// parallaxis::sort_into(&k, &mut out, Order::Ascending)?;
/// assert_eq!(out.to_vec()?, [1, 4, 9]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn sort_into<K: SortKey, B: SortOps<K>>(
    keys: &impl Readable<K, B>,
    out: &mut impl Output<K, B>,
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let order = order.into();
    order.bit_range::<K::Bits>()?;
    same_len("sort output", keys.len(), out)?;
    keys.with_stored(|keys| B::sort(keys, out.buffer_out(TOKEN), order))
}

/// The pairs `(keys[i], values[i])` sorted ascending by key, stably (pairs with equal keys
/// keep their input order), into two new vectors.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless
/// `values.len() == keys.len()`; out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let k = DeviceVector::<u32>::from_slice(&[2, 1, 2, 1])?;
/// let v = DeviceVector::<f32>::from_slice(&[0.0, 1.0, 2.0, 3.0])?;
/// let (sk, sv) = parallaxis::sort_by_key(&k, &v)?;
/// assert_eq!(sk.to_vec()?, [1, 1, 2, 2]);
/// assert_eq!(sv.to_vec()?, [1.0, 3.0, 0.0, 2.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[doc(alias("stable_sort_by_key", "SortPairs"))]
pub fn sort_by_key<K: SortKey, V: DeviceCopy, B: SortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    sorted_pairs(keys, values, Order::Ascending)
}

/// [`sort_by_key`] in descending key order (the reverse total order), still stable.
///
/// # Errors
/// As [`sort_by_key`].
///
/// ```
/// use parallaxis::DeviceVector;
/// let k = DeviceVector::<i32>::from_slice(&[-1, 7, -1, 7])?;
/// let v = DeviceVector::<u64>::from_slice(&[0, 1, 2, 3])?;
/// let (sk, sv) = parallaxis::sort_by_key_descending(&k, &v)?;
/// assert_eq!((sk.to_vec()?, sv.to_vec()?), (vec![7, 7, -1, -1], vec![1, 3, 0, 2]));
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[doc(alias = "SortPairsDescending")]
pub fn sort_by_key_descending<K: SortKey, V: DeviceCopy, B: SortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    sorted_pairs(keys, values, Order::Descending)
}

/// [`sort_by_key`] by the bits `bits` of the keys' order bits alone, in `order` (as
/// [`sort_bits`]), stably: pairs whose keys are equal in those bits keep their input order.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless
/// `values.len() == keys.len()`; [`Error::InvalidArgument`](crate::Error::InvalidArgument)
/// unless `bits.start <= bits.end <= ` the key's width; out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Order};
/// let k = DeviceVector::<u16>::from_slice(&[0x0_21, 0x0_12, 0x1_12, 0x0_20])?;
/// let v = DeviceVector::<u32>::from_slice(&[0, 1, 2, 3])?;
/// // By bits 4..12 (0x02, 0x01, 0x11, 0x02), descending; 0x0_21 stays before 0x0_20.
/// let (_, sv) = parallaxis::sort_by_key_bits(&k, &v, 4..12, Order::Descending)?;
/// assert_eq!(sv.to_vec()?, [2, 0, 3, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[doc(alias("SortPairs", "begin_bit", "end_bit"))]
pub fn sort_by_key_bits<K: SortKey, V: DeviceCopy, B: SortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    bits: Range<u32>,
    order: Order,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    sorted_pairs(keys, values, order.bits(bits))
}

#[allow(clippy::type_complexity)]
fn sorted_pairs<K: SortKey, V: DeviceCopy, B: SortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    order: impl Into<RadixOrder>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    let order = order.into();
    order.bit_range::<K::Bits>()?;
    lengths_agree("sort_by_key values", keys.len(), values.len())?;
    new_pairs(keys.len(), |ok, ov| {
        keys.with_stored(|keys| {
            values.with_stored(|values| B::sort_by_key(keys, values, ok, ov, order))
        })
    })
}

/// New key and value vectors of `n` elements each, which `sort` writes whole (every sort by
/// key's allocating form).
#[allow(clippy::type_complexity)]
pub(crate) fn new_pairs<K: DeviceCopy, V: DeviceCopy, B: crate::Backend>(
    n: usize,
    sort: impl FnOnce(&mut B::Slice<K>, &mut B::Slice<V>) -> Result<()>,
) -> Result<(DeviceVector<K, B>, DeviceVector<V, B>)> {
    // SAFETY: `sort` writes every element of both; on an error they are dropped unread.
    let (mut ok, mut ov) = unsafe {
        (
            DeviceVector::<K, B>::for_overwrite(n)?,
            DeviceVector::<V, B>::for_overwrite(n)?,
        )
    };
    sort(ok.buffer_out(TOKEN), ov.buffer_out(TOKEN))?;
    Ok((ok, ov))
}

/// The pairs sorted stably by key in `order` into `out_keys` and `out_values`: an [`Order`],
/// or an order over a range of the keys' bits (`Order::Ascending.bits(0..12)`, as
/// [`sort_by_key_bits`]).
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `values`, `out_keys` and
/// `out_values` all have `keys.len()` elements (the first that differs is named; outputs
/// untouched); [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a bit range
/// beyond the key; a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Order};
/// let k = DeviceVector::<f64>::from_slice(&[0.5, -0.5])?;
/// let v = DeviceVector::<i32>::from_slice(&[1, 2])?;
/// let (mut ok, mut ov) = (DeviceVector::zeros(2)?, DeviceVector::zeros(2)?);
/// parallaxis::sort_by_key_into(&k, &v, &mut ok, &mut ov, Order::Ascending)?;
/// assert_eq!(ov.to_vec()?, [2, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn sort_by_key_into<K: SortKey, V: DeviceCopy, B: SortByKeyOps<K, V>>(
    keys: &impl Readable<K, B>,
    values: &impl Readable<V, B>,
    out_keys: &mut impl Output<K, B>,
    out_values: &mut impl Output<V, B>,
    order: impl Into<RadixOrder>,
) -> Result<()> {
    let order = order.into();
    order.bit_range::<K::Bits>()?;
    lengths_agree("sort_by_key values", keys.len(), values.len())?;
    same_len("sort_by_key output keys", keys.len(), out_keys)?;
    same_len("sort_by_key output values", keys.len(), out_values)?;
    keys.with_stored(|keys| {
        values.with_stored(|values| {
            B::sort_by_key(
                keys,
                values,
                out_keys.buffer_out(TOKEN),
                out_values.buffer_out(TOKEN),
                order,
            )
        })
    })
}
