//! The segmented sort traits on CUDA: a composition of the library's GPU algorithms (no
//! kernel of its own). With `I` the index type (`u32` while `n + 2` fits, else `u64`):
//!
//! 1. `p` = `0..n` (`tabulate`), sorted stably by key in the requested order
//!    (`sort_by_key`: one pass per key byte, then keys and `I` positions);
//! 2. the segment id of every position: ones scattered to `flags[offsets[s]]` (`n + 1`
//!    zeroed flags; empty segments write the same slot), then their inclusive sum: equal
//!    within a segment, rising from one non-empty segment to the next;
//! 3. `ids[j]` = the id of position `p[j]` (`gather`), then `q` = `p` sorted stably by id
//!    (`sort_by_key` of `I` keys and `I` values): segments in order, each in key order;
//! 4. `out[j] = keys[q[j]]` (and `values[q[j]]`) (`gather`).
//!
//! Cost: the key sort of step 1, a second radix sort of `I` pairs (4 passes for `u32`), a
//! scan and two gathers over `n` (three with values), a scatter over the `m + 1` offsets; temporaries of about
//! `5 n` indices and `n` keys beside the sorts' own. Measured on the H200 at segments of
//! 1000: 3.0-3.5x the time of a sort of the same `u32` keys
//! (`benches/results/h200/sort-narrow/`). A kernel that sorts each segment in place (CUB's
//! `DeviceSegmentedSort`) would save the second sort; the composition keeps the radix sort's
//! stability and total order with no new kernel.
//!
//! The batched top-k is that segmented sort into a temporary, then a gather of each
//! segment's front (the positions built on the host from both offsets, `kept_positions.rs`).

use super::kept_positions::kept_positions;
use super::ops_sort_segmented::{SegmentedSortByKeyOps, SegmentedSortOps};
use super::Cuda;
use crate::Result;
use parallaxis_core::{DeviceCopy, Order, Sequence, Sum};
use parallaxis_device::{self as device, DeviceBuffer, SortKernel};
use parallaxis_device::{MonoidKernel, SortValue, SpmvIndex, TabulateKernel};

impl<K: SortKernel> SegmentedSortOps<K> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn sort_segmented(
        offsets: &DeviceBuffer<usize>,
        keys: &DeviceBuffer<K>,
        out: &mut DeviceBuffer<K>,
        order: Order,
    ) -> Result<()> {
        if keys.is_empty() {
            return Ok(());
        }
        if fits_u32(keys.len()) {
            let q = permutation::<K, u32>(offsets, keys, order)?;
            // SAFETY: `q` is a permutation of `0..n`, every index within `keys`.
            unsafe { device::gather(&q, None, keys, out) }
        } else {
            let q = permutation::<K, u64>(offsets, keys, order)?;
            // SAFETY: as above.
            unsafe { device::gather(&q, None, keys, out) }
        }
    }
    fn partial_sort_segmented(
        offsets: &DeviceBuffer<usize>,
        keys: &DeviceBuffer<K>,
        out_offsets: &DeviceBuffer<usize>,
        out: &mut DeviceBuffer<K>,
        order: Order,
    ) -> Result<()> {
        if out.is_empty() {
            return Ok(());
        }
        let mut sorted = DeviceBuffer::zeroed_on(keys.device(), keys.len())?;
        Self::sort_segmented(offsets, keys, &mut sorted, order)?;
        let (o, oo) = (offsets.to_vec()?, out_offsets.to_vec()?);
        let dev = keys.device();
        if fits_u32(keys.len()) {
            let p = DeviceBuffer::from_slice_on(dev, &kept_positions::<u32>(&o, &oo)?)?;
            // SAFETY: every position lies in its segment, within the `n` sorted keys.
            unsafe { device::gather(&p, None, &sorted, out) }
        } else {
            let p = DeviceBuffer::from_slice_on(dev, &kept_positions::<u64>(&o, &oo)?)?;
            // SAFETY: as above.
            unsafe { device::gather(&p, None, &sorted, out) }
        }
    }
}

