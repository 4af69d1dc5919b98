//! The matrix-multiply ladder: `C (m × n) = A (m × k) · B (k × n)`, row-major `f32`.
//!
//! 1. [`Variant::Naive`]: one output per thread, every multiply-add reads `A` and `B` from
//!    global memory (2 loads per 2 flops).
//! 2. [`Variant::Tiled`]: `T × T` tiles (`T` = [`EDGE`] = 16) of `A` and `B` staged in shared
//!    memory, padded with zeros at the edges; each global element is loaded once per tile and
//!    used `T` times, so the compute-to-global-memory ratio grows by `T`.
//! 3. [`Variant::Reg2`], [`Variant::Reg4`]: the same 16 × 16 threads each compute `R × R`
//!    outputs (R = 2, 4) from registers, so one block covers a `16R × 16R` tile of `C` and each
//!    shared-memory read feeds `R` multiply-adds.
//!
//! All tiled rungs are one kernel body generic over `R` (R = 1 is the plain tiled kernel).

use parallaxis_kernels::args::{In, Out};

/// Threads per block edge: blocks are `EDGE × EDGE` threads.
pub const EDGE: u32 = 16;
/// Depth of a K-step: the tiles of `A` are `span × DEPTH`, those of `B` `DEPTH × span`.
pub const DEPTH: usize = 16;

/// `c = a · b` with `a` of `m × k`, `b` of `k × n`, `c` of `m × n`, all row-major.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MatmulParams<'a> {
    /// `m * k` elements.
    pub a: In<'a, f32>,
    /// `k * n` elements.
    pub b: In<'a, f32>,
    /// `m * n` elements.
    pub c: Out<'a, f32>,
    /// Rows of `a` and `c`.
    pub m: u64,
    /// Columns of `b` and `c`.
    pub n: u64,
    /// Columns of `a`, rows of `b`.
    pub k: u64,
}

/// One K-step's tiles in shared memory for a block covering `SPAN × SPAN` outputs. The `A`
/// tile has one padding column: the 16 threads of a half-warp read one row of it while the
/// other half-warp reads the next row, and the padding puts the two rows in different banks.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Tiles<const SPAN: usize> {
    /// `SPAN` rows of `A`, `DEPTH` columns (plus padding).
    pub a: [[f32; DEPTH + 1]; SPAN],
    /// `DEPTH` rows of `B`, `SPAN` columns.
    pub b: [[f32; SPAN]; DEPTH],
}

/// The rungs of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// One output per thread straight from global memory.
    Naive,
    /// Shared `16 × 16` tiles, one output per thread.
    Tiled,
    /// Shared tiles, 2 × 2 outputs per thread (32 × 32 per block).
    Reg2,
    /// Shared tiles, 4 × 4 outputs per thread (64 × 64 per block).
    Reg4,
}

impl Variant {
    /// Every rung, in ladder order.
    pub const ALL: [Variant; 4] = [Variant::Naive, Variant::Tiled, Variant::Reg2, Variant::Reg4];

