//! Batched Gauss-Jordan inversion of 32 × 32 `f32` matrices, one matrix per block, its 1024
//! elements held in registers, `E` per thread (so `1024 / E` threads): thread `t` owns column
//! `t % 32` of rows `t / 32 + m · (1024 / E / 32)`, `m < E`, so a warp's loads and stores are
//! 32 consecutive elements of one row. Each of the 32 steps publishes the pivot row and
//! column through shared memory (double-buffered: one barrier a step) and updates every
//! element in place. No pivoting: the systems are diagonally dominant.

use parallaxis_kernels::args::{In, Out};

#[cfg(target_arch = "nvptx64")]
mod device;
#[cfg(not(target_arch = "nvptx64"))]
mod host;
#[cfg(not(target_arch = "nvptx64"))]
pub use host::{entry, invert, threads, SHARED_BYTES};

/// The matrices' order.
pub const N: usize = 32;
/// Elements per thread with an entry point.
pub const ELEMENTS_PER_THREAD: [u32; 5] = [1, 2, 4, 8, 16];
/// Flops of one inversion, the convention of the figures: `2 N³` (a multiply and a subtract
/// for each element at each of the `N` steps).
pub const FLOPS_PER_MATRIX: u64 = 2 * (N * N * N) as u64;

/// The block's shared memory: the pivot row and column of two consecutive steps.
#[repr(C)]
pub struct PivotExchange {
    /// `row[step % 2][j]`: row `step` before the step.
    pub row: [[f32; N]; 2],
    /// `col[step % 2][i]`: column `step` before the step.
    pub col: [[f32; N]; 2],
}

/// A launch's arguments.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GaussJordanParams<'a> {
    /// `batch` row-major `N × N` matrices.
    pub a: In<'a, f32>,
    /// Their inverses, same layout.
    pub inv: Out<'a, f32>,
    /// Matrices.
    pub batch: u32,
}
