//! Functor traits: the element-wise maps `transform` and the fused algorithms apply.

/// A unary map `In -> Output`, carried by value (parameters included) into kernels.
///
/// ```
/// use parallaxis_core::UnaryFunction;
/// #[derive(Clone, Copy)]
/// struct Celsius;
/// impl UnaryFunction<f32> for Celsius {
///     type Output = f32;
///     fn apply(&self, f: f32) -> f32 { (f - 32.0) * 5.0 / 9.0 }
/// }
/// assert_eq!(Celsius.apply(212.0), 100.0);
/// ```
pub trait UnaryFunction<In>: Copy + Send + Sync {
    /// The result type (plain old data, so results can live in device buffers).
    type Output: crate::DeviceCopy;
    /// Applies the map to one element.
    fn apply(&self, x: In) -> Self::Output;
}

/// A binary map `(Lhs, Rhs) -> Output`, such as [`crate::SaxpyFunctor`] (`a*x + y`).
///
/// ```
/// use parallaxis_core::{BinaryFunction, SaxpyFunctor};
/// assert_eq!(SaxpyFunctor { a: 2.0_f32 }.apply(3.0, 1.0), 7.0);
/// ```
pub trait BinaryFunction<Lhs, Rhs>: Copy + Send + Sync {
    /// The result type (plain old data, so results can live in device buffers).
    type Output: crate::DeviceCopy;
    /// Applies the map to one pair of elements.
    fn apply(&self, x: Lhs, y: Rhs) -> Self::Output;
}
