//! SpMV over any semiring with kernels: CSR (row per sub-warp, or merge-based and
//! nonzero-balanced for irregular rows), ELL and COO. The matrix arrives as its arrays; the
//! caller (the facade's validated matrix types) guarantees the structure, which is why these
//! functions are `unsafe`. Lengths and devices are checked here. None of them waits for its
//! kernels (as `reduce_into`): `y` stays on the device for the next queued operation.

use super::prologue::check;
use crate::buffer::device_ptr_mut;
use crate::context::align_up;
use crate::context::Device;
use crate::kernel::spmv::{SemiringKernel, SpmvIndex};
use crate::launch::spmv as launch_spmv;
use crate::DeviceBuffer;
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::{
    params::spmv::SpmvCarry, params::spmv::SpmvCoordsParams, params::spmv::SpmvCsrVectorParams,
    params::spmv::SpmvEllParams, params::spmv::SpmvFixupParams, params::spmv::SpmvMergeParams,
    policy::spmv::coo_tiles, policy::spmv::csr_kernel, policy::spmv::csr_merge_tiles,
    policy::spmv::CsrKernel, policy::spmv::COORDS_LANES, policy::spmv::SPMV_MAX_BLOCKS,
};
use parallaxis_kernels::{
    policy::common::BLOCK_THREADS, policy::common::BLOCK_WARPS, policy::common::WARP_THREADS,
};
use std::mem::size_of;

/// The index buffer's device address as the kernels' index type.
fn index_ptr<I: SpmvIndex>(b: &DeviceBuffer<I>) -> *const I::Kernel {
    b.as_ptr().cast()
}

/// `blocks` capped at [`SPMV_MAX_BLOCKS`] (the kernels that take this loop grid-stride).
fn capped(blocks: u64) -> u64 {
    blocks.clamp(1, SPMV_MAX_BLOCKS)
}

/// `y = A·x` (or `y = y ⊕ A·x` with `accumulate`) for the CSR matrix
/// `(row_ptr, col, val)` with `y.len()` rows and `x.len()` columns, by the kernel its row
/// statistics call for ([`csr_kernel`] of the rows, the entries and `max_row_len`, the most
/// entries of any row, which the facade's `CsrMatrix` keeps): a sub-warp per row of
/// regular rows, the merge-based kernel where one row is far longer than the mean.
///
/// # Safety
/// The structure must be valid: `row_ptr` non-decreasing from 0 to `col.len()`, every column
/// below `x.len()` (what the facade's `CsrMatrix::try_new` checks). `max_row_len` only picks
/// the kernel; every kernel computes the same `y`.
///
/// # Errors
/// As [`spmv_csr_with_kernel`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn spmv_csr<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>>(
    s: S,
    row_ptr: &DeviceBuffer<I>,
    col: &DeviceBuffer<I>,
    val: &DeviceBuffer<T>,
    max_row_len: usize,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    accumulate: bool,
) -> Result<()> {
    let kernel = csr_kernel(y.len() as u64, val.len() as u64, max_row_len as u64);
    // SAFETY: forwarded contract.
    unsafe { spmv_csr_with_kernel(s, kernel, row_ptr, col, val, x, y, accumulate) }
}

