//! Reduce and inclusive scan from an initial value (Thrust's `reduce(first, last, init, op)`,
//! CUB's `DeviceScan::InclusiveScanInit`). `init` is the leftmost operand: `init ⊕ x[0] ⊕
//! ...`, which matters for non-commutative monoids (affine maps). No extra pass over the
//! data: the reduce combines `init` with the fold once, the scan seeds its first tile with it.
//! `x`: a vector, view or lazy sequence (written out once first; see [`Readable`](crate::lazy::Readable)).

use crate::backend::TOKEN;
use crate::check::same_len;
use crate::{
    backend::{InitOps, MonoidOps},
    DeviceVector, Result,
};
use crate::{lazy::Readable, view::Output};
use parallaxis_core::{DeviceCopy, Monoid};

/// `init ⊕ x[0] ⊕ ... ⊕ x[n-1]`; `init` for an empty `x`.
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Affine, AffineMap, Sum}};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3])?;
/// assert_eq!(parallaxis::reduce_with_init(Sum, 10, &x)?, 16);
/// // init first: x -> x + 1, then x -> 2x.
/// let f = DeviceVector::<AffineMap<i64>>::from_slice(&[AffineMap::new(2, 0)])?;
/// let g = parallaxis::reduce_with_init(Affine, AffineMap::new(1, 1), &f)?;
/// assert_eq!(g.apply(0), 2);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn reduce_with_init<T: DeviceCopy, M: Monoid<T>, B: MonoidOps<T, M>>(
    m: M,
    init: T,
    x: &impl Readable<T, B>,
) -> Result<T> {
    if x.is_empty() {
        return Ok(init);
    }
    Ok(m.combine(init, x.with_stored(|x| B::reduce(m, x))?))
}

/// [`reduce_with_init`] into a one-element vector; on the GPU the result stays in device
/// memory (the reduce kernel combines `init` into it) and the call returns without waiting.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == 1` (`out` is
/// untouched); a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Max};
/// let x = DeviceVector::<i32>::from_slice(&[3, 9, 4])?;
/// let mut out = DeviceVector::zeros(1)?;
/// parallaxis::reduce_with_init_into(Max, 20, &x, &mut out)?;
/// assert_eq!(out.to_vec()?, [20]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn reduce_with_init_into<T: DeviceCopy, M: Monoid<T>, B: InitOps<T, M>>(
    m: M,
    init: T,
    x: &impl Readable<T, B>,
    out: &mut impl Output<T, B>,
) -> Result<()> {
    same_len("reduce_with_init_into output", 1, out)?;
    x.with_stored(|x| B::reduce_with_init_into(m, init, x, out.buffer_out(TOKEN)))
}

/// `y[i] = init ⊕ x[0] ⊕ ... ⊕ x[i]`, into a new vector.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<u32>::from_slice(&[3, 1, 4])?;
/// assert_eq!(parallaxis::inclusive_scan_with_init(Sum, 10, &x)?.to_vec()?, [13, 14, 18]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "InclusiveScanInit")]
pub fn inclusive_scan_with_init<T: DeviceCopy, M: Monoid<T>, B: InitOps<T, M>>(
    m: M,
    init: T,
    x: &impl Readable<T, B>,
) -> Result<DeviceVector<T, B>> {
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    x.with_stored(|x| B::inclusive_scan_with_init(m, init, x, y.buffer_out(TOKEN)))?;
    Ok(y)
}

/// [`inclusive_scan_with_init`] into an existing vector of the same length.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when the lengths differ (`y` is
/// untouched); a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Min};
/// let x = DeviceVector::<i32>::from_slice(&[5, 1, 7])?;
/// let mut y = DeviceVector::zeros(3)?;
/// parallaxis::inclusive_scan_with_init_into(Min, 3, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [3, 1, 1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn inclusive_scan_with_init_into<T: DeviceCopy, M: Monoid<T>, B: InitOps<T, M>>(
    m: M,
    init: T,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
) -> Result<()> {
    same_len("inclusive_scan_with_init output", x.len(), y)?;
    x.with_stored(|x| B::inclusive_scan_with_init(m, init, x, y.buffer_out(TOKEN)))
}
