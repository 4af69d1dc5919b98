//! Reduce: one launch of one kernel (each block folds its share into a partial; the last
//! block of each group of partials folds the group into the next level of a fold tree, see
//! `kernels/src/kernels/reduce/mod.rs`).
//! [`reduce_into`] leaves the result on the device and returns without waiting;
//! [`reduce`] is the same launch into mapped host memory followed by a wait.

use super::prologue::check;
use crate::buffer::device_ptr_mut;
use crate::context::Device;
use crate::context::Scratch;
use crate::kernel::MonoidKernel;
use crate::Result;
use crate::{launch, DeviceBuffer};
use parallaxis_core::{DeviceCopy, Monoid};
use parallaxis_kernels::{params::common::HostSignal, params::reduce::ReduceParams};
use parallaxis_kernels::{policy::reduce::reduce_grid_for, policy::reduce::reduce_tree_slots};
use std::mem::size_of;

/// `identity ⊕ x[0] ⊕ ... ⊕ x[n-1]`, combined in index order (any monoid; float sums are
/// associated by a partition that depends only on `n` and the device's reduce shape
/// ([`Device::tuning`](crate::Device::tuning)), so results are reproducible), copied
/// to the host. Waits for the result; [`reduce_into`] leaves it on the device instead.
///
/// # Errors
/// A device fault, or no memory for the partials.
pub fn reduce<T: DeviceCopy, M: MonoidKernel<T>>(m: M, x: &DeviceBuffer<T>) -> Result<T> {
    if x.is_empty() {
        return Ok(m.identity());
    }
    let dev = x.device();
    let queue_kernel = |blocks, p| {
        // SAFETY: `x` is live for its `n` elements (16-byte aligned: buffers and views), and the
        // borrow outlasts the wait in `to_host`; the rest of `p` by `to_host`.
        unsafe { launch::reduce::<T, M>(dev, blocks, ReduceParams { x: x.as_ptr(), ..p }) }
    };
    // SAFETY: `queue_kernel` queues the reduce kernel over `x`'s `n` items of `T`.
    unsafe { to_host(dev, m, x.len(), size_of::<T>(), queue_kernel) }
}

/// Queues a reduce of `n > 0` items of `in_size` bytes into mapped host memory, waits for
/// its signal and reads the result. `launch` gets the grid and the parameters of every
/// reduce launch (`x` null: the caller's input), and queues the kernel.
///
/// # Safety
/// `launch` must queue a kernel with `ReduceParams<T, M>`'s contract (plus whatever input
/// it adds, live until this returns) that reads `n` items of `in_size` bytes.
pub(super) unsafe fn to_host<T: DeviceCopy, M: Monoid<T>>(
    dev: &Device,
    m: M,
    n: usize,
    in_size: usize,
    launch: impl FnOnce(u64, ReduceParams<T, M>) -> Result<()>,
) -> Result<T> {
    let grid = reduce_grid_for(n as u64, in_size, dev.tuning().reduce);
    // SAFETY: as this function's contract, with the reduce's own grid.
    unsafe { to_host_grid(dev, m, n, grid, launch) }
}

/// [`to_host`] with the grid `(blocks, tiles_per_warp)` given (a partition of `n` items in
/// warp tiles, as `reduce_plan` makes): the extremum reduce's own (`policy/extrema.rs`).
///
/// # Safety
/// As [`to_host`], with the kernel reading `n` items in the given partition.
pub(super) unsafe fn to_host_grid<T: DeviceCopy, M: Monoid<T>>(
    dev: &Device,
    m: M,
    n: usize,
    grid: (u64, u64),
    launch: impl FnOnce(u64, ReduceParams<T, M>) -> Result<()>,
) -> Result<T> {
    dev.enter()?;
    let mut scratch = dev.scratch();
    // The kernel writes the result straight into mapped host memory and raises the slot's
    // flag (`host_slot.rs`).
    let (result, done) = scratch.host.arm(dev, size_of::<T>())?;
    // SAFETY: `result` holds a `T` and, with the flag, stays locked with the scratch until it
    // is read below; `launch` by contract.
    unsafe {
        queue_grid(
            dev,
            &mut scratch,
            m,
            (n as u64, grid),
            (device_ptr_mut(result), done),
            launch,
        )
    }?;
    // SAFETY: the kernel just queued writes a `T` produced by the monoid into the slot, then
    // raises the flag.
    unsafe { scratch.host.wait_read::<T>(dev, "reduce") }
}

