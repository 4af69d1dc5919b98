//! `transform2_inclusive_scan` and `transform2_exclusive_scan`: the scan of `f(x[i], y[i])`
//! over two inputs of one length in one kernel (a running inner product is `Times` then
//! `Sum`), where the kernels crate's fused family declaration (or a user crate's
//! `instantiate_fused!`) has
//! the (binary functor, monoid, input type) triple; every other triple runs as a
//! `transform2` into a temporary and the scan.
//!
//! Why fused: the composed form writes the n mapped values and reads them back, 5 words per
//! item where the fused kernel moves 3 (two inputs, one output); on the H100 the composed
//! form ran at 0.66-0.75x Thrust's `inclusive_scan` over a `transform_iterator` of a
//! `zip_iterator` (`benches/results/h100/lazy/`).
//!
//! The entry point is found by name from the operators' tags, as `transform2_reduce`'s is
//! (`binary.rs`).

use super::lookup::{fused_entry, FusedTags};
use crate::buffer::DeviceBuffer;
use crate::kernel::{BinaryKernel, MonoidKernel};
use crate::launch;
use crate::ops::prologue::check;
use crate::ops::scan::{self, exclusive_scan, inclusive_scan, ScanLayout};
use crate::ops::transform::transform2;
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::scan::Transform2ScanParams;

/// The fused algorithms, by the name their entry points carry.
pub(super) const TRANSFORM2_INCLUSIVE_SCAN: &str = "transform2_inclusive_scan";
pub(super) const TRANSFORM2_EXCLUSIVE_SCAN: &str = "transform2_exclusive_scan";

/// `out[i] = f(x[0], y[0]) ⊕ ... ⊕ f(x[i], y[i])`, returning once queued. The fused kernel
/// is the inclusive scan's, reading each pair through `f`; the composed form writes
/// `f(x[i], y[i])` into a temporary and scans it. Both associate as [`inclusive_scan`] of
/// the mapped values does, so the results are the same bit for bit.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `y.len()` and `out.len()` equal
/// `x.len()`; buffers on different devices; no memory for the tile states (or, composed,
/// for the mapped values). A fault of the kernel itself surfaces in the next call that waits.
pub fn transform2_inclusive_scan<A, F, M>(
    f: F,
    m: M,
    x: &DeviceBuffer<A>,
    y: &DeviceBuffer<A>,
    out: &mut DeviceBuffer<F::Output>,
) -> Result<()>
where
    A: DeviceCopy,
    F: BinaryKernel<A, A>,
    M: MonoidKernel<F::Output>,
{
    check(
        &[
            ("transform2_inclusive_scan second input", x.len(), y.len()),
            ("transform2_inclusive_scan output", x.len(), out.len()),
        ],
        &[(x, y), (x, out)],
    )?;
    transform2_scan(f, m, None, (x, y), out)
}

/// `out[0] = init`, `out[i] = init ⊕ f(x[0], y[0]) ⊕ ... ⊕ f(x[i-1], y[i-1])`, returning
/// once queued: the exclusive scan's kernel reading each pair through `f` for the listed
/// triples (those of [`transform2_inclusive_scan`]), else a `transform2` into a temporary
/// and the exclusive scan.
///
/// # Errors
/// As [`transform2_inclusive_scan`].
pub fn transform2_exclusive_scan<A, F, M>(
    f: F,
    m: M,
    init: F::Output,
    x: &DeviceBuffer<A>,
    y: &DeviceBuffer<A>,
    out: &mut DeviceBuffer<F::Output>,
) -> Result<()>
where
    A: DeviceCopy,
    F: BinaryKernel<A, A>,
    M: MonoidKernel<F::Output>,
{
    check(
        &[
            ("transform2_exclusive_scan second input", x.len(), y.len()),
            ("transform2_exclusive_scan output", x.len(), out.len()),
        ],
        &[(x, y), (x, out)],
    )?;
    transform2_scan(f, m, Some(init), (x, y), out)
}

