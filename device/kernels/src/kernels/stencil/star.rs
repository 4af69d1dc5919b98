//! The 3D 7-point star in `star_3d`'s tap order (`parallaxis_core::STAR_3D_OFFSETS`: centre,
//! `z ∓ 1`, `y ∓ 1`, `x ∓ 1`) on grids whose rows are whole 16-byte chunks: each warp marches
//! one grid row through the planes of its tile with every value it needs in registers.
//!
//! A block tile is [`STAR_TILE`] = 16 planes × 8 rows × 128 columns; warp `w` owns row `w`
//! of it, 4 columns per lane, and walks the tile's planes in `z`. For output plane `z` a lane
//! holds its run of the row in planes `z - 1`, `z` and `z + 1` (a ring of three runs, each
//! loaded once), loads the runs of rows `y ∓ 1` in plane `z` (L1 hits mostly: the block's
//! other warps load them as their own rows), takes the `x ∓ 1` neighbours from the lanes
//! beside it by shuffles (lanes 0 and 31 load theirs), folds the 7 taps of its 4 points and
//! stores them with one 16-byte store (two for 8-byte elements). All loads of the next plane
//! are issued before the current one is folded. No shared memory, no barrier: per warp and
//! plane ~175 instructions for 128 points (SASS, f32: 56 multiplies and adds), where the
//! shared-memory march kernel (`march.rs`, which still serves the 27-point box) took
//! ~200 for 64. Each plane's resolved base is computed once and every load adds a per-lane
//! offset set before the march: recomputing the base per load took ~215 instructions and 80
//! registers (now 64; H100 512³ f32 0.436 → 0.405 ms, same call).
//!
//! Each point folds the 7 taps in the listed order from the semiring's zero, every value read
//! at its coordinates resolved as the boundary does (`Clamp`, `Wrap`); `Boundary::Zero` skips
//! the terms outside the grid (a predicate per plane, per warp or per lane, set once).
//! Results are bitwise those of `parallaxis_core::reference::stencil`.

use super::common::{inline_weights, resolve32, run_neighbours};
use crate::params::stencil::{StencilParams, BOUNDARY_WRAP, BOUNDARY_ZERO};
use crate::policy::common::WARP_THREADS;
use crate::policy::stencil_march::STAR_TILE;
use crate::thread::{block_index, lane, warp_index};
use crate::tile::{load_full, store_full};
use parallaxis_core::Semiring;

/// Columns of one lane's run.
const RUN: usize = 4;

/// One lane's view of its grid row: where, inside a plane, its loads lie.
#[derive(Clone, Copy)]
struct Lane {
    /// First column of the run (may lie past the grid in the last tile of a row).
    x0: u32,
    /// Element offsets inside a plane of the lane's runs in rows `y - 1`, `y`, `y + 1`
    /// (resolved rows). A run past the grid is loaded from the last run inside it, only to
    /// keep the load in bounds: its values are never used.
    runs: [u64; 3],
    /// Element offsets inside a plane of row `y`'s resolved columns `x0 - 1` and `x0 + 4`,
    /// which the lane loads itself when no lane beside it holds them (`loads`: `x0 - 1` on
    /// lane 0, `x0 + 4` on lane 31 and on the last run inside the grid).
    edges: [u64; 2],
    loads: (bool, bool),
    /// Elements per plane.
    plane: u64,
    /// `Boundary::Wrap`.
    wrap: bool,
}

/// What one lane loads of plane `z` besides its own run (which it loaded a plane earlier, as
/// the `z + 1` neighbour of the plane before): its runs in rows `y ∓ 1`, and its edge values
/// in row `y` where it loads them (see [`Lane`]).
#[derive(Clone, Copy)]
struct Around<T> {
    below: [T; RUN],
    above: [T; RUN],
    west: [T; 1],
    east: [T; 1],
}

