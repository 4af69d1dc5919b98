//! The hand-written kernel: the same search, one query per thread, the points staged
//! through shared memory a tile of [`TILE`] at a time, so each point is read from global
//! memory once per block instead of once per thread. Each thread scans a tile as four
//! interleaved runs ([`RUNS`] independent `Nearest` answers, merged at the end): four
//! compares in flight instead of one chain, and one 16-byte shared load per four points.

use parallaxis_kernels::args::{In, Out};

/// Points per shared tile (`B`), and threads per block: each thread stages one point.
pub const TILE: u32 = 256;
/// Independent runs a thread splits a tile into (point `j` goes to run `j % RUNS`).
pub const RUNS: usize = 4;
/// [`RUNS`] consecutive points of a tile, 16-byte aligned: one vector load from shared memory.
#[repr(C, align(16))]
#[derive(Clone, Copy, Debug)]
pub struct Group(pub [f32; RUNS]);
/// The tile in shared memory.
pub type Tile = [Group; TILE as usize / RUNS];
/// The entry point's name (`#[no_mangle]` below).
pub const ENTRY: &str = "nearest_neighbour_tiled";

/// `nearest[i]` = the index of the point nearest to `queries[i]`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TiledParams<'a> {
    /// `M` queries.
    pub queries: In<'a, f32>,
    /// `N` points (`N < u32::MAX`, checked by the launcher).
    pub points: In<'a, f32>,
    /// `M` answers.
    pub nearest: Out<'a, u32>,
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::{Group, Tile, TiledParams, RUNS, TILE};
    use crate::nearest::Nearest;
    use parallaxis_kernels::thread::{block_index, dynamic_shared, sync_threads, thread_index};

    /// One query per thread, blocks of [`TILE`] threads; the block walks the points tile by
    /// tile. A short last tile is padded with NaN, which is never nearer (so every tile is
    /// scanned whole, without a bound in the inner loop); a thread past the last query still
    /// stages points and reaches every barrier, and writes nothing.
    ///
    /// # Safety
    /// Launched by [`super::nearest_tiled`]: blocks of `(TILE, 1, 1)` threads,
    /// `size_of::<Tile>()` bytes of dynamic shared memory, `points.len() < u32::MAX`.
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn nearest_neighbour_tiled(p: TiledParams<'_>) {
        // SAFETY: the launch provides a `Tile` of dynamic shared memory (contract).
        let tile = unsafe { dynamic_shared::<Tile>() };
        let t = thread_index() % TILE;
        let i = block_index() * u64::from(TILE) + u64::from(t);
        let q = p.queries.get(i).unwrap_or(f32::NAN);
        let mut runs = [Nearest::NONE; RUNS];
        let mut base = 0_u64;
        while base < p.points.len() {
            let point = p.points.get(base + u64::from(t)).unwrap_or(f32::NAN);
            // SAFETY: the loop's bound is uniform in the block, so every thread reaches both
            // barriers; the first orders this store after every read of the previous tile,
            // the second every read of this tile after all its stores. `t < TILE`: inside.
            unsafe {
                sync_threads();
                tile.cast::<f32>().add(t as usize).write(point);
                sync_threads();
            }
            for g in 0..TILE as usize / RUNS {
                // SAFETY: group `g < TILE / RUNS` of the tile, written before the barrier.
                let group = unsafe { tile.cast::<Group>().add(g).read() };
                for (r, run) in runs.iter_mut().enumerate() {
                    // Below `u32::MAX` (launcher contract) wherever the point is real; a NaN
                    // pad's index is never kept.
                    run.offer(q, group.0[r], (base as usize + g * RUNS + r) as u32);
                }
            }
            base += u64::from(TILE);
        }
        let best = runs.iter().fold(Nearest::NONE, |a, &b| a.merge(b));
        // SAFETY: each query's answer is written by its one thread; `write` skips `i` past
        // the end (the last block's spare threads).
        unsafe { p.nearest.write(i, best.index) };
    }
}

#[cfg(all(not(target_arch = "nvptx64"), feature = "cuda"))]
mod host {
    use super::{Tile, TiledParams, ENTRY, TILE};
    use crate::nearest::NO_POINT;
    use parallaxis_device::{DeviceBuffer, Error, LaunchConfig, UserKernel};

    /// The tiled kernel's handle.
    pub fn kernel<'a>() -> UserKernel<TiledParams<'a>> {
        // SAFETY: `nearest_neighbour_tiled` takes one `TiledParams` (the same `#[repr(C)]`
        // definition compiled for nvptx64); it reads `queries` and `points` and writes
        // `nearest` only within their lengths (`get`, `write`), each answer from one thread;
        // its shared memory is one `Tile`, which `nearest_tiled` provides.
        unsafe { UserKernel::new(crate::KERNELS, ENTRY) }
    }

    /// `nearest[i]` = the index of the point nearest to `queries[i]`, as
    /// [`crate::NearestNeighbour`] answers it; launched `times` times (for timing).
    ///
    /// # Errors
    /// `nearest` not as long as `queries`, `u32::MAX` points or more, or a device error.
    pub fn nearest_tiled(
        queries: &DeviceBuffer<f32>,
        points: &DeviceBuffer<f32>,
        nearest: &mut DeviceBuffer<u32>,
        times: u32,
    ) -> Result<(), Error> {
        if nearest.len() != queries.len() {
            return Err(Error::LengthMismatch {
                what: "nearest_tiled answers",
                expected: queries.len(),
                actual: nearest.len(),
            });
        }
        if points.len() >= NO_POINT as usize {
            return Err(Error::InvalidArgument {
                what: "nearest_tiled points",
                reason: "u32::MAX points or more (the answers are u32 indices)",
            });
        }
        if queries.is_empty() {
            return Ok(());
        }
        let blocks = queries.len().div_ceil(TILE as usize);
        let cfg = LaunchConfig {
            grid: (
                u32::try_from(blocks).map_err(|_| Error::InvalidArgument {
                    what: "nearest_tiled queries",
                    reason: "more than 2^32 blocks of 256 queries",
                })?,
                1,
                1,
            ),
            block: (TILE, 1, 1),
            shared_bytes: core::mem::size_of::<Tile>() as u32,
        };
        let p = TiledParams {
            queries: queries.arg(),
            points: points.arg(),
            nearest: nearest.arg_mut(),
        };
        kernel().launch_on(queries.device(), &cfg, p, times)
    }
}
#[cfg(all(not(target_arch = "nvptx64"), feature = "cuda"))]
pub use host::{kernel, nearest_tiled};
