//! A user-written kernel: tiled matrix transpose of `f32`, through a 32×32 tile in shared
//! memory padded to 33 columns (so the column-wise reads of the tile hit 32 different banks).
//! Blocks of 32×8 threads; every global read and write of a warp touches 32 consecutive
//! elements of one row (coalesced).
//!
//! Beside it, the two rungs below it on the classic transpose ladder ([`Variant`]): the naive
//! kernel (coalesced reads, writes strided by `rows`) and the same tile without its padding
//! column (a 32-way bank conflict on every column read of the tile).
//!
//! The same [`TransposeParams`] definition is the kernel's parameter on the device and the
//! launch argument on the host, where [`transpose`] launches it through
//! `parallaxis_device::UserKernel`.
#![cfg_attr(target_arch = "nvptx64", no_std)]
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]

use parallaxis_kernels::args::{In, Out};

/// Tile edge.
pub const TILE: u32 = 32;
/// Rows of threads per block (each thread moves `TILE / ROWS` elements).
pub const ROWS: u32 = 8;
/// The tile in shared memory: one padding column.
pub type Tile = [[f32; TILE as usize + 1]; TILE as usize];
/// The tile without padding (the unpadded rung).
pub type UnpaddedTile = [[f32; TILE as usize]; TILE as usize];
/// The entry point's name (`#[no_mangle]` below).
pub const ENTRY: &str = "transpose_f32";

/// The rungs of the transpose ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Each thread copies `src[r][c]` to `dst[c][r]`: reads coalesced, writes `rows` apart.
    Naive,
    /// Through a 32×32 shared tile: both sides coalesced, column reads of the tile conflict.
    Unpadded,
    /// Through the 32×33 tile: coalesced and conflict-free ([`ENTRY`]).
    Padded,
}

impl Variant {
    /// Every rung, in ladder order.
    pub const ALL: [Variant; 3] = [Variant::Naive, Variant::Unpadded, Variant::Padded];

    /// The entry point's name.
    pub const fn entry(self) -> &'static str {
        match self {
            Variant::Naive => "transpose_naive_f32",
            Variant::Unpadded => "transpose_unpadded_f32",
            Variant::Padded => ENTRY,
        }
    }

    /// Dynamic shared memory of one block.
    pub const fn shared_bytes(self) -> u32 {
        (match self {
            Variant::Naive => 0,
            Variant::Unpadded => core::mem::size_of::<UnpaddedTile>(),
            Variant::Padded => core::mem::size_of::<Tile>(),
        }) as u32
    }
}

