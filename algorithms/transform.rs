//! Element-wise algorithms: transform (unary, also in place; binary), fill, tabulate and
//! sequence.

use crate::backend::TOKEN;
use crate::check::{lengths_agree, same_len};
use crate::{
    backend::{TabulateOps as Tabulate, Transform2Ops, TransformOps},
    lazy::MapSource,
    DeviceVector, Result,
};
use crate::{lazy::Readable, view::Output};
use parallaxis_core::{BinaryFunction, DeviceCopy, Number, Sequence, UnaryFunction};

/// `y[i] = f(x[i])`, into a new vector.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Square};
/// let x = DeviceVector::<i32>::from_slice(&[1, 2, 3])?;
/// assert_eq!(parallaxis::transform(Square, &x)?.to_vec()?, [1, 4, 9]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
///
/// On the CPU backends a closure is a functor too (one that captures only `Copy` data; on
/// CUDA it needs a named functor with instantiated kernels, and a closure does not compile):
///
/// ```
/// use parallaxis::{DeviceVector, Rayon};
/// let v = DeviceVector::<f32, Rayon>::from_slice(&[1.0, 2.0])?;
/// let offset = 0.5;
/// assert_eq!(parallaxis::transform(move |x: f32| 2.0 * x + offset, &v)?.to_vec()?, [2.5, 4.5]);
/// assert_eq!(parallaxis::transform2(|a, b| a * b, &v, &v)?.to_vec()?, [1.0, 4.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "DeviceTransform")]
pub fn transform<F, X>(f: F, x: &X) -> Result<DeviceVector<F::Output, X::Backend>>
where
    F: UnaryFunction<X::Item>,
    X: MapSource<F> + ?Sized,
{
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<F::Output, X::Backend>::for_overwrite(x.len()) }?;
    x.run_transform(f, y.buffer_out(TOKEN))?;
    Ok(y)
}

/// `y[i] = f(x[i])`, into an existing vector of the same length.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `y.len() != x.len()` (then
/// `y` is untouched); a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Scale};
/// let x = DeviceVector::<f32>::from_slice(&[1.0, 2.0])?;
/// let mut y = DeviceVector::zeros(2)?;
/// parallaxis::transform_into(Scale { factor: 3.0 }, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [3.0, 6.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn transform_into<F, X>(f: F, x: &X, y: &mut impl Output<F::Output, X::Backend>) -> Result<()>
where
    F: UnaryFunction<X::Item>,
    X: MapSource<F> + ?Sized,
{
    same_len("transform output", x.len(), y)?;
    x.run_transform(f, y.buffer_out(TOKEN))
}

/// `x[i] = f(x[i])`, in place (Thrust's `transform` with the output its input), for a
/// functor whose output is its input's type.
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Scale};
/// let mut x = DeviceVector::<f64>::from_slice(&[1.0, -2.0, 3.0])?;
/// parallaxis::transform_in_place(Scale { factor: 0.5 }, &mut x)?;
/// assert_eq!(x.to_vec()?, [0.5, -1.0, 1.5]);
/// parallaxis::transform_in_place(Scale { factor: 2.0 }, &mut x.slice_mut(1..)?)?;
/// assert_eq!(x.to_vec()?, [0.5, -2.0, 3.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn transform_in_place<T, F, B>(f: F, x: &mut impl Output<T, B>) -> Result<()>
where
    T: DeviceCopy,
    F: UnaryFunction<T, Output = T>,
    B: TransformOps<T, F>,
{
    B::transform_in_place(f, x.buffer_out(TOKEN))
}

/// `y[i] = f(a[i], b[i])`, into a new vector: saxpy is `transform2(SaxpyFunctor { a }, &x, &y)`.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `a` and `b` differ in length.
///
/// ```
/// use parallaxis::{DeviceVector, ops::SaxpyFunctor};
/// let x = DeviceVector::<f32>::from_slice(&[1.0, 2.0])?;
/// let y = DeviceVector::from_slice(&[10.0, 20.0])?;
/// let z = parallaxis::transform2(SaxpyFunctor { a: 2.0 }, &x, &y)?;
/// assert_eq!(z.to_vec()?, [12.0, 24.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias = "transform")]
pub fn transform2<A, C, F, B>(
    f: F,
    a: &impl Readable<A, B>,
    b: &impl Readable<C, B>,
) -> Result<DeviceVector<F::Output, B>>
where
    A: DeviceCopy,
    C: DeviceCopy,
    F: BinaryFunction<A, C>,
    B: Transform2Ops<A, C, F>,
{
    lengths_agree("transform2 second input", a.len(), b.len())?;
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<F::Output, B>::for_overwrite(a.len()) }?;
    a.with_stored(|a| b.with_stored(|b| B::transform2(f, a, b, y.buffer_out(TOKEN))))?;
    Ok(y)
}

