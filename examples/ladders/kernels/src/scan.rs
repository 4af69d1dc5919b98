//! The scan ladder: an inclusive scan of `u32` (wrapping `+`) over tiles of [`TILE`]
//! elements, one block per tile, then scan-then-propagate across tiles (the host scans the
//! tiles' totals with the same kernel and [`add_totals`] adds them back).
//!
//! 1. [`Variant::KoggeStone`]: 1024 threads, one element each; step `d` adds the element `d`
//!    to the left (d = 1, 2, 4, ...): log2(1024) = 10 steps but `n log n - (n - 1)` adds.
//!    Double-buffered (read one buffer, write the other), so one barrier per step.
//! 2. [`Variant::BrentKung`]: 512 threads, two elements each; an up-sweep builds partial sums
//!    in a tree and a down-sweep distributes them: `2n` adds in `2 log n` steps (work-efficient).

use parallaxis_kernels::args::{In, Out};

/// Elements one block scans.
pub const TILE: u32 = 1024;
/// Threads per block of the pass that adds the tiles' prefixes (4 elements each).
pub const ADD_THREADS: u32 = 256;

/// `dst[i]` = inclusive scan of `src[..n]` within each tile; `totals[tile]` = the tile's sum.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ScanParams<'a> {
    /// At least `n` elements.
    pub src: In<'a, u32>,
    /// At least `n` elements.
    pub dst: Out<'a, u32>,
    /// One total per tile.
    pub totals: Out<'a, u32>,
    /// Elements to scan.
    pub n: u64,
}

/// `data[i] += prefixes[tile - 1]` for every `i < n` of every tile but the first.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct AddParams<'a> {
    /// At least `n` elements, scanned within tiles.
    pub data: Out<'a, u32>,
    /// The inclusive scan of the tiles' totals.
    pub prefixes: In<'a, u32>,
    /// Elements of `data`.
    pub n: u64,
}

/// The rungs of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// One element per thread, `log n` double-buffered steps.
    KoggeStone,
    /// Two elements per thread, up-sweep then down-sweep.
    BrentKung,
}

impl Variant {
    /// Every rung, in ladder order.
    pub const ALL: [Variant; 2] = [Variant::KoggeStone, Variant::BrentKung];

