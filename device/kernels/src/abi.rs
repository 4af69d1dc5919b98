//! The ABI rows of every stock entry point: its name and the size and alignment of the one
//! `#[repr(C)]` parameter struct the host passes it, generated from the same family
//! declarations as the entry points and the host's kernel traits (`entry/families/`).
//! `parallaxis-device`'s ABI test checks each row against the PTX's `.param` declaration.

/// One entry point's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The PTX entry-point name.
    pub name: &'static str,
    /// The parameter struct's size in bytes.
    pub size: usize,
    /// The parameter struct's alignment in bytes.
    pub align: usize,
}

impl Entry {
    /// The row of entry `name` taking a `P`.
    pub const fn of<P>(name: &'static str) -> Self {
        Self {
            name,
            size: core::mem::size_of::<P>(),
            align: core::mem::align_of::<P>(),
        }
    }
}

/// Calls `f` with the row of every stock entry point declared by a family.
pub fn for_each_entry(mut f: impl FnMut(&Entry)) {
    crate::__monoid_family!(@stock @abi (&mut f));
    crate::__transform_family!(unary @stock @abi (&mut f));
    crate::__transform_family!(binary @stock @abi (&mut f));
    crate::__transform_family!(tabulate @stock @abi (&mut f));
    crate::__fused_family!(transform_reduce @stock @abi (&mut f));
    crate::__fused_family!(transform_inclusive_scan @stock @abi (&mut f));
    crate::__fused_family!(transform_exclusive_scan @stock @abi (&mut f));
    crate::__fused_family!(transform2_reduce @stock @abi (&mut f));
    crate::__fused_family!(transform2_inclusive_scan @stock @abi (&mut f));
    crate::__fused_family!(transform2_exclusive_scan @stock @abi (&mut f));
    crate::__predicate_family!(@stock @abi (&mut f));
    crate::__predicate_family!(flagged @stock @abi (&mut f));
    crate::__predicate_family!(by_key @stock @abi (&mut f));
    crate::__compare_family!(@stock @abi (&mut f));
    crate::__radix_sort_family!(@stock @abi (&mut f));
    crate::__arg_reduce_family!(@stock @abi (&mut f));
    crate::__search_family!(@stock @abi (&mut f));
    crate::__histogram_family!(@stock @abi (&mut f));
    crate::__semiring_family!(@stock @abi (&mut f));
    crate::__stencil_family!(@stock @abi (&mut f));
}

/// Calls `f` with each row of a table of one declaration line's instances (`@abi (f)` of
/// `entry/declare.rs`).
fn rows<const N: usize>(table: &[[Entry; N]], f: &mut impl FnMut(&Entry)) {
    table.iter().flatten().for_each(f);
}
