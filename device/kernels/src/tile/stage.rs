//! Staged tile movement: a block moves its whole tile between global and shared memory with
//! coalesced 16-byte accesses (each warp instruction covers 512 contiguous bytes), and each
//! thread then takes its own 64 contiguous bytes from shared memory (CUB's
//! `BLOCK_LOAD_TRANSPOSE`). Without it every warp instruction touches 32 separate 16-byte
//! pieces spread over 2 KiB, which for stores means 32 partial-sector writes to L2.

use crate::simt::{sync_threads, thread_index};
use crate::tuning::{staged_unit, BLOCK_THREADS, STAGE_UNITS_PER_THREAD};
use core::mem::transmute_copy;

/// One 16-byte unit (a `v4.b32` access).
#[repr(C, align(16))]
#[derive(Clone, Copy)]
pub(crate) struct Unit([u32; 4]);

impl Unit {
    /// All bits zero (a placeholder that every use overwrites).
    pub(crate) const ZERO: Self = Self([0; 4]);
}

const THREADS: usize = BLOCK_THREADS as usize;
const PER_THREAD: usize = STAGE_UNITS_PER_THREAD;

/// Loads the block's full tile starting at `tile` and returns this thread's `ITEMS` values
/// (tile items `t·ITEMS .. (t+1)·ITEMS`).
///
/// # Safety
/// Called by every thread of the block (it contains a barrier); `ITEMS` values of `T` are
/// exactly 64 bytes (`scan_stages::<T>()`); `tile` is 16-byte aligned with a full tile
/// readable; `staging` is this block's staging area (`scan_shared_bytes`), not in use.
#[inline(always)]
pub(crate) unsafe fn load_tile<T: Copy, const ITEMS: usize>(
    tile: *const T,
    staging: *mut Unit,
) -> [T; ITEMS] {
    let t = thread_index() as usize;
    let src = tile.cast::<Unit>();
    let mut units = [Unit([0; 4]); PER_THREAD];
    // Index loops: constant trip counts that unroll, keeping `units` in registers.
    #[allow(clippy::needless_range_loop)]
    for k in 0..PER_THREAD {
        // SAFETY: unit `k·256 + t` < 1024 lies inside the full tile.
        units[k] = unsafe { src.add(k * THREADS + t).read() };
    }
    #[allow(clippy::needless_range_loop)]
    for k in 0..PER_THREAD {
        // SAFETY: `staged_unit` of a tile unit is inside the staging area.
        unsafe { staging.add(staged_unit(k * THREADS + t)).write(units[k]) };
    }
    // SAFETY: every thread of the block calls this (contract).
    unsafe { sync_threads() };
    #[allow(clippy::needless_range_loop)]
    for j in 0..PER_THREAD {
        // SAFETY: as above; written before the barrier.
        units[j] = unsafe { staging.add(staged_unit(PER_THREAD * t + j)).read() };
    }
    // SAFETY: `[T; ITEMS]` and `[Unit; 4]` are both 64 bytes (contract) of plain data.
    unsafe { transmute_copy::<[Unit; PER_THREAD], [T; ITEMS]>(&units) }
}

/// Stores this thread's `ITEMS` values as tile items `t·ITEMS ..`, the whole tile going out
/// with coalesced 16-byte stores.
///
/// # Safety
/// As [`load_tile`], with the tile writable; every thread has finished reading the staging
/// area of an earlier [`load_tile`] (a barrier lies between).
#[inline(always)]
pub(crate) unsafe fn store_tile<T: Copy, const ITEMS: usize>(
    tile: *mut T,
    staging: *mut Unit,
    items: [T; ITEMS],
) {
    let t = thread_index() as usize;
    // SAFETY: 64 bytes of plain data either way (contract).
    let units = unsafe { transmute_copy::<[T; ITEMS], [Unit; PER_THREAD]>(&items) };
    #[allow(clippy::needless_range_loop)]
    for j in 0..PER_THREAD {
        // SAFETY: inside the staging area.
        unsafe { staging.add(staged_unit(PER_THREAD * t + j)).write(units[j]) };
    }
    // SAFETY: every thread of the block calls this (contract).
    unsafe { sync_threads() };
    let dst = tile.cast::<Unit>();
    for k in 0..PER_THREAD {
        let u = k * THREADS + t;
        // SAFETY: written before the barrier; unit `u` lies inside the full tile.
        unsafe { copy_unit(staging.add(staged_unit(u)), dst.add(u)) };
    }
}

/// Copies one unit from shared to global memory as one `ld.shared.v4` and one
/// `st.global.v4`. Written out because LLVM lowers the plain 16-byte copy to two 8-byte
/// halves, and a warp of 8-byte stores at a 16-byte stride writes every sector twice.
///
/// # Safety
/// `src` is a 16-byte aligned shared address, `dst` a 16-byte aligned global one.
#[inline(always)]
pub(crate) unsafe fn copy_unit(src: *const Unit, dst: *mut Unit) {
    // SAFETY: as the caller guarantees; reads 16 bytes at `src`, writes 16 at `dst`.
    unsafe {
        core::arch::asm!(
            "{{ .reg .b64 s, g; .reg .b32 a, b, c, d;",
            "cvta.to.shared.u64 s, {src}; cvta.to.global.u64 g, {dst};",
            "ld.shared.v4.b32 {{a, b, c, d}}, [s];",
            "st.global.v4.b32 [g], {{a, b, c, d}}; }}",
            src = in(reg64) src,
            dst = in(reg64) dst,
        );
    }
}
