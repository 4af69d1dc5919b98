//! Shapes of the z-marching 3D stencil kernels (`kernels/stencil/march.rs`), shared by the
//! kernels and their launcher: the radius-1 tap patterns they are compiled for, the tile one
//! block marches through, and its ring of staged planes.
//!
//! A block owns a column of `MARCH_TILE_X × MARCH_TILE_ROWS` output points in `x, y`
//! and marches it through up to [`MARCH_PLANES`] consecutive planes in `z`. Each staged plane
//! (the column's rows with a halo of 1 row and [`MARCH_HALO_X`] columns) is copied once into a
//! ring of [`march_ring`] planes and read by the three output planes that need it, so a point
//! costs `1 + 2 / 64` planes of
//! staging instead of the general kernel's `(8 + 2) / 8` (and in `x, y` `72 · 10 / (64 · 8)`
//! instead of `40 · 10 / (32 · 8)`). Tap positions are compile-time constants, so every tap of
//! every point is one shared load at a constant offset, one multiply and one add.

/// Planes, rows and columns of one block tile of the 7-point star kernel
/// (`kernels/stencil/star.rs`): each of its 8 warps marches one 128-column row (4 columns per
/// lane) through the 16 planes. Each tile also reads its row runs of the 2 planes around it.
/// 16 planes were the fastest of 16-128: more, shorter tiles balance the SMs better than
/// fewer planes read again cost: `benches/RESULTS.md#h100-2026-11-24-register-march`.
pub const STAR_TILE: [u32; 3] = [16, 8, 128];

/// Output columns of a march tile: one per thread of a 64-thread row group, so a warp reads
/// 32 consecutive shared words (no bank conflicts) and stores 128 contiguous bytes.
pub const MARCH_TILE_X: u32 = 64;
/// Staged columns on each side of a march tile: radius 1 widened to a whole 16-byte chunk of
/// `f32` (two of `f64`), so that staged rows start chunk-aligned in the grid and in shared
/// memory.
pub const MARCH_HALO_X: u32 = 4;
/// Row pitch (elements) of a staged plane: the tile's 64 columns and 4 on each side.
pub const MARCH_PITCH: u32 = MARCH_TILE_X + 2 * MARCH_HALO_X;
/// Output planes one block marches through per work item; the last item of a column may be
/// shorter. Each item stages `MARCH_PLANES + 2` planes, and its first copies are waited for
/// with nothing to overlap them. 64 was the best of 32 / 64 / 128 for the star and the box:
/// `benches/RESULTS.md#h100-2026-11-24-stencil-march`.
pub const MARCH_PLANES: u32 = 64;
/// Threads per row group: a block's 256 threads are 4 rows of [`MARCH_TILE_X`].
pub const MARCH_ROW_GROUPS: u32 = crate::policy::common::BLOCK_THREADS / MARCH_TILE_X;

/// Output rows of a march tile: 2 per thread. With 4 per thread (16 rows) the `f32` star
/// kernel took 101 registers against 56, two blocks per multiprocessor instead of four.
/// Measured: `benches/RESULTS.md#h100-2026-11-24-stencil-march`.
pub const MARCH_TILE_ROWS: u32 = 8;

/// Output points per thread and plane, the kernels' item count (2).
pub const MARCH_ITEMS: usize = (MARCH_TILE_ROWS / MARCH_ROW_GROUPS) as usize;

/// Elements of one staged plane: `MARCH_TILE_ROWS + 2` rows of [`MARCH_PITCH`].
pub const MARCH_PLANE_LEN: usize = (MARCH_TILE_ROWS + 2) as usize * MARCH_PITCH as usize;

/// Staged planes per block for `size`-byte elements: the three an output plane reads
/// (`z - 1, z, z + 1`) and as many in flight as fit in 48 KiB, at most 10
/// (`cp.async.wait_group` counts at most 7 groups): f32 10 planes (7 in flight), f64 8.
/// With 5 planes (two in flight) the kernel was slower than the general one: about 45 KB in
/// flight per multiprocessor are needed to cover the memory's latency at full bandwidth:
/// `benches/RESULTS.md#h100-2026-11-24-stencil-march`.
#[inline]
pub const fn march_ring(size: usize) -> u32 {
    let fit = (crate::policy::stencil::STENCIL_SHARED_MAX / (MARCH_PLANE_LEN * size)) as u32;
    if fit > 10 {
        10
    } else {
        fit
    }
}

/// Dynamic shared memory of a march block: [`march_ring`] planes (f32: 28.1 KiB, f64:
/// 45 KiB). Every plane is a whole number of 16-byte chunks (`MARCH_PITCH · size` is).
#[inline]
pub const fn march_shared_bytes(size: usize) -> usize {
    march_ring(size) as usize * MARCH_PLANE_LEN * size
}

/// The 7-point star in the order of `parallaxis::star_3d`: centre, then `z - 1, z + 1,
/// y - 1, y + 1, x - 1, x + 1` (`[dz, dy, dx]`).
pub const STENCIL_STAR7: [[i32; 3]; 7] = parallaxis_core::STAR_3D_OFFSETS;

/// The dense 3 × 3 × 3 box in row-major order (`parallaxis::mask_3d` with sides of 3).
pub const STENCIL_BOX27: [[i32; 3]; 27] = {
    let mut o = [[0; 3]; 27];
    let mut k = 0;
    while k < 27 {
        let k32 = k as i32;
        o[k] = [k32 / 9 - 1, (k32 / 3) % 3 - 1, k32 % 3 - 1];
        k += 1;
    }
    o
};

/// The march kernels' patterns, by kernel index: 0 the star, 1 the box.
pub const MARCH_PATTERNS: [&[[i32; 3]]; 2] = [&STENCIL_STAR7, &STENCIL_BOX27];

/// Which march pattern `offsets` (`[dz, dy, dx]` per tap, in order) is exactly, if any: the
/// kernels fold taps in their compile-time order, which must be the caller's for results
/// bitwise equal to the reference.
///
/// ```
/// use parallaxis_kernels::policy::stencil_march::{stencil_march_pattern, STENCIL_BOX27,
/// STENCIL_STAR7}; assert_eq!(stencil_march_pattern(&STENCIL_STAR7), Some(0));
/// assert_eq!(stencil_march_pattern(&STENCIL_BOX27), Some(1)); let mut swapped = STENCIL_STAR7;
/// swapped.swap(1, 2); assert_eq!(stencil_march_pattern(&swapped), None);
/// assert_eq!(stencil_march_pattern(&STENCIL_STAR7[..6]), None);
/// ```
#[cfg(not(target_arch = "nvptx64"))] // the slice comparison calls `memcmp`, which PTX lacks
pub fn stencil_march_pattern(offsets: &[[i32; 3]]) -> Option<usize> {
    MARCH_PATTERNS.iter().position(|p| *p == offsets)
}

// A row group is one tile row; the items of a thread are whole rows; both rings fit the
// dynamic shared memory a block gets without opting in.
const _: () = {
    assert!(MARCH_ROW_GROUPS * MARCH_TILE_X == crate::policy::common::BLOCK_THREADS);
    assert!(MARCH_TILE_ROWS % MARCH_ROW_GROUPS == 0);
    assert!(march_ring(4) >= 4 && march_ring(8) >= 4);
    assert!((MARCH_PITCH as usize * 4) % 16 == 0);
};