/// `dst (cols × rows) = srcᵀ`, `src` being `rows × cols`, both row-major.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TransposeParams<'a> {
    /// `rows * cols` elements.
    pub src: In<'a, f32>,
    /// `rows * cols` elements.
    pub dst: Out<'a, f32>,
    /// Rows of `src`.
    pub rows: u64,
    /// Columns of `src`.
    pub cols: u64,
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::{TransposeParams, ROWS, TILE};
    use parallaxis_kernels::thread::{block_idx, thread_idx};
    use parallaxis_kernels::thread::{dynamic_shared, sync_threads};

    const PER: usize = (TILE / ROWS) as usize;

    /// The padded tile (the example's kernel).
    ///
    /// # Safety
    /// Launched by [`super::transpose`]: grid `(ceil(cols/32), ceil(rows/32))`, block
    /// `(32, 8)`, `size_of::<Tile>()` bytes of dynamic shared memory.
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn transpose_f32(p: TransposeParams<'_>) {
        // SAFETY: forwarded launch contract (`Tile` is `[[f32; 33]; 32]`).
        unsafe { tiled::<{ TILE as usize + 1 }>(p) }
    }

    /// The tile without its padding column (the ladder's middle rung).
    ///
    /// # Safety
    /// As [`transpose_f32`], with `size_of::<UnpaddedTile>()` bytes of shared memory.
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn transpose_unpadded_f32(p: TransposeParams<'_>) {
        // SAFETY: forwarded launch contract (`UnpaddedTile` is `[[f32; 32]; 32]`).
        unsafe { tiled::<{ TILE as usize }>(p) }
    }

    /// Naive: thread `(x, y)` of block `(bx, by)` copies `src[r][c]` to `dst[c][r]` for the
    /// four rows `r = by*32 + y + 8k` and `c = bx*32 + x`: a warp reads 32 consecutive
    /// elements of a row and writes 32 elements `rows` apart (32 memory transactions).
    ///
    /// # Safety
    /// As [`transpose_f32`], no shared memory.
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn transpose_naive_f32(p: TransposeParams<'_>) {
        let (t, b) = (thread_idx(), block_idx());
        let c = u64::from(b.x) * u64::from(TILE) + u64::from(t.x);
        for k in 0..PER as u64 {
            let r = u64::from(b.y) * u64::from(TILE) + u64::from(t.y) + k * u64::from(ROWS);
            if r < p.rows && c < p.cols {
                if let Some(v) = p.src.get(r * p.cols + c) {
                    // SAFETY: each output element is written by exactly one thread of the
                    // grid; `dst` is not read.
                    unsafe { p.dst.write(c * p.rows + r, v) };
                }
            }
        }
    }

    /// One 32×32 tile per block, its rows `STRIDE` floats apart in shared memory: read rows
    /// of `src` into the tile, barrier, write rows of `dst` from the tile's columns. Interior
    /// tiles take a branch-free path (all four loads in flight together); edge tiles check
    /// every element.
    ///
    /// # Safety
    /// Block `(32, 8)`, `size_of::<[[f32; STRIDE]; 32]>()` bytes of dynamic shared memory,
    /// `STRIDE >= 32`.
    #[inline(always)]
    unsafe fn tiled<const STRIDE: usize>(p: TransposeParams<'_>) {
        const { assert!(STRIDE >= TILE as usize) };
        // SAFETY: the launch provides the tile in dynamic shared memory (contract).
        let tile = unsafe { &mut *dynamic_shared::<[[f32; STRIDE]; TILE as usize]>() };
        let (t, b) = (thread_idx(), block_idx());
        // `% TILE` and `% ROWS` are no-ops for the (32, 8) block and let the compiler drop
        // the tile's bounds checks.
        let (tx, ty) = (t.x as usize % TILE as usize, t.y as usize % ROWS as usize);
        let col0 = u64::from(b.x) * u64::from(TILE);
        let row0 = u64::from(b.y) * u64::from(TILE);
        let n = p.rows.saturating_mul(p.cols);
        let interior = row0 + u64::from(TILE) <= p.rows
            && col0 + u64::from(TILE) <= p.cols
            && n <= p.src.len()
            && n <= p.dst.len();
        let (c, oc) = (col0 + tx as u64, row0 + tx as u64);
        if interior {
            let mut v = [0.0_f32; PER];
            for (k, v) in v.iter_mut().enumerate() {
                let r = row0 + (ty + k * ROWS as usize) as u64;
                // SAFETY: `r < rows`, `c < cols` (interior tile), so the index is below
                // `rows * cols <= src.len()`.
                *v = unsafe { p.src.as_ptr().add((r * p.cols + c) as usize).read() };
            }
            for (k, v) in v.iter().enumerate() {
                tile[ty + k * ROWS as usize][tx] = *v;
            }
            // SAFETY: `interior` is uniform in the block: every thread reaches the barrier.
            unsafe { sync_threads() };
            for k in 0..PER {
                let or = col0 + (ty + k * ROWS as usize) as u64;
                // SAFETY: `or < cols`, `oc < rows`: below `rows * cols <= dst.len()`; each
                // output element is written by exactly one thread of the grid, none read.
                unsafe {
                    p.dst
                        .as_mut_ptr()
                        .add((or * p.rows + oc) as usize)
                        .write(tile[tx][ty + k * ROWS as usize])
                };
            }
            return;
        }
        for k in 0..PER {
            let r = row0 + (ty + k * ROWS as usize) as u64;
            if r < p.rows && c < p.cols {
                if let Some(v) = p.src.get(r * p.cols + c) {
                    tile[ty + k * ROWS as usize][tx] = v;
                }
            }
        }
        // SAFETY: `interior` is uniform in the block and no thread of an edge tile returned:
        // every thread of the block reaches the barrier.
        unsafe { sync_threads() };
        for k in 0..PER {
            let or = col0 + (ty + k * ROWS as usize) as u64;
            if or < p.cols && oc < p.rows {
                // SAFETY: the tiles partition the matrix, so each output element is written
                // by exactly one thread of the grid; `dst` is not read.
                unsafe {
                    p.dst
                        .write(or * p.rows + oc, tile[tx][ty + k * ROWS as usize])
                };
            }
        }
    }
}