impl Lane {
    /// The first element of plane `z` (virtual: resolved here).
    #[inline(always)]
    fn plane_at<T, S>(&self, p: &StencilParams<T, S>, z: i32) -> *const T {
        let nz = p.shape[0] as u32;
        p.x.wrapping_add((u64::from(resolve32(z, nz, self.wrap)) * self.plane) as usize)
    }

    /// The lane's run in row `r` (0: `y - 1`, 1: `y`, 2: `y + 1`) of the plane at `plane`, as
    /// whole 16-byte loads.
    ///
    /// # Safety
    /// `plane` from [`Self::plane_at`]; `p.x` readable for the grid, rows whole 16-byte
    /// chunks, 16-byte aligned.
    #[inline(always)]
    unsafe fn run<T: Copy>(&self, plane: *const T, r: usize) -> [T; RUN] {
        // SAFETY: a resolved plane and row; the run lies inside the row, 16-byte aligned (a
        // multiple of 4 columns in an aligned row).
        unsafe { load_full::<T, RUN>(plane.add(self.runs[r] as usize)) }
    }

    /// The lane's [`Around`] of the plane at `plane`.
    ///
    /// # Safety
    /// As [`Self::run`].
    #[inline(always)]
    unsafe fn around<T: Copy>(&self, plane: *const T) -> Around<T> {
        // SAFETY: forwarded.
        let (below, above) = unsafe { (self.run(plane, 0), self.run(plane, 2)) };
        let (mut west, mut east) = ([below[0]], [below[0]]);
        if self.loads.0 {
            // SAFETY: a resolved plane, row and column.
            west = [unsafe { plane.add(self.edges[0] as usize).read() }];
        }
        if self.loads.1 {
            // SAFETY: as above.
            east = [unsafe { plane.add(self.edges[1] as usize).read() }];
        }
        Around {
            below,
            above,
            west,
            east,
        }
    }
}

/// The 7-point star kernel.
///
/// PTX: `parallax_stencil_star3d__<S>__<T>`.
///
/// # Safety
/// `x` readable and `y` writable for the `[nz, ny, nx]` grid, not aliasing, both 16-byte
/// aligned, each extent below 2^31 and `nx` a multiple of 4 whose rows are whole 16-byte
/// chunks; `p.inline` holds the 7 taps in `STAR_3D_OFFSETS` order (offsets reduced below the
/// axis lengths for `Wrap`); `p.tiles` the [`STAR_TILE`] tiles of the grid, at most one block
/// per tile.
#[inline(always)]
pub(crate) unsafe fn stencil_star<T: Copy, S: Semiring<T>>(p: StencilParams<T, S>) {
    let [nz, ny, nx] = p.shape.map(|n| n as u32);
    let [tz, ty, tx] = STAR_TILE;
    // Block `b` is tile `(bz, by, bx)`, `bx` fastest (32-bit: fewer than 2^32 tiles).
    let (tiles_y, tiles_x) = (p.tiles[1] as u32, p.tiles[2] as u32);
    let b = block_index() as u32;
    let row = b / tiles_x;
    let bz = row / tiles_y;
    let (by, bx) = (row - bz * tiles_y, b - row * tiles_x);
    let y = by * ty + warp_index() as u32;
    if y >= ny {
        return;
    }
    let (z0, left) = (bz * tz, bx * tx);
    let z1 = (z0 + tz).min(nz);
    let wrap = p.boundary == BOUNDARY_WRAP;
    let x0 = left + lane() * RUN as u32;
    let row_at = |dy: i32| u64::from(resolve32(y as i32 + dy, ny, wrap)) * u64::from(nx);
    let x_load = u64::from(x0.min(nx - RUN as u32));
    let col_at = |c: i32| u64::from(resolve32(c, nx, wrap));
    let l = lane();
    let at = Lane {
        x0,
        runs: [-1, 0, 1].map(|dy| row_at(dy) + x_load),
        edges: [
            row_at(0) + col_at(x0 as i32 - 1),
            row_at(0) + col_at((x0 + RUN as u32) as i32),
        ],
        loads: (l == 0, l == WARP_THREADS - 1 || x0 + RUN as u32 >= nx),
        plane: u64::from(ny) * u64::from(nx),
        wrap,
    };
    // SAFETY: forwarded contract.
    unsafe { march::<T, S>(&p, at, y, z0, z1) };
}

