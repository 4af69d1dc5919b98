//! Instantiating the library's kernels for YOUR types, in your own crate.
//!
//! A GPU entry point must be concrete, so the library's PTX only holds the stock operator ×
//! type pairs of its family declarations (`entry/families/`, listed by [`crate::abi`]).
//! For your own monoid or functor, write a small `no_std` kernel crate that
//!
//! 1. defines the operator and element types (`#[repr(C)]`, `Copy`, and
//!    `parallaxis_core::DeviceCopy` for element types),
//! 2. invokes [`instantiate_monoid!`](crate::instantiate_monoid),
//!    [`instantiate_unary!`](crate::instantiate_unary) or
//!    [`instantiate_binary!`](crate::instantiate_binary) with them, and
//! 3. builds itself from its `build.rs` with `parallaxis-ptx-builder`, embedding the kernel
//!    library it writes (PTX per entry point, machine code where `ptxas` is found) as a
//!    `pub const KERNELS: parallaxis_device::Kernels` that the macros name.
//!
//! Each macro expands, when the crate is compiled for **nvptx64**, to the same entry points
//! the library generates for its stock list (the same generic kernel bodies, so the same
//! tuning and the same operand order), named by [`entry_name!`](crate::entry_name); and, when
//! it is compiled for the **host**, to the `parallaxis_device` kernel trait implementations
//! (`MonoidKernel<T>`, `UnaryKernel<A>`, `BinaryKernel<A, B>`) whose `KERNELS` are yours and
//! whose names are those entry points. Trait impls must live in the crate that defines the
//! type (orphan rule), which is why the macro runs in your kernel crate, and why that crate
//! has a host-only dependency on `parallaxis-device`:
//!
//! ```toml
//! [dependencies]
//! parallaxis-core = { version = "0.1", default-features = false }
//! parallaxis-kernels = "0.1"
//! [target.'cfg(not(target_arch = "nvptx64"))'.dependencies]
//! parallaxis-device = "0.1"
//! [build-dependencies]
//! parallaxis-ptx-builder = "0.1"
//! ```
//!
//! ```ignore
//! // src/lib.rs of the kernel crate
//! #![no_std]
//! #![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]
//!
//! #[cfg(not(target_arch = "nvptx64"))]
//! pub const KERNELS: parallaxis_device::Kernels = parallaxis_device::Kernels::library(
//!     include_bytes!(concat!(env!("OUT_DIR"), "/my_kernels.kernels")),
//! );
//!
//! parallaxis_kernels::instantiate_monoid! {
//!     kernels = crate::KERNELS;
//!     MatMul for Mat2;
//! }
//! ```
//!
//! An operator/type pair that was never instantiated has no kernel trait implementation, so a
//! GPU algorithm called with it does not compile (see `parallaxis_device::user` for a
//! `compile_fail` example).
//!
//! # The declaration
//!
//! Each macro takes `kernels = PATH;` (the kernel library, where the family has a kernel
//! trait; not for the fused families, whose host side only checks tags) and then entries
//! separated by `;`:
//!
//! - `Op for Type, Type, ...;` instantiates the operator for each type; several operators
//!   before `for` (`Min, Max for i32, u32;`) each for every type;
//! - `Functor with Monoid for Type, ...;` for the fused families
//!   ([`instantiate_fused!`](crate::instantiate_fused)).
//!
//! The entry points are named by tags derived from the types: the last segment of each path,
//! generic arguments joined by `_` (`crate::MatMul for crate::Mat2` gives
//! `parallax_reduce__MatMul__Mat2`; `Pair<f32, u32>` is tagged `Pair_f32_u32`), lifetimes
//! left out (`NearestNeighbour<'_>` is `NearestNeighbour`). `T` stands for the entry's element
//! type (`Scale<T> for f32, f64;` instantiates `Scale<f32>` for `f32` and `Scale<f64>` for
//! `f64`, tagged `Scale`), so no type of yours may be named `T`. Tags must be unique within
//! your crate, and must not start or end with `_` or contain `__` (the host does not fuse
//! with such a tag).
//!
//! Each macro is a thin wrapper over the family's declaration (`entry/families/`), the one
//! that also generates the library's stock kernels, so stock and user kernels cannot drift
//! apart. Opening a family to users takes an `instantiate_<family>!` here that calls the
//! family macro's `@ptx` and `@host` modes as the ones below do.

