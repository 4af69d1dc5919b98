//! Prefix scans: inclusive, exclusive (with init) and the fused transform_inclusive_scan and
//! transform_exclusive_scan.

use crate::backend::TOKEN;
use crate::check::same_len;
use crate::{backend::FusedOps, lazy::MonoidSource, DeviceVector, Result};
use crate::{lazy::Readable, view::Output};
use parallaxis_core::{DeviceCopy, Monoid, UnaryFunction};

/// `y[0] = x[0]`, `y[i] = y[i-1] ⊕ x[i]`, into a new vector. Operand order is preserved, so
/// non-commutative monoids (affine maps: linear recurrences) are fine.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Affine, AffineMap, Sum}};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3])?;
/// assert_eq!(parallaxis::inclusive_scan(Sum, &x)?.to_vec()?, [1, 3, 6]);
/// // x[i] = 2*x[i-1] + 1 from x[-1] = 0: the prefixes of the maps, applied to 0.
/// let maps = DeviceVector::<AffineMap<i64>>::from_slice(&[AffineMap::new(2, 1); 4])?;
/// let prefixes = parallaxis::inclusive_scan(Affine, &maps)?.to_vec()?;
/// let xs: Vec<i64> = prefixes.iter().map(|f| f.apply(0)).collect();
/// assert_eq!(xs, [1, 3, 7, 15]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("InclusiveSum", "InclusiveScan", "DeviceScan"))]
pub fn inclusive_scan<M, X>(m: M, x: &X) -> Result<DeviceVector<X::Item, X::Backend>>
where
    M: Monoid<X::Item>,
    X: MonoidSource<M> + ?Sized,
{
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<X::Item, X::Backend>::for_overwrite(x.len()) }?;
    x.run_inclusive_scan(m, y.buffer_out(TOKEN))?;
    Ok(y)
}

/// Inclusive scan into an existing vector of the same length.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when the lengths differ (`y` is
/// untouched); a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Max};
/// let x = DeviceVector::<i32>::from_slice(&[1, 5, 2])?;
/// let mut y = DeviceVector::zeros(3)?;
/// parallaxis::inclusive_scan_into(Max, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [1, 5, 5]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn inclusive_scan_into<M, X>(
    m: M,
    x: &X,
    y: &mut impl Output<X::Item, X::Backend>,
) -> Result<()>
where
    M: Monoid<X::Item>,
    X: MonoidSource<M> + ?Sized,
{
    same_len("inclusive_scan output", x.len(), y)?;
    x.run_inclusive_scan(m, y.buffer_out(TOKEN))
}

/// `y[0] = init`, `y[i] = init ⊕ x[0] ⊕ ... ⊕ x[i-1]`, into a new vector.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<u32>::from_slice(&[3, 1, 4])?;
/// assert_eq!(parallaxis::exclusive_scan(Sum, 10, &x)?.to_vec()?, [10, 13, 14]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("ExclusiveSum", "ExclusiveScan"))]
pub fn exclusive_scan<M, X>(m: M, init: X::Item, x: &X) -> Result<DeviceVector<X::Item, X::Backend>>
where
    M: Monoid<X::Item>,
    X: MonoidSource<M> + ?Sized,
{
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<X::Item, X::Backend>::for_overwrite(x.len()) }?;
    x.run_exclusive_scan(m, init, y.buffer_out(TOKEN))?;
    Ok(y)
}

/// Exclusive scan into an existing vector of the same length.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when the lengths differ.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Sum};
/// let x = DeviceVector::<u32>::from_slice(&[1, 1, 1])?;
/// let mut y = DeviceVector::zeros(3)?;
/// parallaxis::exclusive_scan_into(Sum, 0, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [0, 1, 2]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn exclusive_scan_into<M, X>(
    m: M,
    init: X::Item,
    x: &X,
    y: &mut impl Output<X::Item, X::Backend>,
) -> Result<()>
where
    M: Monoid<X::Item>,
    X: MonoidSource<M> + ?Sized,
{
    same_len("exclusive_scan output", x.len(), y)?;
    x.run_exclusive_scan(m, init, y.buffer_out(TOKEN))
}

/// `y[0] = f(x[0])`, `y[i] = y[i-1] ⊕ f(x[i])`, in one pass with no temporary vector. `x`:
/// a vector, view or lazy sequence (written out once first; see [`Readable`]).
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Square, Sum}};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3])?;
/// assert_eq!(parallaxis::transform_inclusive_scan(Square, Sum, &x)?.to_vec()?, [1, 5, 14]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn transform_inclusive_scan<A, T, F, M, B>(
    f: F,
    m: M,
    x: &impl Readable<A, B>,
) -> Result<DeviceVector<T, B>>
where
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
    B: FusedOps<A, T, F, M>,
{
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    x.with_stored(|x| B::transform_inclusive_scan(f, m, x, y.buffer_out(TOKEN)))?;
    Ok(y)
}

/// `y[0] = init`, `y[i] = init ⊕ f(x[0]) ⊕ ... ⊕ f(x[i-1])`, in one pass with no temporary
/// vector (Thrust's `transform_exclusive_scan`); `x` as in [`transform_inclusive_scan`].
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::{Square, Sum}};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3])?;
/// let y = parallaxis::transform_exclusive_scan(Square, Sum, 10, &x)?;
/// assert_eq!(y.to_vec()?, [10, 11, 15]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn transform_exclusive_scan<A, T, F, M, B>(
    f: F,
    m: M,
    init: T,
    x: &impl Readable<A, B>,
) -> Result<DeviceVector<T, B>>
where
    A: DeviceCopy,
    T: DeviceCopy,
    F: UnaryFunction<A, Output = T>,
    M: Monoid<T>,
    B: FusedOps<A, T, F, M>,
{
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(x.len()) }?;
    x.with_stored(|x| B::transform_exclusive_scan(f, m, init, x, y.buffer_out(TOKEN)))?;
    Ok(y)
}
