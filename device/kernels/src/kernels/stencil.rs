//! Stencil map over a semiring, on a `[nz, ny, nx]` grid (1D and 2D grids are 3D grids with
//! leading extents of 1), with `K` taps known only at run time.
//!
//! Each block owns one tile of 2048 output points ([`stencil_tile`]: a 2048-point row segment
//! in 1D, 32 × 64 in 2D, 8 × 8 × 32 in 3D); thread `t` computes tile points `t + 256 j`,
//! `j < 8`, so consecutive lanes own consecutive `x` (coalesced stores, conflict-free shared
//! reads). The block
//!
//! 1. copies the taps to shared memory, adding each tap's linear offset inside the staged tile;
//! 2. stages its tile plus halo (`lo`/`hi` per axis, from the offsets) in shared memory with
//!    coalesced loads, coordinates clamped into the grid so every load is in bounds;
//! 3. computes every point whose whole footprint lies inside the grid from the staged tile,
//!    with no boundary logic, and every other point (within the halo width of an edge) from
//!    global memory through `Boundary::resolve`, exactly as the reference does.
//!
//! Either way a point folds `acc = add(acc, mul(w[k], x[..]))` over the taps in their listed
//! order from the semiring's zero, skipping the terms `Boundary::Zero` drops: the reference's
//! operations in the reference's order, so results are bitwise equal to it for every type.
//! A tile that does not fit in 48 KiB (a huge radius) or more than `STENCIL_SHARED_TAPS` taps
//! runs the boundary path for every point instead.

use crate::simt::{block_index, dynamic_shared, dynamic_shared_at, sync_threads, thread_index};
use crate::stencil_params::{
    stencil_halo_tile, stencil_tile, stencil_tile_offset, StencilParams, StencilTap,
    BOUNDARY_CLAMP, BOUNDARY_ZERO, STENCIL_INLINE_TAPS, STENCIL_ITEMS,
};
use crate::tuning::BLOCK_THREADS;
use parallax_core::{Boundary, Semiring};

const ITEMS: usize = STENCIL_ITEMS;
const THREADS: u32 = BLOCK_THREADS;
/// Tile-staging loads each thread issues before storing them (in flight together).
const LOAD_BATCH: usize = 4;

/// The boundary policy from its kernel encoding.
#[inline(always)]
fn boundary_of(b: u32) -> Boundary {
    match b {
        BOUNDARY_ZERO => Boundary::Zero,
        BOUNDARY_CLAMP => Boundary::Clamp,
        _ => Boundary::Wrap,
    }
}

/// `v` clamped into `0..n` (`n > 0`).
#[inline(always)]
fn clamp_axis(v: i64, n: u64) -> u64 {
    if v < 0 {
        0
    } else if v as u64 >= n {
        n - 1
    } else {
        v as u64
    }
}

/// Tile point `e` (row-major in the tile `[tz, ty, tx]`) as `[z, y, x]`.
#[inline(always)]
fn tile_point<const D: usize>(e: u32) -> [u32; 3] {
    let [_, ty, tx] = stencil_tile(D);
    [e / (tx * ty), (e / tx) % ty, e % tx]
}

/// The stencil at grid point `g = [z, y, x]` through `Boundary::resolve`, reading the grid
/// and the taps (shared or global) directly: the reference's loop.
///
/// # Safety
/// `taps` readable for `p.k` taps; `p.x` readable for the whole grid.
#[inline(always)]
unsafe fn resolved<T: Copy, S: Semiring<T>>(
    p: &StencilParams<T, S>,
    taps: *const StencilTap<T>,
    g: [u64; 3],
) -> T {
    let b = boundary_of(p.boundary);
    let [_, ny, nx] = p.shape;
    let mut acc = p.s.zero();
    for k in 0..p.k as usize {
        // SAFETY: `k < p.k` taps are readable (caller contract).
        let tap = unsafe { taps.add(k).read() };
        let at = |axis: usize| {
            b.resolve(
                g[axis] as i64 + i64::from(tap.off[axis]),
                p.shape[axis] as usize,
            )
        };
        let (Some(cz), Some(cy), Some(cx)) = (at(0), at(1), at(2)) else {
            continue;
        };
        let i = (cz as u64 * ny + cy as u64) * nx + cx as u64;
        // SAFETY: resolved coordinates lie inside the grid.
        let v = unsafe { p.x.add(i as usize).read() };
        acc = p.s.add(acc, p.s.mul(tap.w, v));
    }
    acc
}

