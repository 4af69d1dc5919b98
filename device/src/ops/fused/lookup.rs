//! Where a fused kernel is: the entry point `parallax_<algo>__<F>__<M>__<A>` named by the
//! operators' kernel-trait tags (`fused_entry_name!` in the kernels crate), searched once per
//! triple in the kernels holding both operators' kernels (their library's index) and
//! cached. Shared
//! by the unary fused algorithms (`unary.rs`), `transform2_reduce` (`binary.rs`) and the
//! two-input scans (`binary_scan.rs`).

use crate::kernel::{BinaryKernel, MonoidKernel, UnaryKernel};
use crate::Kernels;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::tag_has_separator;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Per (algorithm, functor tag, input type tag, monoid tag, functor's kernels' key,
/// monoid's kernels' key): the entry, when one library holds both operators' kernels and
/// has it. Keyed by the `'static` tags, so a call that finds its triple allocates nothing.
type FusedEntries = HashMap<
    (
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        usize,
        usize,
    ),
    Option<&'static str>,
>;

/// The kernel-trait constants a fused entry is found by: the functor's tag, its input
/// type's tag and its kernels, and the monoid's tag and kernels.
#[derive(Clone, Copy)]
pub(super) struct FusedTags {
    f_op: &'static str,
    f_type: &'static str,
    f_kernels: Kernels,
    m_op: &'static str,
    m_kernels: Kernels,
}

impl FusedTags {
    /// The tags of a unary functor `F` over `A` and a monoid `M`.
    pub(super) fn unary<A, F, M>() -> Self
    where
        A: DeviceCopy,
        F: UnaryKernel<A>,
        M: MonoidKernel<F::Output>,
    {
        Self {
            f_op: F::OP,
            f_type: F::TYPE,
            f_kernels: F::KERNELS,
            m_op: M::OP,
            m_kernels: M::KERNELS,
        }
    }

    /// The tags of a binary functor `F` over two inputs of `A` and a monoid `M`.
    pub(super) fn binary<A, F, M>() -> Self
    where
        A: DeviceCopy,
        F: BinaryKernel<A, A>,
        M: MonoidKernel<F::Output>,
    {
        Self {
            f_op: F::OP,
            f_type: F::TYPE,
            f_kernels: F::KERNELS,
            m_op: M::OP,
            m_kernels: M::KERNELS,
        }
    }
}

/// The fused entry point `parallax_<algo>__<F>__<M>__<A>` when the module holding both
/// operators' kernels has one; `None` when it has not, when the operators' kernels live in
/// different modules (tags are only unique within one), or when a tag contains the name
/// separator `__` (two triples could then spell one name).
pub(super) fn fused_entry(algo: &'static str, t: FusedTags) -> Option<&'static str> {
    static FOUND: OnceLock<Mutex<FusedEntries>> = OnceLock::new();
    let key = (
        algo,
        t.f_op,
        t.f_type,
        t.m_op,
        t.f_kernels.key(),
        t.m_kernels.key(),
    );
    let mut found = FOUND
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(&entry) = found.get(&key) {
        return entry;
    }
    // One library: the same bytes (two uses of one `const KERNELS` usually share an address,
    // but Rust does not promise it, so `same` compares the bytes then, once per triple). The
    // library's index is asked rather than the driver: a failed `cuModuleGetFunction` is
    // an API error that compute-sanitizer reports (and nothing need be loaded to answer). One
    // leaked name per triple the process fuses (the function cache keys on `'static` names):
    // a few dozen bytes each, bounded by the instantiation lists.
    let separated = [t.f_op, t.f_type, t.m_op]
        .into_iter()
        .any(tag_has_separator);
    let one_library = t.f_kernels.same(t.m_kernels);
    let name = entry_name(algo, t);
    let entry = (!separated && one_library && t.f_kernels.has_entry(&name))
        .then(|| &*Box::leak(name.into_boxed_str()));
    found.insert(key, entry);
    entry
}

/// `fused_entry_name!(<algo>, F, M, A)`, from the traits' tags.
fn entry_name(algo: &str, t: FusedTags) -> String {
    format!("parallax_{algo}__{}__{}__{}", t.f_op, t.m_op, t.f_type)
}

#[cfg(test)]
mod tests {
    use super::super::binary::TRANSFORM2_REDUCE;
    use super::super::binary_scan::{TRANSFORM2_EXCLUSIVE_SCAN, TRANSFORM2_INCLUSIVE_SCAN};
    use super::super::unary::{EXCLUSIVE_SCAN, INCLUSIVE_SCAN, REDUCE};
    use super::{entry_name, FusedTags};
    use parallaxis_kernels::fused_entry_name;

    /// The host's run-time names are the kernels crate's entry names (every stock triple's
    /// tags are checked against its operators' kernel-trait tags at compile time by the
    /// fused family's declaration, `kernel/mod.rs`; the PTX side by `tests/abi.rs`).
    #[test]
    fn runtime_names_match_the_entry_points() {
        use parallaxis_core::{Affine, AffineMap, Identity, Square, Sum, Times};
        assert_eq!(
            entry_name(REDUCE, FusedTags::unary::<f32, Square, Sum>()),
            fused_entry_name!(transform_reduce, Square, Sum, f32)
        );
        assert_eq!(
            entry_name(
                INCLUSIVE_SCAN,
                FusedTags::unary::<AffineMap<i64>, Identity, Affine>()
            ),
            fused_entry_name!(transform_inclusive_scan, Identity, Affine, AffineMap_i64)
        );
        assert_eq!(
            entry_name(EXCLUSIVE_SCAN, FusedTags::unary::<u64, Square, Sum>()),
            fused_entry_name!(transform_exclusive_scan, Square, Sum, u64)
        );
        assert_eq!(
            entry_name(TRANSFORM2_REDUCE, FusedTags::binary::<i32, Times, Sum>()),
            fused_entry_name!(transform2_reduce, Times, Sum, i32)
        );
        assert_eq!(
            entry_name(
                TRANSFORM2_INCLUSIVE_SCAN,
                FusedTags::binary::<f64, Times, Sum>()
            ),
            fused_entry_name!(transform2_inclusive_scan, Times, Sum, f64)
        );
        assert_eq!(
            entry_name(
                TRANSFORM2_EXCLUSIVE_SCAN,
                FusedTags::binary::<u32, Times, Sum>()
            ),
            fused_entry_name!(transform2_exclusive_scan, Times, Sum, u32)
        );
    }
}