/// [`spmv_csr`] by an explicit `kernel`, for tests and benchmarks of each kernel.
///
/// # Safety
/// As [`spmv_csr`].
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless
/// `row_ptr.len() == y.len() + 1` and `val.len() == col.len()`; buffers on different
/// devices; a device fault or no memory for the fix-up slots.
#[allow(clippy::too_many_arguments)]
pub unsafe fn spmv_csr_with_kernel<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>>(
    s: S,
    kernel: CsrKernel,
    row_ptr: &DeviceBuffer<I>,
    col: &DeviceBuffer<I>,
    val: &DeviceBuffer<T>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    accumulate: bool,
) -> Result<()> {
    let lengths = [
        ("spmv_csr row_ptr (nrows + 1)", y.len() + 1, row_ptr.len()),
        ("spmv_csr values (nnz)", col.len(), val.len()),
    ];
    check(&lengths, &[(row_ptr, y), (col, val), (x, y), (col, y)])?;
    let dev = row_ptr.device();
    dev.enter()?;
    let (nrows, nnz) = (y.len() as u64, col.len() as u64);
    if nrows == 0 {
        return Ok(());
    }
    match kernel {
        CsrKernel::Vector { lanes_log2 } => {
            let lanes_log2 = lanes_log2.min(5);
            let steps = nrows.div_ceil(u64::from(WARP_THREADS >> lanes_log2));
            let p = SpmvCsrVectorParams {
                row_ptr: index_ptr(row_ptr),
                col: index_ptr(col),
                val: val.as_ptr(),
                x: x.as_ptr(),
                y: y.as_mut_ptr(),
                nrows,
                lanes_log2,
                accumulate: u32::from(accumulate),
                s,
            };
            let blocks = capped(steps.div_ceil(BLOCK_WARPS as u64));
            // SAFETY: validated structure (caller), lengths checked above.
            unsafe { launch_spmv::csr_vector::<T, I, S>(dev, blocks, p) }
        }
        CsrKernel::Merge => {
            let tiles = csr_merge_tiles(nrows + nnz);
            let rows = index_ptr(row_ptr);
            // SAFETY: validated structure (caller), lengths checked above.
            unsafe { merge(dev, s, Tiles::Csr(tiles), rows, col, val, x, y, accumulate) }
        }
    }
}

/// The nonzero-balanced kernels' tiles: CSR block tiles of the merge path, COO warp tiles of
/// the nonzeros.
#[derive(Clone, Copy)]
enum Tiles {
    Csr(u64),
    Coo(u64),
}

/// The merge-based CSR kernel (after its tile coordinates) or the COO kernel, then the
/// fix-up, with the tiles' slots (and CSR's coordinates) in scratch.
///
/// # Safety
/// As [`spmv_csr`] / [`spmv_coo`]; `y` non-empty.
#[allow(clippy::too_many_arguments)]
unsafe fn merge<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>>(
    dev: &'static Device,
    s: S,
    kind: Tiles,
    rows: *const I::Kernel,
    col: &DeviceBuffer<I>,
    val: &DeviceBuffer<T>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    accumulate: bool,
) -> Result<()> {
    let tiles = match kind {
        Tiles::Csr(t) | Tiles::Coo(t) => t,
    };
    if tiles == 0 {
        return Ok(());
    }
    let slot_bytes = align_up(tiles as usize * size_of::<SpmvCarry<T>>());
    let coord_bytes = match kind {
        Tiles::Csr(_) => align_up((tiles as usize + 1) * size_of::<u64>()),
        Tiles::Coo(_) => 0,
    };
    let mut scratch = dev.scratch();
    let base = scratch.reserve(dev, 2 * slot_bytes + coord_bytes)?;
    let heads = device_ptr_mut::<SpmvCarry<T>>(base);
    let tails = device_ptr_mut::<SpmvCarry<T>>(base + slot_bytes as u64);
    let coords = device_ptr_mut::<u64>(base + 2 * slot_bytes as u64);
    let (nrows, nnz) = (y.len() as u64, col.len() as u64);
    let p = SpmvMergeParams {
        rows,
        col: index_ptr(col),
        val: val.as_ptr(),
        x: x.as_ptr(),
        y: y.as_mut_ptr(),
        nrows,
        nnz,
        tiles,
        coords: match kind {
            Tiles::Csr(_) => coords.cast_const(),
            Tiles::Coo(_) => std::ptr::null(),
        },
        heads,
        tails,
        accumulate: u32::from(accumulate),
        s,
    };
    match kind {
        Tiles::Csr(_) => {
            let c = SpmvCoordsParams {
                row_ptr: rows,
                nrows,
                nnz,
                tiles,
                coords,
            };
            let blocks = ((tiles + 1) * u64::from(COORDS_LANES)).div_ceil(u64::from(BLOCK_THREADS));
            // SAFETY: validated CSR (caller); `tiles + 1` coordinates in scratch (later work
            // that reserves it is queued after these kernels on the same stream).
            unsafe { launch_spmv::merge_coords::<I>(dev, blocks, c) }?;
            // SAFETY: as above; the coordinates were written by the launch before it, and
            // the slots are in scratch.
            unsafe { launch_spmv::csr_merge::<T, I, S>(dev, tiles, p) }?;
        }
        Tiles::Coo(_) => {
            let blocks = tiles.div_ceil(BLOCK_WARPS as u64);
            // SAFETY: validated COO (caller); `tiles` slots each in scratch, as above.
            unsafe { launch_spmv::coo::<T, I, S>(dev, blocks, p) }?;
        }
    }
    let f = SpmvFixupParams {
        y: y.as_mut_ptr(),
        heads,
        tails,
        tiles,
        accumulate: u32::from(accumulate),
        s,
    };
    // One thread per tile.
    let blocks = capped(tiles.div_ceil(u64::from(BLOCK_THREADS)));
    // SAFETY: the slots were written by the launch above, ordered before on the stream.
    unsafe { launch_spmv::fixup::<T, S>(dev, blocks, f) }
}

