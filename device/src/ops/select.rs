//! Selection on the single-pass select kernels (`kernels/select/`): `copy_if` by a
//! predicate (and its negation, `remove_if`), by stencil flags, `unique`, `unique_by_key`,
//! stable `partition` (a fused count pass, then the select pass placing the rejected items
//! after the selected ones), and `count_if` (one fused reduce).
//!
//! The `_into` forms write into the caller's buffers and leave the count on the device,
//! returning once queued (CUB's `DeviceSelect` contract). The allocating forms select into
//! the scratch, wait for the count (written into mapped host memory) and copy the selection
//! into an output of exactly its size, as `reduce_by_key` does.

use super::plan::{Plan, State};
use super::prologue::{check, enter};
use super::reduce::{queue as queue_reduce, to_host};
use crate::buffer::device_ptr_mut;
use crate::context::{Device, Scratch};
use crate::kernel::select::{PredicateKernel, SelectKernel, UniqueByKeyKernel};
use crate::launch::select as launch;
use crate::{DeviceBuffer, Error, Kernels, Result, STREAM};
use cudarc::driver::result;
use parallax_core::{DeviceCopy, Indicator, Sum};
use parallax_kernels::params::common::HostSignal;
use parallax_kernels::params::{reduce::TransformReduceParams, select::SelectParams};
use parallax_kernels::policy::lookback::packed_words;
use parallax_kernels::policy::select::{select_tile_items, SELECT_FIRST_POLL_DELAY_NS};
use std::mem::size_of;
use std::sync::OnceLock;