/// The expansion of every `instantiate_*!` macro: the family `$family`'s entry points when
/// compiled for nvptx64, its host side otherwise.
#[doc(hidden)]
#[macro_export]
macro_rules! __instantiate {
    ([$($family:tt)*] [$($kind:ident)?] kernels = $kernels:path; $($decl:tt)*) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__declare! { [$($family)*] [$($kind)? @ptx] $($decl)* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__declare! { [$($family)*] [$($kind)? @host $kernels;] $($decl)* }
    };
    ([$($family:tt)*] [$($kind:ident)?] $($decl:tt)*) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__declare! { [$($family)*] [$($kind)? @ptx] $($decl)* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__declare! { [$($family)*] [$($kind)? @host] $($decl)* }
    };
}

/// Instantiates `reduce`, `inclusive_scan`, `exclusive_scan` and the segmented family
/// (segmented scans by flags, keys and offsets, `segmented_reduce`, `reduce_by_key`) for your
/// own (monoid, element type) pairs, in your kernel crate (see the [module docs](crate::user)).
///
/// ```ignore
/// parallaxis_kernels::instantiate_monoid! {
///     kernels = crate::KERNELS;               // your embedded kernels (host builds only)
///     MatMul for Mat2;
///     LastNonZero for u32, u64;
/// }
/// ```
///
/// On nvptx64 it generates the entry points `parallax_{reduce,inclusive_scan,exclusive_scan}__<op
/// tag>__<type tag>` and the seven segmented ones; on the host it implements
/// `parallaxis_device::MonoidKernel<T>` and `SegmentedKernel<T>` for the monoid with `KERNELS =
/// kernels`, so every monoid algorithm on `DeviceVector<T, Cuda>` accepts it. The kernel crate must
/// enable `#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]` and depend on `parallaxis-device`
/// on the host.
///
/// The declaration is parsed token by token, so a long one may reach the crate's macro
/// recursion limit; braced lines, `{ MatMul for Mat2; } { LastNonZero for u32, u64; }`, are
/// parsed one at a time (every `instantiate_*!` macro takes them).
#[macro_export]
macro_rules! instantiate_monoid {
    ($($decl:tt)*) => { $crate::__instantiate! { [$crate::__monoid_family] [] $($decl)* } };
}

/// Instantiates `transform` for your own (unary functor, input type) pairs; as
/// [`instantiate_monoid!`](crate::instantiate_monoid), implementing
/// `parallaxis_device::UnaryKernel<A>` on the host.
///
/// ```ignore
/// parallaxis_kernels::instantiate_unary! { kernels = crate::KERNELS; Det, Transpose for Mat2 }
/// ```
///
/// A functor with one lifetime parameter (one that holds a `parallaxis_core::DeviceRef` of
/// another array) is named with the anonymous lifetime, `NearestNeighbour<'_>`: the host impl
/// is then `impl UnaryKernel<A> for NearestNeighbour<'_>` (every lifetime, so the functor may
/// borrow a vector that lives on the stack), and the entry point takes the functor with its
/// lifetime erased (lifetimes do not exist in the PTX). See `examples/nearest_neighbour`:
///
/// ```ignore
/// parallaxis_kernels::instantiate_unary! {
///     kernels = crate::KERNELS;
///     NearestNeighbour<'_> for f32;
/// }
/// ```
///
/// [`instantiate_binary!`](crate::instantiate_binary) takes the same form. The fused-kernel
/// macros do not (their host checks name the type inside a type alias, where `'_` is not
/// allowed).
#[macro_export]
macro_rules! instantiate_unary {
    ($($decl:tt)*) => { $crate::__instantiate! { [$crate::__transform_family] [unary] $($decl)* } };
}

