//! The comparator merge sort and merge (`kernels/merge/`, CUB's `DeviceMergeSort` shape):
//! a block sort of every tile, then `ceil(log2(tiles))` merge passes, each a merge-path
//! partition and a tile merge, ping-ponging between the output and a temporary so that the
//! last pass lands in the output. A merge of two vectors is one pass reading both in place.
//!
//! Waits for its kernels: they check that every merge's splits cut the lists into
//! consecutive pieces (`kernels/merge/mod.rs`), which holds when the inputs are sorted by a
//! strict weak order, and raise the fault word of the device's mapped host slot
//! (`context/host_slot.rs`, zeroed before the first kernel; a sort's kernels share it) where
//! one does not. After the last kernel the call synchronizes the stream and reads the word:
//! raised, a merge returns [`Error::InvalidArgument`] (inputs not sorted by the comparator),
//! a sort the same for its comparator (not a strict weak order: its own sorted runs did not
//! merge consistently). Left at 0, the output is an interleaving of the two lists (a merge)
//! or a permutation of the input (a sort), values beside their keys, whatever the input; the
//! stable merge or sort itself when the inputs are sorted by a strict weak order.
//!
//! Temporaries from the memory pool (returned to it, stream ordered, when the call ends):
//! the second buffer of keys (and values) and one split word per tile.

use super::prologue::{check, enter};
use crate::buffer::device_ptr_mut;
use crate::context::Device;
use crate::kernel::merge::CompareKernel;
use crate::kernel::sort::SortValue;
use crate::{launch, DeviceBuffer, Error, Result};
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::merge::{BlockSortParams, MergeParams};
use parallaxis_kernels::policy::merge::merge_tile_items;
use std::mem::size_of;
use std::ptr::{null, null_mut};

/// `out` = `x` sorted stably by `cmp`. Waits for the sort (module docs).
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == x.len()`; buffers
/// on different devices; out of memory for the temporaries;
/// [`InvalidArgument`](crate::Error::InvalidArgument) (`"comparator"`, `"not a strict weak
/// order"`) where the kernels found `cmp` inconsistent, `out` then unspecified; a device
/// fault.
pub fn sort_by<T: DeviceCopy, C: CompareKernel<T>>(
    cmp: C,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
) -> Result<()> {
    check(&[("sort_by output", x.len(), out.len())], &[(x, out)])?;
    let Some(dev) = enter(x.device(), x.is_empty())? else {
        return Ok(());
    };
    let mut tmp = DeviceBuffer::<T>::alloc_uninit(dev, x.len())?;
    let io = Io::<T, ()> {
        keys: x.as_ptr(),
        out: out.as_mut_ptr(),
        tmp: tmp.as_mut_ptr(),
        values: null(),
        values_out: null_mut(),
        values_tmp: null_mut(),
    };
    checked(dev, NOT_STRICT_WEAK, "sorting by a comparator", |fault| {
        // SAFETY: every key pointer is live for `x.len()` items on `dev` until `checked` has
        // waited; the values (null) are never touched with `()` values.
        unsafe { queue_sort(dev, x.len() as u64, cmp, io, fault) }
    })
}

/// `(out_keys, out_values)` = the pairs sorted stably by key under `cmp`. Waits for the
/// sort (module docs).
///
/// # Errors
/// As [`sort_by`], for all four lengths.
pub fn sort_by_key_with<K: DeviceCopy, V: SortValue, C: CompareKernel<K>>(
    cmp: C,
    keys: &DeviceBuffer<K>,
    values: &DeviceBuffer<V>,
    out_keys: &mut DeviceBuffer<K>,
    out_values: &mut DeviceBuffer<V>,
) -> Result<()> {
    let n = keys.len();
    check(
        &[
            ("sort_by_key_with values", n, values.len()),
            ("sort_by_key_with output keys", n, out_keys.len()),
            ("sort_by_key_with output values", n, out_values.len()),
        ],
        &[(keys, values), (keys, out_keys), (keys, out_values)],
    )?;
    let Some(dev) = enter(keys.device(), n == 0)? else {
        return Ok(());
    };
    let mut tmp = DeviceBuffer::<K>::alloc_uninit(dev, n)?;
    let mut values_tmp = DeviceBuffer::<V>::alloc_uninit(dev, n)?;
    let io = Io::<K, V::Word> {
        keys: keys.as_ptr(),
        out: out_keys.as_mut_ptr(),
        tmp: tmp.as_mut_ptr(),
        values: values.as_ptr().cast(),
        values_out: out_values.as_mut_ptr().cast(),
        values_tmp: values_tmp.as_mut_ptr().cast(),
    };
    checked(dev, NOT_STRICT_WEAK, "sorting by a comparator", |fault| {
        // SAFETY: every pointer is live for `n` items on `dev` until `checked` has waited;
        // `V::Word` has `V`'s size.
        unsafe { queue_sort(dev, n as u64, cmp, io, fault) }
    })
}