/// What one select pass reads and which entry point runs it.
#[derive(Clone, Copy)]
struct Pass<T, V, P> {
    entry: (Kernels, &'static str),
    x: *const T,
    /// Values beside the items (`unique_by_key`), else null.
    values: *const V,
    /// Stencil bytes, else null.
    flags: *const u8,
    keep: bool,
    pred: P,
}

/// Where a pass writes: the items, their values, the count and its signal, the split.
#[derive(Clone, Copy)]
struct Outputs<T, V> {
    y: *mut T,
    y_values: *mut V,
    count: *mut u64,
    done: HostSignal,
    split: *const u64,
}

/// The first-poll delay of the select tiles: `policy::select::SELECT_FIRST_POLL_DELAY_NS`,
/// or `PARALLAX_SELECT_POLL_DELAY_NS` (read once per process) for A/B runs.
fn poll_delay_ns() -> u32 {
    static DELAY: OnceLock<u32> = OnceLock::new();
    *DELAY.get_or_init(|| {
        std::env::var("PARALLAX_SELECT_POLL_DELAY_NS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(SELECT_FIRST_POLL_DELAY_NS)
    })
}

/// The look-back state of a select pass over `n` items (its counts are `u64`, packed).
fn select_state<T, V>(plan: &mut Plan, n: u64) -> State {
    let wide = size_of::<T>().max(size_of::<V>());
    plan.state::<u64>(n, select_tile_items(wide), packed_words::<u64>())
}

/// Readies `state` (in `scratch` at `base`) and queues `pass` over `n > 0` items.
///
/// # Safety
/// `pass`'s inputs hold `n` items (16-byte aligned) and `out`'s outputs room for `n`, on
/// `dev`, until the kernel has run; `count` null or a word, `split` null or the number
/// selected (written before the kernel runs); the caller holds `scratch` while this queues.
unsafe fn queue<T: DeviceCopy, V: DeviceCopy, P: Copy>(
    dev: &Device,
    (state, base, scratch): (State, u64, &mut Scratch),
    pass: Pass<T, V, P>,
    n: u64,
    out: Outputs<T, V>,
) -> Result<()> {
    let status = state.ready(dev, scratch, base)?;
    let p = SelectParams {
        x: pass.x,
        values: pass.values,
        flags: pass.flags,
        y: out.y,
        y_values: out.y_values,
        n,
        status,
        count: out.count,
        done: out.done,
        split: out.split,
        keep: u32::from(pass.keep),
        poll_delay_ns: poll_delay_ns(),
        pred: pass.pred,
    };
    // SAFETY: `pass.entry` takes `SelectParams<T, V, P>` (the kernel traits); pointers by
    // contract; one block per tile of readied state.
    unsafe { launch::select(dev, pass.entry, state.tiles, p) }
}

/// `pass` into the caller's `y` (and `y_values`), the count to `count`, returning once
/// queued. Writes a count of 0 for an empty input.
///
/// # Safety
/// As [`queue`] for `pass`'s inputs of `n` items and the outputs, all on `dev`.
unsafe fn into<T: DeviceCopy, V: DeviceCopy, P: Copy>(
    dev: &'static Device,
    pass: Pass<T, V, P>,
    n: usize,
    (y, y_values): (*mut T, *mut V),
    count: &mut DeviceBuffer<usize>,
) -> Result<()> {
    let Some(dev) = enter(dev, n == 0)? else {
        return count.copy_from_slice(&[0]);
    };
    let mut plan = Plan::default();
    let state = select_state::<T, V>(&mut plan, n as u64);
    let mut scratch = dev.scratch();
    let base = plan.reserve(dev, &mut scratch)?;
    let out = Outputs {
        y,
        y_values,
        // `usize` is `u64` on the 64-bit hosts CUDA runs on.
        count: count.as_mut_ptr().cast::<u64>(),
        done: HostSignal::NONE,
        split: core::ptr::null(),
    };
    // SAFETY: as the caller guarantees; `count` is one live word.
    unsafe { queue(dev, (state, base, &mut scratch), pass, n as u64, out) }
}

/// `pass` into outputs of exactly the selection (the values' only with `pass.values`):
/// selects into the scratch, waits for the count, copies.
///
/// # Safety
/// `pass`'s inputs hold `n` items on `dev` (16-byte aligned), live until this returns.
unsafe fn allocating<T: DeviceCopy, V: DeviceCopy, P: Copy>(
    dev: &'static Device,
    pass: Pass<T, V, P>,
    n: usize,
) -> Result<(DeviceBuffer<T>, DeviceBuffer<V>)> {
    let Some(dev) = enter(dev, n == 0)? else {
        return Ok((
            DeviceBuffer::zeroed_on(dev, 0)?,
            DeviceBuffer::zeroed_on(dev, 0)?,
        ));
    };
    let pairs = !pass.values.is_null();
    let mut plan = Plan::default();
    let ys = plan.take(n * size_of::<T>());
    let vs = plan.take(if pairs { n * size_of::<V>() } else { 0 });
    let state = select_state::<T, V>(&mut plan, n as u64);
    let mut scratch = dev.scratch();
    let base = plan.reserve(dev, &mut scratch)?;
    // The kernel writes the count straight into mapped host memory and raises the slot's
    // flag (`host_slot.rs`).
    let (count_at, done) = scratch.host.arm(dev, size_of::<u64>())?;
    let (ys, vs) = (base + ys as u64, base + vs as u64);
    let out = Outputs {
        y: device_ptr_mut(ys),
        y_values: if pairs {
            device_ptr_mut(vs)
        } else {
            core::ptr::null_mut()
        },
        count: device_ptr_mut(count_at),
        done,
        split: core::ptr::null(),
    };
    // SAFETY: the staging areas hold `n` items and values of the locked scratch; the count
    // one word of its host slot, `done` its flag; the inputs by contract.
    unsafe { queue(dev, (state, base, &mut scratch), pass, n as u64, out) }?;
    // SAFETY: the kernel just queued always writes the count (its last tile), then raises
    // the flag.
    let k = unsafe {
        scratch
            .host
            .wait_read::<u64>(dev, "reading the selection count")
    }?;
    let k = k as usize;
    let mut y = DeviceBuffer::<T>::alloc_uninit(dev, k)?;
    let mut v = DeviceBuffer::<V>::alloc_uninit(dev, if pairs { k } else { 0 })?;
    for (dst, src, bytes) in [
        (y.as_mut_ptr() as u64, ys, k * size_of::<T>()),
        (v.as_mut_ptr() as u64, vs, v.len() * size_of::<V>()),
    ] {
        if bytes > 0 {
            // SAFETY: the first `k` staged items (values) into a fresh output of exactly
            // `k`, which the copy writes whole.
            unsafe { result::memcpy_dtod_async(dst, src, bytes, STREAM) }
                .map_err(|e| dev.fail("copying the selection", e))?;
        }
    }
    Ok((y, v))
}

/// `Err(LengthMismatch)` unless `out` has room for `n` (at least `n` long).
fn room(what: &'static str, n: usize, out: usize) -> Result<()> {
    if out >= n {
        Ok(())
    } else {
        Err(Error::LengthMismatch {
            what,
            expected: n,
            actual: out,
        })
    }
}

/// The predicate pass of `p` over `x`.
fn by_predicate<T: DeviceCopy, P: PredicateKernel<T>>(
    p: P,
    keep: bool,
    x: &DeviceBuffer<T>,
) -> Pass<T, T, P> {
    Pass {
        entry: (P::KERNELS, P::SELECT_IF),
        x: x.as_ptr(),
        values: core::ptr::null(),
        flags: core::ptr::null(),
        keep,
        pred: p,
    }
}

/// The elements of `x` that `p` selects (`keep`) or rejects (`!keep`: `remove_if`), in
/// order, in a new buffer of exactly their number (waits for the count).
///
/// # Errors
/// Out of memory, a device fault.
pub fn copy_if<T: DeviceCopy, P: PredicateKernel<T>>(
    p: P,
    keep: bool,
    x: &DeviceBuffer<T>,
) -> Result<DeviceBuffer<T>> {
    // SAFETY: `x` is live for its `n` items (256-byte aligned) until this returns.
    Ok(unsafe { allocating(x.device(), by_predicate(p, keep, x), x.len()) }?.0)
}

/// [`copy_if`] to the front of `out`, the count to `count[0]`, on the device, returning once
/// queued.
///
/// # Errors
/// [`LengthMismatch`](Error::LengthMismatch) when `out` is shorter than `x` or `count` does
/// not have one element; buffers on different devices; nothing is written then. A fault of
/// the kernel surfaces in the next call that waits.
pub fn copy_if_into<T: DeviceCopy, P: PredicateKernel<T>>(
    p: P,
    keep: bool,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
    count: &mut DeviceBuffer<usize>,
) -> Result<()> {
    room("copy_if_into output", x.len(), out.len())?;
    check(
        &[("copy_if_into count", 1, count.len())],
        &[(x, out), (x, count)],
    )?;
    let y = out.as_mut_ptr();
    // SAFETY: `x` holds `n` items, `out` room for them, on one device; later users and
    // frees queue after the kernel.
    unsafe {
        into(
            x.device(),
            by_predicate(p, keep, x),
            x.len(),
            (y, core::ptr::null_mut::<T>()),
            count,
        )
    }
}

/// Stable partition of `x` into `out` (as long as `x`): the elements `p` selects, in order,
/// then the others, in order; the number selected to `split[0]`. Two launches, queued
/// without waiting: the fused count of `p` into `split`, then the select pass, which reads
/// it to place the rejected elements.
///
/// # Errors
/// As [`copy_if_into`], with `out` exactly as long as `x`.
pub fn partition_into<T: DeviceCopy, P: PredicateKernel<T>>(
    p: P,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
    split: &mut DeviceBuffer<usize>,
) -> Result<()> {
    check(
        &[
            ("partition_into output", x.len(), out.len()),
            ("partition_into split", 1, split.len()),
        ],
        &[(x, out), (x, split)],
    )?;
    let Some(dev) = enter(x.device(), x.is_empty())? else {
        return split.copy_from_slice(&[0]);
    };
    let n = x.len() as u64;
    let at = split.as_mut_ptr().cast::<u64>();
    let mut scratch = dev.scratch();
    let count = |blocks, reduce| {
        let q = TransformReduceParams {
            x: x.as_ptr(),
            f: Indicator { pred: p },
            reduce,
        };
        // SAFETY: `x` is live for `n` items (256-byte aligned); the rest of `q` by `queue`.
        unsafe { launch::count_if::<T, P>(dev, blocks, q) }
    };
    // SAFETY: `at` is one live word on `dev`; the scratch is locked; `count` queues the
    // fused count over `x`'s `n` items.
    unsafe {
        queue_reduce(
            dev,
            &mut scratch,
            Sum,
            (n, size_of::<T>()),
            (at, HostSignal::NONE),
            count,
        )
    }?;
    let mut plan = Plan::default();
    let state = select_state::<T, T>(&mut plan, n);
    let base = plan.reserve(dev, &mut scratch)?;
    let outs = Outputs {
        y: out.as_mut_ptr(),
        y_values: core::ptr::null_mut(),
        count: core::ptr::null_mut(),
        done: HostSignal::NONE,
        split: at,
    };
    // SAFETY: `x` holds `n` items and `out` room for all of them; `split` is written by the
    // count kernel queued before this one.
    unsafe {
        queue(
            dev,
            (state, base, &mut scratch),
            by_predicate(p, true, x),
            n,
            outs,
        )
    }
}

/// The number of elements of `x` that `p` selects: one fused reduce of the predicate's
/// 0/1 indicator, into mapped host memory (waits for it).
///
/// # Errors
/// A device fault.
pub fn count_if<T: DeviceCopy, P: PredicateKernel<T>>(p: P, x: &DeviceBuffer<T>) -> Result<usize> {
    if x.is_empty() {
        return Ok(0);
    }
    let dev = x.device();
    let count = |blocks, reduce| {
        let q = TransformReduceParams {
            x: x.as_ptr(),
            f: Indicator { pred: p },
            reduce,
        };
        // SAFETY: `x` is live for `n` items (256-byte aligned) until `to_host` returns.
        unsafe { launch::count_if::<T, P>(dev, blocks, q) }
    };
    // SAFETY: `count` queues the fused count over `x`'s `n` items of `T`.
    let k = unsafe { to_host(dev, Sum, x.len(), size_of::<T>(), count) }?;
    Ok(k as usize)
}

/// The stencil pass over `x`.
fn by_flags<T: SelectKernel>(stencil: &DeviceBuffer<bool>, x: &DeviceBuffer<T>) -> Pass<T, T, ()> {
    Pass {
        entry: (crate::KERNELS, T::SELECT_FLAGGED),
        x: x.as_ptr(),
        values: core::ptr::null(),
        flags: stencil.as_ptr().cast::<u8>(),
        keep: true,
        pred: (),
    }
}

/// The elements of `x` whose `stencil` flag is set, in order, in a new buffer of exactly
/// their number (waits for the count).
///
/// # Errors
/// [`LengthMismatch`](Error::LengthMismatch) unless `stencil` is as long as `x`; buffers on
/// different devices; out of memory; a device fault.
pub fn copy_if_stencil<T: SelectKernel>(
    stencil: &DeviceBuffer<bool>,
    x: &DeviceBuffer<T>,
) -> Result<DeviceBuffer<T>> {
    check(
        &[("copy_if_stencil stencil", x.len(), stencil.len())],
        &[(x, stencil)],
    )?;
    // SAFETY: `x` and `stencil` hold `n` items (bools are 0/1 bytes), live until this returns.
    Ok(unsafe { allocating(x.device(), by_flags(stencil, x), x.len()) }?.0)
}

/// [`copy_if_stencil`] to the front of `out`, the count to `count[0]`, returning once queued.
///
/// # Errors
/// As [`copy_if_into`], and a `stencil` not as long as `x`.
pub fn copy_if_stencil_into<T: SelectKernel>(
    stencil: &DeviceBuffer<bool>,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
    count: &mut DeviceBuffer<usize>,
) -> Result<()> {
    check(
        &[("copy_if_stencil_into stencil", x.len(), stencil.len())],
        &[],
    )?;
    room("copy_if_stencil_into output", x.len(), out.len())?;
    check(
        &[("copy_if_stencil_into count", 1, count.len())],
        &[(x, stencil), (x, out), (x, count)],
    )?;
    let y = out.as_mut_ptr();
    // SAFETY: as `copy_if_into`, with the stencil's `n` bytes.
    unsafe {
        into(
            x.device(),
            by_flags(stencil, x),
            x.len(),
            (y, core::ptr::null_mut::<T>()),
            count,
        )
    }
}

/// The run-heads pass over `x`.
fn heads<T: SelectKernel>(x: &DeviceBuffer<T>) -> Pass<T, T, ()> {
    Pass {
        entry: (crate::KERNELS, T::SELECT_UNIQUE),
        x: x.as_ptr(),
        values: core::ptr::null(),
        flags: core::ptr::null(),
        keep: true,
        pred: (),
    }
}

/// The first element of each run of equal consecutive elements, in order, in a new buffer
/// of exactly their number (waits for the count).
///
/// # Errors
/// Out of memory, a device fault.
pub fn unique<T: SelectKernel>(x: &DeviceBuffer<T>) -> Result<DeviceBuffer<T>> {
    // SAFETY: `x` holds `n` items, live until this returns.
    Ok(unsafe { allocating(x.device(), heads(x), x.len()) }?.0)
}

/// [`unique`] to the front of `out`, the count to `count[0]`, returning once queued.
///
/// # Errors
/// As [`copy_if_into`].
pub fn unique_into<T: SelectKernel>(
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
    count: &mut DeviceBuffer<usize>,
) -> Result<()> {
    room("unique_into output", x.len(), out.len())?;
    check(
        &[("unique_into count", 1, count.len())],
        &[(x, out), (x, count)],
    )?;
    let y = out.as_mut_ptr();
    // SAFETY: as `copy_if_into`.
    unsafe {
        into(
            x.device(),
            heads(x),
            x.len(),
            (y, core::ptr::null_mut::<T>()),
            count,
        )
    }
}

/// The run-heads pass over `keys`, with `values` beside them.
fn heads_with<K: UniqueByKeyKernel<V>, V: DeviceCopy>(
    keys: &DeviceBuffer<K>,
    values: &DeviceBuffer<V>,
) -> Pass<K, V, ()> {
    Pass {
        entry: (crate::KERNELS, K::UNIQUE_BY_KEY),
        x: keys.as_ptr(),
        values: values.as_ptr(),
        flags: core::ptr::null(),
        keep: true,
        pred: (),
    }
}

/// For each run of equal consecutive keys its first key and value, in new buffers of
/// exactly the number of runs (waits for it).
///
/// # Errors
/// [`LengthMismatch`](Error::LengthMismatch) unless `values` is as long as `keys`; buffers
/// on different devices; out of memory; a device fault.
pub fn unique_by_key<K: UniqueByKeyKernel<V>, V: DeviceCopy>(
    keys: &DeviceBuffer<K>,
    values: &DeviceBuffer<V>,
) -> Result<(DeviceBuffer<K>, DeviceBuffer<V>)> {
    check(
        &[("unique_by_key values", keys.len(), values.len())],
        &[(keys, values)],
    )?;
    // SAFETY: both hold `n` items, live until this returns.
    unsafe { allocating(keys.device(), heads_with(keys, values), keys.len()) }
}

/// [`unique_by_key`] to the fronts of `out_keys` and `out_values`, the run count to
/// `count[0]`, returning once queued.
///
/// # Errors
/// As [`copy_if_into`], for both outputs, and `values` not as long as `keys`.
pub fn unique_by_key_into<K: UniqueByKeyKernel<V>, V: DeviceCopy>(
    keys: &DeviceBuffer<K>,
    values: &DeviceBuffer<V>,
    out_keys: &mut DeviceBuffer<K>,
    out_values: &mut DeviceBuffer<V>,
    count: &mut DeviceBuffer<usize>,
) -> Result<()> {
    check(
        &[("unique_by_key_into values", keys.len(), values.len())],
        &[],
    )?;
    room("unique_by_key_into output keys", keys.len(), out_keys.len())?;
    room(
        "unique_by_key_into output values",
        keys.len(),
        out_values.len(),
    )?;
    check(
        &[("unique_by_key_into count", 1, count.len())],
        &[
            (keys, values),
            (keys, out_keys),
            (keys, out_values),
            (keys, count),
        ],
    )?;
    let out = (out_keys.as_mut_ptr(), out_values.as_mut_ptr());
    // SAFETY: as `copy_if_into`, for keys and values.
    unsafe {
        into(
            keys.device(),
            heads_with(keys, values),
            keys.len(),
            out,
            count,
        )
    }
}