/// `y = A·x` (or `y = y ⊕ A·x`) for the ELL matrix of `width` slots per row, column-major
/// (`col`, `val` of `y.len() · width`), with `x.len()` columns.
///
/// # Safety
/// Every column below `x.len()` or equal to the padding marker, padding trailing in each row
/// (what `EllMatrix::try_new` checks).
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless both arrays
/// hold `y.len() · width` slots; buffers on different devices; a device fault.
pub unsafe fn spmv_ell<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>>(
    s: S,
    width: usize,
    col: &DeviceBuffer<I>,
    val: &DeviceBuffer<T>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    accumulate: bool,
) -> Result<()> {
    let slots = y.len().saturating_mul(width);
    let lengths = [
        ("spmv_ell col_idx (nrows * width)", slots, col.len()),
        ("spmv_ell values (nrows * width)", slots, val.len()),
    ];
    check(&lengths, &[(col, y), (val, y), (x, y)])?;
    let dev = col.device();
    dev.enter()?;
    let nrows = y.len() as u64;
    if nrows == 0 {
        return Ok(());
    }
    let p = SpmvEllParams {
        col: index_ptr(col),
        val: val.as_ptr(),
        x: x.as_ptr(),
        y: y.as_mut_ptr(),
        nrows,
        width: width as u64,
        accumulate: u32::from(accumulate),
        s,
    };
    let blocks = capped(nrows.div_ceil(u64::from(BLOCK_THREADS)));
    // SAFETY: validated structure (caller), lengths checked above.
    unsafe { launch_spmv::ell::<T, I, S>(dev, blocks, p) }
}

/// `y = A·x` (or `y = y ⊕ A·x`) for the COO matrix `(row, col, val)` with rows sorted,
/// `y.len()` rows and `x.len()` columns. Without `accumulate`, `y` is first set to the
/// semiring's zero (rows without entries keep it); rows with entries are then combined in.
///
/// # Safety
/// Rows non-decreasing and below `y.len()`, columns below `x.len()` (what
/// `CooMatrix::try_new` checks).
///
/// # Errors
/// [`Error::LengthMismatch`](crate::Error::LengthMismatch) unless the three
/// arrays have one length; buffers on different devices; a device fault or no memory.
pub unsafe fn spmv_coo<T: DeviceCopy, I: SpmvIndex, S: SemiringKernel<T>>(
    s: S,
    row: &DeviceBuffer<I>,
    col: &DeviceBuffer<I>,
    val: &DeviceBuffer<T>,
    x: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
    accumulate: bool,
) -> Result<()> {
    let lengths = [
        ("spmv_coo col_idx", row.len(), col.len()),
        ("spmv_coo values", row.len(), val.len()),
    ];
    check(&lengths, &[(row, y), (col, val), (x, y), (col, y)])?;
    let dev = row.device();
    dev.enter()?;
    if y.is_empty() {
        return Ok(());
    }
    if !accumulate {
        y.fill(s.zero())?;
    }
    let tiles = Tiles::Coo(coo_tiles(row.len() as u64));
    // SAFETY: validated structure (caller), lengths checked above; `y` holds the zero or the
    // caller's values, so the kernels combine into it.
    unsafe { merge(dev, s, tiles, index_ptr(row), col, val, x, y, true) }
}
