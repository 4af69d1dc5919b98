//! Host-side kernel traits: an operator type implements one for each element type that has a
//! kernel, carrying the entry-point names. The implementations are generated from the
//! kernels crate's family declarations (the same declarations generate the PTX entry points),
//! so an operator/type pair either has a kernel and an implementation, or neither, and
//! calling an algorithm with a pair that has no kernel is a compile error.

pub(crate) mod extrema;
pub(crate) mod histogram;
pub(crate) mod merge;
pub(crate) mod segmented;
pub(crate) mod select;
pub(crate) mod sort;
pub(crate) mod spmv;
pub(crate) mod stencil;

use parallaxis_core::{BinaryFunction, DeviceCopy, Monoid, UnaryFunction};
use parallaxis_kernels::entry_name;

/// A unary functor with a `transform` kernel for input `A`.
///
/// # Safety
/// `TRANSFORM` must name a PTX entry point taking exactly
/// `TransformParams<A, Self::Output, Self>` and implementing `transform` for this functor.
/// The pair (`OP`, `TYPE`) must name (`Self`, `A`) and no other pair in `KERNELS` (as the
/// instantiation macros' tags do; one `OP` may serve several input types): a fused entry
/// point is looked up by these tags and the monoid's (`fused_entry_name!`) in a module
/// holding both operators' kernels, and its parameter types are taken to be the ones the
/// tags name.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA unary functor kernel for `{A}`",
    label = "no GPU kernel was instantiated for this unary functor and element type",
    note = "a closure cannot run on CUDA: the GPU needs a kernel compiled to PTX for each operator type; use a named `#[repr(C)]` type implementing `UnaryFunction<{A}>` and instantiate its kernels with `parallaxis_kernels::instantiate_unary!` in a kernel crate (see `parallaxis_kernels::user` and `examples/gpu_user_monoid`)",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait UnaryKernel<A: DeviceCopy>: UnaryFunction<A> {
    /// Where the entry points are: the library's own [`crate::KERNELS`] unless a user crate
    /// instantiated the kernels in its own kernel library.
    const KERNELS: crate::Kernels = crate::KERNELS;
    /// The functor's tag in entry-point names (`"Square"`).
    const OP: &'static str;
    /// The input type's tag in entry-point names (`"f32"`).
    const TYPE: &'static str;
    /// The `transform` entry point.
    const TRANSFORM: &'static str;
}

/// A binary functor with a `transform2` kernel for inputs `A`, `B`.
///
/// # Safety
/// `TRANSFORM2` must name a PTX entry point taking exactly
/// `Transform2Params<A, B, Self::Output, Self>`. The pair (`OP`, `TYPE`) must name
/// (`Self`, `A`) and no other pair in `KERNELS`, as for [`UnaryKernel`] (fused
/// `transform2_reduce` entry points are found by these tags and the monoid's).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA binary functor kernel for `{A}`",
    label = "no GPU kernel was instantiated for this binary functor and element type",
    note = "a closure cannot run on CUDA: the GPU needs a kernel compiled to PTX for each operator type; use a named `#[repr(C)]` type implementing `BinaryFunction<{A}, {B}>` and instantiate its kernels with `parallaxis_kernels::instantiate_binary!` in a kernel crate (see `parallaxis_kernels::user` and `examples/gpu_user_monoid`)",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait BinaryKernel<A: DeviceCopy, B: DeviceCopy>: BinaryFunction<A, B> {
    /// Where the entry points are: the library's own [`crate::KERNELS`] unless a user crate
    /// instantiated the kernels in its own kernel library.
    const KERNELS: crate::Kernels = crate::KERNELS;
    /// The functor's tag in entry-point names (`"Times"`).
    const OP: &'static str;
    /// The input type's tag in entry-point names (`"f32"`).
    const TYPE: &'static str;
    /// The `transform2` entry point.
    const TRANSFORM2: &'static str;
}

/// An index functor with a `tabulate` kernel.
///
/// # Safety
/// `TABULATE` must name a PTX entry point taking exactly `TabulateParams<Self::Output, Self>`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA `tabulate` kernel",
    label = "no GPU kernel for this index functor",
    note = "on CUDA `tabulate` takes the stock `Sequence<T>` (`parallaxis::sequence`); a closure or another index functor needs no kernel on the CPU backends, or use `transform` of a `sequence` with an instantiated unary functor on the GPU",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait TabulateKernel: UnaryFunction<u64> {
    /// Where the entry points are: the library's own [`crate::KERNELS`] unless a user crate
    /// instantiated the kernels in its own kernel library.
    const KERNELS: crate::Kernels = crate::KERNELS;
    /// The `tabulate` entry point.
    const TABULATE: &'static str;
}

