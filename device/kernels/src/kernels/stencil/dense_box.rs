//! 2D stencils whose taps are the dense 5 × 5 box in row-major order (the layout of
//! `mask_2d` and `convolve_2d`) over 4-byte elements: each warp marches down a strip of rows
//! with every partial output in registers and the mask in uniform registers.
//!
//! A block tile is [`STENCIL_BOX_BLOCK`] = 256 rows × 128 columns; each of its 8 warps owns
//! one 32-row strip of it ([`STENCIL_BOX_STRIP_ROWS`]), a run of [`STENCIL_BOX_COLS`] = 4
//! columns per lane. The warp reads its strip's rows from `R` above the first to `R` below
//! the last, one row per step, and folds each into the `2R + 1` output rows that read it.
//! Those rows' accumulators are a ring of `2R + 1` runs indexed at compile time (the march
//! is unrolled by `2R + 1` steps); the oldest completes with the step that brings its last
//! row, is stored with one 16-byte store and starts over as the newest. Each input value is
//! loaded once per strip (plus the `2R` rows around it, mostly L2 hits: the neighbouring
//! strip is marched by the next warp of the same block), and a tap costs one multiply and
//! one add per point.
//!
//! Strips of whole aligned 16-byte runs ([`march_ring`]) stream their rows through a ring
//! of [`STENCIL_BOX_RING_ROWS`](crate::policy::stencil::STENCIL_BOX_RING_ROWS) rows per
//! warp in shared memory: each lane copies its run with one 16-byte `cp.async` (lanes 0 and
//! 31 also the `R` columns beyond the warp's edges) two rows ahead, and reads its window of
//! 8 values back with three loads. The copies need no registers, so two rows are in flight
//! while one folds. The other strips ([`march`]: `Zero` edges, rows that are not whole
//! aligned chunks) load each row into registers element by element, take the `R` columns on
//! each side from their neighbours by shuffles, and issue the next row's loads before
//! folding the current one.
//!
//! History, H100, `stencil_gpu --bench`, 5 × 5 f32 `Zero`: a shared-memory tiled kernel (4 ×
//! 4 outputs per thread, 146 registers, one block per SM) ran 8192² in 0.40 ms; the register
//! march 0.286-0.288 (16384² 1.02 ms), held back by its loads (41% of its stalls, ncu) and
//! issue (~270 instructions per warp and row step for 128 outputs, 200 of them the
//! multiplies and adds); the ring 0.252-0.254 ms (16384² 0.90). At the bench's 1.95 GHz
//! the ring (0.236-0.244 ms) saturates neither issue (80% of slots) nor DRAM bandwidth (70%):
//! copying rows as whole 16-byte chunks (~275 instructions a row step instead of ~300, 6%
//! faster at ncu's locked 1.58 GHz), a 4-row ring, 4-5 blocks per SM and other block
//! layouts did not make it faster (`benches/RESULTS.md#h100-2026-11-25-conv2d-experiments`).
//! A CUDA C++ model reaches 85-87% of the roof with a gather fold whose lanes each load their
//! own halo pairs; its Rust ports took 72-90 registers and ran 5-13% slower than this kernel
//! (`benches/RESULTS.md#h100-2026-11-25-conv2d-cuda-model`).
//!
//! Strips that touch the left or right edge under `Boundary::Zero` (terms outside the grid
//! are skipped), and strips that are not whole aligned 16-byte chunks, take one second march
//! with element loads and stores and a per-term check mask set once per strip.
//!
//! Each output folds its taps in the reference's order: input rows ascending (they arrive
//! in that order) and `dx` ascending within a row, from the semiring's zero. Every window
//! value is read at its column resolved as the boundary does ([`resolve32`]), so `Clamp` and
//! `Wrap` need no other logic; `Boundary::Zero` skips the rows outside the grid (a
//! warp-uniform branch) and, in the strips that touch the left or right edge, the terms whose
//! column is outside. Results are bitwise those of `parallaxis_core::reference::stencil`.