    /// The entry point's name (`#[no_mangle]` below).
    pub const fn entry(self) -> &'static str {
        match self {
            Variant::Naive => "matmul_naive",
            Variant::Tiled => "matmul_tiled",
            Variant::Reg2 => "matmul_reg2",
            Variant::Reg4 => "matmul_reg4",
        }
    }

    /// Outputs per thread along each axis (the naive kernel: 1).
    pub const fn per_thread(self) -> u32 {
        match self {
            Variant::Naive | Variant::Tiled => 1,
            Variant::Reg2 => 2,
            Variant::Reg4 => 4,
        }
    }

    /// Dynamic shared memory of one block.
    pub const fn shared_bytes(self) -> u32 {
        (match self {
            Variant::Naive => 0,
            Variant::Tiled => core::mem::size_of::<Tiles<16>>(),
            Variant::Reg2 => core::mem::size_of::<Tiles<32>>(),
            Variant::Reg4 => core::mem::size_of::<Tiles<64>>(),
        }) as u32
    }
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::{MatmulParams, Tiles, DEPTH, EDGE};
    use parallaxis_kernels::thread::{block_idx, dynamic_shared, sync_threads, thread_idx};

    const EDGE_US: usize = EDGE as usize;
    const THREADS: usize = EDGE_US * EDGE_US;

    /// Naive: thread `(x, y)` of block `(bx, by)` computes `c[by*16 + y][bx*16 + x]`, reading
    /// a row of `a` and a column of `b` from global memory.
    ///
    /// # Safety
    /// Launched by [`super::matmul`]: block `(16, 16)`, a grid covering `c`.
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn matmul_naive(p: MatmulParams<'_>) {
        let (t, b) = (thread_idx(), block_idx());
        let row = u64::from(b.y) * u64::from(EDGE) + u64::from(t.y);
        let col = u64::from(b.x) * u64::from(EDGE) + u64::from(t.x);
        if row >= p.m || col >= p.n {
            return;
        }
        let mut acc = 0.0_f32;
        for i in 0..p.k {
            // Bounds-checked reads: an `a` or `b` shorter than its shape reads as zeros.
            let (a, b) = (p.a.get(row * p.k + i), p.b.get(i * p.n + col));
            acc = core::f32::math::mul_add(a.unwrap_or(0.0), b.unwrap_or(0.0), acc);
        }
        // SAFETY: each output element is written by exactly one thread; `c` is not read.
        unsafe { p.c.write(row * p.n + col, acc) };
    }

    /// The tiled body: `R × R` outputs per thread, `SPAN = 16 R` outputs per block edge.
    /// Thread `(x, y)` owns rows `y + 16i` and columns `x + 16j` of the block's tile (strided,
    /// so that a half-warp reads 16 consecutive columns of the `B` tile).
    ///
    /// # Safety
    /// Block `(16, 16)`, `size_of::<Tiles<SPAN>>()` bytes of dynamic shared memory.
    #[inline(always)]
    unsafe fn tiled<const R: usize, const SPAN: usize>(p: MatmulParams<'_>) {
        const { assert!(SPAN == EDGE_US * R && SPAN * DEPTH == THREADS * R) };
        // SAFETY: the launch provides a `Tiles<SPAN>` of dynamic shared memory (contract).
        let tiles = unsafe { &mut *dynamic_shared::<Tiles<SPAN>>() };
        let (t, b) = (thread_idx(), block_idx());
        // `% EDGE` is a no-op for the (16, 16) block and lets the compiler drop the tiles'
        // bounds checks.
        let (tx, ty) = (t.x as usize % EDGE_US, t.y as usize % EDGE_US);
        let flat = ty * EDGE_US + tx;
        let row0 = u64::from(b.y) * SPAN as u64;
        let col0 = u64::from(b.x) * SPAN as u64;
        let mut acc = [[0.0_f32; R]; R];
        let mut k0 = 0;
        // The trip count is the same for every thread: all reach both barriers.
        while k0 < p.k {
            for e in 0..R {
                let idx = flat + e * THREADS;
                let (r, kk) = ((idx / DEPTH) % SPAN, idx % DEPTH);
                let (gr, gk) = (row0 + r as u64, k0 + kk as u64);
                tiles.a[r][kk] = if gr < p.m && gk < p.k {
                    p.a.get(gr * p.k + gk).unwrap_or(0.0)
                } else {
                    0.0
                };
                let (kk, c) = ((idx / SPAN) % DEPTH, idx % SPAN);
                let (gk, gc) = (k0 + kk as u64, col0 + c as u64);
                tiles.b[kk][c] = if gk < p.k && gc < p.n {
                    p.b.get(gk * p.n + gc).unwrap_or(0.0)
                } else {
                    0.0
                };
            }
            // SAFETY: reached by every thread (uniform loop, no early return).
            unsafe { sync_threads() };
            // Constant-trip index loops: they unroll fully, so `av`, `bv` and `acc` stay in
            // registers (iterator adapters over the arrays left them in local memory).
            #[allow(clippy::needless_range_loop)]
            for kk in 0..DEPTH {
                let mut av = [0.0_f32; R];
                let mut bv = [0.0_f32; R];
                for i in 0..R {
                    av[i] = tiles.a[ty + i * EDGE_US][kk];
                    bv[i] = tiles.b[kk][tx + i * EDGE_US];
                }
                for i in 0..R {
                    for j in 0..R {
                        // A fused multiply-add: a separate `*` and `+` lower to `mul.rn` and
                        // `add.rn`, which ptxas may not contract (half the throughput).
                        acc[i][j] = core::f32::math::mul_add(av[i], bv[j], acc[i][j]);
                    }
                }
            }
            // SAFETY: as above; the next K-step overwrites the tiles only after every thread
            // has finished reading them.
            unsafe { sync_threads() };
            k0 += DEPTH as u64;
        }
        #[allow(clippy::needless_range_loop)]
        for i in 0..R {
            let gr = row0 + (ty + i * EDGE_US) as u64;
            for j in 0..R {
                let gc = col0 + (tx + j * EDGE_US) as u64;
                if gr < p.m && gc < p.n {
                    // SAFETY: the blocks' tiles and the threads' strided outputs partition
                    // `c`: each element is written by exactly one thread; `c` is not read.
                    unsafe { p.c.write(gr * p.n + gc, acc[i][j]) };
                }
            }
        }
    }

    /// Shared 16 × 16 tiles, one output per thread.
    ///
    /// # Safety
    /// Launched by [`super::matmul`] (block `(16, 16)`, `Tiles<16>` of shared memory).
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn matmul_tiled(p: MatmulParams<'_>) {
        // SAFETY: forwarded launch contract.
        unsafe { tiled::<1, 16>(p) }
    }

    /// Shared tiles, 2 × 2 outputs per thread.
    ///
    /// # Safety
    /// Launched by [`super::matmul`] (block `(16, 16)`, `Tiles<32>` of shared memory).
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn matmul_reg2(p: MatmulParams<'_>) {
        // SAFETY: forwarded launch contract.
        unsafe { tiled::<2, 32>(p) }
    }

    /// Shared tiles, 4 × 4 outputs per thread.
    ///
    /// # Safety
    /// Launched by [`super::matmul`] (block `(16, 16)`, `Tiles<64>` of shared memory).
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn matmul_reg4(p: MatmulParams<'_>) {
        // SAFETY: forwarded launch contract.
        unsafe { tiled::<4, 64>(p) }
    }
}

