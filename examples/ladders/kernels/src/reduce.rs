//! The reduction ladder: each block folds its slice of `src` (`u32`, wrapping `+`) into one
//! partial, `dst[block]`; the host repeats the kernel on the partials until one is left.
//!
//! 1. [`Variant::Interleaved`]: a tree in shared memory where thread `t` adds `s[t + stride]`
//!    when `t % (2 stride) == 0`, stride 1, 2, 4, ...: the active threads are scattered, so
//!    every warp stays busy (divergent) until the last steps.
//! 2. [`Variant::Sequential`]: stride 128, 64, ..., 1 and `t < stride` adds: the active
//!    threads are contiguous, whole warps retire (convergent), and no bank conflicts.
//! 3. [`Variant::TwoLoads`]: as 2, but each thread adds two elements while loading: half the
//!    blocks, no idle threads in the first step.
//! 4. [`Variant::Shuffle`]: two loads per thread, then parallaxis's warp reduce (shuffles, no
//!    shared memory) and block fold (`parallaxis_kernels::{warp::reduce, block::fold_warps}`).

use parallaxis_kernels::args::{In, Out};

/// Threads per block.
pub const BLOCK: u32 = 256;

/// `dst[b]` = the sum of `src[b * per_block .. (b + 1) * per_block]`, clipped to `n`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ReduceParams<'a> {
    /// At least `n` elements.
    pub src: In<'a, u32>,
    /// One partial per block.
    pub dst: Out<'a, u32>,
    /// Elements of `src` to fold.
    pub n: u64,
}

/// The rungs of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Interleaved addressing (`t % (2 stride) == 0`): divergent warps.
    Interleaved,
    /// Sequential addressing (`t < stride`): convergent warps.
    Sequential,
    /// Sequential addressing, two loads per thread.
    TwoLoads,
    /// Two loads per thread, warp shuffles and a block fold of the warps' sums.
    Shuffle,
}

impl Variant {
    /// Every rung, in ladder order.
    pub const ALL: [Variant; 4] = [
        Variant::Interleaved,
        Variant::Sequential,
        Variant::TwoLoads,
        Variant::Shuffle,
    ];

