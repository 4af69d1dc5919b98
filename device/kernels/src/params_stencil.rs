//! Stencil kernel parameters and tile shapes, shared by the stencil kernels (nvptx64) and
//! their launcher (host).
//!
//! Every grid is handled as 3D `[nz, ny, nx]` (row-major, `x` contiguous): a 1D grid is
//! `[1, 1, n]`, a 2D grid `[1, ny, nx]`, and offsets are padded with leading zeros the same
//! way. The kernel is instantiated once per dimension `D` only for its tile shape
//! ([`stencil_tile`]); the number of taps `K` is a run-time value.

use crate::tuning::BLOCK_THREADS;
use parallax_core::DeviceCopy;

/// One stencil point: `off = [dz, dy, dx, tile_offset]` and its weight. The fourth offset
/// word is the point's linear offset inside the block's shared tile, filled in by the kernel
/// (the host leaves it 0), so a tap is 16 bytes of offsets plus the weight with no padding
/// for weights of 4, 8 or 16 bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StencilTap<T> {
    /// `[dz, dy, dx, tile offset]`.
    pub off: [i32; 4],
    /// The weight (the semiring multiplication's left operand).
    pub w: T,
}

// SAFETY: repr(C) of an i32 array and a DeviceCopy weight; all bit patterns valid.
unsafe impl<T: DeviceCopy> DeviceCopy for StencilTap<T> {}

/// Taps that travel inside [`StencilParams`] (no device allocation per call); stencils with
/// more points read them from a device buffer.
pub const STENCIL_INLINE_TAPS: usize = 32;
/// Taps a block copies to shared memory at most; beyond this every tap is read from global
/// memory (cached) and the block runs untiled.
pub const STENCIL_SHARED_TAPS: usize = 1024;
/// Dynamic shared memory a stencil block may use without opting in to more (48 KiB).
pub const STENCIL_SHARED_MAX: usize = 48 * 1024;
/// Output points each thread computes for a `d`-dimensional grid: a block tile is
/// `BLOCK_THREADS * stencil_items(d)` points (2048). Sixteen items would amortize more per
/// 1D block, but LLVM then leaves the 16 accumulators in local memory.
#[inline]
pub const fn stencil_items(_d: usize) -> usize {
    8
}

/// `Boundary` as the kernel reads it (the discriminants of `parallax_core::Boundary`).
pub const BOUNDARY_ZERO: u32 = 0;
/// See [`BOUNDARY_ZERO`].
pub const BOUNDARY_CLAMP: u32 = 1;
/// See [`BOUNDARY_ZERO`].
pub const BOUNDARY_WRAP: u32 = 2;

/// `y[p] = ⊕_k w[k] ⊗ x[resolve(p + off[k])]` over a `[nz, ny, nx]` grid, folded in tap
/// order from the semiring's zero (exactly `parallax_core::reference::stencil`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct StencilParams<T, S> {
    /// Input grid.
    pub x: *const T,
    /// Output grid (does not alias `x`).
    pub y: *mut T,
    /// All `k` taps in device memory when `k > STENCIL_INLINE_TAPS` (else unused).
    pub taps: *const StencilTap<T>,
    /// `[nz, ny, nx]`.
    pub shape: [u64; 3],
    /// Block tiles along `[z, y, x]`; block `b` is tile
    /// `(b / (tiles[1] * tiles[2]), b / tiles[2] % tiles[1], b % tiles[2])`.
    pub tiles: [u64; 3],
    /// Halo below each axis `[z, y, x]`: `max(0, -min offset)`.
    pub lo: [u32; 3],
    /// Halo above each axis: `max(0, max offset)`.
    pub hi: [u32; 3],
    /// Number of taps.
    pub k: u32,
    /// [`BOUNDARY_ZERO`], [`BOUNDARY_CLAMP`] or [`BOUNDARY_WRAP`].
    pub boundary: u32,
    /// 1: the taps are copied to shared memory (`k <= STENCIL_SHARED_TAPS`).
    pub shared_taps: u32,
    /// 1: the block also stages its tile with halo in shared memory (it fits).
    pub tiled: u32,
    /// The first `min(k, STENCIL_INLINE_TAPS)` taps when `k <= STENCIL_INLINE_TAPS`.
    pub inline: [StencilTap<T>; STENCIL_INLINE_TAPS],
    /// The semiring.
    pub s: S,
}