/// Instantiates `transform2` for your own (binary functor, type) pairs (both inputs of that
/// type); as [`instantiate_monoid!`](crate::instantiate_monoid), implementing
/// `parallaxis_device::BinaryKernel<T, T>` on the host.
///
/// ```ignore
/// parallaxis_kernels::instantiate_binary! { kernels = crate::KERNELS; MatMul for Mat2 }
/// ```
#[macro_export]
macro_rules! instantiate_binary {
    ($($decl:tt)*) => { $crate::__instantiate! { [$crate::__transform_family] [binary] $($decl)* } };
}

/// Instantiates fused kernels for your own (functor, monoid, input type) triples:
/// `transform_reduce`, `transform_inclusive_scan`, `transform_exclusive_scan` (a unary
/// functor), `transform2_reduce`, `transform2_inclusive_scan`, `transform2_exclusive_scan` (a
/// binary functor, both inputs of the type), one algorithm per invocation.
///
/// The functor's `transform` (or `transform2`) kernel and the monoid's kernels (for the
/// functor's output) must both be instantiated in this crate: the host looks the entry point
/// up by their tags in the module that holds both when the algorithm is first called with the
/// triple (a triple without one runs as a transform and a reduce or scan, as does a functor
/// and a monoid from different modules). On the host this expands to compile-time checks that
/// the triple's tags are the operators' kernel-trait tags. A fused scan needs the functor's
/// output to have its input's size and alignment (a compile-time error in the PTX build
/// otherwise).
///
/// ```ignore
/// parallaxis_kernels::instantiate_fused! {
///     transform_reduce: Transpose with MatMul for Mat2; Det with WrappingAdd for Mat2;
/// }
/// parallaxis_kernels::instantiate_fused! { transform_inclusive_scan: Transpose with MatMul for Mat2 }
/// parallaxis_kernels::instantiate_fused! { transform2_reduce: MatMul with MatMul for Mat2 }
/// ```
#[macro_export]
macro_rules! instantiate_fused {
    ($algo:ident : $($decl:tt)*) => { $crate::__instantiate! { [$crate::__fused_family] [$algo] $($decl)* } };
}

/// Instantiates selection by your own predicate: `copy_if`, `remove_if`, `partition`
/// (`select_if`) and `count_if` for your (predicate, element type) pairs; as
/// [`instantiate_monoid!`](crate::instantiate_monoid), implementing
/// `parallaxis_device::PredicateKernel<T>` on the host.
///
/// ```ignore
/// parallaxis_kernels::instantiate_predicate! {
///     kernels = crate::KERNELS;
///     OutsideBox for Particle;
/// }
/// ```
#[macro_export]
macro_rules! instantiate_predicate {
    ($($decl:tt)*) => { $crate::__instantiate! { [$crate::__predicate_family] [] $($decl)* } };
}

/// Instantiates the comparator merge sort and merge (`sort_by`, `sort_by_key_with` with 4-
/// and 8-byte values, `merge_by`, `merge_by_key_with`) for your (comparator, element type)
/// pairs; as [`instantiate_monoid!`](crate::instantiate_monoid), implementing
/// `parallaxis_device::CompareKernel<T>` on the host. Any `DeviceCopy` element type: a tile
/// holds `merge_tile_items(size_of::<T>())` of them in shared memory
/// ([`crate::policy::merge`]).
///
/// ```ignore
/// parallaxis_kernels::instantiate_compare! {
///     kernels = crate::KERNELS;
///     ByMagnitude for i32;
///     ByKey for KeyIndex;
/// }
/// ```
#[macro_export]
macro_rules! instantiate_compare {
    ($($decl:tt)*) => { $crate::__instantiate! { [$crate::__compare_family] [] $($decl)* } };
}
