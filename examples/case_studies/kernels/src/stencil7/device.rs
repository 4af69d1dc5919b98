//! The five kernels of the ladder.

use super::{HaloTiles, PlainTiles, Stencil7Params, BLOCK_X, BLOCK_Y, C0, C1};
use parallaxis_kernels::thread::{block_idx, dynamic_shared, sync_threads, thread_idx};

/// The input grid, read with zero boundaries.
struct Grid {
    x: *const f32,
    nx: usize,
    ny: usize,
    nz: usize,
}

impl Grid {
    /// The launch's grid, or `None` when a buffer is shorter than the shape (then every
    /// thread of every block returns before any barrier).
    #[inline(always)]
    fn of(p: &Stencil7Params<'_>) -> Option<Grid> {
        let (nx, ny, nz) = (p.nx as usize, p.ny as usize, p.nz as usize);
        let n = nx * ny * nz;
        (p.x.len() as usize >= n && p.y.len() as usize >= n).then_some(Grid {
            x: p.x.as_ptr(),
            nx,
            ny,
            nz,
        })
    }

    /// `x[k][j][i]`, or 0 outside the grid (`i`, `j`, `k` of `-1` arrive wrapped to
    /// `usize::MAX`, which fails the test).
    #[inline(always)]
    fn get(&self, i: usize, j: usize, k: usize) -> f32 {
        if i < self.nx && j < self.ny && k < self.nz {
            // SAFETY: inside the grid: below `nx * ny * nz <= x.len()` (`Grid::of`).
            unsafe { self.x.add((k * self.ny + j) * self.nx + i).read() }
        } else {
            0.0
        }
    }
}

/// The stencil at one point, from its centre and six neighbours.
#[inline(always)]
fn star(cur: f32, [xm, xp, ym, yp, zm, zp]: [f32; 6]) -> f32 {
    C0 * cur + C1 * (((xm + xp) + (ym + yp)) + (zm + zp))
}

/// This thread's `(i, j)` column and the block's threads' position in it.
#[inline(always)]
fn column() -> (usize, usize, usize, usize) {
    let (t, b) = (thread_idx(), block_idx());
    let (tx, ty) = (t.x as usize, t.y as usize);
    let i = b.x as usize * BLOCK_X as usize + tx;
    let j = b.y as usize * BLOCK_Y as usize + ty;
    (i, j, tx % BLOCK_X as usize, ty % BLOCK_Y as usize)
}

/// Writes `v` at `(i, j, k)` when the point is in the grid.
///
/// # Safety
/// No other thread of the launch writes the same point, and none reads `y`.
#[inline(always)]
unsafe fn put(p: &Stencil7Params<'_>, g: &Grid, (i, j, k): (usize, usize, usize), v: f32) {
    if i < g.nx && j < g.ny && k < g.nz {
        // SAFETY: inside the grid, below `nx * ny * nz <= y.len()` (`Grid::of`); race-free
        // (caller).
        unsafe { p.y.as_mut_ptr().add((k * g.ny + j) * g.nx + i).write(v) };
    }
}

/// The six neighbours of `(i, j, k)`, all from global memory.
#[inline(always)]
fn neighbours(g: &Grid, i: usize, j: usize, k: usize) -> [f32; 6] {
    let (im, jm, km) = (i.wrapping_sub(1), j.wrapping_sub(1), k.wrapping_sub(1));
    [
        g.get(im, j, k),
        g.get(i + 1, j, k),
        g.get(i, jm, k),
        g.get(i, j + 1, k),
        g.get(i, j, km),
        g.get(i, j, k + 1),
    ]
}

/// 1. One thread per point (grid z = planes).
///
/// # Safety
/// Blocks of `(BLOCK_X, BLOCK_Y)` threads, grid `(ceil(nx/32), ceil(ny/8), nz)`.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn stencil7_naive(p: Stencil7Params<'_>) {
    let Some(g) = Grid::of(&p) else { return };
    let (i, j, _, _) = column();
    let k = block_idx().z as usize;
    let v = star(g.get(i, j, k), neighbours(&g, i, j, k));
    // SAFETY: one thread per point.
    unsafe { put(&p, &g, (i, j, k), v) };
}

/// 2. One thread per column, 7 loads a point.
///
/// # Safety
/// Blocks of `(BLOCK_X, BLOCK_Y)` threads, grid `(ceil(nx/32), ceil(ny/8), 1)`.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn stencil7_pencil(p: Stencil7Params<'_>) {
    let Some(g) = Grid::of(&p) else { return };
    let (i, j, _, _) = column();
    for k in 0..g.nz {
        let v = star(g.get(i, j, k), neighbours(&g, i, j, k));
        // SAFETY: one thread per column, so per point.
        unsafe { put(&p, &g, (i, j, k), v) };
    }
}

