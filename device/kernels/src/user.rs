//! Instantiating the library's kernels for YOUR types, in your own crate.
//!
//! A GPU entry point must be concrete, so the library's PTX only holds the stock operator ×
//! type pairs of [`for_each_monoid_instance!`](crate::for_each_monoid_instance) and friends.
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
//!     (MatMul: crate::MatMul, Mat2: crate::Mat2),
//! }
//! ```
//!
//! An operator/type pair that was never instantiated has no kernel trait implementation, so a
//! GPU algorithm called with it does not compile (see `parallaxis_device::user` for a
//! `compile_fail` example). The tags (`MatMul`, `Mat2`) only name the entry points
//! (`parallax_reduce__MatMul__Mat2`); they must be unique within your crate.
//!
//! Adding a kernel family (say SpMV semirings) to the user macros takes three things: an
//! exported `__<family>_entry_points!` macro in `entry/points.rs` holding the family's
//! `extern "ptx-kernel"` wrappers (which the stock list's callback in `kernels/mod.rs` also
//! forwards to, so stock and user kernels cannot drift apart), a `__<family>_host_impls!`
//! macro in `entry/host_impls.rs` implementing the family's kernel trait from
//! `parallaxis_device` with `const KERNELS = $kernels`, and an `instantiate_<family>!` here that
//! dispatches on `target_arch` as the three below do.

