//! Selection on the single-pass select kernels (`kernels/select/`): `copy_if` by a
//! predicate (and its negation, `remove_if`), by stencil flags, `unique`, `unique_by_key`,
//! stable `partition` (a fused count pass, then the select pass placing the rejected items
//! after the selected ones), the one-pass partition (the rejected items from the back, in
//! reverse), `count_if` (one fused reduce) and `find_if` (`find.rs`: its own
//! kernel, which stops early).
//!
//! The `_into` forms write into the caller's buffers and leave the count on the device,
//! returning once queued (CUB's `DeviceSelect` contract). The allocating forms select into
//! the scratch, wait for the count (written into mapped host memory) and copy the selection
//! into an output of exactly its size, as `reduce_by_key` does.
//!
//! This file holds the pass every form shares (`queue`, and the `_into` and allocating
//! tails); `predicate.rs` the forms by a predicate, `runs.rs` those by stencil flags and by
//! runs of equal items.

mod find;
mod predicate;
mod runs;

pub use find::{find_if, is_sorted_until, mismatch};
pub use predicate::{copy_if, copy_if_into, count_if, partition_into, partition_unstable_into};
pub use runs::{
    copy_if_stencil, copy_if_stencil_into, unique, unique_by_key, unique_by_key_into, unique_into,
};

use super::plan::{Plan, State};
use super::prologue::{check, enter};
use crate::buffer::device_ptr_mut;
use crate::context::{Device, Scratch};
use crate::launch::select as launch;
use crate::{DeviceBuffer, Error, Kernels, Result};
use cudarc::driver::result;
use parallaxis_core::DeviceCopy;
use parallaxis_kernels::params::common::HostSignal;
use parallaxis_kernels::params::select::SelectParams;
use parallaxis_kernels::policy::lookback::packed_words;
use parallaxis_kernels::policy::select::{select_tile_items, SELECT_FIRST_POLL_DELAY_NS};
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

/// Where a pass writes: the items, their values, the count and its signal, and a
/// partition's rejected items (after the split, or from the end).
#[derive(Clone, Copy)]
struct Outputs<T, V> {
    y: *mut T,
    y_values: *mut V,
    count: *mut u64,
    done: HostSignal,
    split: *const u64,
    rejects_from_end: bool,
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
        rejects_from_end: u32::from(out.rejects_from_end),
        keep: u32::from(pass.keep),
        poll_delay_ns: poll_delay_ns(),
        pred: pass.pred,
    };
    // SAFETY: `pass.entry` takes `SelectParams<T, V, P>` (the kernel traits); pointers by
    // contract; one block per tile of readied state.
    unsafe { launch::select(dev, pass.entry, state.tiles, p) }
}

/// `pass` into the caller's `y` (and `y_values`), the count to `count`, returning once
/// queued; with `rejects_from_end`, a partition whose rejected items fill `y` from the back.
/// Writes a count of 0 for an empty input.
///
/// # Safety
/// As [`queue`] for `pass`'s inputs of `n` items and the outputs, all on `dev`.
unsafe fn into<T: DeviceCopy, V: DeviceCopy, P: Copy>(
    dev: &'static Device,
    pass: Pass<T, V, P>,
    n: usize,
    (y, y_values): (*mut T, *mut V),
    count: &mut DeviceBuffer<usize>,
    rejects_from_end: bool,
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
        rejects_from_end,
    };
    // SAFETY: as the caller guarantees; `count` is one live word.
    unsafe { queue(dev, (state, base, &mut scratch), pass, n as u64, out) }
}

/// The `_into` form of a pass that selects items of `x` alone: `out` has room for every item
/// (`out_what`), `count` is one element (`count_what`), all on `x`'s device; then [`into`].
///
/// # Safety
/// `pass` reads `x`'s items and, besides them, only inputs of as many items on `x`'s device
/// that the caller checked.
unsafe fn keys_into<T: DeviceCopy, P: Copy>(
    (out_what, count_what): (&'static str, &'static str),
    pass: Pass<T, T, P>,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
    count: &mut DeviceBuffer<usize>,
) -> Result<()> {
    room(out_what, x.len(), out.len())?;
    check(&[(count_what, 1, count.len())], &[(x, out), (x, count)])?;
    let y = out.as_mut_ptr();
    // SAFETY: `x` holds `n` items, `out` room for them, on one device (checked above; the
    // rest by contract); later users and frees queue after the kernel.
    unsafe {
        into(
            x.device(),
            pass,
            x.len(),
            (y, core::ptr::null_mut::<T>()),
            count,
            false,
        )
    }
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
        rejects_from_end: false,
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
            unsafe { result::memcpy_dtod_async(dst, src, bytes, dev.stream()) }
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