/// 3. One thread per column, `prev`/`cur`/`next` in registers: 5 loads a point.
///
/// # Safety
/// As [`stencil7_pencil`].
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn stencil7_registers(p: Stencil7Params<'_>) {
    let Some(g) = Grid::of(&p) else { return };
    let (i, j, _, _) = column();
    let (mut prev, mut cur) = (0.0, g.get(i, j, 0));
    for k in 0..g.nz {
        let next = g.get(i, j, k + 1);
        let (im, jm) = (i.wrapping_sub(1), j.wrapping_sub(1));
        let plane = [
            g.get(im, j, k),
            g.get(i + 1, j, k),
            g.get(i, jm, k),
            g.get(i, j + 1, k),
        ];
        let v = star(cur, [plane[0], plane[1], plane[2], plane[3], prev, next]);
        // SAFETY: one thread per column, so per point.
        unsafe { put(&p, &g, (i, j, k), v) };
        (prev, cur) = (cur, next);
    }
}

/// 4. As [`stencil7_registers`], the plane's in-tile neighbours from shared memory and the
/// others loaded from global memory where a thread needs them.
///
/// # Safety
/// As [`stencil7_pencil`], with `size_of::<PlainTiles>()` bytes of dynamic shared memory.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn stencil7_shared_global_halo(p: Stencil7Params<'_>) {
    let Some(g) = Grid::of(&p) else { return };
    // SAFETY: the launch provides a `PlainTiles` of dynamic shared memory (contract).
    let tiles = unsafe { &mut *dynamic_shared::<PlainTiles>() };
    let (i, j, tx, ty) = column();
    let (bx, by) = (BLOCK_X as usize - 1, BLOCK_Y as usize - 1);
    let (im, jm) = (i.wrapping_sub(1), j.wrapping_sub(1));
    let (mut prev, mut cur) = (0.0, g.get(i, j, 0));
    for k in 0..g.nz {
        let next = g.get(i, j, k + 1);
        let tile = &mut tiles[k % 2];
        tile[ty][tx] = cur;
        // SAFETY: every thread of the block runs every plane (threads outside the grid
        // included), so all reach the barrier; the tiles alternate, so this plane's writes
        // cannot race the last plane's reads.
        unsafe { sync_threads() };
        let xm = if tx > 0 {
            tile[ty][tx - 1]
        } else {
            g.get(im, j, k)
        };
        let xp = if tx < bx {
            tile[ty][tx + 1]
        } else {
            g.get(i + 1, j, k)
        };
        let ym = if ty > 0 {
            tile[ty - 1][tx]
        } else {
            g.get(i, jm, k)
        };
        let yp = if ty < by {
            tile[ty + 1][tx]
        } else {
            g.get(i, j + 1, k)
        };
        // SAFETY: one thread per column, so per point.
        unsafe { put(&p, &g, (i, j, k), star(cur, [xm, xp, ym, yp, prev, next])) };
        (prev, cur) = (cur, next);
    }
}

/// 5. As [`stencil7_shared_global_halo`], with a halo in the tile that the block's edge
/// threads load, so every in-plane neighbour comes from shared memory.
///
/// # Safety
/// As [`stencil7_pencil`], with `size_of::<HaloTiles>()` bytes of dynamic shared memory.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn stencil7_shared_halo_tile(p: Stencil7Params<'_>) {
    let Some(g) = Grid::of(&p) else { return };
    // SAFETY: the launch provides a `HaloTiles` of dynamic shared memory (contract).
    let tiles = unsafe { &mut *dynamic_shared::<HaloTiles>() };
    let (i, j, tx, ty) = column();
    let (bx, by) = (BLOCK_X as usize - 1, BLOCK_Y as usize - 1);
    let (im, jm) = (i.wrapping_sub(1), j.wrapping_sub(1));
    let (mut prev, mut cur) = (0.0, g.get(i, j, 0));
    for k in 0..g.nz {
        let next = g.get(i, j, k + 1);
        let tile = &mut tiles[k % 2];
        tile[ty + 1][tx + 1] = cur;
        if tx == 0 {
            tile[ty + 1][0] = g.get(im, j, k);
        }
        if tx == bx {
            tile[ty + 1][bx + 2] = g.get(i + 1, j, k);
        }
        if ty == 0 {
            tile[0][tx + 1] = g.get(i, jm, k);
        }
        if ty == by {
            tile[by + 2][tx + 1] = g.get(i, j + 1, k);
        }
        // SAFETY: as in `stencil7_shared_global_halo`.
        unsafe { sync_threads() };
        let (xm, xp) = (tile[ty + 1][tx], tile[ty + 1][tx + 2]);
        let (ym, yp) = (tile[ty][tx + 1], tile[ty + 2][tx + 1]);
        // SAFETY: one thread per column, so per point.
        unsafe { put(&p, &g, (i, j, k), star(cur, [xm, xp, ym, yp, prev, next])) };
        (prev, cur) = (cur, next);
    }
}