use super::common::{inline_weights, resolve32, run_neighbours, window_of};
use crate::params::stencil::{StencilParams, BOUNDARY_WRAP, BOUNDARY_ZERO};
use crate::policy::common::WARP_THREADS;
use crate::policy::stencil::{
    STENCIL_BOX_BLOCK, STENCIL_BOX_COLS as COLS, STENCIL_BOX_RADIUS as R,
    STENCIL_BOX_RING_PITCH as PITCH, STENCIL_BOX_RING_ROWS as RING, STENCIL_BOX_STRIP_ROWS,
};
use crate::thread::{block_index, dynamic_shared_at, lane, sync_warp, warp_index};
use crate::tile::async_copy::{commit, copy_async, wait_all_but};
use crate::tile::{load_full, store_full, Unit};
use parallaxis_core::Semiring;

/// Mask side (5).
const SIDE: usize = 2 * R + 1;
/// Window values a lane holds per row: its run and `R` on each side.
const WINDOW: usize = COLS + 2 * R;

/// Where one lane's part of a strip lies and how it reads a row. Rows and columns are
/// 32-bit: the launcher takes this kernel only for grids of fewer than 2^31 rows and columns.
#[derive(Clone, Copy)]
struct Strip {
    /// First output row and one past the last (`first < end <= ny`).
    first: u32,
    end: u32,
    /// Column of the lane's run (may lie past the grid in the last strip of a row).
    x0: u32,
    /// Resolved columns of the lane's edge pair: lane 0 the `R` left of its run, lane 31 the
    /// `R` right of it (the other lanes' pairs come from their neighbours).
    edge: [u32; R],
    /// `Boundary::Wrap`.
    wrap: bool,
}

/// One row of a lane's loads: its run, and its edge pair when it is lane 0 or 31.
#[derive(Clone, Copy)]
struct Fetched<T> {
    run: [T; COLS],
    edge: [T; R],
}

impl Strip {
    /// The lane's part of the strip that starts at column `left`.
    #[inline(always)]
    fn new(first: u32, end: u32, left: u32, nx: u32, wrap: bool) -> Self {
        let x0 = left + lane() * COLS as u32;
        let edge_at = if lane() == 0 {
            x0 as i32 - R as i32
        } else {
            (x0 + COLS as u32) as i32
        };
        Self {
            first,
            end,
            x0,
            edge: core::array::from_fn(|k| resolve32(edge_at + k as i32, nx, wrap)),
            wrap,
        }
    }

    /// Loads this lane's part of grid row `row` (a virtual row: resolved here), element by
    /// element at resolved columns (the strips [`march_ring`] does not take).
    ///
    /// # Safety
    /// `p.x` readable for the grid.
    #[inline(always)]
    unsafe fn fetch<T: Copy, S>(&self, p: &StencilParams<T, S>, row: i32) -> Fetched<T> {
        let (ny, nx) = (p.shape[1] as u32, p.shape[2] as u32);
        let at = u64::from(resolve32(row, ny, self.wrap)) * u64::from(nx);
        // SAFETY: resolved row `at / nx < ny`.
        let base = unsafe { p.x.add(at as usize) };
        // SAFETY: resolved columns lie inside the row.
        let run: [T; COLS] = core::array::from_fn(|j| unsafe {
            let c = resolve32((self.x0 + j as u32) as i32, nx, self.wrap);
            base.add(c as usize).read()
        });
        let mut edge = [run[0]; R];
        let l = lane();
        if l == 0 || l == WARP_THREADS - 1 {
            // SAFETY: resolved columns lie inside the row.
            edge = self.edge.map(|c| unsafe { base.add(c as usize).read() });
        }
        Fetched { run, edge }
    }

