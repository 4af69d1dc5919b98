//! Sparse matrix-vector products: CSR by merge path ([`csr`], its row folds in
//! [`csr_fold`]), COO balanced over entries ([`coo`]) and ELL by blocks of rows ([`ell`]).

pub(crate) mod coo;
pub(crate) mod csr;
mod csr_fold;
#[cfg(test)]
mod csr_robustness;
pub(crate) mod ell;
