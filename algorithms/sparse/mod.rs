//! Sparse matrices in CSR, ELL, COO and HYB formats, validated when built.
//!
//! Each matrix keeps its arrays in a backend's memory (`DeviceVector`s). Constructors take
//! host `Vec`s, check the whole structure first (so a kernel can never read out of bounds),
//! then move them to the backend; a failed check returns the exact
//! [`SparseProblem`](crate::SparseProblem) and nothing is uploaded.

mod convert;
mod coo;
mod csr;
mod ell;
mod hyb;
#[cfg(feature = "nalgebra-sparse")]
mod interop_nalgebra;
#[cfg(any(feature = "sprs", feature = "nalgebra-sparse"))]
mod interop_rows;
#[cfg(feature = "sprs")]
mod interop_sprs;
mod matrix_market;
mod validate;

pub use crate::spmv::SparseMatrix;
pub use coo::CooMatrix;
pub use csr::CsrMatrix;
pub use ell::EllMatrix;
pub use hyb::HybMatrix;
pub use matrix_market::{MatrixMarketForm, MATRIX_MARKET_MAX_LINE};
pub(crate) use validate::check_offsets;
