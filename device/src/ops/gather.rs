//! Gather, scatter (with and without a stencil), reverse, and the map check that a checked
//! gather or scatter runs first.
//!
//! Elements move as words: the largest of 16, 8, 4, 2 or 1 bytes that divides the element's
//! size (`policy::gather::word_of`), so one kernel per word size moves every `DeviceCopy`
//! type. Map indices are read at their kernel width (`SpmvIndex::Kernel`: `u32`, or `u64` for
//! `u64` and `usize`). The moves return once queued; the check waits for its verdict.

use super::least_position::least_position;
use super::prologue::{check, enter, Length};
use crate::kernel::spmv::SpmvIndex;
use crate::stream::host_copy::download;
use crate::{launch, DeviceBuffer, Result};
use cudarc::driver::sys;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::gather::{CheckMapParams, MoveParams, ReverseParams, Word16};
use parallaxis_kernels::policy::gather::{gather_blocks, word_of};
use std::mem::size_of;
use std::ptr;

/// Picks the word type for `word` bytes and runs `$go!(W)`.
macro_rules! by_word {
    ($word:expr, $go:ident) => {
        match $word {
            16 => $go!(Word16),
            8 => $go!(u64),
            4 => $go!(u32),
            2 => $go!(u16),
            _ => $go!(u8),
        }
    };
}

pub(super) use by_word;

/// The first position `i` (where `stencil[i]`, if given) with `map[i] >= len`, and that
/// index, or `None`: one kernel lowering a word in the scratch to the least such position,
/// then a wait and a copy of that word (and of the offending index) to the host.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless the stencil is as long as the map;
/// buffers on different devices; a device fault.
pub fn first_out_of_range<I: SpmvIndex>(
    map: &DeviceBuffer<I>,
    stencil: Option<&DeviceBuffer<bool>>,
    len: usize,
) -> Result<Option<(usize, usize)>> {
    match stencil {
        Some(s) => check(&[("map stencil", map.len(), s.len())], &[(map, s)])?,
        None => check(&[], &[])?,
    }
    let Some(dev) = enter(map.device(), map.is_empty())? else {
        return Ok(None);
    };
    let n = map.len() as u64;
    let queue = |first_bad| {
        let p = CheckMapParams::<I::Kernel> {
            map: map.as_ptr().cast(),
            stencil: stencil.map_or(ptr::null(), |s| s.as_ptr()),
            n,
            len: len as u64,
            first_bad,
        };
        // SAFETY: `I::Kernel` has `I`'s representation (`SpmvIndex`); the map and stencil
        // hold `n` entries on `dev`; `first_bad` is the word `least_position` reads back.
        unsafe { launch::gather::check_map(dev, gather_blocks(n), p) }
    };
    // SAFETY: the check kernel only lowers the word; the map and stencil outlive the call.
    let first_bad = unsafe { least_position(dev, "checking a gather or scatter map", queue) }?;
    if first_bad == u64::MAX {
        return Ok(None);
    }
    let at = first_bad as usize;
    let mut index = I::PADDING;
    let addr = map.as_ptr() as sys::CUdeviceptr + (at * size_of::<I>()) as sys::CUdeviceptr;
    // SAFETY: `at < map.len()` (the kernel records positions below `n`); one element into a
    // local of its type.
    unsafe {
        download(
            dev,
            (&raw mut index).cast(),
            addr,
            size_of::<I>(),
            "reading an offending map index",
        )
    }?;
    Ok(Some((at, index.to_usize())))
}

/// `y[i] = src[map[i]]` (where `stencil[i]`, if given; other elements of `y` are kept).
///
/// # Safety
/// Every selected `map[i] < src.len()`.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `y` (and the stencil) are as long
/// as the map; buffers on different devices; a fault as in [`crate::transform`].
pub unsafe fn gather<I: SpmvIndex, T: DeviceCopy>(
    map: &DeviceBuffer<I>,
    stencil: Option<&DeviceBuffer<bool>>,
    src: &DeviceBuffer<T>,
    y: &mut DeviceBuffer<T>,
) -> Result<()> {
    let first = ("gather output", map.len(), y.len());
    // SAFETY: the caller guarantees the indices.
    unsafe { through_map(false, first, map, stencil, src, y) }
}

