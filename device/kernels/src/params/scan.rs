//! Parameters of the single-pass scans: the plain scan and the fused transform scans (of one
//! input and of two).

use super::common::TileStatus;

/// Single-pass inclusive or exclusive scan of `n` elements in tiles of
/// `BLOCK_THREADS * ITEMS` items, one tile per block.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ScanParams<T, M> {
    /// Input, `n` elements.
    pub x: *const T,
    /// Output, `n` elements (may equal `x`: each block reads its tile before writing it).
    pub y: *mut T,
    /// Number of elements.
    pub n: u64,
    /// Look-back state, `ceil(n / tile)` slots.
    pub status: TileStatus<T>,
    /// The seed of an exclusive scan, and of an inclusive one when `seeded == 1`.
    pub init: T,
    /// 1: move full tiles through shared memory with coalesced 16-byte accesses (when
    /// [`crate::policy::scan::scan_stages`] allows); 0: each thread loads and stores its own
    /// 64 bytes directly.
    pub staged: u32,
    /// 1: the inclusive kernel starts from `init` (`inclusive_scan_with_init`: `y[i] = init ⊕
    /// x[0] ⊕ ... ⊕ x[i]`, `init` folded into the first tile's prefix); 0: from nothing.
    pub seeded: u32,
    /// The monoid.
    pub m: M,
}

/// Fused `transform_inclusive_scan` and `transform_exclusive_scan` (`kernels/scan/`,
/// `transform_scan`; the exclusive one seeded with `scan.init`): the scan of `f(x[i])`, each
/// item mapped as the kernel reads it; `A` has `T`'s size and alignment, and everything else
/// is `scan`'s, whose `scan.x` this kernel does not read (null).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TransformScanParams<A, F, T, M> {
    /// Input, `scan.n` elements of `A`.
    pub x: *const A,
    /// The map applied to each input element.
    pub f: F,
    /// The scan of the mapped values.
    pub scan: ScanParams<T, M>,
}

/// Fused `transform2_inclusive_scan` and `transform2_exclusive_scan` (`kernels/scan/`,
/// `transform2_scan`; the exclusive one seeded with `scan.init`): the scan of `f(x[i], y[i])`,
/// each pair mapped as the kernel reads it; `A` and `C` have `T`'s size and alignment, and
/// everything else is `scan`'s, whose `scan.x` this kernel does not read (null).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Transform2ScanParams<A, C, F, T, M> {
    /// Left input, `scan.n` elements of `A`.
    pub x: *const A,
    /// Right input, `scan.n` elements of `C`.
    pub y: *const C,
    /// The map applied to each pair.
    pub f: F,
    /// The scan of the mapped values.
    pub scan: ScanParams<T, M>,
}