/// Marches one warp's row `y` through output planes `z0 .. z1`.
///
/// # Safety
/// As [`stencil_star`]; called by all 32 lanes of the warp.
#[inline(always)]
unsafe fn march<T: Copy, S: Semiring<T>>(
    p: &StencilParams<T, S>,
    at: Lane,
    y: u32,
    z0: u32,
    z1: u32,
) {
    let [nz, ny, nx] = p.shape.map(|n| n as u32);
    let s = p.s;
    let w = inline_weights::<T, S, 7>(p);
    // `Zero` drops the terms outside the grid: rows `y ∓ 1` per warp, columns `x ∓ 1` per
    // lane and point (set once), planes `z ∓ 1` per plane.
    let zero = p.boundary == BOUNDARY_ZERO;
    let below_in = !zero || y > 0;
    let above_in = !zero || y + 1 < ny;
    let left_in: [bool; RUN] = core::array::from_fn(|j| !zero || at.x0 + j as u32 >= 1);
    let right_in: [bool; RUN] = core::array::from_fn(|j| !zero || at.x0 + j as u32 + 1 < nx);
    let out_row = u64::from(y) * u64::from(nx);
    // The lane's runs of planes `z - 1`, `z`, `z + 1`, and the rest of plane `z`.
    // SAFETY (all loads): forwarded contract; planes are resolved.
    let plane = |z: u32, dz: i32| at.plane_at(p, z as i32 + dz);
    let mut back = unsafe { at.run(plane(z0, -1), 1) };
    let mut mid = unsafe { at.run(plane(z0, 0), 1) };
    let mut front = unsafe { at.run(plane(z0, 1), 1) };
    let mut around = unsafe { at.around(plane(z0, 0)) };
    let mut z = z0;
    loop {
        let here = around;
        // The next plane's loads, in flight while this one folds.
        let (next_front, next_around) = if z + 1 < z1 {
            // SAFETY: as above.
            unsafe { (at.run(plane(z, 2), 1), at.around(plane(z, 1))) }
        } else {
            (front, around)
        };
        let back_in = !zero || z > 0;
        let front_in = !zero || z + 1 < nz;
        let ([west_edge], [east_edge]) = run_neighbours(&mid, (here.west, here.east), at.loads);
        let mut out = [s.zero(); RUN];
        for j in 0..RUN {
            let west = if j > 0 { mid[j - 1] } else { west_edge };
            let east = if j + 1 < RUN { mid[j + 1] } else { east_edge };
            // The taps in `STAR_3D_OFFSETS` order.
            let mut acc = s.add(s.zero(), s.mul(w[0], mid[j]));
            if back_in {
                acc = s.add(acc, s.mul(w[1], back[j]));
            }
            if front_in {
                acc = s.add(acc, s.mul(w[2], front[j]));
            }
            if below_in {
                acc = s.add(acc, s.mul(w[3], here.below[j]));
            }
            if above_in {
                acc = s.add(acc, s.mul(w[4], here.above[j]));
            }
            if left_in[j] {
                acc = s.add(acc, s.mul(w[5], west));
            }
            if right_in[j] {
                acc = s.add(acc, s.mul(w[6], east));
            }
            out[j] = acc;
        }
        if at.x0 < nx {
            let plane = u64::from(z) * at.plane + out_row + u64::from(at.x0);
            // SAFETY: plane `z < nz`, row `y < ny`, the run inside the row (`nx` is a
            // multiple of 4), 16-byte aligned; one writer per point.
            unsafe { store_full(p.y.add(plane as usize), out) };
        }
        z += 1;
        if z >= z1 {
            break;
        }
        (back, mid, front, around) = (mid, front, next_front, next_around);
    }
}
