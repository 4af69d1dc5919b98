//! A zip of stored sequences written out as `Pair`s or `Triple`s: each field is one strided
//! copy (`kernels/gather/interleave.rs`) into its place in every struct, moved as the widest
//! word (16, 8, 4, 2 or 1 bytes) that divides the field's size, its offset and the struct's
//! size, so one kernel per word size serves every element type. Padding between fields is
//! left as the buffer had it (`DeviceCopy`: padding is copied, never read as a value). The
//! copies return once queued.

use super::gather::by_word;
use super::prologue::{check, enter};
use crate::context::Device;
use crate::{launch, DeviceBuffer, Result};
use core::mem::{offset_of, size_of};
use parallaxis_core::{DeviceCopy, Pair, Triple};
use parallaxis_kernels::params::gather::{InterleaveParams, Word16};
use parallaxis_kernels::policy::gather::gather_blocks;

/// `y[i] = Pair(a[i], b[i])`.
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless the three lengths agree; buffers
/// on different devices; a fault as in [`crate::transform`].
pub fn zip_into<A: DeviceCopy, B: DeviceCopy>(
    a: &DeviceBuffer<A>,
    b: &DeviceBuffer<B>,
    y: &mut DeviceBuffer<Pair<A, B>>,
) -> Result<()> {
    check(
        &[
            ("zip second sequence", a.len(), b.len()),
            ("zip output", a.len(), y.len()),
        ],
        &[(a, b), (a, y)],
    )?;
    let Some(dev) = enter(a.device(), a.is_empty())? else {
        return Ok(());
    };
    // SAFETY: both fields lie inside every `Pair` of `y`, which holds `a.len()` of them on
    // `dev`; the inputs are other buffers of that length.
    unsafe {
        place(dev, a, y, offset_of!(Pair<A, B>, first))?;
        place(dev, b, y, offset_of!(Pair<A, B>, second))
    }
}

/// `y[i] = Triple(a[i], b[i], c[i])`.
///
/// # Errors
/// As [`zip_into`].
pub fn zip3_into<A: DeviceCopy, B: DeviceCopy, C: DeviceCopy>(
    a: &DeviceBuffer<A>,
    b: &DeviceBuffer<B>,
    c: &DeviceBuffer<C>,
    y: &mut DeviceBuffer<Triple<A, B, C>>,
) -> Result<()> {
    check(
        &[
            ("zip3 second sequence", a.len(), b.len()),
            ("zip3 third sequence", a.len(), c.len()),
            ("zip3 output", a.len(), y.len()),
        ],
        &[(a, b), (a, c), (a, y)],
    )?;
    let Some(dev) = enter(a.device(), a.is_empty())? else {
        return Ok(());
    };
    // SAFETY: as in `zip_into`, for three fields.
    unsafe {
        place(dev, a, y, offset_of!(Triple<A, B, C>, first))?;
        place(dev, b, y, offset_of!(Triple<A, B, C>, second))?;
        place(dev, c, y, offset_of!(Triple<A, B, C>, third))
    }
}

/// Writes `field[i]` at byte `offset` of struct `i` of `y`.
///
/// # Safety
/// `offset + size_of::<F>() <= size_of::<S>()` and a field of type `F` lies there; `y`
/// holds `field.len()` structs on `dev`, a buffer other than `field`.
unsafe fn place<F: DeviceCopy, S: DeviceCopy>(
    dev: &Device,
    field: &DeviceBuffer<F>,
    y: &mut DeviceBuffer<S>,
    offset: usize,
) -> Result<()> {
    let size = size_of::<F>();
    if size == 0 {
        return Ok(());
    }
    // The widest word dividing the field's size, its offset and the struct's size: buffers
    // start 16-byte aligned, so every word the kernel touches is aligned for its type.
    let word = 1_usize << (size | offset | size_of::<S>()).trailing_zeros().min(4);
    let n = field.len() as u64;
    let per = (size / word) as u64;
    macro_rules! go {
        ($w:ty) => {{
            let p = InterleaveParams::<$w> {
                src: field.as_ptr().cast(),
                dst: y.as_mut_ptr().cast(),
                n,
                per,
                pitch: (size_of::<S>() / word) as u64,
                offset: (offset / word) as u64,
            };
            // SAFETY: the caller's contract, in words of `$w` (which divide every size and
            // offset involved).
            unsafe { launch::gather::interleave(dev, gather_blocks(n * per), p) }
        }};
    }
    by_word!(word, go)
}
