//! Find by a predicate with early exit (`kernels/select/find.rs`): one kernel lowering a word
//! of the scratch to the least position found, then a copy of that word to the host
//! (`ops/least_position.rs`).

use super::super::least_position::least_position;
use super::super::prologue::enter;
use crate::kernel::select::PredicateKernel;
use crate::launch::select as launch;
use crate::{DeviceBuffer, Result};
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::select::FindParams;
use parallaxis_kernels::policy::select::find_blocks;
use std::mem::size_of;

/// The first position `i` of `x` with `p.test(x[i]) == want`, or `None` (waits for it). The
/// kernel stops reading past a position found, so a hit near the front costs about one wave
/// of tiles.
///
/// # Errors
/// A device fault; [`Error::Unrecordable`](crate::Error::Unrecordable) while recording a
/// graph (the answer goes to the host).
pub fn find_if<T: DeviceCopy, P: PredicateKernel<T>>(
    p: P,
    want: bool,
    x: &DeviceBuffer<T>,
) -> Result<Option<usize>> {
    let Some(dev) = enter(x.device(), x.is_empty())? else {
        return Ok(None);
    };
    let n = x.len() as u64;
    let blocks = find_blocks(n, size_of::<T>(), dev.properties().multiprocessors);
    let queue = |first| {
        let q = FindParams {
            x: x.as_ptr(),
            n,
            first,
            want: u32::from(want),
            pred: p,
        };
        // SAFETY: `x` holds `n` items on `dev` (16-byte aligned: buffers and views); `first`
        // is the word `least_position` set to u64::MAX and reads back.
        unsafe { launch::find_if::<T, P>(dev, blocks, q) }
    };
    // SAFETY: the find kernel only lowers the word; `x` outlives the call.
    let first = unsafe { least_position(dev, "find_if", queue) }?;
    Ok((first < n).then_some(first as usize))
}
