//! Sparse matrix–vector products over any semiring, for every storage format. `x`: a
//! vector, view or lazy sequence (written out once first; see [`Readable`](crate::lazy::Readable)).

use crate::backend::TOKEN;
use crate::check::{lengths_agree, same_len};
use crate::sparse::{CooMatrix, CsrMatrix, EllMatrix, HybMatrix};
use crate::{backend::SpmvOps, Backend, DeviceVector, Result};
use crate::{lazy::Readable, view::Output};
use parallaxis_core::{DeviceCopy, Semiring, SparseIndex};

/// A sparse matrix format SpMV can run on: [`CsrMatrix`], [`EllMatrix`], [`CooMatrix`],
/// [`HybMatrix`].
///
/// ```
/// use parallaxis::{DeviceVector, sparse::{CsrMatrix, SparseMatrix}, ops::PlusTimes};
/// // Any format: the same call on CSR, ELL, COO or HYB.
/// fn apply<A: SparseMatrix<f64, parallaxis::DefaultBackend>>(a: &A, x: &[f64]) -> parallaxis::Result<Vec<f64>>
/// where
///     parallaxis::DefaultBackend: parallaxis::backend::SpmvOps<f64, A::Index, PlusTimes>,
/// {
///     parallaxis::spmv(PlusTimes, a, &DeviceVector::from_slice(x)?)?.to_vec()
/// }
/// // [[2, 0], [1, 3]]
/// let a = CsrMatrix::<f64>::try_new(2, 2, vec![0, 1, 3], vec![0, 0, 1], vec![2.0, 1.0, 3.0])?;
/// assert_eq!(apply(&a, &[1.0, 2.0])?, [2.0, 7.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub trait SparseMatrix<T: DeviceCopy, B: Backend> {
    /// Seals the trait: only parallaxis implements it (`backend/seal.rs`).
    #[doc(hidden)]
    const SEAL: crate::backend::Seal;
    /// The index type.
    type Index: SparseIndex;
    /// Number of rows (the length of `y`).
    fn nrows(&self) -> usize;
    /// Number of columns (the length of `x`).
    fn ncols(&self) -> usize;
    /// Runs the backend's product for this format on checked lengths (`x`: the stored
    /// elements, a lazy `x` written out by the front door first).
    #[doc(hidden)]
    fn apply<S: Semiring<T>>(
        &self,
        s: S,
        x: &B::Slice<T>,
        y: &mut impl Output<T, B>,
        accumulate: bool,
    ) -> Result<()>
    where
        B: SpmvOps<T, Self::Index, S>;
}

macro_rules! single_format {
    ($matrix:ident, $method:ident) => {
        impl<T: DeviceCopy, I: SparseIndex, B: Backend> SparseMatrix<T, B> for $matrix<T, I, B> {
            const SEAL: crate::backend::Seal = crate::backend::Seal;
            type Index = I;
            fn nrows(&self) -> usize {
                $matrix::nrows(self)
            }
            fn ncols(&self) -> usize {
                $matrix::ncols(self)
            }
            fn apply<S: Semiring<T>>(
                &self,
                s: S,
                x: &B::Slice<T>,
                y: &mut impl Output<T, B>,
                accumulate: bool,
            ) -> Result<()>
            where
                B: SpmvOps<T, I, S>,
            {
                B::$method(s, self, x, y.buffer_out(TOKEN), accumulate)
            }
        }
    };
}
single_format!(CsrMatrix, spmv_csr);
single_format!(EllMatrix, spmv_ell);
single_format!(CooMatrix, spmv_coo);

impl<T: DeviceCopy, I: SparseIndex, B: Backend> SparseMatrix<T, B> for HybMatrix<T, I, B> {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    type Index = I;
    fn nrows(&self) -> usize {
        HybMatrix::nrows(self)
    }
    fn ncols(&self) -> usize {
        HybMatrix::ncols(self)
    }
    fn apply<S: Semiring<T>>(
        &self,
        s: S,
        x: &B::Slice<T>,
        y: &mut impl Output<T, B>,
        accumulate: bool,
    ) -> Result<()>
    where
        B: SpmvOps<T, I, S>,
    {
        B::spmv_ell(s, self.ell(), x, y.buffer_out(TOKEN), accumulate)?;
        B::spmv_coo(s, self.coo(), x, y.buffer_out(TOKEN), true)
    }
}