/// A monoid with `reduce`, `inclusive_scan` and `exclusive_scan` kernels for elements `T`.
///
/// # Safety
/// `REDUCE` must name an entry point taking exactly `ReduceParams<T, Self>` that writes the
/// fold to `out` and then raises `done` (as the `parallaxis_kernels` instantiation macros'
/// entries do: `reduce` waits for that signal), and the scans entry points taking exactly
/// `ScanParams<T, Self>`. The pair (`OP`, `TYPE`) must name (`Self`, `T`) and no other
/// pair in `KERNELS` (fused entry points are found by these tags, see [`UnaryKernel`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA monoid kernel for `{T}`",
    label = "no GPU kernel was instantiated for this monoid and element type",
    note = "a closure cannot run on CUDA: the GPU needs a kernel compiled to PTX for each operator type; use a named `#[repr(C)]` type implementing `Monoid<{T}>` and instantiate its kernels with `parallaxis_kernels::instantiate_monoid!` in a kernel crate (see `parallaxis_kernels::user` and `examples/gpu_user_monoid`)",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait MonoidKernel<T: DeviceCopy>: Monoid<T> {
    /// Where the entry points are: the library's own [`crate::KERNELS`] unless a user crate
    /// instantiated the kernels in its own kernel library.
    const KERNELS: crate::Kernels = crate::KERNELS;
    /// The operator's tag in entry-point names (`"Sum"`).
    const OP: &'static str;
    /// The element type's tag in entry-point names (`"f32"`, `"AffineMap_i64"`).
    const TYPE: &'static str;
    /// The `reduce` entry point.
    const REDUCE: &'static str;
    /// The `inclusive_scan` entry point.
    const INCLUSIVE_SCAN: &'static str;
    /// The `exclusive_scan` entry point.
    const EXCLUSIVE_SCAN: &'static str;
}

/// The name algorithm `algo` would have for this monoid and type, for
/// error reports and logs (`parallax_<algo>__<op>__<type>`).
///
/// ```
/// use parallaxis_device::{kernel_name, MonoidKernel};
/// assert_eq!(kernel_name::<f32, parallaxis_core::Sum>("segmented_reduce"),
///            "parallax_segmented_reduce__Sum__f32");
/// ```
pub fn kernel_name<T: DeviceCopy, M: MonoidKernel<T>>(algo: &str) -> String {
    format!("parallax_{algo}__{}__{}", M::OP, M::TYPE)
}

// The stock instances of the families declared in the kernels crate's `entry/families/`:
// the same declarations generate the entry points, so a pair has both or neither.
parallaxis_kernels::__monoid_family!(@stock @host ::parallaxis_device::KERNELS;);
parallaxis_kernels::__transform_family!(unary @stock @host ::parallaxis_device::KERNELS;);
parallaxis_kernels::__transform_family!(binary @stock @host ::parallaxis_device::KERNELS;);
parallaxis_kernels::__transform_family!(tabulate @stock @host ::parallaxis_device::KERNELS;);
parallaxis_kernels::__fused_family!(transform_reduce @stock @host);
parallaxis_kernels::__fused_family!(transform_inclusive_scan @stock @host);
parallaxis_kernels::__fused_family!(transform_exclusive_scan @stock @host);
parallaxis_kernels::__fused_family!(transform2_reduce @stock @host);
parallaxis_kernels::__fused_family!(transform2_inclusive_scan @stock @host);
parallaxis_kernels::__fused_family!(transform2_exclusive_scan @stock @host);
parallaxis_kernels::__predicate_family!(@stock @host ::parallaxis_device::KERNELS;);
parallaxis_kernels::__predicate_family!(flagged @stock @host ::parallaxis_device::KERNELS;);
parallaxis_kernels::__predicate_family!(by_key @stock @host ::parallaxis_device::KERNELS;);
parallaxis_kernels::__compare_family!(@stock @host ::parallaxis_device::KERNELS;);

/// The `fill` entry points (by 32-bit words and by bytes).
pub(crate) const FILL_WORDS: &str = entry_name!(fill, Pattern, u32);
/// See [`FILL_WORDS`].
pub(crate) const FILL_BYTES: &str = entry_name!(fill, Pattern, u8);
