//! Sparse matrix-vector products: CSR by merge path ([`csr`], its row folds in
//! [`csr_fold`]), COO balanced over entries ([`coo`]) and ELL by blocks of rows ([`ell`]);
//! CSR and COO finish the rows their pieces cut with [`cut_rows`].
//!
//! Every product keeps the exact per-row semantics of `parallaxis_core::reference::spmv_*`:
//! row `r`'s product folds its entries in storage order from the semiring's zero, then
//! `y[r] = t` or, accumulating, `y[r] = y[r] ⊕ t`. A row cut by a piece edge is folded as
//! `(p0 ⊕ p1) ⊕ ...` of the pieces' partial folds, in storage order; exact semirings
//! (integers, min, max, or, and) give the reference's bits, floating `+` differs only by
//! reassociation. Pieces have a constant size, so the result is the same for any
//! `RAYON_NUM_THREADS`.
//!
//! Inputs are validated by the `parallaxis` front doors. On a structure no validated matrix has
//! (a decreasing `row_ptr`, unsorted COO rows) the result is unspecified but nothing panics;
//! mismatched lengths fall back to the reference, which processes the common prefix.

pub(crate) mod coo;
pub(crate) mod csr;
mod csr_fold;
#[cfg(test)]
mod csr_robustness;
mod cut_rows;
pub(crate) mod ell;
