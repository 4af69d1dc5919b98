//! Tiles: the items one thread, warp or block owns, moved between global memory and
//! registers (vector loads and stores, gathers), staged through shared memory (16-byte
//! units, deep tiles, asynchronous copies and the pipeline that overlaps them).

pub(crate) mod async_copy;
mod deep;
pub(crate) mod pipeline;
mod stage;

pub(crate) use deep::DeepTile;
pub(crate) use stage::Unit;

use crate::policy::common::WARP_THREADS;
use core::mem::{size_of, MaybeUninit};
use core::ptr;

/// `ITEMS` values with 16-byte alignment, so a whole run loads and stores as `v4.b32` /
/// `v2.b64` vector instructions (one 16-byte access per instruction instead of four).
#[repr(C, align(16))]
#[derive(Clone, Copy)]
struct Vectors<A>(A);

/// `true` when a run of `ITEMS` values of `T` is a whole number of 16-byte vectors.
const fn vectorizable<T, const ITEMS: usize>() -> bool {
    (ITEMS * size_of::<T>()) % 16 == 0 && core::mem::align_of::<T>() <= 16
}

/// Loads `ITEMS` consecutive values starting at `p`.
///
/// # Safety
/// `p..p + ITEMS` must be readable; `p` must be 16-byte aligned when the run is a whole
/// number of 16-byte vectors (the launchers pass allocation bases, 256-byte aligned (checked
/// in `device/src/context/memory.rs`), and
/// every run starts at a multiple of `ITEMS` items of 64 bytes).
#[inline(always)]
pub(crate) unsafe fn load_full<T: Copy, const ITEMS: usize>(p: *const T) -> [T; ITEMS] {
    if vectorizable::<T, ITEMS>() {
        // SAFETY: readable and aligned as the caller guarantees.
        unsafe { ptr::read(p.cast::<Vectors<[T; ITEMS]>>()).0 }
    } else {
        // SAFETY: `ITEMS > 0` values are readable at `p` (caller contract).
        let mut items = [unsafe { p.read() }; ITEMS];
        for (j, v) in items.iter_mut().enumerate().skip(1) {
            // SAFETY: `j < ITEMS`, readable as the caller guarantees.
            *v = unsafe { p.add(j).read() };
        }
        items
    }
}

/// Loads lane `lane`'s `ITEMS` values of the warp tile (`32 * ITEMS` values) at `tile` in the
/// striped arrangement: its `j`-th 16-byte vector is vector `32 j + lane` of the tile, so
/// each load instruction of the warp reads 512 contiguous bytes (the blocked arrangement of
/// [`load_full`] spreads one instruction over the whole tile). The lane's values are then
/// not consecutive: only an order-free fold may use them. Types that do not pack 16-byte
/// vectors get the blocked arrangement.
///
/// # Safety
/// The whole tile must be readable and `tile` 16-byte aligned where `T` packs into 16-byte
/// vectors (as for [`load_full`]).
#[inline(always)]
pub(crate) unsafe fn load_striped<T: Copy, const ITEMS: usize>(
    tile: *const T,
    lane: u32,
) -> [T; ITEMS] {
    // The vector width as a constant per size, so each arm below is a plain array type.
    match size_of::<T>() {
        // SAFETY: as the caller guarantees, for each arm.
        4 => unsafe { load_striped_by::<T, ITEMS, 4>(tile, lane) },
        8 => unsafe { load_striped_by::<T, ITEMS, 2>(tile, lane) },
        16 => unsafe { load_striped_by::<T, ITEMS, 1>(tile, lane) },
        // SAFETY: the lane's run of the tile is readable (caller).
        _ => unsafe { load_full(tile.add(lane as usize * ITEMS)) },
    }
}