    /// Stores a completed run of output row `y`: the columns inside the grid.
    ///
    /// # Safety
    /// `y < ny`; `p.y` writable for the grid; one writer per point; `VECTOR` as for `fetch`.
    #[inline(always)]
    unsafe fn store<T: Copy, S, const VECTOR: bool>(
        &self,
        p: &StencilParams<T, S>,
        y: u32,
        run: [T; COLS],
    ) {
        let nx = p.shape[2] as u32;
        // SAFETY: row `y < ny`.
        let row = unsafe { p.y.add((u64::from(y) * u64::from(nx)) as usize) };
        if VECTOR {
            // SAFETY: the run lies inside the row, 16-byte aligned (`VECTOR`).
            unsafe { store_full(row.add(self.x0 as usize), run) };
        } else {
            for (j, &v) in run.iter().enumerate() {
                let c = self.x0 + j as u32;
                if c < nx {
                    // SAFETY: column `c < nx`.
                    unsafe { row.add(c as usize).write(v) };
                }
            }
        }
    }
}

/// The lane's window of a fetched row: `R` values from the lane on the left (or its own edge
/// pair on lane 0), its run, `R` from the lane on the right (or its edge pair on lane 31).
/// Called by all 32 lanes together.
#[inline(always)]
fn window<T: Copy>(f: Fetched<T>) -> [T; WINDOW] {
    let l = lane();
    let (west, east) = run_neighbours(&f.run, (f.edge, f.edge), (l == 0, l == WARP_THREADS - 1));
    window_of(&west, &f.run, &east)
}

/// The dense 5 × 5 box kernel.
///
/// PTX: `parallax_stencil_box2d_r2__<S>__<T>`.
///
/// # Safety
/// `x` readable and `y` writable for the `[1, ny, nx]` grid, not aliasing, with
/// `ny, nx < 2^31`; `p.inline` holds the 25 taps of the dense row-major box (offsets reduced
/// below the axis lengths for `Wrap`); `p.tiles` the [`STENCIL_BOX_BLOCK`] tiles of the grid,
/// at most one block per tile; `p.vector` only when rows are whole, 16-byte aligned 16-byte
/// chunks, and then `stencil_box_shared_bytes` of dynamic shared memory.
#[inline(always)]
pub(crate) unsafe fn stencil_box<T: Copy, S: Semiring<T>>(p: StencilParams<T, S>) {
    let (ny, nx) = (p.shape[1] as u32, p.shape[2] as u32);
    // Block `b` is tile `(b / tiles_x, b % tiles_x)`: its warps march the tile's 128-column
    // strip through 8 consecutive `STENCIL_BOX_STRIP_ROWS`-row segments, one each.
    let tiles_x = p.tiles[2] as u32;
    let b = block_index() as u32;
    let (by, bx) = (b / tiles_x, b % tiles_x);
    let rows = STENCIL_BOX_STRIP_ROWS;
    let first = by * STENCIL_BOX_BLOCK[1] + warp_index() as u32 * rows;
    if first >= ny {
        return;
    }
    let end = first + rows.min(ny - first);
    let width = STENCIL_BOX_BLOCK[2];
    let left = bx * width;
    // Warp-uniform choices: `Zero` drops terms whose column is outside the grid, which only
    // strips within `R` of the left or right edge have; 16-byte loads and stores need aligned
    // rows and the whole strip inside the grid.
    let zero = p.boundary == BOUNDARY_ZERO;
    let aligned = p.vector != 0 && (p.y as usize) % 16 == 0;
    let right = u64::from(left) + u64::from(width);
    let checked = zero && (left < R as u32 || right + R as u64 > u64::from(nx));
    let vector = aligned && right <= u64::from(nx);
    let strip = Strip::new(first, end, left, nx, p.boundary == BOUNDARY_WRAP);
    // SAFETY: forwarded contract; 16-byte accesses only where `vector` allows them.
    unsafe {
        if vector && !checked {
            march_ring::<T, S>(&p, strip);
        } else {
            march::<T, S>(&p, strip, checked);
        }
    }
}

