//! The set operations on sorted lists (`kernels/merge/set_op.rs`, Thrust's `set_union` and
//! kin): a balanced-path partition of the two lists into tiles, a counting pass of the tile
//! kernel, an exclusive scan of the tiles' counts (whose last word is the total), then,
//! once the total is read back and the output allocated, the writing pass.
//!
//! Waits once, for the total: with it comes the fault word the counting pass raises where
//! its splits do not chain (the lists are not sorted by the comparator), and the call then
//! returns [`Error::InvalidArgument`] before writing anything. The writing pass repeats the
//! counting pass's decisions, so it writes exactly the counted total. Temporaries from the
//! memory pool: the splits (two words per tile boundary), the counts and their scan, and
//! two words read back.

use super::prologue::{check, enter};
use super::scan::exclusive_scan;
use crate::context::Device;
use crate::kernel::merge::CompareKernel;
use crate::kernel::sort::SortValue;
use crate::{launch, DeviceBuffer, Error, Result};
use parallaxis_core::{DeviceCopy, SetOp, Sum};
use parallaxis_kernels::params::merge::SetOpParams;
use parallaxis_kernels::policy::merge::set_tile_items;
use std::mem::size_of;
use std::ptr::{null, null_mut};

/// A set operation's raised fault word: an input not sorted by the comparator.
const UNSORTED: Error = Error::InvalidArgument {
    what: "set operation inputs",
    reason: "not sorted by the comparator",
};

/// The set operation `op` of `a` and `b`, both sorted by `cmp`
/// (`parallaxis_core::SetOp`), in a new buffer of exactly the items emitted. Waits for the
/// count (module docs).
///
/// # Errors
/// Buffers on different devices; out of memory; [`InvalidArgument`](crate::Error::InvalidArgument)
/// (`"set operation inputs"`, `"not sorted by the comparator"`) where the kernels found an
/// input unsorted; a device fault.
pub fn set_op_by<T: DeviceCopy, C: CompareKernel<T>>(
    op: SetOp,
    cmp: C,
    a: &DeviceBuffer<T>,
    b: &DeviceBuffer<T>,
) -> Result<DeviceBuffer<T>> {
    check(&[], &[(a, b)])?;
    let p = SetOpParams::<T, (), C> {
        a_keys: a.as_ptr(),
        b_keys: b.as_ptr(),
        a_values: null(),
        b_values: null(),
        a_len: a.len() as u64,
        b_len: b.len() as u64,
        op: op.word(),
        write: 0,
        splits: null_mut(),
        counts: null_mut(),
        keys_out: null_mut(),
        values_out: null_mut(),
        fault: null_mut(),
        cmp,
    };
    let Some(dev) = enter(a.device(), a.is_empty() && b.is_empty())? else {
        return DeviceBuffer::zeroed_on(a.device(), 0);
    };
    // SAFETY: `a` and `b` are live for their lengths on `dev` while this call runs.
    let mut pass = unsafe { count(dev, p) }?;
    let mut out = DeviceBuffer::<T>::alloc_uninit(dev, pass.total)?;
    pass.p.keys_out = out.as_mut_ptr();
    // SAFETY: `out` holds the counted total; the inputs as above.
    unsafe { write(dev, &mut pass) }?;
    Ok(out)
}

/// [`set_op_by`] of two sorted lists of pairs by key under `cmp`: the keys emitted and each
/// one's own value (a pair of equal keys emits `a`'s), in two new buffers. Waits for the
/// count.
///
/// # Errors
/// As [`set_op_by`]; [`LengthMismatch`](crate::Error::LengthMismatch) unless each list's
/// values are as long as its keys.
#[allow(clippy::type_complexity)]
pub fn set_op_by_key_with<K: DeviceCopy, V: SortValue, C: CompareKernel<K>>(
    op: SetOp,
    cmp: C,
    a_keys: &DeviceBuffer<K>,
    a_values: &DeviceBuffer<V>,
    b_keys: &DeviceBuffer<K>,
    b_values: &DeviceBuffer<V>,
) -> Result<(DeviceBuffer<K>, DeviceBuffer<V>)> {
    check(
        &[
            ("set operation a values", a_keys.len(), a_values.len()),
            ("set operation b values", b_keys.len(), b_values.len()),
        ],
        &[(a_keys, a_values), (a_keys, b_keys), (a_keys, b_values)],
    )?;
    let p = SetOpParams::<K, V::Word, C> {
        a_keys: a_keys.as_ptr(),
        b_keys: b_keys.as_ptr(),
        a_values: a_values.as_ptr().cast(),
        b_values: b_values.as_ptr().cast(),
        a_len: a_keys.len() as u64,
        b_len: b_keys.len() as u64,
        op: op.word(),
        write: 0,
        splits: null_mut(),
        counts: null_mut(),
        keys_out: null_mut(),
        values_out: null_mut(),
        fault: null_mut(),
        cmp,
    };
    let dev = a_keys.device();
    let Some(dev) = enter(dev, a_keys.is_empty() && b_keys.is_empty())? else {
        return Ok((
            DeviceBuffer::zeroed_on(dev, 0)?,
            DeviceBuffer::zeroed_on(dev, 0)?,
        ));
    };
    // SAFETY: every input is live for its length on `dev` while this call runs; `V::Word`
    // has `V`'s size.
    let mut pass = unsafe { count(dev, p) }?;
    let mut keys = DeviceBuffer::<K>::alloc_uninit(dev, pass.total)?;
    let mut values = DeviceBuffer::<V>::alloc_uninit(dev, pass.total)?;
    pass.p.keys_out = keys.as_mut_ptr();
    pass.p.values_out = values.as_mut_ptr().cast();
    // SAFETY: both outputs hold the counted total; the inputs as above.
    unsafe { write(dev, &mut pass) }?;
    Ok((keys, values))
}

