//! Entry-point names: [`entry_name!`](crate::entry_name) and
//! [`fused_entry_name!`](crate::fused_entry_name) for the entries named outside a family
//! declaration (the single kernels, the data-movement list, the host's fused lookup), and
//! the tag checks the host's fused lookup needs. The family declarations
//! (`entry/families/`) spell the same `parallax_<algo>__<op>__<ty>` names from their tags.

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
