//! The instantiation lists: which (operator, element type) pairs have GPU kernels.
//!
//! Each list macro calls a callback macro with every pair as `(OpTag: OpType, TypeTag: Type)`.
//! The kernels crate's callback generates the `extern "ptx-kernel"` entry points; the
//! callback in `parallaxis-device` implements the host-side kernel traits with the same names.
//! A pair is therefore either in the PTX and implemented on the host, or in neither, and
//! calling an algorithm with a pair that has no kernel does not compile. Entry-point names
//! come from [`entry_name!`](crate::entry_name) on both sides and are never typed by hand.

/// The PTX entry-point name of `algo` for operator tag `op` and type tag `ty`:
/// `parallax_<algo>__<op>__<ty>`.
///
/// ```
/// use parallaxis_kernels::entry_name;
/// assert_eq!(entry_name!(inclusive_scan, Affine, AffineMap_i64),
///            "parallax_inclusive_scan__Affine__AffineMap_i64");
/// ```
#[macro_export]
macro_rules! entry_name {
    ($algo:ident, $op:ident, $ty:ident) => {
        concat!(
            "parallax_",
            stringify!($algo),
            "__",
            stringify!($op),
            "__",
            stringify!($ty)
        )
    };
}

/// The PTX entry-point name of a fused algorithm `algo` for functor tag `f`, monoid tag `m`
/// and input type tag `ty`: `parallax_<algo>__<f>__<m>__<ty>`. The host builds the same name
/// at run time from the kernel traits' tags (`parallaxis_device`'s `transform_reduce`).
///
/// ```
/// use parallaxis_kernels::fused_entry_name;
/// assert_eq!(fused_entry_name!(transform_reduce, Square, Sum, f32),
///            "parallax_transform_reduce__Square__Sum__f32");
/// ```
#[macro_export]
macro_rules! fused_entry_name {
    ($algo:ident, $f:ident, $m:ident, $ty:ident) => {
        concat!(
            "parallax_",
            stringify!($algo),
            "__",
            stringify!($f),
            "__",
            stringify!($m),
            "__",
            stringify!($ty)
        )
    };
}

/// `true` when `tag` is `expected`, byte for byte (usable in constants: the host side of
/// the fused-kernel macros checks its tags against the operators' kernel traits at compile
/// time).
///
/// ```
/// use parallaxis_kernels::tag_is;
/// assert!(tag_is("Square", "Square") && !tag_is("Square", "Sum"));
/// ```
pub const fn tag_is(tag: &str, expected: &str) -> bool {
    let (a, b) = (tag.as_bytes(), expected.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// `true` when `tag` contains `__`, the separator of entry-point names, or starts or ends
/// with `_`: such a tag could make two different (functor, monoid, type) triples spell one
/// fused name (`A__B` + `C` and `A` + `B__C`; `A_` + `B` and `A` + `_B`, both `A___B`), so
/// the host never fuses with one.
///
/// ```
/// use parallaxis_kernels::tag_has_separator;
/// assert!(tag_has_separator("My__Op") && !tag_has_separator("AffineMap_i64"));
/// assert!(tag_has_separator("Op_") && tag_has_separator("_Op"));
/// ```
pub const fn tag_has_separator(tag: &str) -> bool {
    let a = tag.as_bytes();
    if let (Some(b'_'), _) | (_, Some(b'_')) = (a.first(), a.last()) {
        return true;
    }
    let mut i = 1;
    while i < a.len() {
        if a[i - 1] == b'_' && a[i] == b'_' {
            return true;
        }
        i += 1;
    }
    false
}

/// Calls `$cb!` with every (semiring, element) pair that has `stencil_1d`, `stencil_2d` and
/// `stencil_3d` kernels: `PlusTimes` over the six primitive numbers, `MinPlus` and
/// `MaxTimes` over `f32` and `f64`.
#[macro_export]
macro_rules! for_each_stencil_instance {
    ($cb:ident) => {
        $cb! {
            (PlusTimes: $crate::ops::PlusTimes, f32: f32),
            (PlusTimes: $crate::ops::PlusTimes, f64: f64),
            (PlusTimes: $crate::ops::PlusTimes, i32: i32),
            (PlusTimes: $crate::ops::PlusTimes, u32: u32),
            (PlusTimes: $crate::ops::PlusTimes, i64: i64),
            (PlusTimes: $crate::ops::PlusTimes, u64: u64),
            (MinPlus: $crate::ops::MinPlus, f32: f32),
            (MinPlus: $crate::ops::MinPlus, f64: f64),
            (MaxTimes: $crate::ops::MaxTimes, f32: f32),
            (MaxTimes: $crate::ops::MaxTimes, f64: f64),
        }
    };
}

/// Calls `$cb!` with every (semiring, element) pair that has the dense 5 × 5 box kernel
/// `stencil_box2d_r2` (`kernels/stencil/dense_box.rs`): the 4-byte element types of
/// [`for_each_stencil_instance!`]. With 8-byte elements its register tile took 229-233
/// registers (one block per multiprocessor), so those take the general 2D kernel.
#[macro_export]
macro_rules! for_each_stencil_box_instance {
    ($cb:ident) => {
        $cb! {
            (PlusTimes: $crate::ops::PlusTimes, f32: f32),
            (PlusTimes: $crate::ops::PlusTimes, i32: i32),
            (PlusTimes: $crate::ops::PlusTimes, u32: u32),
            (MinPlus: $crate::ops::MinPlus, f32: f32),
            (MaxTimes: $crate::ops::MaxTimes, f32: f32),
        }
    };
}
