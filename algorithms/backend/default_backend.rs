//! [`DefaultBackend`], the backend of a `DeviceVector<T>` that names none, and the
//! compile-time check [`expect_default_backend!`](crate::expect_default_backend) for code
//! that relies on it.
//!
//! Cargo unifies features over a whole build: when any crate of it turns on parallaxis's
//! `cuda` feature, `DefaultBackend` is `Cuda` for every crate of that build. Everything else
//! the feature adds is additive (the `Cuda` type, the kernels, the `instantiate_*!` macros);
//! the default is the one thing it switches, on purpose, so that an application moves to the
//! GPU with one feature. Hence the rule: a library names its backend (`DeviceVector<T,
//! Rayon>`) or is generic over `B: Backend`; only an application relies on the default, and
//! code that cannot run on every backend says which one it expects with
//! [`expect_default_backend!`](crate::expect_default_backend), which turns a silent switch
//! into a compile error that names the cause.

use super::Backend;

/// The backend `DeviceVector<T>` uses when none is named: CUDA when the `cuda` feature is
/// on, else rayon when `rayon` is on (the default), else sequential. Features are unified over
/// a build, so a dependency that turns on `cuda` makes CUDA the default here too: libraries
/// name their backend, and [`expect_default_backend!`](crate::expect_default_backend)
/// catches code that relies on the default being another.
///
/// ```no_run
/// use parallaxis::{DefaultBackend, DeviceVector};
/// let x = DeviceVector::<u8>::from_slice(&[1, 2])?; // no backend named: DefaultBackend
/// let y: DeviceVector<u8, DefaultBackend> = x; // the same type
/// assert_eq!(y.len(), 2);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[cfg(feature = "cuda")]
pub type DefaultBackend = crate::Cuda;
/// The backend `DeviceVector<T>` uses when none is named: CUDA when the `cuda` feature is
/// on, else rayon when `rayon` is on (the default), else sequential. Features are unified over
/// a build, so a dependency that turns on `cuda` makes CUDA the default here too: libraries
/// name their backend, and [`expect_default_backend!`](crate::expect_default_backend)
/// catches code that relies on the default being another.
///
/// ```
/// use parallaxis::{DefaultBackend, DeviceVector};
/// let x = DeviceVector::<u8>::from_slice(&[1, 2])?; // no backend named: DefaultBackend
/// let y: DeviceVector<u8, DefaultBackend> = x; // the same type
/// assert_eq!(y.len(), 2);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[cfg(all(not(feature = "cuda"), feature = "rayon"))]
pub type DefaultBackend = super::Rayon;
/// The backend `DeviceVector<T>` uses when none is named: CUDA when the `cuda` feature is
/// on, else rayon when `rayon` is on (the default), else sequential. Features are unified over
/// a build, so a dependency that turns on `cuda` makes CUDA the default here too: libraries
/// name their backend, and [`expect_default_backend!`](crate::expect_default_backend)
/// catches code that relies on the default being another.
///
/// ```
/// use parallaxis::{DefaultBackend, DeviceVector};
/// let x = DeviceVector::<u8>::from_slice(&[1, 2])?; // no backend named: DefaultBackend
/// let y: DeviceVector<u8, DefaultBackend> = x; // the same type
/// assert_eq!(y.len(), 2);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[cfg(all(not(feature = "cuda"), not(feature = "rayon")))]
pub type DefaultBackend = super::Sequential;

/// Holds for `B: DefaultIs<B>` only: the bound [`expect_default_backend!`](crate::expect_default_backend)
/// puts on [`DefaultBackend`]. No other impl can exist (the orphan rule: the trait and every
/// backend are this crate's).
#[diagnostic::on_unimplemented(
    message = "the default backend of this build is `{Self}`, not `{B}`",
    label = "this code expects `DefaultBackend` to be `{B}`",
    note = "features are unified over a build: some crate turned on parallaxis's `cuda` \
            feature (which makes `Cuda` the default for every crate) or left out `rayon`",
    note = "name the backend instead of relying on the default (`DeviceVector<T, {B}>`), or \
            make the code generic over `B: parallaxis::Backend`"
)]
pub trait DefaultIs<B: Backend> {}

impl<B: Backend> DefaultIs<B> for B {}

/// States at compile time which backend [`DefaultBackend`] must be for this crate: a
/// compile error that names the cause (a crate of the build turned on `cuda`) instead of a
/// silent switch of every `DeviceVector<T>` to another backend.
///
/// Use it in code that relies on the default and cannot run on every backend, typically a
/// crate whose closures or operator types have no GPU kernels. A library is better off naming
/// its backend or being generic; an application that wants whatever the features pick needs
/// no check.
///
/// ```
/// # #[cfg(all(feature = "rayon", not(feature = "cuda")))]
/// parallaxis::expect_default_backend!(parallaxis::Rayon);
/// ```
///
/// A wrong expectation does not compile; with the default features the default backend is
/// rayon, so expecting the sequential one fails:
///
#[cfg_attr(
    all(feature = "rayon", not(feature = "cuda")),
    doc = "```compile_fail,E0277"
)]
#[cfg_attr(not(all(feature = "rayon", not(feature = "cuda"))), doc = "```ignore")]
/// parallaxis::expect_default_backend!(parallaxis::Sequential);
/// ```
#[macro_export]
macro_rules! expect_default_backend {
    ($backend:ty) => {
        const _: fn() = {
            fn default_backend_is<D: $crate::backend::DefaultIs<$backend>>() {}
            default_backend_is::<$crate::DefaultBackend>
        };
    };
}