/// `out` = the stable merge of sorted `a` and `b` by `cmp` (ties: `a` first). Waits for the
/// merge (module docs).
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == a.len() + b.len()`;
/// buffers on different devices; out of memory for the splits;
/// [`InvalidArgument`](crate::Error::InvalidArgument) (`"merge inputs"`, `"not sorted by the
/// comparator"`) where the kernels found `a` or `b` unsorted, `out` then unspecified; a
/// device fault.
pub fn merge_by<T: DeviceCopy, C: CompareKernel<T>>(
    cmp: C,
    a: &DeviceBuffer<T>,
    b: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
) -> Result<()> {
    let n = a.len().saturating_add(b.len());
    check(&[("merge output", n, out.len())], &[(a, out), (b, out)])?;
    let Some(dev) = enter(out.device(), n == 0)? else {
        return Ok(());
    };
    let p = MergeParams::<T, (), C> {
        a_keys: a.as_ptr(),
        b_keys: b.as_ptr(),
        a_values: null(),
        b_values: null(),
        split: a.len() as u64,
        n: n as u64,
        width: a.len() as u64,
        span: n as u64,
        splits: null_mut(),
        keys_out: out.as_mut_ptr(),
        values_out: null_mut(),
        fault: null_mut(),
        cmp,
    };
    checked(dev, UNSORTED, "merging", |fault| {
        // SAFETY: `a`, `b` and `out` are live for their lengths on `dev` until `checked` has
        // waited.
        unsafe { queue_merge(dev, MergeParams { fault, ..p }) }
    })
}

/// The stable merge of two sorted lists of pairs by key under `cmp`. Waits for the merge
/// (module docs).
///
/// # Errors
/// As [`merge_by`], with each list's values as long as its keys and both outputs of the
/// total length.
#[allow(clippy::too_many_arguments)]
pub fn merge_by_key_with<K: DeviceCopy, V: SortValue, C: CompareKernel<K>>(
    cmp: C,
    a_keys: &DeviceBuffer<K>,
    a_values: &DeviceBuffer<V>,
    b_keys: &DeviceBuffer<K>,
    b_values: &DeviceBuffer<V>,
    out_keys: &mut DeviceBuffer<K>,
    out_values: &mut DeviceBuffer<V>,
) -> Result<()> {
    let n = a_keys.len().saturating_add(b_keys.len());
    check(
        &[
            ("merge_by_key a values", a_keys.len(), a_values.len()),
            ("merge_by_key b values", b_keys.len(), b_values.len()),
            ("merge_by_key output keys", n, out_keys.len()),
            ("merge_by_key output values", n, out_values.len()),
        ],
        &[
            (a_keys, out_keys),
            (a_values, out_keys),
            (b_keys, out_keys),
            (b_values, out_keys),
            (out_values, out_keys),
        ],
    )?;
    let Some(dev) = enter(out_keys.device(), n == 0)? else {
        return Ok(());
    };
    let p = MergeParams::<K, V::Word, C> {
        a_keys: a_keys.as_ptr(),
        b_keys: b_keys.as_ptr(),
        a_values: a_values.as_ptr().cast(),
        b_values: b_values.as_ptr().cast(),
        split: a_keys.len() as u64,
        n: n as u64,
        width: a_keys.len() as u64,
        span: n as u64,
        splits: null_mut(),
        keys_out: out_keys.as_mut_ptr(),
        values_out: out_values.as_mut_ptr().cast(),
        fault: null_mut(),
        cmp,
    };
    checked(dev, UNSORTED, "merging", |fault| {
        // SAFETY: every buffer is live for its length on `dev` until `checked` has waited;
        // `V::Word` has `V`'s size.
        unsafe { queue_merge(dev, MergeParams { fault, ..p }) }
    })
}

/// A merge's raised fault word: an input not sorted by the comparator.
const UNSORTED: Error = Error::InvalidArgument {
    what: "merge inputs",
    reason: "not sorted by the comparator",
};

/// A sort's raised fault word: the comparator is not a strict weak order.
const NOT_STRICT_WEAK: Error = Error::InvalidArgument {
    what: "comparator",
    reason: "not a strict weak order",
};