/// Instantiates `reduce`, `inclusive_scan`, `exclusive_scan` and the segmented family
/// (segmented scans by flags, keys and offsets, `segmented_reduce`, `reduce_by_key`) for your
/// own (monoid, element type) pairs, in your kernel crate (see the [module docs](crate::user)).
///
/// ```ignore
/// parallaxis_kernels::instantiate_monoid! {
///     kernels = crate::KERNELS;               // your embedded kernels (host builds only)
///     (MatMul: crate::MatMul, Mat2: crate::Mat2),
///     (Last: crate::LastNonZero, u32: u32),
/// }
/// ```
///
/// On nvptx64 it generates the entry points `parallax_{reduce,inclusive_scan,exclusive_scan} __<op
/// tag>__<type tag>` and the seven segmented ones; on the host it implements
/// `parallaxis_device::MonoidKernel<T>` and `SegmentedKernel<T>` for the monoid with `KERNELS =
/// kernels`, so every monoid algorithm on `DeviceVector<T, Cuda>` accepts it. The kernel crate must
/// enable `#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]` and depend on `parallaxis-device`
/// on the host.
#[macro_export]
macro_rules! instantiate_monoid {
    (kernels = $kernels:path; $( ($mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__monoid_entry_points! { $( ($mt: $m, $tt: $t) ),* }
        #[cfg(target_arch = "nvptx64")]
        $crate::__segmented_entry_points! { $( ($mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__monoid_host_impls! { $kernels; $( ($mt: $m, $tt: $t) ),* }
    };
}

/// Instantiates `transform` for your own (unary functor, input type) pairs; as
/// [`instantiate_monoid!`](crate::instantiate_monoid), implementing
/// `parallaxis_device::UnaryKernel<A>` on the host.
///
/// ```ignore
/// parallaxis_kernels::instantiate_unary! { kernels = crate::KERNELS; (Det: crate::Det, Mat2:
/// crate::Mat2) }
/// ```
///
/// A functor with one lifetime parameter (one that holds a `parallaxis_core::DeviceRef` of
/// another array) is named with the anonymous lifetime, `crate::NearestNeighbour<'_>`: the
/// host impl is then `impl UnaryKernel<A> for NearestNeighbour<'_>` (every lifetime, so the
/// functor may borrow a vector that lives on the stack), and the entry point takes the
/// functor with its lifetime erased (lifetimes do not exist in the PTX). See
/// `examples/nearest_neighbour`:
///
/// ```ignore
/// parallaxis_kernels::instantiate_unary! {
///     kernels = crate::KERNELS;
///     (NearestNeighbour: crate::NearestNeighbour<'_>, f32: f32),
/// }
/// ```
///
/// [`instantiate_binary!`](crate::instantiate_binary) takes the same form. The fused-kernel
/// macros do not (their host checks name the type inside a constant, where `'_` is not
/// allowed).
#[macro_export]
macro_rules! instantiate_unary {
    (kernels = $kernels:path; $( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__unary_entry_points! { $( ($ft: $f, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__unary_host_impls! { $kernels; $( ($ft: $f, $tt: $t) ),* }
    };
}

/// Instantiates a fused `transform_reduce` kernel for your own (unary functor, monoid,
/// input type) triples. The functor's `transform` kernel and the monoid's `reduce` kernel
/// (for the functor's output) must both be instantiated in this crate, with the same tags:
/// the host looks the entry point up by those tags in the module that holds both when
/// `transform_reduce` is first called with the triple (a triple without one runs as a
/// transform and a reduce, as does a functor and a monoid from different modules). On the
/// host this expands to compile-time checks that the triple's tags are the operators'
/// kernel-trait tags. Tags must not contain `__` (the name separator; the host does not
/// fuse with such a tag).
///
/// ```ignore
/// parallaxis_kernels::instantiate_transform_reduce! {
///     (Transpose: crate::Transpose, MatMul: crate::MatMul, Mat2: crate::Mat2)
/// }
/// ```
#[macro_export]
macro_rules! instantiate_transform_reduce {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__transform_reduce_entry_points! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__fused_host_checks! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
    };
}

/// Instantiates a fused `transform_inclusive_scan` kernel for your own (unary functor,
/// monoid, input type) triples, found by the host as
/// [`instantiate_transform_reduce!`](crate::instantiate_transform_reduce)'s are; the
/// functor's output must have its input's size and alignment (a compile-time error in the
/// PTX build otherwise).
///
/// ```ignore
/// parallaxis_kernels::instantiate_transform_inclusive_scan! {
///     (Transpose: crate::Transpose, MatMul: crate::MatMul, Mat2: crate::Mat2)
/// }
/// ```
#[macro_export]
macro_rules! instantiate_transform_inclusive_scan {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__transform_scan_entry_points! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__fused_host_checks! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
    };
}

/// Instantiates a fused `transform_exclusive_scan` kernel for your own (unary functor,
/// monoid, input type) triples, as
/// [`instantiate_transform_inclusive_scan!`](crate::instantiate_transform_inclusive_scan)
/// does the inclusive one.
///
/// ```ignore
/// parallaxis_kernels::instantiate_transform_exclusive_scan! {
///     (Transpose: crate::Transpose, MatMul: crate::MatMul, Mat2: crate::Mat2)
/// }
/// ```
#[macro_export]
macro_rules! instantiate_transform_exclusive_scan {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__transform_exclusive_scan_entry_points! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__fused_host_checks! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
    };
}

/// Instantiates a fused `transform2_reduce` kernel for your own (binary functor, monoid,
/// input type) triples (both inputs of that type), found by the host as
/// [`instantiate_transform_reduce!`](crate::instantiate_transform_reduce)'s are: the
/// functor's `transform2` kernel ([`instantiate_binary!`](crate::instantiate_binary)) and the
/// monoid's `reduce` kernel must both be instantiated in this crate with the same tags.
///
/// ```ignore
/// parallaxis_kernels::instantiate_transform2_reduce! {
///     (MatMul2: crate::MatMul2, MatMul: crate::MatMul, Mat2: crate::Mat2)
/// }
/// ```
#[macro_export]
macro_rules! instantiate_transform2_reduce {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__transform2_reduce_entry_points! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__fused2_host_checks! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
    };
}

/// Instantiates a fused `transform2_inclusive_scan` kernel for your own (binary functor,
/// monoid, input type) triples (both inputs of that type), found by the host as
/// [`instantiate_transform2_reduce!`](crate::instantiate_transform2_reduce)'s are; the
/// functor's output must have its inputs' size and alignment (a compile-time error in the
/// PTX build otherwise).
///
/// ```ignore
/// parallaxis_kernels::instantiate_transform2_inclusive_scan! {
///     (MatMul2: crate::MatMul2, MatMul: crate::MatMul, Mat2: crate::Mat2)
/// }
/// ```
#[macro_export]
macro_rules! instantiate_transform2_inclusive_scan {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__transform2_inclusive_scan_entry_points! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__fused2_host_checks! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
    };
}

/// Instantiates a fused `transform2_exclusive_scan` kernel for your own (binary functor,
/// monoid, input type) triples, as
/// [`instantiate_transform2_inclusive_scan!`](crate::instantiate_transform2_inclusive_scan)
/// does the inclusive one.
///
/// ```ignore
/// parallaxis_kernels::instantiate_transform2_exclusive_scan! {
///     (MatMul2: crate::MatMul2, MatMul: crate::MatMul, Mat2: crate::Mat2)
/// }
/// ```
#[macro_export]
macro_rules! instantiate_transform2_exclusive_scan {
    ($( ($ft:ident: $f:ty, $mt:ident: $m:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__transform2_exclusive_scan_entry_points! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__fused2_host_checks! { $( ($ft: $f, $mt: $m, $tt: $t) ),* }
    };
}

/// Instantiates `transform2` for your own (binary functor, type) pairs (both inputs of that
/// type); as [`instantiate_monoid!`](crate::instantiate_monoid), implementing
/// `parallaxis_device::BinaryKernel<T, T>` on the host.
#[macro_export]
macro_rules! instantiate_binary {
    (kernels = $kernels:path; $( ($ft:ident: $f:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__binary_entry_points! { $( ($ft: $f, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__binary_host_impls! { $kernels; $( ($ft: $f, $tt: $t) ),* }
    };
}

/// Instantiates selection by your own predicate: `copy_if`, `remove_if`, `partition`
/// (`select_if`) and `count_if` for your (predicate, element type) pairs; as
/// [`instantiate_monoid!`](crate::instantiate_monoid), implementing
/// `parallaxis_device::PredicateKernel<T>` on the host.
///
/// ```ignore
/// parallaxis_kernels::instantiate_predicate! {
///     kernels = crate::KERNELS;
///     (Outside: crate::OutsideBox, Particle: crate::Particle),
/// }
/// ```
#[macro_export]
macro_rules! instantiate_predicate {
    (kernels = $kernels:path; $( ($pt:ident: $p:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__predicate_entry_points! { $( ($pt: $p, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__predicate_host_impls! { $kernels; $( ($pt: $p, $tt: $t) ),* }
    };
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
///     (ByMagnitude: crate::ByMagnitude, i32: i32),
///     (ByKey: crate::ByKey, KeyIndex: crate::KeyIndex),
/// }
/// ```
#[macro_export]
macro_rules! instantiate_compare {
    (kernels = $kernels:path; $( ($ct:ident: $c:ty, $tt:ident: $t:ty) ),* $(,)?) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__compare_entry_points! { $( ($ct: $c, $tt: $t) ),* }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__compare_host_impls! { $kernels; $( ($ct: $c, $tt: $t) ),* }
    };
}
