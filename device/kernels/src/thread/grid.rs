//! Three-dimensional thread, block and grid indices for user kernels launched with 2-D or
//! 3-D shapes (`parallaxis_device::LaunchConfig`). Indices are `u32` as the hardware gives
//! them; widen to `u64` before multiplying them into element offsets.

use core::arch::nvptx;

/// The x, y and z components of an index or a size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim3 {
    /// x (fastest varying).
    pub x: u32,
    /// y.
    pub y: u32,
    /// z.
    pub z: u32,
}

/// This thread's index in its block (`threadIdx`).
#[inline(always)]
pub fn thread_idx() -> Dim3 {
    // SAFETY: reads the %tid special registers; no memory is touched.
    unsafe {
        Dim3 {
            x: nvptx::_thread_idx_x() as u32,
            y: nvptx::_thread_idx_y() as u32,
            z: nvptx::_thread_idx_z() as u32,
        }
    }
}

/// This block's index in the grid (`blockIdx`).
#[inline(always)]
pub fn block_idx() -> Dim3 {
    // SAFETY: reads the %ctaid special registers.
    unsafe {
        Dim3 {
            x: nvptx::_block_idx_x() as u32,
            y: nvptx::_block_idx_y() as u32,
            z: nvptx::_block_idx_z() as u32,
        }
    }
}

/// The block's shape (`blockDim`).
#[inline(always)]
pub fn block_dim() -> Dim3 {
    // SAFETY: reads the %ntid special registers.
    unsafe {
        Dim3 {
            x: nvptx::_block_dim_x() as u32,
            y: nvptx::_block_dim_y() as u32,
            z: nvptx::_block_dim_z() as u32,
        }
    }
}

/// The grid's shape in blocks (`gridDim`).
#[inline(always)]
pub fn grid_dim() -> Dim3 {
    // SAFETY: reads the %nctaid special registers.
    unsafe {
        Dim3 {
            x: nvptx::_grid_dim_x() as u32,
            y: nvptx::_grid_dim_y() as u32,
            z: nvptx::_grid_dim_z() as u32,
        }
    }
}
