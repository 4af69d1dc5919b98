//! Stencil kernel parameters: the grid, its taps and its boundary, as every stencil kernel
//! reads them.

use parallaxis_core::DeviceCopy;

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

/// `Boundary` as the kernel reads it (the discriminants of `parallaxis_core::Boundary`).
pub const BOUNDARY_ZERO: u32 = 0;

/// See [`BOUNDARY_ZERO`].
pub const BOUNDARY_CLAMP: u32 = 1;

/// See [`BOUNDARY_ZERO`].
pub const BOUNDARY_WRAP: u32 = 2;

/// `y[p] = ⊕_k w[k] ⊗ x[resolve(p + off[k])]` over a `[nz, ny, nx]` grid, folded in tap
/// order from the semiring's zero (exactly `parallaxis_core::reference::stencil`).
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
    /// Shared-memory stages for the tile with halo: 0 (it does not fit: the block reads the
    /// grid directly), 1 (one tile at a time), or 2 (the next tile's copies are in flight
    /// while the block computes the current one).
    pub stages: u32,
    /// 1: rows are staged as 16-byte chunks (`size_of::<T>()` divides 16, the grid is 16-byte
    /// aligned, rows of 2D and 3D grids are whole chunks, and the launcher widened the `x`
    /// halo to whole chunks); 0: element by element.
    pub vector: u32,
    /// The first `min(k, STENCIL_INLINE_TAPS)` taps when `k <= STENCIL_INLINE_TAPS`.
    pub inline: [StencilTap<T>; STENCIL_INLINE_TAPS],
    /// The semiring.
    pub s: S,
}
