//! The selection traits (`ops_select.rs`) on the CUDA backend, for the pairs that have
//! kernels: predicates with `PredicateKernel` (the stock predicates over the six numbers,
//! and yours through `instantiate_predicate!`), stencils and `unique` for the six numbers
//! (`SelectKernel`), `unique_by_key` for `u32`/`u64` keys beside the six numbers
//! (`UniqueByKeyKernel`). Other pairs do not compile.

use super::ops_select::{FlaggedOps, SelectOps, UniqueByKeyOps, UniqueOps};
use super::Cuda;
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_device::select as device;
use parallaxis_device::{DeviceBuffer, PredicateKernel, SelectKernel, UniqueByKeyKernel};

impl<T: DeviceCopy, P: PredicateKernel<T>> SelectOps<T, P> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn copy_if(p: P, selected: bool, x: &DeviceBuffer<T>) -> Result<DeviceBuffer<T>> {
        device::copy_if(p, selected, x)
    }
    fn copy_if_into(
        p: P,
        selected: bool,
        x: &DeviceBuffer<T>,
        out: &mut DeviceBuffer<T>,
        count: &mut DeviceBuffer<usize>,
    ) -> Result<()> {
        device::copy_if_into(p, selected, x, out, count)
    }
    fn partition_into(
        p: P,
        x: &DeviceBuffer<T>,
        out: &mut DeviceBuffer<T>,
        split: &mut DeviceBuffer<usize>,
    ) -> Result<()> {
        device::partition_into(p, x, out, split)
    }
    fn partition_unstable_into(
        p: P,
        x: &DeviceBuffer<T>,
        out: &mut DeviceBuffer<T>,
        split: &mut DeviceBuffer<usize>,
    ) -> Result<()> {
        device::partition_unstable_into(p, x, out, split)
    }
    fn count_if(p: P, x: &DeviceBuffer<T>) -> Result<usize> {
        device::count_if(p, x)
    }
    fn find_if(p: P, want: bool, x: &DeviceBuffer<T>) -> Result<Option<usize>> {
        device::find_if(p, want, x)
    }
}

impl<T: SelectKernel> FlaggedOps<T> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn copy_if_stencil(
        stencil: &DeviceBuffer<bool>,
        x: &DeviceBuffer<T>,
    ) -> Result<DeviceBuffer<T>> {
        device::copy_if_stencil(stencil, x)
    }
    fn copy_if_stencil_into(
        stencil: &DeviceBuffer<bool>,
        x: &DeviceBuffer<T>,
        out: &mut DeviceBuffer<T>,
        count: &mut DeviceBuffer<usize>,
    ) -> Result<()> {
        device::copy_if_stencil_into(stencil, x, out, count)
    }
}

impl<T: SelectKernel> UniqueOps<T> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn unique(x: &DeviceBuffer<T>) -> Result<DeviceBuffer<T>> {
        device::unique(x)
    }
    fn unique_into(
        x: &DeviceBuffer<T>,
        out: &mut DeviceBuffer<T>,
        count: &mut DeviceBuffer<usize>,
    ) -> Result<()> {
        device::unique_into(x, out, count)
    }
    fn mismatch(x: &DeviceBuffer<T>, y: &DeviceBuffer<T>) -> Result<Option<usize>> {
        device::mismatch(x, y)
    }
    /// The run heads' count from the unique selection (its output is written and dropped).
    fn unique_count(x: &DeviceBuffer<T>) -> Result<usize> {
        Ok(device::unique(x)?.len())
    }
}

impl<K: UniqueByKeyKernel<V>, V: DeviceCopy> UniqueByKeyOps<K, V> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn unique_by_key(
        keys: &DeviceBuffer<K>,
        values: &DeviceBuffer<V>,
    ) -> Result<(DeviceBuffer<K>, DeviceBuffer<V>)> {
        device::unique_by_key(keys, values)
    }
    fn unique_by_key_into(
        keys: &DeviceBuffer<K>,
        values: &DeviceBuffer<V>,
        out_keys: &mut DeviceBuffer<K>,
        out_values: &mut DeviceBuffer<V>,
        count: &mut DeviceBuffer<usize>,
    ) -> Result<()> {
        device::unique_by_key_into(keys, values, out_keys, out_values, count)
    }
}
