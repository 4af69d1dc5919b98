//! Host-side SpMV kernel traits: [`SemiringKernel`] for every (semiring, element) pair of the
//! kernels crate's semiring family declaration (`entry/families/semiring.rs`, which also
//! generates the PTX entry points), and [`SpmvIndex`] for the index types, which maps each to
//! the kernels' index width (`u32` → `u32`, `u64` and `usize` → `u64`). An `spmv` with a pair
//! outside the declaration does not compile.

use parallaxis_core::{DeviceCopy, Semiring, SparseIndex};
use parallaxis_kernels::entry_name;

/// The SpMV entry points of one (semiring, element, index width).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpmvEntries {
    /// CSR, row per sub-warp (`SpmvCsrVectorParams`).
    pub csr_vector: &'static str,
    /// CSR, merge-based (`SpmvMergeParams`).
    pub csr_merge: &'static str,
    /// COO (`SpmvMergeParams`).
    pub coo: &'static str,
    /// ELL (`SpmvEllParams`).
    pub ell: &'static str,
    /// Fix-up of rows crossing warp tiles (`SpmvFixupParams`), shared by both widths.
    pub fixup: &'static str,
}

/// A semiring with SpMV kernels for elements `T`.
///
/// # Safety
/// Each name in [`SPMV_U32`](Self::SPMV_U32) / [`SPMV_U64`](Self::SPMV_U64) must be an entry
/// point of [`KERNELS`](Self::KERNELS) taking exactly the parameter struct its field
/// documents, with index type `u32` / `u64`, element `T` and semiring `Self`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA SpMV kernel",
    label = "no GPU kernel for this type",
    note = "the stock semiring/type pairs are listed by declared in `device/kernels/src/entry/families/semiring.rs`",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait SemiringKernel<T: DeviceCopy>: Semiring<T> {
    /// Where the entry points are: the library's own [`crate::KERNELS`] unless a user crate
    /// instantiated the kernels in its own kernel library.
    const KERNELS: crate::Kernels = crate::KERNELS;
    /// Entry points for `u32` indices.
    const SPMV_U32: SpmvEntries;
    /// Entry points for `u64` indices.
    const SPMV_U64: SpmvEntries;
}

/// A sparse index type with SpMV kernels: the kernels read it as [`Kernel`](Self::Kernel),
/// an integer of the same size.
///
/// # Safety
/// `Kernel` must have the size, alignment and value representation of `Self`, and
/// [`entries`](Self::entries) must return the entry points for `Kernel`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA sparse index kernel",
    label = "no GPU kernel for this type",
    note = "sparse indices on CUDA are u32, u64 and usize",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait SpmvIndex: SparseIndex {
    /// The index type of the kernels that read this one.
    type Kernel: SparseIndex;
    /// The CSR merge kernel's tile-coordinate entry point for this width
    /// (`SpmvCoordsParams<Self::Kernel>`, in the library's own [`crate::KERNELS`]).
    const COORDS: &'static str;
    /// The entry points for this index width.
    fn entries<T: DeviceCopy, S: SemiringKernel<T>>() -> SpmvEntries;
}

// SAFETY: the identity mapping; the `u32` entry points.
unsafe impl SpmvIndex for u32 {
    type Kernel = u32;
    const COORDS: &'static str = entry_name!(spmv_merge_coords, Index, u32);
    fn entries<T: DeviceCopy, S: SemiringKernel<T>>() -> SpmvEntries {
        S::SPMV_U32
    }
}

// SAFETY: the identity mapping; the `u64` entry points.
unsafe impl SpmvIndex for u64 {
    type Kernel = u64;
    const COORDS: &'static str = entry_name!(spmv_merge_coords, Index, u64);
    fn entries<T: DeviceCopy, S: SemiringKernel<T>>() -> SpmvEntries {
        S::SPMV_U64
    }
}

// `usize` is read by the `u64` kernels: only on hosts where they agree.
const _: () = assert!(
    size_of::<usize>() == size_of::<u64>() && align_of::<usize>() == align_of::<u64>(),
    "the CUDA backend needs a 64-bit host"
);

// SAFETY: `usize` is a 64-bit unsigned integer here (asserted above), and `usize::MAX` (its
// padding marker) is `u64::MAX`.
unsafe impl SpmvIndex for usize {
    type Kernel = u64;
    const COORDS: &'static str = entry_name!(spmv_merge_coords, Index, u64);
    fn entries<T: DeviceCopy, S: SemiringKernel<T>>() -> SpmvEntries {
        S::SPMV_U64
    }
}

// The stock pairs of the semiring family's declaration: the same declaration generates the
// entry points, so a pair has both or neither.
parallaxis_kernels::__semiring_family!(@stock @host);