/// H100, Boundary::Zero, f32 (read + write of the grid; copy roof 2967 GB/s): 1D 9 taps on
/// 2^28 1.07 ms (2011 GB/s; 1.21 ms before the one-row staging of `stencil_stage.rs`), 2D
/// 5 × 5 on 8192² 0.577 ms (930 GB/s), 3D 7-point on 512³ 0.926 ms (1160 GB/s). ncu: 2D and
/// 3D issue-bound (schedulers busy: the fold cannot use fma, as the reference rounds the
/// product and the sum separately; 2D spends 51% of its instructions in the tap loop, 3D 27%
/// in staging and 25% in the checked fold of `Zero` edge tiles), 1D latency-bound (4 blocks
/// per SM at 60 registers; stalls on the staging loads and the barrier after them).
///
/// Output points of one block tile along `[z, y, x]` for a `d`-dimensional grid: a 2048-point
/// row segment, 32 rows of 64 (threads: 4 rows of 64), or 8 planes of 8 × 32 (threads: one
/// 8 × 32 plane). Item `j` of thread `t` is tile point `t + 256 j` in row-major order.
#[inline]
pub const fn stencil_tile(d: usize) -> [u32; 3] {
    match d {
        1 => [1, 1, 2048],
        2 => [1, 32, 64],
        _ => [8, 8, 32],
    }
}

/// The tile with halo `[hz, hy, hx]` that a block stages.
#[inline]
pub const fn stencil_halo_tile(d: usize, lo: [u32; 3], hi: [u32; 3]) -> [u64; 3] {
    let t = stencil_tile(d);
    [
        t[0] as u64 + lo[0] as u64 + hi[0] as u64,
        t[1] as u64 + lo[1] as u64 + hi[1] as u64,
        t[2] as u64 + lo[2] as u64 + hi[2] as u64,
    ]
}

/// Byte offset of the staged tile in shared memory: after `k` taps, 16-byte aligned.
#[inline]
pub const fn stencil_tile_offset<T>(k: usize) -> usize {
    (k * core::mem::size_of::<StencilTap<T>>()).div_ceil(16) * 16
}

/// Elements of the staged tile with halo.
#[inline]
pub const fn stencil_tile_items(d: usize, lo: [u32; 3], hi: [u32; 3]) -> u64 {
    let h = stencil_halo_tile(d, lo, hi);
    h[0] * h[1] * h[2]
}

/// `(shared_taps, tiled, shared bytes)` for a `d`-dimensional stencil of `k` taps of `T`
/// with halo `lo`/`hi`.
#[inline]
pub const fn stencil_plan<T>(d: usize, k: usize, lo: [u32; 3], hi: [u32; 3]) -> (u32, u32, usize) {
    if k > STENCIL_SHARED_TAPS {
        return (0, 0, 0);
    }
    let taps = stencil_tile_offset::<T>(k);
    let tile = stencil_tile_items(d, lo, hi) as usize * core::mem::size_of::<T>();
    if taps + tile <= STENCIL_SHARED_MAX {
        (1, 1, taps + tile)
    } else {
        (1, 0, taps)
    }
}

/// Block tiles along `[z, y, x]` for a `d`-dimensional grid of `shape = [nz, ny, nx]`.
#[inline]
pub const fn stencil_tiles(d: usize, shape: [u64; 3]) -> [u64; 3] {
    let t = stencil_tile(d);
    [
        shape[0].div_ceil(t[0] as u64),
        shape[1].div_ceil(t[1] as u64),
        shape[2].div_ceil(t[2] as u64),
    ]
}

// STENCIL_INLINE_TAPS is spelled out in the kernel's tap copy; every tile is the block's
// threads times their items; the 2D/3D tile staging wraps rows at most once per step.
const _: () = {
    assert!(STENCIL_INLINE_TAPS == 32);
    let mut d = 1;
    while d <= 3 {
        let t = stencil_tile(d);
        assert!(t[0] * t[1] * t[2] == BLOCK_THREADS * stencil_items(d) as u32);
        d += 1;
    }
    assert!(BLOCK_THREADS % stencil_tile(2)[2] == 0);
    let t = stencil_tile(3);
    assert!(t[1] * t[2] == BLOCK_THREADS);
};