/// A set operation between its two passes: the parameters, the tiles, and the temporaries
/// the writing pass reads (the splits and the tiles' output positions).
struct Counted<K, W, C> {
    p: SetOpParams<K, W, C>,
    tiles: u64,
    total: usize,
    _splits: DeviceBuffer<u64>,
    offsets: DeviceBuffer<u64>,
}

/// Queues the partition, the counting pass and the scan of the counts, and waits for the
/// total and the fault word.
///
/// # Safety
/// The lists of `p` live on `dev` for their lengths (`a_len + b_len > 0`), values unless
/// `W` is `()`, until the writing pass has run.
unsafe fn count<K: DeviceCopy, W: Copy, C: CompareKernel<K>>(
    dev: &'static Device,
    mut p: SetOpParams<K, W, C>,
) -> Result<Counted<K, W, C>> {
    let n = p.a_len + p.b_len;
    let tiles = n.div_ceil(set_tile_items(size_of::<K>()) as u64);
    let mut splits = DeviceBuffer::<u64>::alloc_uninit(dev, 2 * (tiles as usize + 1))?;
    // The counts' last word stays 0: its scan is the total.
    let mut counts = DeviceBuffer::<u64>::zeroed_on(dev, tiles as usize + 1)?;
    // Word 0: the fault word (as `u32`); word 1: the total, copied from the scan.
    let mut read_back = DeviceBuffer::<u64>::zeroed_on(dev, 2)?;
    p.splits = splits.as_mut_ptr();
    p.counts = counts.as_mut_ptr();
    p.fault = read_back.as_mut_ptr().cast();
    p.write = 0;
    // SAFETY: `splits` holds two words per tile boundary, `counts` a word per tile, `fault`
    // a word; the lists by contract. Every free is stream ordered after the kernels.
    unsafe {
        launch::merge::set_partition::<K, C>(dev, tiles, keys_only(&p))?;
        launch::merge::set_tiles::<K, W, C>(dev, tiles, p)?;
    }
    let mut offsets = DeviceBuffer::<u64>::alloc_uninit(dev, tiles as usize + 1)?;
    exclusive_scan(Sum, 0, &counts, &mut offsets)?;
    read_back.copy_range_from(1, &offsets, tiles as usize..tiles as usize + 1)?;
    let words = read_back.to_vec()?;
    if words[0] as u32 != 0 {
        return Err(UNSORTED);
    }
    let total = usize::try_from(words[1]).map_err(|_| Error::OutOfMemory { bytes: usize::MAX })?;
    p.counts = offsets.as_mut_ptr();
    p.fault = null_mut();
    p.write = 1;
    Ok(Counted {
        p,
        tiles,
        total,
        _splits: splits,
        offsets,
    })
}

/// Queues the writing pass of `c` (its outputs set), returning once queued.
///
/// # Safety
/// As [`count`]; the outputs of `c.p` live on `dev` for `c.total` items.
unsafe fn write<K: DeviceCopy, W: Copy, C: CompareKernel<K>>(
    dev: &'static Device,
    c: &mut Counted<K, W, C>,
) -> Result<()> {
    if c.total == 0 {
        return Ok(());
    }
    c.p.counts = c.offsets.as_mut_ptr();
    // SAFETY: the splits and positions of the counting pass, the outputs by contract.
    unsafe { launch::merge::set_tiles::<K, W, C>(dev, c.tiles, c.p) }
}

/// The parameters of a partition: `p` without its values.
fn keys_only<K: Copy, W, C: Copy>(p: &SetOpParams<K, W, C>) -> SetOpParams<K, (), C> {
    SetOpParams {
        a_keys: p.a_keys,
        b_keys: p.b_keys,
        a_values: null(),
        b_values: null(),
        a_len: p.a_len,
        b_len: p.b_len,
        op: p.op,
        write: p.write,
        splits: p.splits,
        counts: p.counts,
        keys_out: p.keys_out,
        values_out: null_mut(),
        fault: p.fault,
        cmp: p.cmp,
    }
}