/// Copies the taps to shared memory, with each tap's linear offset in a staged tile of
/// `[hz, hy, hx]` in `off[3]`.
///
/// # Safety
/// Shared memory holds `p.k` taps at offset 0; `p.taps` readable for `p.k` taps when
/// `p.k > STENCIL_INLINE_TAPS`. Called by the whole block (no barrier inside).
#[inline(always)]
unsafe fn stage_taps<T: Copy, S: Semiring<T>>(
    p: &StencilParams<T, S>,
    taps: *mut StencilTap<T>,
    halo: [u64; 3],
) {
    let (hy, hx) = (halo[1] as i32, halo[2] as i32);
    let with_offset = |mut tap: StencilTap<T>| {
        tap.off[3] = (tap.off[0] * hy + tap.off[1]) * hx + tap.off[2];
        tap
    };
    let k = p.k as usize;
    let t = thread_index() as usize;
    if k <= STENCIL_INLINE_TAPS {
        // Thread 0 reads the parameter array at constant indices only (a dynamic index
        // would copy the whole parameter struct to local memory in every thread).
        // The statements are spelled out: LLVM does not unroll a loop of 32 copies, and the
        // loop's dynamic index cost 800 bytes of local memory per thread.
        if t == 0 {
            macro_rules! copy_taps {
                ($($i:literal)*) => { $(
                    if $i < k {
                        // SAFETY: `$i < k` taps fit in the shared area.
                        unsafe { taps.add($i).write(with_offset(p.inline[$i])) };
                    }
                )* };
            }
            copy_taps!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
                       16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31);
        }
    } else {
        let mut i = t;
        while i < k {
            // SAFETY: `i < k`: readable in `p.taps`, inside the shared area.
            unsafe { taps.add(i).write(with_offset(p.taps.add(i).read())) };
            i += THREADS as usize;
        }
    }
}

/// Stages the block's tile with halo (origin `origin - lo`, extents `halo`) in `tile`,
/// linear index `m = (z * hy + y) * hx + x`, coordinates clamped into the grid.
///
/// # Safety
/// `tile` holds `halo` elements; `p.x` readable for the whole grid.
#[inline(always)]
unsafe fn stage_tile<T: Copy, S>(
    p: &StencilParams<T, S>,
    tile: *mut T,
    filler: T,
    origin: [u64; 3],
    halo: [u64; 3],
) {
    let [nz, ny, nx] = p.shape;
    let (hy, hx) = (halo[1] as u32, halo[2] as u32);
    let total = (halo[0] * halo[1] * halo[2]) as u32;
    // Thread `t` stages m = t + 256 i; (z, y, x) advance by 256 = q rows + r columns.
    let t = thread_index();
    let (q, r) = (THREADS / hx, THREADS % hx);
    let (mut z, mut y, mut x) = (t / hx / hy, (t / hx) % hy, t % hx);
    let base = |axis: usize| origin[axis] as i64 - i64::from(p.lo[axis]);
    let (bz, by, bx) = (base(0), base(1), base(2));
    let mut m = t;
    while m < total {
        let mut vals = [filler; LOAD_BATCH];
        let first = m;
        for v in vals.iter_mut() {
            if m < total {
                let gz = clamp_axis(bz + i64::from(z), nz);
                let gy = clamp_axis(by + i64::from(y), ny);
                let gx = clamp_axis(bx + i64::from(x), nx);
                // SAFETY: clamped coordinates lie inside the grid.
                *v = unsafe { p.x.add(((gz * ny + gy) * nx + gx) as usize).read() };
            }
            m += THREADS;
            x += r;
            y += q;
            if x >= hx {
                x -= hx;
                y += 1;
            }
            // One wrap is enough: `q + 1 <= hy` for every tile shape (see `stencil_tile`).
            if y >= hy {
                y -= hy;
                z += 1;
            }
        }
        // An index loop: LLVM unrolls it, but not an array's `into_iter()` (which then
        // lives in local memory).
        #[allow(clippy::needless_range_loop)]
        for i in 0..LOAD_BATCH {
            let at = first + THREADS * i as u32;
            if at < total {
                // SAFETY: `at < total`: inside the tile.
                unsafe { tile.add(at as usize).write(vals[i]) };
            }
        }
    }
}