/// Marches one warp down a strip that [`march_ring`] does not take (a `Zero` edge, or rows
/// that are not whole aligned 16-byte chunks), with element loads and stores. `checked`:
/// `Boundary::Zero` in a strip that touches the left or right edge, where terms whose column
/// is outside the grid are skipped.
///
/// # Safety
/// As [`stencil_box`]; called by all 32 lanes of the warp.
#[inline(always)]
unsafe fn march<T: Copy, S: Semiring<T>>(p: &StencilParams<T, S>, strip: Strip, checked: bool) {
    let (ny, nx) = (p.shape[1] as u32, p.shape[2] as u32);
    // In uniform registers.
    let w = inline_weights::<T, S, { SIDE * SIDE }>(p);
    let zero = p.boundary == BOUNDARY_ZERO;
    // Window position `k` reads column `x0 - R + k`: inside the grid or dropped (`Zero`).
    let kept: [bool; WINDOW] = core::array::from_fn(|k| {
        let c = i64::from(strip.x0) - R as i64 + k as i64;
        !checked || (0..i64::from(nx)).contains(&c)
    });
    // Step `i` reads virtual row `top + i` and completes output row `first - 2R + i`.
    let steps = strip.end - strip.first + 2 * R as u32;
    let top = strip.first as i32 - R as i32;
    let mut acc = [[p.s.zero(); COLS]; SIDE];
    // The next row's loads are issued before a row is folded (two rows in flight took 96
    // registers, two blocks per SM: 8192² in 0.317 ms against 0.291).
    // SAFETY (all fetches): forwarded contract; rows past the strip are not fetched.
    let mut next = unsafe { strip.fetch::<T, S>(p, top) };
    let mut i = 0_u32;
    loop {
        // Step `i` with `i % SIDE == phase`: the ring slot `(phase + 2R - d) % SIDE` holds the
        // output that takes this row as its mask row `d`; slot `phase` completes.
        unroll!(phase in SIDE; 0 1 2 3 4; {
            if i >= steps {
                break;
            }
            let row = top + i as i32;
            let fetched = next;
            if i + 1 < steps {
                next = unsafe { strip.fetch::<T, S>(p, row + 1) };
            }
            let win = window(fetched);
            if !zero || (row >= 0 && (row as u32) < ny) {
                fold_row(p.s, &w, &win, &kept, &mut acc, phase);
            }
            if i >= 2 * R as u32 {
                // SAFETY: row `first + i - 2R < end <= ny`; one writer per point.
                unsafe { strip.store::<T, S, false>(p, strip.first + i - 2 * R as u32, acc[phase]) };
            }
            acc[phase] = [p.s.zero(); COLS];
            i += 1;
        });
    }
}

/// The fold of one row into the ring of partial outputs: the row is mask row `d` of the
/// output in slot `(phase + 2R - d) % SIDE`.
#[inline(always)]
fn fold_row<T: Copy, S: Semiring<T>>(
    s: S,
    w: &[T; SIDE * SIDE],
    win: &[T; WINDOW],
    kept: &[bool; WINDOW],
    acc: &mut [[T; COLS]; SIDE],
    phase: usize,
) {
    unroll!(d in SIDE; 0 1 2 3 4; {
        let slot = (phase + 2 * R + SIDE - d) % SIDE;
        unroll!(dx in SIDE; 0 1 2 3 4; {
            unroll!(j in COLS; 0 1 2 3 4 5 6 7; {
                // `j < COLS`: the bound only keeps the arms past `COLS` (never run) inside
                // the arrays for the compiler.
                let (o, k) = (j.min(COLS - 1), (j + dx).min(WINDOW - 1));
                if kept[k] {
                    let t = s.mul(w[d * SIDE + dx], win[k]);
                    acc[slot][o] = s.add(acc[slot][o], t);
                }
            });
        });
    });
}