impl<K: SortKernel, V: DeviceCopy> SegmentedSortByKeyOps<K, V> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn sort_by_key_segmented(
        offsets: &DeviceBuffer<usize>,
        keys: &DeviceBuffer<K>,
        values: &DeviceBuffer<V>,
        out_keys: &mut DeviceBuffer<K>,
        out_values: &mut DeviceBuffer<V>,
        order: Order,
    ) -> Result<()> {
        if keys.is_empty() {
            return Ok(());
        }
        if fits_u32(keys.len()) {
            let q = permutation::<K, u32>(offsets, keys, order)?;
            // SAFETY: `q` is a permutation of `0..n`; keys and values hold `n` items.
            unsafe {
                device::gather(&q, None, keys, out_keys)?;
                device::gather(&q, None, values, out_values)
            }
        } else {
            let q = permutation::<K, u64>(offsets, keys, order)?;
            // SAFETY: as above.
            unsafe {
                device::gather(&q, None, keys, out_keys)?;
                device::gather(&q, None, values, out_values)
            }
        }
    }
    fn partial_sort_by_key_segmented(
        offsets: &DeviceBuffer<usize>,
        keys: &DeviceBuffer<K>,
        values: &DeviceBuffer<V>,
        out_offsets: &DeviceBuffer<usize>,
        out_keys: &mut DeviceBuffer<K>,
        out_values: &mut DeviceBuffer<V>,
        order: Order,
    ) -> Result<()> {
        if out_keys.is_empty() {
            return Ok(());
        }
        let dev = keys.device();
        let mut sorted_keys = DeviceBuffer::zeroed_on(dev, keys.len())?;
        let mut sorted_values = DeviceBuffer::zeroed_on(dev, keys.len())?;
        Self::sort_by_key_segmented(
            offsets,
            keys,
            values,
            &mut sorted_keys,
            &mut sorted_values,
            order,
        )?;
        let (o, oo) = (offsets.to_vec()?, out_offsets.to_vec()?);
        if fits_u32(keys.len()) {
            let p = DeviceBuffer::from_slice_on(dev, &kept_positions::<u32>(&o, &oo)?)?;
            // SAFETY: every position lies in its segment, within the `n` sorted pairs.
            unsafe {
                device::gather(&p, None, &sorted_keys, out_keys)?;
                device::gather(&p, None, &sorted_values, out_values)
            }
        } else {
            let p = DeviceBuffer::from_slice_on(dev, &kept_positions::<u64>(&o, &oo)?)?;
            // SAFETY: as above.
            unsafe {
                device::gather(&p, None, &sorted_keys, out_keys)?;
                device::gather(&p, None, &sorted_values, out_values)
            }
        }
    }
}

/// Whether `u32` holds every position and segment id of `n` items (ids reach `m + 1`, at
/// most `n + 2`).
fn fits_u32(n: usize) -> bool {
    n.checked_add(2)
        .is_some_and(|top| u32::try_from(top).is_ok())
}

/// `q`: for each output slot, the input position it takes (steps 1-3 of the module docs).
/// `offsets` are valid for `keys` (checked by the front door).
fn permutation<K: SortKernel, I>(
    offsets: &DeviceBuffer<usize>,
    keys: &DeviceBuffer<K>,
    order: Order,
) -> Result<DeviceBuffer<I>>
where
    I: SortKernel + SortValue + SpmvIndex + From<u8>,
    Sum: MonoidKernel<I>,
    Sequence<I>: TabulateKernel<Output = I>,
{
    let (n, dev) = (keys.len(), keys.device());
    let zeros = |len| DeviceBuffer::<I>::zeroed_on(dev, len);
    // Step 1: positions in key order.
    let mut positions = zeros(n)?;
    let iota = Sequence {
        start: I::from(0),
        step: I::from(1),
    };
    device::tabulate(iota, &mut positions)?;
    let mut p = zeros(n)?;
    {
        let mut sorted_keys = DeviceBuffer::<K>::zeroed_on(dev, n)?;
        device::sort_by_key(keys, &positions, &mut sorted_keys, &mut p, order)?;
    }
    // Step 2: the segment id of every position (slot `n` takes the trailing empty
    // segments' ones and is never read).
    let mut ones = zeros(offsets.len())?;
    ones.fill(I::from(1))?;
    let mut flags = zeros(n + 1)?;
    // SAFETY: valid offsets are at most `n`, within the `n + 1` flags.
    unsafe { device::scatter(&ones, offsets, None, &mut flags)? };
    let mut ids_by_position = zeros(n + 1)?;
    device::inclusive_scan(Sum, &flags, &mut ids_by_position)?;
    drop((ones, flags));
    // Step 3: ids in key order, then a stable sort by id carrying the positions (into the
    // buffer of step 1's positions, free since).
    let mut ids = zeros(n)?;
    // SAFETY: `p` is a permutation of `0..n`, within the `n + 1` ids.
    unsafe { device::gather(&p, None, &ids_by_position, &mut ids)? };
    drop(ids_by_position);
    let (mut q, mut sorted_ids) = (positions, zeros(n)?);
    device::sort_by_key(&ids, &p, &mut sorted_ids, &mut q, Order::Ascending)?;
    Ok(q)
}
