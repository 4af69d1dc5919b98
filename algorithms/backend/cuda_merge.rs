//! The comparator traits (`ops_merge.rs`) on CUDA: the merge sort and merge of
//! `parallaxis_device` for the (comparator, type) pairs with kernels (`CompareKernel`: `Less`
//! and `Greater` over the six numbers, yours through `instantiate_compare!`) and values of
//! 4 or 8 bytes (`SortValue`); other pairs do not compile.

use super::ops_merge::{MergeByKeyOps, MergeOps};
use super::Cuda;
use crate::Result;
use parallaxis_core::{DeviceCopy, SetOp};
use parallaxis_device::{self as device, CompareKernel, DeviceBuffer, SortValue};

impl<T: DeviceCopy, C: CompareKernel<T>> MergeOps<T, C> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn sort_by(cmp: C, x: &DeviceBuffer<T>, out: &mut DeviceBuffer<T>) -> Result<()> {
        device::sort_by(cmp, x, out)
    }
    fn merge_by(
        cmp: C,
        a: &DeviceBuffer<T>,
        b: &DeviceBuffer<T>,
        out: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        device::merge_by(cmp, a, b, out)
    }
    fn is_sorted_until(cmp: C, x: &DeviceBuffer<T>) -> Result<usize> {
        device::select::is_sorted_until(cmp, x)
    }
    fn set_op(
        op: SetOp,
        cmp: C,
        a: &DeviceBuffer<T>,
        b: &DeviceBuffer<T>,
    ) -> Result<DeviceBuffer<T>> {
        device::set_op_by(op, cmp, a, b)
    }
}

impl<K: DeviceCopy, V: SortValue, C: CompareKernel<K>> MergeByKeyOps<K, V, C> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn sort_by_key_with(
        cmp: C,
        keys: &DeviceBuffer<K>,
        values: &DeviceBuffer<V>,
        out_keys: &mut DeviceBuffer<K>,
        out_values: &mut DeviceBuffer<V>,
    ) -> Result<()> {
        device::sort_by_key_with(cmp, keys, values, out_keys, out_values)
    }
    fn merge_by_key_with(
        cmp: C,
        a_keys: &DeviceBuffer<K>,
        a_values: &DeviceBuffer<V>,
        b_keys: &DeviceBuffer<K>,
        b_values: &DeviceBuffer<V>,
        out_keys: &mut DeviceBuffer<K>,
        out_values: &mut DeviceBuffer<V>,
    ) -> Result<()> {
        device::merge_by_key_with(
            cmp, a_keys, a_values, b_keys, b_values, out_keys, out_values,
        )
    }
    fn set_op_by_key(
        op: SetOp,
        cmp: C,
        a_keys: &DeviceBuffer<K>,
        a_values: &DeviceBuffer<V>,
        b_keys: &DeviceBuffer<K>,
        b_values: &DeviceBuffer<V>,
    ) -> Result<(DeviceBuffer<K>, DeviceBuffer<V>)> {
        device::set_op_by_key_with(op, cmp, a_keys, a_values, b_keys, b_values)
    }
}