#[cfg(not(target_arch = "nvptx64"))]
mod host {
    use super::{MatmulParams, Variant, EDGE};
    use crate::host::{blocks, same_len};
    use crate::KERNELS;
    use parallaxis_device::{DeviceBuffer, Error, LaunchConfig, UserKernel};

    /// `c = a · b` (`m × k` by `k × n`) with `variant`, launched `times` times back to back.
    ///
    /// # Errors
    /// Lengths other than the shape's, a grid too large, or a device error.
    pub fn matmul(
        variant: Variant,
        a: &DeviceBuffer<f32>,
        b: &DeviceBuffer<f32>,
        c: &mut DeviceBuffer<f32>,
        (m, n, k): (u64, u64, u64),
        times: u32,
    ) -> Result<(), Error> {
        same_len("matmul a", m.saturating_mul(k), a.len())?;
        same_len("matmul b", k.saturating_mul(n), b.len())?;
        same_len("matmul c", m.saturating_mul(n), c.len())?;
        let span = u64::from(EDGE * variant.per_thread());
        let cfg = LaunchConfig {
            grid: (blocks("matmul", n, span)?, blocks("matmul", m, span)?, 1),
            block: (EDGE, EDGE, 1),
            shared_bytes: variant.shared_bytes(),
        };
        // SAFETY: every `matmul_*` entry takes one `MatmulParams` (this definition compiled
        // for nvptx64); it reads `a` and `b` through bounds-checked `get`, writes each element
        // of `c` below `m * n = c.len()` from one thread, and uses at most
        // `variant.shared_bytes()` of shared memory, which `cfg` provides.
        let kernel = unsafe { UserKernel::<MatmulParams<'_>>::new(KERNELS, variant.entry()) };
        let p = MatmulParams {
            a: a.arg(),
            b: b.arg(),
            c: c.arg_mut(),
            m,
            n,
            k,
        };
        kernel.launch_on(a.device(), &cfg, p, times)
    }
}
#[cfg(not(target_arch = "nvptx64"))]
pub use host::matmul;
