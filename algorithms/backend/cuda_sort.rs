//! The sort traits on CUDA: the onesweep radix sort of `parallaxis_device` for the key types
//! with kernels (`SortKernel`: the 1-, 2-, 4- and 8-byte integers, `usize`, `f32`, `f64`; a
//! pass per key byte) and values of 4 or 8 bytes (`SortValue`); other key or value types
//! (`isize` among them) do not compile. A partial sort (top-k) is the whole sort into a
//! temporary and a copy of its prefix: no selection kernel yet, so it costs a sort.

use super::ops_sort::{SortByKeyOps, SortOps};
use super::Cuda;
use crate::Result;
use parallaxis_core::RadixOrder;
use parallaxis_device::{self as device, DeviceBuffer, SortKernel, SortValue};

impl<K: SortKernel> SortOps<K> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn sort(keys: &DeviceBuffer<K>, out: &mut DeviceBuffer<K>, order: RadixOrder) -> Result<()> {
        device::sort(keys, out, order)
    }
    fn partial_sort(
        keys: &DeviceBuffer<K>,
        out: &mut DeviceBuffer<K>,
        order: RadixOrder,
    ) -> Result<()> {
        if out.is_empty() {
            return Ok(());
        }
        if out.len() == keys.len() {
            return device::sort(keys, out, order);
        }
        let mut sorted = DeviceBuffer::zeroed_on(keys.device(), keys.len())?;
        device::sort(keys, &mut sorted, order)?;
        out.copy_range_from(0, &sorted, 0..out.len())
    }
}

impl<K: SortKernel, V: SortValue> SortByKeyOps<K, V> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn sort_by_key(
        keys: &DeviceBuffer<K>,
        values: &DeviceBuffer<V>,
        out_keys: &mut DeviceBuffer<K>,
        out_values: &mut DeviceBuffer<V>,
        order: RadixOrder,
    ) -> Result<()> {
        device::sort_by_key(keys, values, out_keys, out_values, order)
    }
    fn partial_sort_by_key(
        keys: &DeviceBuffer<K>,
        values: &DeviceBuffer<V>,
        out_keys: &mut DeviceBuffer<K>,
        out_values: &mut DeviceBuffer<V>,
        order: RadixOrder,
    ) -> Result<()> {
        if out_keys.is_empty() {
            return Ok(());
        }
        if out_keys.len() == keys.len() {
            return device::sort_by_key(keys, values, out_keys, out_values, order);
        }
        let (dev, n, k) = (keys.device(), keys.len(), out_keys.len());
        let mut sorted_keys = DeviceBuffer::zeroed_on(dev, n)?;
        let mut sorted_values = DeviceBuffer::zeroed_on(dev, n)?;
        device::sort_by_key(keys, values, &mut sorted_keys, &mut sorted_values, order)?;
        out_keys.copy_range_from(0, &sorted_keys, 0..k)?;
        out_values.copy_range_from(0, &sorted_values, 0..k)
    }
}