    /// The entry point's name (`#[no_mangle]` below).
    pub const fn entry(self) -> &'static str {
        match self {
            Variant::Interleaved => "reduce_interleaved",
            Variant::Sequential => "reduce_sequential",
            Variant::TwoLoads => "reduce_two_loads",
            Variant::Shuffle => "reduce_shuffle",
        }
    }

    /// Elements one block folds.
    pub const fn per_block(self) -> u64 {
        match self {
            Variant::Interleaved | Variant::Sequential => BLOCK as u64,
            Variant::TwoLoads | Variant::Shuffle => 2 * BLOCK as u64,
        }
    }

    /// Dynamic shared memory of one block.
    pub const fn shared_bytes(self) -> u32 {
        (match self {
            Variant::Interleaved | Variant::Sequential | Variant::TwoLoads => {
                core::mem::size_of::<[u32; BLOCK as usize]>()
            }
            Variant::Shuffle => {
                core::mem::size_of::<parallaxis_kernels::policy::common::BlockShared<u32>>()
            }
        }) as u32
    }
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::{ReduceParams, BLOCK};
    use parallaxis_kernels::ops::Sum;
    use parallaxis_kernels::policy::common::{BlockShared, Partial};
    use parallaxis_kernels::thread::{block_index, dynamic_shared, sync_threads, thread_index};
    use parallaxis_kernels::{block, warp};

    const B: usize = BLOCK as usize;
    type Shared = [u32; B];

    /// Element `i` of the input, 0 past `n`.
    #[inline(always)]
    fn load(p: &ReduceParams<'_>, i: u64) -> u32 {
        if i < p.n {
            p.src.get(i).unwrap_or(0)
        } else {
            0
        }
    }

    /// Thread 0 stores the block's partial.
    #[inline(always)]
    fn store(p: &ReduceParams<'_>, t: usize, total: u32) {
        if t == 0 {
            // SAFETY: one writer per block (thread 0), a distinct element per block.
            unsafe { p.dst.write(block_index(), total) };
        }
    }

    /// Rung 1: interleaved addressing.
    ///
    /// # Safety
    /// Launched by [`super::reduce_pass`]: 1-D blocks of 256, `[u32; 256]` of shared memory.
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn reduce_interleaved(p: ReduceParams<'_>) {
        // SAFETY: the launch provides a `[u32; 256]` of dynamic shared memory (contract).
        let s = unsafe { &mut *dynamic_shared::<Shared>() };
        let t = thread_index() as usize % B;
        s[t] = load(&p, block_index() * B as u64 + t as u64);
        // SAFETY: every thread of the block reaches each barrier (no early return).
        unsafe { sync_threads() };
        let mut stride = 1;
        while stride < B {
            if t % (2 * stride) == 0 {
                // `% B` is a no-op here (t + stride < B) and drops the bounds check.
                s[t] = s[t].wrapping_add(s[(t + stride) % B]);
            }
            // SAFETY: as above (uniform loop).
            unsafe { sync_threads() };
            stride *= 2;
        }
        store(&p, t, s[0]);
    }

    /// The halving tree over `s` shared by rungs 2 and 3.
    ///
    /// # Safety
    /// Called by every thread of the block.
    #[inline(always)]
    unsafe fn sequential_tree(s: &mut Shared, t: usize) -> u32 {
        // SAFETY: every thread of the block reaches each barrier (caller contract).
        unsafe { sync_threads() };
        let mut stride = B / 2;
        while stride > 0 {
            if t < stride {
                s[t] = s[t].wrapping_add(s[(t + stride) % B]);
            }
            // SAFETY: as above (uniform loop).
            unsafe { sync_threads() };
            stride /= 2;
        }
        s[0]
    }

    /// Rung 2: sequential addressing.
    ///
    /// # Safety
    /// As [`reduce_interleaved`].
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn reduce_sequential(p: ReduceParams<'_>) {
        // SAFETY: the launch provides a `[u32; 256]` of dynamic shared memory (contract).
        let s = unsafe { &mut *dynamic_shared::<Shared>() };
        let t = thread_index() as usize % B;
        s[t] = load(&p, block_index() * B as u64 + t as u64);
        // SAFETY: every thread of the block calls it.
        let total = unsafe { sequential_tree(s, t) };
        store(&p, t, total);
    }

    /// Rung 3: sequential addressing, the first add during the load.
    ///
    /// # Safety
    /// As [`reduce_interleaved`], each block covering 512 elements.
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn reduce_two_loads(p: ReduceParams<'_>) {
        // SAFETY: the launch provides a `[u32; 256]` of dynamic shared memory (contract).
        let s = unsafe { &mut *dynamic_shared::<Shared>() };
        let t = thread_index() as usize % B;
        let i = block_index() * 2 * B as u64 + t as u64;
        s[t] = load(&p, i).wrapping_add(load(&p, i + B as u64));
        // SAFETY: every thread of the block calls it.
        let total = unsafe { sequential_tree(s, t) };
        store(&p, t, total);
    }

    /// Rung 4: two loads per thread, then shuffles within each warp and one fold of the 8
    /// warps' sums, with parallaxis's warp and block primitives.
    ///
    /// # Safety
    /// Launched by [`super::reduce_pass`]: 1-D blocks of 256, a `BlockShared<u32>` of shared
    /// memory, each block covering 512 elements.
    #[unsafe(no_mangle)]
    pub unsafe extern "ptx-kernel" fn reduce_shuffle(p: ReduceParams<'_>) {
        let t = thread_index() as usize % B;
        let i = block_index() * 2 * B as u64 + t as u64;
        let mine = load(&p, i).wrapping_add(load(&p, i + B as u64));
        let per_warp = warp::reduce(Sum, Partial::some(mine));
        // SAFETY: the launch provides a `BlockShared<u32>` (contract); every thread calls it.
        let total =
            unsafe { block::fold_warps(Sum, per_warp, dynamic_shared::<BlockShared<u32>>()) };
        store(&p, t, total.value);
    }
}

#[cfg(not(target_arch = "nvptx64"))]
mod host {
    use super::{ReduceParams, Variant, BLOCK};
    use crate::host::blocks;
    use crate::KERNELS;
    use parallaxis_device::{DeviceBuffer, Error, LaunchConfig, UserKernel};

    /// One pass: `dst[b]` = the sum of block `b`'s slice of `src[..n]`, launched `times`
    /// times back to back. Returns the number of partials written.
    ///
    /// # Errors
    /// `n` above `src.len()`, a `dst` shorter than the partials, or a device error.
    pub fn reduce_pass(
        variant: Variant,
        src: &DeviceBuffer<u32>,
        dst: &mut DeviceBuffer<u32>,
        n: u64,
        times: u32,
    ) -> Result<u64, Error> {
        let grid = blocks("reduce", n.max(1), variant.per_block())?;
        for (what, need, len) in [
            ("reduce src", n, src.len()),
            ("reduce dst", u64::from(grid), dst.len()),
        ] {
            if (len as u64) < need {
                return Err(Error::LengthMismatch {
                    what,
                    expected: need as usize,
                    actual: len,
                });
            }
        }
        let cfg = LaunchConfig::linear(grid, BLOCK).with_shared(variant.shared_bytes());
        // SAFETY: every `reduce_*` entry takes one `ReduceParams` (this definition compiled
        // for nvptx64); it reads `src` through bounds-checked `get`, writes `dst[block]` from
        // thread 0 of each block (bounds-checked), and uses at most `variant.shared_bytes()`
        // of shared memory, which `cfg` provides.
        let kernel = unsafe { UserKernel::<ReduceParams<'_>>::new(KERNELS, variant.entry()) };
        let p = ReduceParams {
            src: src.arg(),
            dst: dst.arg_mut(),
            n,
        };
        kernel.launch_on(src.device(), &cfg, p, times)?;
        Ok(u64::from(grid))
    }
}
#[cfg(not(target_arch = "nvptx64"))]
pub use host::reduce_pass;
