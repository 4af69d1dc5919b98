//! The sort traits on CUDA: the onesweep radix sort of `parallaxis_device` for the key types
//! with kernels (`SortKernel`: the 1-, 2-, 4- and 8-byte integers, `usize`, `f32`, `f64`; a
//! pass per key byte) and values of 4 or 8 bytes (`SortValue`); other key or value types
//! (`isize` among them) do not compile.

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
}