/// The stencil kernel for a `D`-dimensional grid (see the module docs).
///
/// # Safety
/// `x` readable and `y` writable for `nz * ny * nx > 0` elements, not aliasing; the launch
/// provides `stencil_plan`'s shared bytes and `tiles[0] * tiles[1] * tiles[2]` blocks.
#[inline(always)]
pub(crate) unsafe fn stencil<T: Copy, S: Semiring<T>, const D: usize>(p: StencilParams<T, S>) {
    let [tz, ty, tx] = stencil_tile(D);
    let [nz, ny, nx] = p.shape;
    let b = block_index();
    let origin = [
        b / (p.tiles[1] * p.tiles[2]) * u64::from(tz),
        b / p.tiles[2] % p.tiles[1] * u64::from(ty),
        b % p.tiles[2] * u64::from(tx),
    ];
    let t = thread_index();
    let halo = stencil_halo_tile(D, p.lo, p.hi);
    // SAFETY: the launch provides the taps area (when `shared_taps`) at offset 0 and the tile
    // after it (when `tiled`).
    let (taps, tile) = unsafe {
        (
            dynamic_shared::<StencilTap<T>>(),
            dynamic_shared_at::<T>(stencil_tile_offset::<T>(p.k as usize)),
        )
    };
    if p.shared_taps != 0 {
        // SAFETY: shared taps area of `k` taps; the barrier below is reached by all threads.
        unsafe { stage_taps(&p, taps, halo) };
    }
    if p.tiled != 0 {
        // SAFETY: the tile area holds the halo tile.
        unsafe { stage_tile(&p, tile, p.s.zero(), origin, halo) };
    }
    // SAFETY: uniform branch conditions above; every thread reaches this barrier.
    unsafe { sync_threads() };
    let tap_source = if p.shared_taps != 0 {
        taps.cast_const()
    } else {
        p.taps
    };
    let point = |j: usize| {
        let l = tile_point::<D>(t + THREADS * j as u32);
        let g = [
            origin[0] + u64::from(l[0]),
            origin[1] + u64::from(l[1]),
            origin[2] + u64::from(l[2]),
        ];
        (l, g)
    };
    let (lo, hi) = (p.lo, p.hi);
    let inner = |axis: usize, first: u64, last: u64| {
        first >= u64::from(lo[axis]) && last + u64::from(hi[axis]) < p.shape[axis]
    };
    let tile_index = |l: [u32; 3]| {
        (((l[0] + lo[0]) as u64 * halo[1] + (l[1] + lo[1]) as u64) * halo[2]
            + (l[2] + lo[2]) as u64) as i32
    };
    let out = |g: [u64; 3]| ((g[0] * ny + g[1]) * nx + g[2]) as usize;
    let all_inner = p.tiled != 0
        && inner(0, origin[0], origin[0] + u64::from(tz) - 1)
        && inner(1, origin[1], origin[1] + u64::from(ty) - 1)
        && inner(2, origin[2], origin[2] + u64::from(tx) - 1);
    if all_inner {
        // The fast path: every footprint is inside the staged tile; taps outermost so each
        // tap's offset and weight are read once per thread.
        // Item pointers are computed once; a tap then costs one add and a load per item
        // (in 1D the items are 256 elements apart, so the loads share one register).
        let at: [*const T; ITEMS] = core::array::from_fn(|j| {
            // SAFETY: inside the staged tile.
            unsafe { tile.add(tile_index(point(j).0) as usize).cast_const() }
        });
        let mut acc = [p.s.zero(); ITEMS];
        for k in 0..p.k as usize {
            // SAFETY: `k < p.k` taps staged in shared memory.
            let tap = unsafe { taps.add(k).read() };
            let o = tap.off[3] as isize;
            for j in 0..ITEMS {
                // SAFETY: an interior point's footprint lies inside the staged tile.
                let v = unsafe { at[j].offset(o).read() };
                acc[j] = p.s.add(acc[j], p.s.mul(tap.w, v));
            }
        }
        #[allow(clippy::needless_range_loop)]
        for j in 0..ITEMS {
            // SAFETY: the whole tile is inside the grid; one writer per point.
            unsafe { p.y.add(out(point(j).1)).write(acc[j]) };
        }
        return;
    }
    for j in 0..ITEMS {
        let (l, g) = point(j);
        if g[0] >= nz || g[1] >= ny || g[2] >= nx {
            continue;
        }
        let fast =
            p.tiled != 0 && inner(0, g[0], g[0]) && inner(1, g[1], g[1]) && inner(2, g[2], g[2]);
        let v = if fast {
            let base = tile_index(l);
            let mut acc = p.s.zero();
            for k in 0..p.k as usize {
                // SAFETY: as in the fast path above.
                let (tap, v) = unsafe {
                    let tap = taps.add(k).read();
                    (tap, tile.offset((base + tap.off[3]) as isize).read())
                };
                acc = p.s.add(acc, p.s.mul(tap.w, v));
            }
            acc
        } else {
            // SAFETY: `tap_source` holds `k` taps; the grid is readable.
            unsafe { resolved(&p, tap_source, g) }
        };
        // SAFETY: `g` is inside the grid; one writer per point.
        unsafe { p.y.add(out(g)).write(v) };
    }
}

/// `stencil_1d`, `stencil_2d` and `stencil_3d` for each (semiring, type) pair.
macro_rules! stencil_entry_points {
    ($( ($st:ident: $s:ty, $tt:ident: $t:ty) ),* $(,)?) => { $(
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(stencil_1d, $st, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: StencilParams<$t, $s>) {
                // SAFETY: launched by parallax-device's stencil launcher, which upholds the
                // contract.
                unsafe { stencil::<$t, $s, 1>(p) }
            }
        };
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(stencil_2d, $st, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: StencilParams<$t, $s>) {
                // SAFETY: as for stencil_1d.
                unsafe { stencil::<$t, $s, 2>(p) }
            }
        };
        const _: () = {
            #[unsafe(export_name = crate::entry_name!(stencil_3d, $st, $tt))]
            unsafe extern "ptx-kernel" fn entry(p: StencilParams<$t, $s>) {
                // SAFETY: as for stencil_1d.
                unsafe { stencil::<$t, $s, 3>(p) }
            }
        };
    )* };
}
crate::for_each_stencil_instance!(stencil_entry_points);