    /// The entry point's name (`#[no_mangle]` below).
    pub const fn entry(self) -> &'static str {
        match self {
            Variant::KoggeStone => "scan_kogge_stone",
            Variant::BrentKung => "scan_brent_kung",
        }
    }

    /// Threads per block.
    pub const fn threads(self) -> u32 {
        match self {
            Variant::KoggeStone => TILE,
            Variant::BrentKung => TILE / 2,
        }
    }

    /// Dynamic shared memory of one block: two tiles (double buffer) or one.
    pub const fn shared_bytes(self) -> u32 {
        (match self {
            Variant::KoggeStone => core::mem::size_of::<[[u32; TILE as usize]; 2]>(),
            Variant::BrentKung => core::mem::size_of::<[u32; TILE as usize]>(),
        }) as u32
    }
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::{AddParams, ScanParams, ADD_THREADS, TILE};
    use parallaxis_kernels::thread::{block_index, dynamic_shared, sync_threads, thread_index};

    const N: usize = TILE as usize;

    /// Element `i` of the input, 0 past `n`.
    #[inline(always)]
    fn load(p: &ScanParams<'_>, i: u64) -> u32 {
        if i < p.n {
            p.src.get(i).unwrap_or(0)
        } else {
            0
        }
    }

    /// Stores element `t` of the scanned tile, and the tile's total from its last thread.
    #[inline(always)]
    fn store(p: &ScanParams<'_>, t: usize, v: u32, total: Option<u32>) {
        let i = block_index() * TILE as u64 + t as u64;
        if i < p.n {
            // SAFETY: each element is written by exactly one thread; `dst` is not read.
            unsafe { p.dst.write(i, v) };
        }
        if let Some(total) = total {
            // SAFETY: one writer per block, a distinct element per block.
            unsafe { p.totals.write(block_index(), total) };
        }
    }

    /// Rung 1: Kogge-Stone, double-buffered.
    ///
    /// # Safety
    /// Launched by [`super::scan_tiles`]: 1-D blocks of 1024, `[[u32; 1024]; 2]` of shared
    /// memory.
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn scan_kogge_stone(p: ScanParams<'_>) {
        // SAFETY: the launch provides a `[[u32; 1024]; 2]` of dynamic shared memory.
        let buf = unsafe { &mut *dynamic_shared::<[[u32; N]; 2]>() };
        let t = thread_index() as usize % N;
        buf[0][t] = load(&p, block_index() * TILE as u64 + t as u64);
        // SAFETY: every thread of the block reaches each barrier (no early return).
        unsafe { sync_threads() };
        let mut from = 0;
        let mut d = 1;
        while d < N {
            let mine = buf[from][t];
            buf[1 - from][t] = if t >= d {
                mine.wrapping_add(buf[from][t - d])
            } else {
                mine
            };
            // SAFETY: as above (uniform loop). One barrier suffices: the step reads `from`
            // and writes the other buffer, which nobody reads until after the barrier.
            unsafe { sync_threads() };
            from = 1 - from;
            d *= 2;
        }
        let total = (t == N - 1).then(|| buf[from][N - 1]);
        store(&p, t, buf[from][t], total);
    }

    /// Rung 2: Brent-Kung (work-efficient): thread `t` holds elements `t` and `t + 512`.
    ///
    /// # Safety
    /// Launched by [`super::scan_tiles`]: 1-D blocks of 512, `[u32; 1024]` of shared memory.
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn scan_brent_kung(p: ScanParams<'_>) {
        const HALF: usize = N / 2;
        // SAFETY: the launch provides a `[u32; 1024]` of dynamic shared memory.
        let s = unsafe { &mut *dynamic_shared::<[u32; N]>() };
        let t = thread_index() as usize % HALF;
        let base = block_index() * TILE as u64;
        s[t] = load(&p, base + t as u64);
        s[t + HALF] = load(&p, base + (t + HALF) as u64);
        // Up-sweep: after the step of stride `d`, s[k 2d - 1] holds the sum of its 2d
        // elements.
        let mut d = 1;
        while d <= HALF {
            // SAFETY: every thread of the block reaches each barrier (uniform loops).
            unsafe { sync_threads() };
            let i = (t + 1) * 2 * d - 1;
            if i < N {
                s[i] = s[i].wrapping_add(s[i - d]);
            }
            d *= 2;
        }
        // Down-sweep: push each partial sum one half-stride to the right.
        let mut d = N / 4;
        while d > 0 {
            // SAFETY: as above.
            unsafe { sync_threads() };
            let i = (t + 1) * 2 * d - 1;
            if i + d < N {
                s[i + d] = s[i + d].wrapping_add(s[i]);
            }
            d /= 2;
        }
        // SAFETY: as above.
        unsafe { sync_threads() };
        store(&p, t, s[t], None);
        let total = (t == HALF - 1).then(|| s[N - 1]);
        store(&p, t + HALF, s[t + HALF], total);
    }

    /// Adds the prefix of the tiles before it to every element of a tile: block `b` covers
    /// tile `b`, 4 elements per thread, strided so that a warp's accesses are contiguous.
    ///
    /// # Safety
    /// Launched by [`super::add_totals`]: one block of 256 per tile.
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn scan_add_totals(p: AddParams<'_>) {
        let tile = block_index();
        if tile == 0 {
            return;
        }
        let Some(prefix) = p.prefixes.get(tile - 1) else {
            return;
        };
        let t = u64::from(thread_index());
        for k in 0..u64::from(TILE / ADD_THREADS) {
            let i = tile * u64::from(TILE) + t + k * u64::from(ADD_THREADS);
            if i < p.n {
                // SAFETY: element `i` belongs to this thread alone (read, then written).
                unsafe {
                    if let Some(v) = p.data.get(i) {
                        p.data.write(i, v.wrapping_add(prefix));
                    }
                }
            }
        }
    }
}