/// `y[i] = f(a[i], b[i])`, into an existing vector (which may not alias the inputs).
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless all three lengths agree.
///
/// ```
/// use parallaxis::{DeviceVector, ops::Plus};
/// let a = DeviceVector::<u8>::from_slice(&[250, 1])?;
/// let mut y = DeviceVector::zeros(2)?;
/// parallaxis::transform2_into(Plus, &a, &a, &mut y)?;
/// assert_eq!(y.to_vec()?, [244, 2]); // integer arithmetic wraps
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn transform2_into<A, C, F, B>(
    f: F,
    a: &impl Readable<A, B>,
    b: &impl Readable<C, B>,
    y: &mut impl Output<F::Output, B>,
) -> Result<()>
where
    A: DeviceCopy,
    C: DeviceCopy,
    F: BinaryFunction<A, C>,
    B: Transform2Ops<A, C, F>,
{
    lengths_agree("transform2 second input", a.len(), b.len())?;
    same_len("transform2 output", a.len(), y)?;
    a.with_stored(|a| b.with_stored(|b| B::transform2(f, a, b, y.buffer_out(TOKEN))))
}

/// `y[i] = f(i)` for `i` in `0..len`.
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::{DeviceVector, Rayon, ops::Sequence};
/// let v: DeviceVector<i64, Rayon> = parallaxis::tabulate(Sequence { start: 5, step: -2 }, 4)?;
/// assert_eq!(v.to_vec()?, [5, 3, 1, -1]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn tabulate<F: UnaryFunction<u64>, B: Tabulate<F>>(
    f: F,
    len: usize,
) -> Result<DeviceVector<F::Output, B>> {
    // SAFETY: the algorithm below writes every element; on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<F::Output, B>::for_overwrite(len) }?;
    // A zero-sized element has no bytes to write: calling `f` `len` times would only take
    // time (`len` may be `usize::MAX`, which such a vector can have).
    if core::mem::size_of::<F::Output>() != 0 {
        B::tabulate(f, y.buffer_out(TOKEN))?;
    }
    Ok(y)
}

/// `start, start + step, start + 2*step, ...` (`len` values; Thrust's `sequence`).
///
/// # Errors
/// Out of memory or a device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let v: DeviceVector<f32> = parallaxis::sequence(3, 0.0, 0.5)?;
/// assert_eq!(v.to_vec()?, [0.0, 0.5, 1.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn sequence<T: Number, B: Tabulate<Sequence<T>>>(
    len: usize,
    start: T,
    step: T,
) -> Result<DeviceVector<T, B>> {
    tabulate(Sequence { start, step }, len)
}

/// Sets every element of `v` to `value`.
///
/// # Errors
/// A device fault.
///
/// ```
/// use parallaxis::DeviceVector;
/// let mut v = DeviceVector::<u32>::zeros(3)?;
/// parallaxis::fill(&mut v, 7)?;
/// assert_eq!(v.to_vec()?, [7, 7, 7]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn fill<T: DeviceCopy, B: crate::Backend>(v: &mut impl Output<T, B>, value: T) -> Result<()> {
    B::fill(v.buffer_out(TOKEN), value)
}

#[cfg(test)]
mod tests {
    use crate::{ops::UnaryFunction, Sequential};

    /// A map to a zero-sized element.
    #[derive(Clone, Copy)]
    struct Nothing;
    impl UnaryFunction<u64> for Nothing {
        type Output = [u32; 0];
        fn apply(&self, _: u64) -> [u32; 0] {
            []
        }
    }

    #[test]
    fn tabulate_of_a_zero_sized_type_over_usize_max_returns_at_once() {
        let start = std::time::Instant::now();
        let v = super::tabulate::<_, Sequential>(Nothing, usize::MAX).unwrap();
        assert_eq!(v.len(), usize::MAX);
        #[cfg(feature = "rayon")]
        {
            let v = super::tabulate::<_, crate::Rayon>(Nothing, usize::MAX).unwrap();
            assert_eq!(v.len(), usize::MAX);
        }
        assert!(start.elapsed().as_secs() < 5, "took {:?}", start.elapsed());
    }
}