/// [`march`] for a strip of whole, aligned 16-byte runs without checks, through a ring of
/// `RING` rows per warp in shared memory: each step issues the `cp.async` copies of the row
/// `RING - 1` ahead (each lane its 16-byte run, lanes 0 and 31 their edge pairs), waits for
/// the current row's, and reads the lane's window of 8 values as 8 + 16 + 8 bytes from the
/// ring. The copies need no registers, so `RING - 1` rows are in flight while one folds
/// (the register march had one: its loads were 41% of its stalls).
///
/// # Safety
/// As [`stencil_box`], with the launch's `stencil_box_shared_bytes` of dynamic shared
/// memory; called by all 32 lanes of the warp.
#[inline(always)]
unsafe fn march_ring<T: Copy, S: Semiring<T>>(p: &StencilParams<T, S>, strip: Strip) {
    let (ny, nx) = (p.shape[1] as u32, p.shape[2] as u32);
    let w = inline_weights::<T, S, { SIDE * SIDE }>(p);
    let zero = p.boundary == BOUNDARY_ZERO;
    let kept = [true; WINDOW];
    let steps = strip.end - strip.first + 2 * R as u32;
    let top = strip.first as i32 - R as i32;
    let l = lane() as usize;
    // SAFETY: this warp's ring inside the launch's dynamic shared memory.
    let ring =
        unsafe { dynamic_shared_at::<T>(warp_index() * RING * PITCH * core::mem::size_of::<T>()) };
    // Copies step `i`'s row into slot `i % RING` (nothing past the strip) and closes the
    // group, empty or not, so every lane counts groups alike.
    // SAFETY (every `issue`): resolved rows and columns lie inside the grid; the slot is not
    // read until the lane has waited for this group and the warp has synchronized.
    let issue = |i: u32| unsafe {
        if i < steps {
            let row = resolve32(top + i as i32, ny, strip.wrap);
            let base = p.x.add((u64::from(row) * u64::from(nx)) as usize);
            let slot = ring.add((i as usize % RING) * PITCH);
            copy_async(
                slot.add(2 * R + COLS * l).cast::<Unit>(),
                base.add(strip.x0 as usize).cast::<Unit>(),
            );
            if l == 0 || l == WARP_THREADS as usize - 1 {
                let at = if l == 0 {
                    R
                } else {
                    2 * R + COLS * WARP_THREADS as usize
                };
                for (k, &c) in strip.edge.iter().enumerate() {
                    copy_async(slot.add(at + k), base.add(c as usize));
                }
            }
        }
        commit();
    };
    unroll!(k in RING - 1; 0 1 2 3 4 5 6; {
        issue(k as u32);
    });
    let mut acc = [[p.s.zero(); COLS]; SIDE];
    let mut i = 0_u32;
    loop {
        unroll!(phase in SIDE; 0 1 2 3 4; {
            if i >= steps {
                break;
            }
            // SAFETY: the whole warp is here; every lane is done with the slot refilled next
            // (read in step i - 1).
            unsafe { sync_warp() };
            issue(i + RING as u32 - 1);
            // SAFETY: step i's group is the oldest of the RING in flight; the warp barrier
            // makes every lane's copies of it visible.
            unsafe {
                wait_all_but(RING as u32 - 1);
                sync_warp();
            }
            let row = top + i as i32;
            if !zero || (row >= 0 && (row as u32) < ny) {
                // The lane's window is ring columns 2 + 4l ..= 9 + 4l (the run at 4 + 4l).
                // SAFETY: inside the slot, aligned for the loads' widths.
                let win: [T; WINDOW] = unsafe {
                    let at = ring.add((i as usize % RING) * PITCH + COLS * l);
                    let west: [T; R] = load_full(at.add(R));
                    let run: [T; COLS] = load_full(at.add(2 * R));
                    let east: [T; R] = load_full(at.add(2 * R + COLS));
                    window_of(&west, &run, &east)
                };
                fold_row(p.s, &w, &win, &kept, &mut acc, phase);
            }
            if i >= 2 * R as u32 {
                // SAFETY: row `first + i - 2R < end <= ny`; one writer per point.
                unsafe { strip.store::<T, S, true>(p, strip.first + i - 2 * R as u32, acc[phase]) };
            }
            acc[phase] = [p.s.zero(); COLS];
            i += 1;
        });
    }
    // No copies are left in flight: the last RING - 1 groups were empty.
}