/// `dst[map[i]] = src[i]` (where `stencil[i]`, if given). With duplicate indices one of the
/// writes wins, which one is unspecified.
///
/// # Safety
/// Every selected `map[i] < dst.len()`.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless the map (and the stencil) are as
/// long as `src`; buffers on different devices; a fault as in [`crate::transform`].
pub unsafe fn scatter<I: SpmvIndex, T: DeviceCopy>(
    src: &DeviceBuffer<T>,
    map: &DeviceBuffer<I>,
    stencil: Option<&DeviceBuffer<bool>>,
    dst: &mut DeviceBuffer<T>,
) -> Result<()> {
    let first = ("scatter map", src.len(), map.len());
    // SAFETY: the caller guarantees the indices.
    unsafe { through_map(true, first, map, stencil, src, dst) }
}

/// The checks of a gather or scatter (`first`, the stencil as long as the map, one device),
/// then the move of `map.len()` elements.
///
/// # Safety
/// Every selected `map[i]` is in range of the indexed buffer (`src` for a gather, `dst` for a
/// scatter).
unsafe fn through_map<I: SpmvIndex, T: DeviceCopy>(
    scatter: bool,
    first: Length,
    map: &DeviceBuffer<I>,
    stencil: Option<&DeviceBuffer<bool>>,
    src: &DeviceBuffer<T>,
    dst: &mut DeviceBuffer<T>,
) -> Result<()> {
    let s_len = stencil.map_or(map.len(), |s| s.len());
    check(
        &[first, ("map stencil", map.len(), s_len)],
        &[(map, src), (map, dst)],
    )?;
    let Some(dev) = enter(map.device(), map.is_empty() || size_of::<T>() == 0)? else {
        return Ok(());
    };
    let sp = stencil.map_or(ptr::null(), |s| s.as_ptr());
    // SAFETY: the caller guarantees the indices; lengths checked above.
    unsafe {
        move_any(
            dev,
            scatter,
            map.as_ptr().cast::<I::Kernel>(),
            sp,
            src.as_ptr(),
            dst.as_mut_ptr(),
            map.len(),
        )
    }
}

/// `y[i] = x[n - 1 - i]`.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `y.len() == x.len()`; buffers on
/// different devices; a fault as in [`crate::transform`].
pub fn reverse<T: DeviceCopy>(x: &DeviceBuffer<T>, y: &mut DeviceBuffer<T>) -> Result<()> {
    check(&[("reverse output", x.len(), y.len())], &[(x, y)])?;
    let Some(dev) = enter(x.device(), x.is_empty() || size_of::<T>() == 0)? else {
        return Ok(());
    };
    let (word, per) = word_of(size_of::<T>());
    let n = x.len() as u64;
    macro_rules! go {
        ($w:ty) => {{
            let p = ReverseParams::<$w> {
                src: x.as_ptr().cast(),
                dst: y.as_mut_ptr().cast(),
                n,
                per,
            };
            // SAFETY: `n` elements of `per` words each, live on `dev`, not overlapping
            // (distinct buffers); words divide the element size and alignment.
            unsafe { launch::gather::reverse(dev, gather_blocks(n * per), p) }
        }};
    }
    by_word!(word, go)
}

/// Gather or scatter of `n` elements of `T` through a map of `I` (at its kernel width `K`).
///
/// # Safety
/// `map` (and a non-null `stencil`) hold `n` entries on `dev`; the selected indices are in
/// range of the indexed buffer; `src` and `dst` live buffers of `T` on `dev`.
unsafe fn move_any<K: Copy, T: DeviceCopy>(
    dev: &crate::Device,
    scatter: bool,
    map: *const K,
    stencil: *const bool,
    src: *const T,
    dst: *mut T,
    n: usize,
) -> Result<()> {
    let (word, per) = word_of(size_of::<T>());
    let n = n as u64;
    macro_rules! go {
        ($w:ty) => {{
            let p = MoveParams::<K, $w> {
                map,
                stencil,
                src: src.cast(),
                dst: dst.cast(),
                n,
                per,
            };
            // SAFETY: as the caller guarantees; words divide the element size, and element
            // addresses (allocation bases plus multiples of the size) are aligned for them.
            unsafe { launch::gather::move_words(dev, scatter, gather_blocks(n), p) }
        }};
    }
    by_word!(word, go)
}
