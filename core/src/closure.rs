//! Closures as operators: every `Fn` that is `Copy + Send + Sync + 'static` (a closure that
//! captures only `Copy` data, by `move`, or a plain `fn`) is a [`UnaryFunction`],
//! [`BinaryFunction`], [`Predicate`] or [`Compare`], and [`monoid`] builds a [`Monoid`] from an identity
//! and a closure. Functor closures need not be `'static` (as the functor traits do not, so
//! that a functor may hold a [`crate::DeviceRef`]): one may borrow a slice of the caller's.
//!
//! These impls serve the CPU backends (`Sequential`, `Rayon`), whose algorithms are generic
//! over the operator traits. The CUDA backend needs a kernel compiled to PTX for each operator
//! type, which a closure (an anonymous type of the caller's crate) cannot have: there an
//! algorithm called with a closure does not compile, and the error names the
//! `instantiate_*!` macros that give a named functor its kernels.
//!
//! Coherence: `Fn` is a `#[fundamental]` trait, so the blanket impls below do not overlap with
//! the impls for named functor types (here or in users' crates), which never implement `Fn`.

use crate::{BinaryFunction, Compare, DeviceCopy, Monoid, Predicate, UnaryFunction};

/// A closure `Fn(A) -> U` is a unary function (used by `transform`, `transform_reduce`, the
/// fused scans and `tabulate` on the CPU backends).
///
/// ```
/// use parallaxis_core::UnaryFunction;
/// let scale = 3.0_f32;
/// let times3 = move |x: f32| scale * x;
/// assert_eq!(UnaryFunction::apply(&times3, 2.0), 6.0);
/// ```
impl<A, U, F> UnaryFunction<A> for F
where
    F: Fn(A) -> U + Copy + Send + Sync,
    U: DeviceCopy,
{
    type Output = U;
    #[inline]
    fn apply(&self, x: A) -> U {
        self(x)
    }
}

/// A closure `Fn(A, B) -> U` is a binary function (`transform2`, `transform2_reduce`).
///
/// ```
/// use parallaxis_core::BinaryFunction;
/// let axpy = |x: f64, y: f64| 2.0 * x + y;
/// assert_eq!(BinaryFunction::apply(&axpy, 3.0, 1.0), 7.0);
/// ```
impl<A, B, U, F> BinaryFunction<A, B> for F
where
    F: Fn(A, B) -> U + Copy + Send + Sync,
    U: DeviceCopy,
{
    type Output = U;
    #[inline]
    fn apply(&self, x: A, y: B) -> U {
        self(x, y)
    }
}

/// A closure `Fn(T) -> bool` taking the element by value (as [`Predicate::test`] does) is a
/// predicate (`copy_if`, `remove_if`, `partition`, `count_if`).
///
/// ```
/// use parallaxis_core::Predicate;
/// let even = |x: u32| x % 2 == 0;
/// assert!(even.test(4) && !even.test(7));
/// ```
impl<T, F> Predicate<T> for F
where
    F: Fn(T) -> bool + Copy + Send + Sync + 'static,
{
    #[inline]
    fn test(&self, x: T) -> bool {
        self(x)
    }
}

/// A closure `Fn(T, T) -> bool`, "`a` goes strictly before `b`", is a comparator
/// (`sort_by`, `sort_by_key_with`, `merge_by`, `merge_by_key_with`); it must be a strict
/// weak order, as `Compare` says.
///
/// ```
/// use parallaxis_core::Compare;
/// let by_magnitude = |a: i32, b: i32| a.unsigned_abs() < b.unsigned_abs();
/// assert!(by_magnitude.less(-1, 2) && !by_magnitude.less(-2, 2));
/// ```
impl<T, F> Compare<T> for F
where
    F: Fn(T, T) -> bool + Copy + Send + Sync + 'static,
{
    #[inline]
    fn less(&self, a: T, b: T) -> bool {
        self(a, b)
    }
}

/// A monoid made of an identity value and a combining closure: what [`monoid`] returns.
///
/// `combine` must be associative and `identity` its two-sided identity, as for every
/// [`Monoid`] (check them with [`crate::laws::check_monoid`]): the parallel algorithms regroup
/// the operations, so a non-associative closure gives results that depend on the backend and
/// the input size. Commutativity is not assumed: `combine(a, b)` always has `a` from the lower
/// index.
#[derive(Clone, Copy, Debug)]
pub struct FnMonoid<T, F> {
    identity: T,
    combine: F,
}

impl<T, F> Monoid<T> for FnMonoid<T, F>
where
    T: Copy + Send + Sync + 'static,
    F: Fn(T, T) -> T + Copy + Send + Sync + 'static,
{
    #[inline]
    fn identity(&self) -> T {
        self.identity
    }
    #[inline]
    fn combine(&self, a: T, b: T) -> T {
        (self.combine)(a, b)
    }
}

/// A [`Monoid`] from an identity and an associative closure, for `reduce`, the scans, the
/// segmented scans and `reduce_by_key` on the CPU backends.
///
/// The closure must be associative (`combine(combine(a, b), c) == combine(a, combine(b, c))`)
/// and `identity` must leave every value unchanged on either side; neither can be checked by
/// the compiler ([`crate::laws::check_monoid`] tests them on samples). It need not commute.
///
/// ```
/// use parallaxis_core::{laws::check_monoid, monoid, Monoid};
/// // (max, count of the max): associative, not a stock monoid.
/// let max_count = monoid((i32::MIN, 0_u32), |a: (i32, u32), b: (i32, u32)| {
///     if a.0 > b.0 { a } else if b.0 > a.0 { b } else { (a.0, a.1 + b.1) }
/// });
/// assert_eq!(max_count.combine((3, 1), (3, 2)), (3, 3));
/// assert!(check_monoid(max_count, &[(1, 1), (3, 1), (3, 2), (i32::MIN, 0)], |a, b| a == b).is_ok());
/// ```
pub fn monoid<T, F>(identity: T, combine: F) -> FnMonoid<T, F>
where
    T: Copy + Send + Sync + 'static,
    F: Fn(T, T) -> T + Copy + Send + Sync + 'static,
{
    FnMonoid { identity, combine }
}
