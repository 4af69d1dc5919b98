//! Extrema with their positions: `min_element`, `max_element`, `minmax_element` (Thrust's
//! names) and their `_into` forms, reductions of each element lifted with its index by the
//! [`ArgMin`], [`ArgMax`] and [`ArgMinMax`] monoids (no temporary vector of pairs; one fused
//! kernel on the GPU). Values compare by `<`; a NaN is picked only when every value is NaN
//! (`parallaxis_core`'s `argminmax` module has the order).

use crate::backend::TOKEN;
use crate::check::same_len;
use crate::lazy::Readable;
use crate::view::Output;
use crate::{backend::ArgOps, Result};
use parallaxis_core::{ArgMax, ArgMin, ArgMinMax, Indexed, MinMax, Number};

/// `Some((index, value))` of a pick, `None` for the identity's `u64::MAX` (empty input).
fn found<T>(p: Indexed<T>) -> Option<(usize, T)> {
    (p.index != u64::MAX).then_some((p.index as usize, p.value))
}

/// The first smallest element of `x` and its index; `None` when `x` is empty (Thrust's
/// `min_element`, returned to the host).
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<f32>::from_slice(&[3.0, 1.0, 2.0, 1.0])?;
/// assert_eq!(parallaxis::min_element(&x)?, Some((1, 1.0)));
/// assert_eq!(parallaxis::min_element(&DeviceVector::<f32>::zeros(0)?)?, None);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "ArgMin")]
pub fn min_element<T: Number, B: ArgOps<T, ArgMin>>(
    x: &impl Readable<T, B>,
) -> Result<Option<(usize, T)>> {
    Ok(found(x.run_arg_reduce(ArgMin)?))
}

/// The first largest element of `x` and its index; `None` when `x` is empty.
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<i32>::from_slice(&[3, 7, 2, 7])?;
/// assert_eq!(parallaxis::max_element(&x)?, Some((1, 7)));
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "ArgMax")]
pub fn max_element<T: Number, B: ArgOps<T, ArgMax>>(
    x: &impl Readable<T, B>,
) -> Result<Option<(usize, T)>> {
    Ok(found(x.run_arg_reduce(ArgMax)?))
}

/// The first smallest and the **last** largest element of `x` with their indices, in one
/// pass (as `std::minmax_element`); `None` when `x` is empty.
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let x = DeviceVector::<u32>::from_slice(&[5, 1, 9, 1, 9])?;
/// assert_eq!(parallaxis::minmax_element(&x)?, Some(((1, 1), (4, 9))));
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[allow(clippy::type_complexity)]
pub fn minmax_element<T: Number, B: ArgOps<T, ArgMinMax>>(
    x: &impl Readable<T, B>,
) -> Result<Option<((usize, T), (usize, T))>> {
    if x.is_empty() {
        return Ok(None);
    }
    let p = x.run_arg_reduce(ArgMinMax)?;
    let pos = |i: Indexed<T>| (i.index as usize, i.value);
    Ok(Some((pos(p.min), pos(p.max))))
}

/// [`min_element`] into a one-element vector of the same backend, as an [`Indexed`] pair
/// (index `u64::MAX`, value NaN or `T::MAX` when `x` is empty: `ArgMin`'s identity). On the
/// GPU the pick stays in device memory and the call returns without waiting.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == 1` (`out` is
/// untouched); a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Indexed};
/// let x = DeviceVector::<i64>::from_slice(&[4, -2, 8])?;
/// let mut out = DeviceVector::zeros(1)?;
/// parallaxis::min_element_into(&x, &mut out)?;
/// assert_eq!(out.to_vec()?, [Indexed::new(-2, 1)]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn min_element_into<T: Number, B: ArgOps<T, ArgMin>>(
    x: &impl Readable<T, B>,
    out: &mut impl Output<Indexed<T>, B>,
) -> Result<()> {
    same_len("min_element_into output", 1, out)?;
    x.with_stored(|x| B::arg_reduce_into(ArgMin, x, out.buffer_out(TOKEN)))
}

/// [`max_element`] into a one-element vector (index `u64::MAX` when `x` is empty).
///
/// # Errors
/// As [`min_element_into`].
///
/// ```
/// use parallaxis::{DeviceVector, ops::Indexed};
/// let x = DeviceVector::<f64>::from_slice(&[4.0, 8.0, 8.0])?;
/// let mut out = DeviceVector::zeros(1)?;
/// parallaxis::max_element_into(&x, &mut out)?;
/// assert_eq!(out.to_vec()?, [Indexed::new(8.0, 1)]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn max_element_into<T: Number, B: ArgOps<T, ArgMax>>(
    x: &impl Readable<T, B>,
    out: &mut impl Output<Indexed<T>, B>,
) -> Result<()> {
    same_len("max_element_into output", 1, out)?;
    x.with_stored(|x| B::arg_reduce_into(ArgMax, x, out.buffer_out(TOKEN)))
}

/// [`minmax_element`] into a one-element vector of [`MinMax`] pairs (`ArgMinMax`'s identity
/// when `x` is empty: the smallest's index `u64::MAX`).
///
/// # Errors
/// As [`min_element_into`].
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Indexed, MinMax}};
/// let x = DeviceVector::<i32>::from_slice(&[2, 0, 2])?;
/// let mut out = DeviceVector::zeros(1)?;
/// parallaxis::minmax_element_into(&x, &mut out)?;
/// let want = MinMax { min: Indexed::new(0, 1), max: Indexed::new(2, 2) };
/// assert_eq!(out.to_vec()?, [want]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn minmax_element_into<T: Number, B: ArgOps<T, ArgMinMax>>(
    x: &impl Readable<T, B>,
    out: &mut impl Output<MinMax<T>, B>,
) -> Result<()> {
    same_len("minmax_element_into output", 1, out)?;
    x.with_stored(|x| B::arg_reduce_into(ArgMinMax, x, out.buffer_out(TOKEN)))
}