#[cfg(not(target_arch = "nvptx64"))]
mod host {
    use super::{TransposeParams, Variant, ROWS, TILE};
    use parallaxis_device::{DeviceBuffer, Error, Kernels, LaunchConfig, UserKernel};

    /// This crate's kernels, built for nvptx64 by `build.rs` (the kernel library
    /// `parallaxis-ptx-builder` writes: PTX, and machine code where `ptxas` was found).
    pub const KERNELS: Kernels = Kernels::library(include_bytes!(concat!(
        env!("OUT_DIR"),
        "/transpose_kernels.kernels"
    )));

    /// The transpose kernel's handle (the padded tile).
    pub fn kernel<'a>() -> UserKernel<TransposeParams<'a>> {
        variant_kernel(Variant::Padded)
    }

    /// The handle of one rung of the ladder.
    pub fn variant_kernel<'a>(variant: Variant) -> UserKernel<TransposeParams<'a>> {
        // SAFETY: every `transpose_*` entry takes one `TransposeParams` (the same
        // `#[repr(C)]` definition compiled for nvptx64); it touches memory only through
        // `src` and `dst` within their lengths (checked per element on edge tiles and in the
        // naive kernel, once per tile inside), each output element from one thread, and its
        // shared memory is at most `variant.shared_bytes()`, which `variant_config` provides.
        unsafe { UserKernel::new(KERNELS, variant.entry()) }
    }

    /// The launch shape for a `rows × cols` source (the padded tile).
    pub fn config(rows: u64, cols: u64) -> Result<LaunchConfig, Error> {
        variant_config(Variant::Padded, rows, cols)
    }

    /// The launch shape of one rung for a `rows × cols` source: every rung covers a 32×32
    /// tile per block of 32×8 threads.
    pub fn variant_config(variant: Variant, rows: u64, cols: u64) -> Result<LaunchConfig, Error> {
        let blocks = |n: u64| {
            u32::try_from(n.div_ceil(u64::from(TILE))).map_err(|_| Error::Cuda {
                during: "transpose",
                reason: format!("{rows} x {cols} is too large"),
            })
        };
        Ok(LaunchConfig {
            grid: (blocks(cols)?, blocks(rows)?, 1),
            block: (TILE, ROWS, 1),
            shared_bytes: variant.shared_bytes(),
        })
    }

    /// `dst = srcᵀ` for a row-major `rows × cols` `src`, repeated `times` times (for timing).
    ///
    /// # Errors
    /// Lengths other than `rows * cols`, or a device error.
    pub fn transpose(
        src: &DeviceBuffer<f32>,
        dst: &mut DeviceBuffer<f32>,
        rows: u64,
        cols: u64,
        times: u32,
    ) -> Result<(), Error> {
        transpose_with(Variant::Padded, src, dst, rows, cols, times)
    }

    /// As [`transpose`], with the kernel of `variant`.
    ///
    /// # Errors
    /// Lengths other than `rows * cols`, or a device error.
    pub fn transpose_with(
        variant: Variant,
        src: &DeviceBuffer<f32>,
        dst: &mut DeviceBuffer<f32>,
        rows: u64,
        cols: u64,
        times: u32,
    ) -> Result<(), Error> {
        let n = rows.saturating_mul(cols);
        for (what, len) in [("transpose src", src.len()), ("transpose dst", dst.len())] {
            if len as u64 != n {
                return Err(Error::LengthMismatch {
                    what,
                    expected: n as usize,
                    actual: len,
                });
            }
        }
        let cfg = variant_config(variant, rows, cols)?;
        let p = TransposeParams {
            src: src.arg(),
            dst: dst.arg_mut(),
            rows,
            cols,
        };
        variant_kernel(variant).launch_on(src.device(), &cfg, p, times)
    }
}
#[cfg(not(target_arch = "nvptx64"))]
pub use host::{
    config, kernel, transpose, transpose_with, variant_config, variant_kernel, KERNELS,
};
