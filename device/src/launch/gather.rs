//! Typed launchers of the data-movement kernels (gather, scatter, reverse, interleave, the map
//! check).
//! The entry point is picked by word and index size (`kernel::histogram::move_entries`);
//! the parameter types carry the same sizes, so a pick always matches its parameters.

use super::launch;
use crate::context::Device;
use crate::kernel::histogram::{check_entry, interleave_entry, move_entries, reverse_entry};
use crate::{Error, Result};
use parallaxis_kernels::params::gather::{
    CheckMapParams, InterleaveParams, MoveParams, ReverseParams,
};
use std::mem::size_of;

fn no_kernel(what: &str, word: usize, index: usize) -> Error {
    Error::NoKernel {
        name: format!("{what} of {word}-byte words with {index}-byte indices"),
    }
}

/// `parallax_gather__<W>__<I>` or `parallax_scatter__<W>__<I>` (`MoveParams<I, W>`).
///
/// # Safety
/// As the kernel's contract (`kernels/gather`): `map` (and a non-null `stencil`) readable for
/// `n`; the selected indices in range of what they index; `src` and `dst` live for the
/// elements they are read or written at, `per` words each.
pub(crate) unsafe fn move_words<I: Copy, W: Copy>(
    dev: &Device,
    scatter: bool,
    blocks: u64,
    p: MoveParams<I, W>,
) -> Result<()> {
    let what = if scatter { "scatter" } else { "gather" };
    let e = move_entries(size_of::<W>(), size_of::<I>())
        .ok_or_else(|| no_kernel(what, size_of::<W>(), size_of::<I>()))?;
    let name = if scatter { e.scatter } else { e.gather };
    // SAFETY: the entry of this word and index size takes `MoveParams<I, W>` (the list pairs
    // each size with its type); pointers by contract.
    unsafe { launch(dev, crate::KERNELS, name, blocks, 0, p) }
}

/// `parallax_reverse__<W>__Word(ReverseParams<W>)`.
///
/// # Safety
/// `src` readable and `dst` writable for `n * per` words on `dev`.
pub(crate) unsafe fn reverse<W: Copy>(
    dev: &Device,
    blocks: u64,
    p: ReverseParams<W>,
) -> Result<()> {
    let name =
        reverse_entry(size_of::<W>()).ok_or_else(|| no_kernel("reverse", size_of::<W>(), 0))?;
    // SAFETY: the entry of this word size takes `ReverseParams<W>`; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, name, blocks, 0, p) }
}

/// `parallax_interleave__<W>__Word(InterleaveParams<W>)`.
///
/// # Safety
/// `src` readable for `n * per` words on `dev`; `dst` writable on `dev` at word
/// `i * pitch + offset + j` for every `i < n`, `j < per`; not overlapping.
pub(crate) unsafe fn interleave<W: Copy>(
    dev: &Device,
    blocks: u64,
    p: InterleaveParams<W>,
) -> Result<()> {
    let name = interleave_entry(size_of::<W>())
        .ok_or_else(|| no_kernel("interleave", size_of::<W>(), 0))?;
    // SAFETY: the entry of this word size takes `InterleaveParams<W>`; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, name, blocks, 0, p) }
}

/// `parallax_check_map__Index__<I>(CheckMapParams<I>)`.
///
/// # Safety
/// `map` (and a non-null `stencil`) readable for `n`, `first_bad` one live `u64`, on `dev`.
pub(crate) unsafe fn check_map<I: Copy>(
    dev: &Device,
    blocks: u64,
    p: CheckMapParams<I>,
) -> Result<()> {
    let name =
        check_entry(size_of::<I>()).ok_or_else(|| no_kernel("check_map", 0, size_of::<I>()))?;
    // SAFETY: the entry of this index size takes `CheckMapParams<I>`; pointers by contract.
    unsafe { launch(dev, crate::KERNELS, name, blocks, 0, p) }
}