/// Arms the fault word of `dev`'s host slot (under the scratch lock, held to the end), runs
/// `queue` with its address, synchronizes the stream and returns `raised` if a kernel raised
/// the word. Synchronizes even when `queue` fails part-way, so that no kernel of this call
/// writes the word after the lock is released.
fn checked(
    dev: &'static Device,
    raised: Error,
    during: &'static str,
    queue: impl FnOnce(*mut u32) -> Result<()>,
) -> Result<()> {
    let mut scratch = dev.scratch();
    let fault = scratch.host.arm_fault(dev)?;
    let queued = queue(device_ptr_mut(fault));
    let waited = dev.synchronize(during);
    queued?;
    waited?;
    if scratch.host.fault_raised() {
        Err(raised)
    } else {
        Ok(())
    }
}

/// The buffers of one sort: input, output and temporary, for keys and values.
struct Io<K, W> {
    keys: *const K,
    out: *mut K,
    tmp: *mut K,
    values: *const W,
    values_out: *mut W,
    values_tmp: *mut W,
}

/// The parameters of a merge-path partition: `p` without its values.
fn keys_only<K: Copy, W, C: Copy>(p: &MergeParams<K, W, C>) -> MergeParams<K, (), C> {
    MergeParams {
        a_keys: p.a_keys,
        b_keys: p.b_keys,
        a_values: null(),
        b_values: null(),
        split: p.split,
        n: p.n,
        width: p.width,
        span: p.span,
        splits: p.splits,
        keys_out: p.keys_out,
        values_out: null_mut(),
        fault: p.fault,
        cmp: p.cmp,
    }
}

/// Queues one merge (partition, then tile merge) of `p` with a fresh split buffer.
///
/// # Safety
/// The virtual input and outputs of `p` live on `dev` for `p.n > 0` items (values unless
/// `W` is `()`), and `p.fault` for a word, until the queued work has run; `p.span` a
/// multiple of the tile or `>= n`.
unsafe fn queue_merge<K: DeviceCopy, W: Copy, C: CompareKernel<K>>(
    dev: &'static crate::Device,
    mut p: MergeParams<K, W, C>,
) -> Result<()> {
    let tiles = p.n.div_ceil(merge_tile_items(size_of::<K>()) as u64);
    let mut splits = DeviceBuffer::<u64>::alloc_uninit(dev, tiles as usize)?;
    p.splits = splits.as_mut_ptr();
    // SAFETY: `splits` holds a word per tile; the rest by the caller's contract. The split
    // buffer's free is stream ordered after both kernels.
    unsafe {
        launch::merge::partition::<K, C>(dev, tiles, keys_only(&p))?;
        launch::merge::merge::<K, W, C>(dev, tiles, p)
    }
}

/// Queues the block sort and every merge pass of a sort of `n > 0` items, all raising
/// `fault`.
///
/// # Safety
/// The pointers of `io` live on `dev` for `n` items (values unless `W` is `()`), and `fault`
/// for a word, until the queued work has run.
unsafe fn queue_sort<K: DeviceCopy, W: Copy, C: CompareKernel<K>>(
    dev: &'static crate::Device,
    n: u64,
    cmp: C,
    io: Io<K, W>,
    fault: *mut u32,
) -> Result<()> {
    let tile = merge_tile_items(size_of::<K>()) as u64;
    let tiles = n.div_ceil(tile);
    let passes = if tiles <= 1 {
        0
    } else {
        u64::BITS - (tiles - 1).leading_zeros()
    };
    // The block sort writes where an even number of passes leaves the result in `out`.
    let (mut src, mut dst) = ((io.out, io.values_out), (io.tmp, io.values_tmp));
    if passes % 2 == 1 {
        std::mem::swap(&mut src, &mut dst);
    }
    let sorted = BlockSortParams {
        keys_in: io.keys,
        values_in: io.values,
        keys_out: src.0,
        values_out: src.1,
        n,
        fault,
        cmp,
    };
    // SAFETY: input and destination hold `n` items (contract).
    unsafe { launch::merge::block_sort::<K, W, C>(dev, tiles, sorted)? };
    for pass in 0..passes {
        let width = tile << pass;
        let p = MergeParams {
            a_keys: src.0.cast_const(),
            b_keys: src.0.cast_const(),
            a_values: src.1.cast_const(),
            b_values: src.1.cast_const(),
            split: n,
            n,
            width,
            span: 2 * width,
            splits: null_mut(),
            keys_out: dst.0,
            values_out: dst.1,
            fault,
            cmp,
        };
        // SAFETY: source and destination hold `n` items; `span` is a multiple of the tile.
        unsafe { queue_merge(dev, p)? };
        std::mem::swap(&mut src, &mut dst);
    }
    Ok(())
}
