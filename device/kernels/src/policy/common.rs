//! Geometry every kernel shares (block and warp sizes, items per thread, the 16-byte staging
//! unit) and the value types of block-level folds ([`Partial`], [`BlockShared`]).

/// Threads per block for every kernel: 8 warps. 256 keeps 8 blocks resident per H100
/// multiprocessor at up to 32 registers per thread and lets the block scan fold its 8 warp
/// totals in one sequential pass.
pub const BLOCK_THREADS: u32 = 256;

/// Threads per warp.
pub const WARP_THREADS: u32 = 32;

/// Warps per block.
pub const BLOCK_WARPS: usize = (BLOCK_THREADS / WARP_THREADS) as usize;

/// Dynamic shared memory a launch may take without the kernel's opt-in (48 KiB on every GPU);
/// a launch past it opts in first (`parallaxis_device`'s `Device::function_with_shared`).
pub const SHARED_WITHOUT_OPT_IN: usize = 48 * 1024;

/// Consecutive items each thread of a reduce or scan owns: 64 bytes, loaded as four 16-byte
/// vectors (16 × f32, 8 × f64, 4 × `AffineMap<i64>`). A scan tile is `BLOCK_THREADS` times
/// this: 4096 items of 4 bytes, 2048 of 8, 1024 of 16.
pub const fn items_per_thread(size: usize) -> usize {
    if size <= 4 {
        16
    } else if size <= 8 {
        8
    } else {
        4
    }
}

/// A value that may be absent: the kernels carry "no item yet" explicitly instead of
/// combining the identity in, so an inclusive scan never combines the identity (a `-0.0`
/// stays `-0.0`, as in the sequential reference). `valid` is 0 or 1; a `u32` shuffles as one
/// 32-bit word.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Partial<T> {
    /// The value (unspecified when `valid == 0`).
    pub value: T,
    /// 1 when `value` holds a fold of at least one item.
    pub valid: u32,
}

/// Dynamic shared memory of the reduce and scan kernels: one partial per warp, the tile
/// index a scan block drew, and the tile's incoming prefix. The launcher passes
/// `size_of::<BlockShared<T>>()` bytes at launch.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct BlockShared<T> {
    /// One partial per warp (warp totals of a block scan, warp folds of a reduce).
    pub warps: [Partial<T>; BLOCK_WARPS],
    /// The prefix of everything before this block's tile (scan).
    pub prefix: Partial<T>,
    /// The tile index this block drew (scan); the block's round (reduce).
    pub tile: u32,
}

impl<T: Copy> Partial<T> {
    /// A present value.
    #[inline(always)]
    pub const fn some(value: T) -> Self {
        Self { value, valid: 1 }
    }

    /// No value; `filler` only occupies the slot (kernels pass the monoid's identity).
    #[inline(always)]
    pub const fn none(filler: T) -> Self {
        Self {
            value: filler,
            valid: 0,
        }
    }

    /// `self` (lower indices) followed by `later`: absent sides are skipped, so the identity
    /// is never combined in.
    #[inline(always)]
    pub fn join<M: parallaxis_core::Monoid<T>>(self, m: M, later: Self) -> Self {
        if self.valid == 0 {
            later
        } else if later.valid == 0 {
            self
        } else {
            Self::some(m.combine(self.value, later.value))
        }
    }
}

/// Bytes of one staging unit: the 16-byte vector the staged scan moves.
pub const STAGE_UNIT: usize = 16;

/// Units each thread owns in a staged tile (64 bytes: [`items_per_thread`] values).
pub const STAGE_UNITS_PER_THREAD: usize = 4;