/// Writes `identity ⊕ x[0] ⊕ ... ⊕ x[n-1]` (as [`reduce`], bit for bit) into `out[0]` and
/// returns without waiting for it: the result stays on the device, for the next operation
/// or a later [`DeviceBuffer::to_vec`], which run after the kernel (every operation queues
/// on the same stream). An empty `x` writes the identity.
///
/// ```no_run
/// use parallaxis_core::Sum;
/// use parallaxis_device::{reduce_into, DeviceBuffer};
/// let x = DeviceBuffer::from_slice(&[1.0_f32, 2.0, 3.0])?;
/// let mut total = DeviceBuffer::zeroed(1)?;
/// reduce_into(Sum, &x, &mut total)?;
/// assert_eq!(total.to_vec()?, [6.0]);
/// # Ok::<(), parallaxis_device::Error>(())
/// ```
///
/// # Errors
/// [`LengthMismatch`](crate::Error::LengthMismatch) unless `out.len() == 1`;
/// [`DeviceMismatch`](crate::Error::DeviceMismatch) when `x` and `out` live on
/// different devices; no memory for the partials. A fault of the kernel itself surfaces in
/// the next call that waits for the device (`to_vec`, any other operation).
pub fn reduce_into<T: DeviceCopy, M: MonoidKernel<T>>(
    m: M,
    x: &DeviceBuffer<T>,
    out: &mut DeviceBuffer<T>,
) -> Result<()> {
    check(&[("reduce_into output", 1, out.len())], &[(x, out)])?;
    let dev = x.device();
    if x.is_empty() {
        return out.copy_from_slice(&[m.identity()]);
    }
    dev.enter()?;
    let mut scratch = dev.scratch();
    let n = x.len();
    let queue_kernel = |blocks, p| {
        // SAFETY: `x` is live for `n` elements (16-byte aligned); the rest of `p` by `queue`.
        unsafe { launch::reduce::<T, M>(dev, blocks, ReduceParams { x: x.as_ptr(), ..p }) }
    };
    // SAFETY: `out` is one live element on `dev`. The borrows end when this returns, with
    // the kernel possibly still running: a later free of `out` (or `x`) is ordered after it
    // on the stream (`DeviceBuffer`'s drop), and so is any later access.
    unsafe {
        queue(
            dev,
            &mut scratch,
            m,
            (n as u64, size_of::<T>()),
            (out.as_mut_ptr(), HostSignal::NONE),
            queue_kernel,
        )
    }
}

/// Queues a reduce of `n > 0` items of `in_size` bytes (the partition `reduce_grid_for(n,
/// in_size, shape)` in the device's tuning), writing the fold to `out` and then raising
/// `done`: reserves the fold tree's partials in `scratch`, builds the parameters, input
/// pointer null, and has `launch` queue the kernel. Does not synchronize.
///
/// # Safety
/// `out` writable for one `T` on `dev` until the kernel has run, `done` null or a word only
/// this kernel writes meanwhile; the scratch lock held by the caller while this queues;
/// `launch` as in [`to_host`].
pub(super) unsafe fn queue<T: DeviceCopy, M: Monoid<T>>(
    dev: &Device,
    scratch: &mut Scratch,
    m: M,
    (n, in_size): (u64, usize),
    (out, done): (*mut T, HostSignal),
    launch: impl FnOnce(u64, ReduceParams<T, M>) -> Result<()>,
) -> Result<()> {
    // SAFETY: as this function's contract, with the reduce's own grid.
    unsafe {
        queue_grid(
            dev,
            scratch,
            m,
            (n, reduce_grid_for(n, in_size, dev.tuning().reduce)),
            (out, done),
            launch,
        )
    }
}

/// [`queue`] with the grid `(blocks, tiles_per_warp)` given (see [`to_host_grid`]).
///
/// # Safety
/// As [`queue`], with the kernel reading `n` items in the given partition.
pub(super) unsafe fn queue_grid<T: DeviceCopy, M: Monoid<T>>(
    dev: &Device,
    scratch: &mut Scratch,
    m: M,
    (n, (blocks, tiles_per_warp)): (u64, (u64, u64)),
    (out, done): (*mut T, HostSignal),
    launch: impl FnOnce(u64, ReduceParams<T, M>) -> Result<()>,
) -> Result<()> {
    // Every level of the fold tree; at least 1 byte even when one block writes the result.
    let partials_bytes =
        (reduce_tree_slots(blocks, size_of::<T>()).0 as usize * size_of::<T>()).max(1);
    let partials = scratch.reserve(dev, partials_bytes)?;
    let counters = if blocks > 1 {
        scratch.reduce_counters(dev)?
    } else {
        0
    };
    // `partials` has the tree's slots, 256-byte aligned; the `REDUCE_COUNTERS >=
    // reduce_tree_slots(blocks, size).1` counters are 0 between reduce kernels (Scratch's
    // contract) and only reduce kernels, one at a time on the stream, touch them; `out` by
    // contract.
    launch(
        blocks,
        ReduceParams {
            x: core::ptr::null(),
            n,
            tiles_per_warp,
            partials: device_ptr_mut(partials),
            counters: device_ptr_mut(counters),
            out,
            done,
            init: m.identity(),
            seeded: 0,
            m,
        },
    )
}