#[cfg(not(target_arch = "nvptx64"))]
mod host {
    use super::{AddParams, ScanParams, Variant, ADD_THREADS, TILE};
    use crate::host::blocks;
    use crate::KERNELS;
    use parallaxis_device::{DeviceBuffer, Error, LaunchConfig, UserKernel};

    /// Tiles of `n` elements.
    pub fn tiles(n: u64) -> u64 {
        n.div_ceil(u64::from(TILE))
    }

    fn at_least(what: &'static str, need: u64, len: usize) -> Result<(), Error> {
        if (len as u64) < need {
            return Err(Error::LengthMismatch {
                what,
                expected: need as usize,
                actual: len,
            });
        }
        Ok(())
    }

    /// Scans each tile of `src[..n]` into `dst`, its total into `totals[tile]`; launched
    /// `times` times back to back.
    ///
    /// # Errors
    /// Buffers shorter than `n` (or `totals` than the tiles), or a device error.
    pub fn scan_tiles(
        variant: Variant,
        src: &DeviceBuffer<u32>,
        dst: &mut DeviceBuffer<u32>,
        totals: &mut DeviceBuffer<u32>,
        n: u64,
        times: u32,
    ) -> Result<(), Error> {
        at_least("scan src", n, src.len())?;
        at_least("scan dst", n, dst.len())?;
        at_least("scan totals", tiles(n), totals.len())?;
        let grid = blocks("scan", n.max(1), u64::from(TILE))?;
        let cfg = LaunchConfig::linear(grid, variant.threads()).with_shared(variant.shared_bytes());
        // SAFETY: both `scan_*` entries take one `ScanParams` (this definition compiled for
        // nvptx64); they read `src` through bounds-checked `get`, write each `dst[i]` (i < n)
        // from one thread and `totals[block]` from one thread per block (bounds-checked), and
        // use at most `variant.shared_bytes()` of shared memory, which `cfg` provides.
        let kernel = unsafe { UserKernel::<ScanParams<'_>>::new(KERNELS, variant.entry()) };
        let p = ScanParams {
            src: src.arg(),
            dst: dst.arg_mut(),
            totals: totals.arg_mut(),
            n,
        };
        kernel.launch_on(src.device(), &cfg, p, times)
    }

    /// `data[i] += prefixes[tile(i) - 1]` for `i < n` outside the first tile, launched `times`
    /// times back to back (each launch adds again: time it only after checking).
    ///
    /// # Errors
    /// Buffers shorter than `n` (or `prefixes` than the tiles), or a device error.
    pub fn add_totals(
        data: &mut DeviceBuffer<u32>,
        prefixes: &DeviceBuffer<u32>,
        n: u64,
        times: u32,
    ) -> Result<(), Error> {
        at_least("scan data", n, data.len())?;
        at_least("scan prefixes", tiles(n), prefixes.len())?;
        let grid = blocks("scan", n.max(1), u64::from(TILE))?;
        let cfg = LaunchConfig::linear(grid, ADD_THREADS);
        // SAFETY: `scan_add_totals` takes one `AddParams` (this definition compiled for
        // nvptx64); it reads `prefixes` through `get` and reads then writes each `data[i]`
        // (i < n, bounds-checked) from one thread; no shared memory.
        let kernel = unsafe { UserKernel::<AddParams<'_>>::new(KERNELS, "scan_add_totals") };
        let dev = data.device();
        let p = AddParams {
            data: data.arg_mut(),
            prefixes: prefixes.arg(),
            n,
        };
        kernel.launch_on(dev, &cfg, p, times)
    }
}
#[cfg(not(target_arch = "nvptx64"))]
pub use host::{add_totals, scan_tiles, tiles};
