//! Host-side kernel traits of the selection families, implemented from the kernels crate's
//! selection declarations (`entry/families/select.rs`, expanded in `kernel/mod.rs`) and, for
//! predicates, by a user crate's `instantiate_predicate!`.

use parallaxis_core::{DeviceCopy, Predicate};

/// A predicate with `select_if`, `count_if` and `find_if` kernels for elements `T`.
///
/// # Safety
/// `SELECT_IF` must name an entry point of `KERNELS` taking exactly
/// `SelectParams<T, T, Self>` that runs `kernels::select::select_if`, `COUNT_IF` one
/// taking `TransformReduceParams<T, Indicator<Self>, u64, Sum>` that runs the fused
/// `transform_reduce`, and `FIND_IF` one taking `FindParams<T, Self>` that runs
/// `kernels::select::find_if` (as the instantiation macros generate).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA predicate kernel for `{T}`",
    label = "no GPU kernel was instantiated for this predicate and element type",
    note = "a closure cannot run on CUDA: the GPU needs a kernel compiled to PTX for each operator type; use a named `#[repr(C)]` type implementing `Predicate<{T}>` and instantiate its kernels with `parallaxis_kernels::instantiate_predicate!` in a kernel crate (see `parallaxis_kernels::user` and `examples/gpu_user_monoid`)",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait PredicateKernel<T: DeviceCopy>: Predicate<T> {
    /// Where the entry points are: the library's own [`crate::KERNELS`] unless a user crate
    /// instantiated the kernels in its own kernel library.
    const KERNELS: crate::Kernels = crate::KERNELS;
    /// The `select_if` entry point.
    const SELECT_IF: &'static str;
    /// The `count_if` entry point.
    const COUNT_IF: &'static str;
    /// The `find_if` entry point.
    const FIND_IF: &'static str;
}

/// An element type with `select_flagged` (copy_if with a stencil), `select_unique` and
/// `mismatch` kernels.
///
/// # Safety
/// `SELECT_FLAGGED` and `SELECT_UNIQUE` must be entry points of [`crate::KERNELS`] taking
/// exactly `SelectParams<Self, Self, ()>` and running `select_flagged` / `select_unique`;
/// `MISMATCH` one taking `MismatchParams<Self>` and running `mismatch`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA selection kernel",
    label = "no GPU kernel for this type",
    note = "the stock element types are the six primitive numbers (`device/kernels/src/entry/families/select.rs`)",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait SelectKernel: DeviceCopy + PartialEq {
    /// The `select_flagged` entry point.
    const SELECT_FLAGGED: &'static str;
    /// The `select_unique` entry point.
    const SELECT_UNIQUE: &'static str;
    /// The `mismatch` entry point (the first position two inputs differ at).
    const MISMATCH: &'static str;
}

/// A key type with a `unique_by_key` kernel for values `V`.
///
/// # Safety
/// `UNIQUE_BY_KEY` must be an entry point of [`crate::KERNELS`] taking exactly
/// `SelectParams<Self, V, ()>` and running `unique_by_key`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA unique_by_key kernel",
    label = "no GPU kernel for this type",
    note = "the stock keys are u32 and u64 beside values of the six primitive numbers (`device/kernels/src/entry/families/select.rs`)",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait UniqueByKeyKernel<V: DeviceCopy>: DeviceCopy + PartialEq {
    /// The `unique_by_key` entry point.
    const UNIQUE_BY_KEY: &'static str;
}