/// `y = A·x` over the semiring `s`: `y[i] = ⊕_k A[i,k] ⊗ x[k]`, into a new vector.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `x.len() != a.ncols()`.
///
/// ```
/// use parallaxis::{sparse::CsrMatrix, DeviceVector, ops::MinPlus};
/// // Edge weights 0->1: 4, 1->0: 1, 1->1: 0. One shortest-path relaxation: y[i] = min_k w[i,k] + d[k].
/// let a = CsrMatrix::<f32>::try_new(2, 2, vec![0, 1, 3], vec![1, 0, 1], vec![4.0, 1.0, 0.0])?;
/// let d = DeviceVector::from_slice(&[0.0, f32::INFINITY])?;
/// assert_eq!(parallaxis::spmv(MinPlus, &a, &d)?.to_vec()?, [f32::INFINITY, 1.0]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
#[doc(alias("CsrMV", "DeviceSpmv", "cusparseSpMV"))]
pub fn spmv<T, S, A, B>(s: S, a: &A, x: &impl Readable<T, B>) -> Result<DeviceVector<T, B>>
where
    T: DeviceCopy,
    S: Semiring<T>,
    A: SparseMatrix<T, B>,
    B: SpmvOps<T, A::Index, S>,
{
    lengths_agree("spmv x (ncols)", a.ncols(), x.len())?;
    // SAFETY: without accumulation `apply` writes every row, an empty one with the
    // semiring's zero (`spmv_into`'s contract, which the GPU tests check for every format and
    // CSR kernel against a `y` of random values with empty rows, runs of them and all-empty
    // matrices); on an error `y` is dropped unread.
    let mut y = unsafe { DeviceVector::<T, B>::for_overwrite(a.nrows()) }?;
    x.with_stored(|x| a.apply(s, x, &mut y, false))?;
    Ok(y)
}

/// `y = A·x` into an existing vector, or with `accumulate` `y = y ⊕ A·x` (the semiring
/// counterpart of BLAS `y = A·x + y`). On the GPU the call returns once the kernels are
/// queued (as cuSPARSE's `SpMV` and [`reduce_into`](crate::reduce_into)): `y` can feed the
/// next operation without a round trip to the host, and reading it (`to_vec`) waits.
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) when `x.len() != a.ncols()` or
/// `y.len() != a.nrows()` (then `y` is untouched); a device fault (on the GPU, a fault of
/// the kernels themselves surfaces in the next call that waits for the device).
///
/// ```
/// use parallaxis::{sparse::CsrMatrix, DeviceVector, ops::PlusTimes};
/// let a = CsrMatrix::<i64>::try_new(1, 2, vec![0, 2], vec![0, 1], vec![2, 3])?;
/// let x = DeviceVector::from_slice(&[1, 1])?;
/// let mut y = DeviceVector::from_slice(&[100])?;
/// parallaxis::spmv_into(PlusTimes, &a, &x, &mut y, true)?;
/// assert_eq!(y.to_vec()?, [105]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub fn spmv_into<T, S, A, B>(
    s: S,
    a: &A,
    x: &impl Readable<T, B>,
    y: &mut impl Output<T, B>,
    accumulate: bool,
) -> Result<()>
where
    T: DeviceCopy,
    S: Semiring<T>,
    A: SparseMatrix<T, B>,
    B: SpmvOps<T, A::Index, S>,
{
    lengths_agree("spmv x (ncols)", a.ncols(), x.len())?;
    same_len("spmv y (nrows)", a.nrows(), y)?;
    x.with_stored(|x| a.apply(s, x, y, accumulate))
}
