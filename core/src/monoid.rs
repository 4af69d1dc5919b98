//! The `Monoid` trait: what reduce and every scan are generic over.

/// An associative binary operation on `T` with an identity element.
///
/// Commutativity is **not** assumed: every parallaxis reduce and scan combines operands in
/// their input order, so `combine(a, b)` always has `a` from the lower index. Monoids are
/// values (they may carry parameters) and are copied into GPU kernels by value.
///
/// Laws (check your own with [`crate::laws::check_monoid`]):
/// `combine(identity(), a) == a == combine(a, identity())` and
/// `combine(combine(a, b), c) == combine(a, combine(b, c))`.
/// Float addition is associative only up to rounding; parallaxis bounds the difference.
///
/// ```
/// use parallaxis_core::Monoid;
/// /// Keeps the first non-zero value: associative, not commutative.
/// #[derive(Clone, Copy)]
/// struct FirstNonZero;
/// impl Monoid<u32> for FirstNonZero {
///     fn identity(&self) -> u32 { 0 }
///     fn combine(&self, a: u32, b: u32) -> u32 { if a != 0 { a } else { b } }
/// }
/// assert_eq!(FirstNonZero.combine(FirstNonZero.combine(0, 7), 9), 7);
/// ```
pub trait Monoid<T>: Copy + Send + Sync + 'static {
    /// Whether `combine(a, b) == combine(b, a)` for all `a`, `b` (bit for bit; float `Sum`
    /// qualifies: IEEE addition commutes, up to which NaN payload a sum of two NaNs keeps; it
    /// only fails to associate). A commutative
    /// monoid lets a GPU reduce read its input in whatever arrangement loads fastest
    /// (`kernels/reduce`); the default, `false`, keeps every fold in index order.
    /// [`crate::laws::check_monoid`] checks the claim.
    const COMMUTATIVE: bool = false;
    /// The identity element.
    fn identity(&self) -> T;
    /// Combines `a` (from lower indices) with `b` (from higher indices).
    fn combine(&self, a: T, b: T) -> T;
}