/// [`load_striped`] with `PER` values of `T` to a 16-byte vector.
///
/// # Safety
/// As [`load_striped`]; `PER * size_of::<T>() == 16`.
#[inline(always)]
unsafe fn load_striped_by<T: Copy, const ITEMS: usize, const PER: usize>(
    tile: *const T,
    lane: u32,
) -> [T; ITEMS] {
    if !vectorizable::<T, ITEMS>() || PER * size_of::<T>() != 16 || ITEMS % PER != 0 {
        // SAFETY: the lane's run of the tile is readable (caller).
        return unsafe { load_full(tile.add(lane as usize * ITEMS)) };
    }
    // SAFETY: vector 0 of the lane lies in the tile (caller).
    let first: [T; PER] =
        unsafe { ptr::read(tile.add(lane as usize * PER).cast::<Vectors<[T; PER]>>()).0 };
    let mut items = [first[0]; ITEMS];
    // Constant-trip index loops: they unroll fully and keep the array in registers.
    #[allow(clippy::needless_range_loop)]
    for j in 0..ITEMS / PER {
        let at = (j * WARP_THREADS as usize + lane as usize) * PER;
        // SAFETY: vector `32 j + lane` of the tile is readable and 16-byte aligned (caller;
        // `at` is a multiple of `PER` values, 16 bytes).
        let v: [T; PER] = unsafe { ptr::read(tile.add(at).cast::<Vectors<[T; PER]>>()).0 };
        for k in 0..PER {
            items[j * PER + k] = v[k];
        }
    }
    items
}

/// Loads the values at `base + j < n` of the run at `x + base`, `filler` elsewhere, and
/// returns how many were loaded (0 when `base >= n`).
///
/// # Safety
/// `x..x + n` must be readable.
#[inline(always)]
pub(crate) unsafe fn load_partial<T: Copy, const ITEMS: usize>(
    x: *const T,
    base: u64,
    n: u64,
    filler: T,
) -> ([T; ITEMS], usize) {
    let count = n.saturating_sub(base).min(ITEMS as u64) as usize;
    let mut items = [filler; ITEMS];
    for (j, v) in items.iter_mut().enumerate() {
        if j < count {
            // SAFETY: `base + j < n`, inside the readable range.
            *v = unsafe { x.add(base as usize + j).read() };
        }
    }
    (items, count)
}

/// Stores `ITEMS` consecutive values at `p`.
///
/// # Safety
/// `p..p + ITEMS` must be writable, aligned as for [`load_full`], and written by no other
/// thread.
#[inline(always)]
pub(crate) unsafe fn store_full<T: Copy, const ITEMS: usize>(p: *mut T, items: [T; ITEMS]) {
    if vectorizable::<T, ITEMS>() {
        // SAFETY: writable and aligned as the caller guarantees.
        unsafe { ptr::write(p.cast::<Vectors<[T; ITEMS]>>(), Vectors(items)) }
    } else {
        for (j, &v) in items.iter().enumerate() {
            // SAFETY: `j < ITEMS`, writable as the caller guarantees.
            unsafe { p.add(j).write(v) }
        }
    }
}

/// Stores the values at `base + j < n` of the run at `y + base`.
///
/// # Safety
/// `y..y + n` must be writable, and these slots written by no other thread.
#[inline(always)]
pub(crate) unsafe fn store_partial<T: Copy, const ITEMS: usize>(
    y: *mut T,
    base: u64,
    n: u64,
    items: [T; ITEMS],
) {
    let count = n.saturating_sub(base).min(ITEMS as u64) as usize;
    for (j, &v) in items.iter().enumerate() {
        if j < count {
            // SAFETY: `base + j < n`, inside the writable range.
            unsafe { y.add(base as usize + j).write(v) }
        }
    }
}

/// Up to `K` values gathered by index before any is used, so `K` loads are in flight at once.
/// Slots past the end stay uninitialised and are never read.
pub(crate) struct Gathered<V, const K: usize> {
    slots: [MaybeUninit<V>; K],
}

impl<V: Copy, const K: usize> Gathered<V, K> {
    /// Calls `load(first + k * step)` for each `k < K` whose index is below `n`.
    #[inline(always)]
    pub(crate) fn new(first: u64, step: u64, n: u64, load: impl Fn(u64) -> V) -> Self {
        let mut slots = [const { MaybeUninit::uninit() }; K];
        // Constant-trip index loop: it unrolls fully and keeps the array in registers (an
        // iterator over the array by value made LLVM place it in local memory).
        #[allow(clippy::needless_range_loop)]
        for k in 0..K {
            let i = first + k as u64 * step;
            if i < n {
                slots[k].write(load(i));
            }
        }
        Self { slots }
    }

    /// Calls `store(first + k * step, value)` for the same indices as [`Self::new`].
    #[inline(always)]
    pub(crate) fn scatter(self, first: u64, step: u64, n: u64, store: impl Fn(u64, V)) {
        for k in 0..K {
            let i = first + k as u64 * step;
            if i < n {
                // SAFETY: `new` wrote every slot whose index is below `n`.
                store(i, unsafe { self.slots[k].assume_init() });
            }
        }
    }
}
