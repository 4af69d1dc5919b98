//! The seal of [`Backend`](super::Backend), the backend op traits and
//! [`SparseMatrix`](crate::sparse::SparseMatrix): each has a hidden required constant `SEAL` of type
//! [`Seal`], a public type in this private module, which code outside this crate cannot name,
//! so it cannot write an impl of those traits.
//!
//! Why: the front doors allocate their outputs uninitialised on the GPU and rely on the op
//! traits to write every element (and on `SparseMatrix` to describe a validated matrix). An
//! impl from outside (for `Cuda` and an operator type of the caller's own, which coherence
//! would accept next to this crate's kernel-bounded impls) could return without writing, and
//! safe code would read uninitialised device memory. A plain sealed supertrait would not do:
//! `Cuda` implements it, so it says nothing about the operator parameters.
//!
//! Users still get GPU kernels for their own operators: the `instantiate_*!` macros implement
//! `parallaxis_device`'s `unsafe` kernel traits (`UnaryKernel`, `MonoidKernel`, ...), which the
//! `Cuda` impls here are bounded by; those traits are not sealed, their contract is `unsafe`.
//!
//! Rejected from outside: a backend of one's own,
//!
//! ```compile_fail,E0046
//! use parallaxis::{Backend, DeviceCopy, Result};
//! #[derive(Clone, Copy, Debug, Default)]
//! struct Mine;
//! impl Backend for Mine {
//!     type Buffer<T: DeviceCopy> = Vec<T>;
//!     const NAME: &'static str = "mine";
//!     fn from_slice<T: DeviceCopy>(data: &[T]) -> Result<Vec<T>> { Ok(data.to_vec()) }
//!     fn to_vec<T: DeviceCopy>(buf: &Vec<T>) -> Result<Vec<T>> { Ok(buf.clone()) }
//!     fn len<T: DeviceCopy>(buf: &Vec<T>) -> usize { buf.len() }
//!     fn zeroed<T: DeviceCopy>(len: usize) -> Result<Vec<T>> { Ok(vec![unsafe { core::mem::zeroed() }; len]) }
//!     fn fill<T: DeviceCopy>(buf: &mut Vec<T>, value: T) -> Result<()> { buf.fill(value); Ok(()) }
//! }
//! ```
//!
//! and a sparse format that could misreport its shape (`spmv` would leave rows of its output
//! unwritten):
//!
//! ```compile_fail,E0046
//! use parallaxis::{Backend, DeviceVector, Result, ops::Semiring, sparse::SparseMatrix, backend::SpmvOps};
//! struct Liar;
//! impl<B: Backend> SparseMatrix<f32, B> for Liar {
//!     type Index = u32;
//!     fn nrows(&self) -> usize { 1 << 20 }
//!     fn ncols(&self) -> usize { 0 }
//!     fn apply<S: Semiring<f32>>(
//!         &self, _: S, _: &B::Slice<f32>, _: &mut DeviceVector<f32, B>, _: bool,
//!     ) -> Result<()>
//!     where
//!         B: SpmvOps<f32, u32, S>,
//!     {
//!         Ok(())
//!     }
//! }
//! ```
//!
//! (an op trait implemented for `Cuda` with an operator of one's own: see the `Cuda` docs).

/// The token only this crate can name (see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct Seal;

/// What [`Backend::view_mut`](super::Backend::view_mut) and the mutable views' writes take:
/// a value only this crate can make (the field is private and no constant holds one), so
/// only this crate reaches a mutable view's buffer. Why: a CUDA view's buffer does not own
/// its memory, and code that could swap it out of a `&mut` would keep it past the borrow.
#[derive(Debug)]
pub struct Token(());

/// The crate's token (see [`Token`]).
pub(crate) const TOKEN: Token = Token(());