/// The inclusive (`init` absent) or exclusive scan of `f(x[i], y[i])` into `out` (checked:
/// all of one length, on one device): the fused entry when the triple has one, else a
/// `transform2` into a temporary and the scan.
fn transform2_scan<A, F, M>(
    f: F,
    m: M,
    init: Option<F::Output>,
    (x, y): (&DeviceBuffer<A>, &DeviceBuffer<A>),
    out: &mut DeviceBuffer<F::Output>,
) -> Result<()>
where
    A: DeviceCopy,
    F: BinaryKernel<A, A>,
    M: MonoidKernel<F::Output>,
{
    let dev = x.device();
    if x.is_empty() {
        return Ok(());
    }
    let algo = if init.is_some() {
        TRANSFORM2_EXCLUSIVE_SCAN
    } else {
        TRANSFORM2_INCLUSIVE_SCAN
    };
    let Some(name) = fused_entry(algo, FusedTags::binary::<A, F, M>()) else {
        let mut mapped = DeviceBuffer::<F::Output>::alloc_uninit(dev, x.len())?;
        transform2(f, x, y, &mut mapped)?;
        return match init {
            Some(init) => exclusive_scan(m, init, &mapped, out),
            None => inclusive_scan(m, &mapped, out),
        };
    };
    let queue_kernel = |tiles, scan| {
        let p = Transform2ScanParams {
            x: x.as_ptr(),
            y: y.as_ptr(),
            f,
            scan,
        };
        // SAFETY: `name` is the fused entry of exactly these operators, `A` and the scan's
        // kind (`fused_entry`), whose output has `A`'s size (the kernel's compile-time
        // check); `x` and `y` are live for their `n` elements (16-byte aligned) until the
        // kernel has run (frees are ordered on the stream); the rest of `p` by `scan::queue`.
        unsafe { launch::transform2_scan::<A, F, M>(dev, name, tiles, p) }
    };
    // SAFETY: `queue_kernel` queues the fused scan over the `n` pairs of `x` and `y`, items
    // of the output's size; `init`, when present, seeds the exclusive kernel.
    unsafe { scan::queue(m, init, out, ScanLayout::default(), queue_kernel) }
}

/// `true` when `transform2_inclusive_scan(f, m, x, y, out)` over `A` runs as one fused
/// kernel, `false` when it runs as a `transform2` into a temporary and a scan.
///
/// ```
/// use parallaxis_core::{Max, Plus, Sum, Times};
/// use parallaxis_device::transform2_inclusive_scan_is_fused;
/// assert!(transform2_inclusive_scan_is_fused::<f32, Times, Sum>());
/// assert!(!transform2_inclusive_scan_is_fused::<f32, Plus, Max>());
/// ```
pub fn transform2_inclusive_scan_is_fused<A, F, M>() -> bool
where
    A: DeviceCopy,
    F: BinaryKernel<A, A>,
    M: MonoidKernel<F::Output>,
{
    fused_entry(TRANSFORM2_INCLUSIVE_SCAN, FusedTags::binary::<A, F, M>()).is_some()
}

/// `true` when `transform2_exclusive_scan(f, m, init, x, y, out)` over `A` runs as one
/// fused kernel, `false` when it runs as a `transform2` into a temporary and a scan.
///
/// ```
/// use parallaxis_core::{Max, Plus, Sum, Times};
/// use parallaxis_device::transform2_exclusive_scan_is_fused;
/// assert!(transform2_exclusive_scan_is_fused::<i64, Times, Sum>());
/// assert!(!transform2_exclusive_scan_is_fused::<i64, Plus, Max>());
/// ```
pub fn transform2_exclusive_scan_is_fused<A, F, M>() -> bool
where
    A: DeviceCopy,
    F: BinaryKernel<A, A>,
    M: MonoidKernel<F::Output>,
{
    fused_entry(TRANSFORM2_EXCLUSIVE_SCAN, FusedTags::binary::<A, F, M>()).is_some()
}
