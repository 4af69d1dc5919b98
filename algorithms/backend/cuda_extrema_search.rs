//! The CUDA backend's impls of the extrema, init-value and search op traits
//! (`ops_extrema_search.rs`): the fused extremum reduce for `ArgMin`, `ArgMax` and
//! `ArgMinMax` over the six numbers (`ArgReduceKernel`), reduce / inclusive scan from an
//! initial value for every (monoid, type) pair with kernels, and the searches over the six
//! numbers (`SearchKernel`).

use super::cuda::Cuda;
use super::ops_extrema_search::{ArgOps, InitOps, SearchOps};
use crate::Result;
use parallaxis_core::DeviceCopy;
use parallaxis_device::{
    self as device, ArgReduceKernel, DeviceBuffer, MonoidKernel, SearchKernel,
};

impl<T: DeviceCopy, M: ArgReduceKernel<T>> ArgOps<T, M> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn arg_reduce(m: M, x: &DeviceBuffer<T>) -> Result<M::Pick> {
        device::arg_reduce(m, x)
    }
    /// One launch, no synchronization: the pick stays in `out`.
    fn arg_reduce_into(m: M, x: &DeviceBuffer<T>, out: &mut DeviceBuffer<M::Pick>) -> Result<()> {
        device::arg_reduce_into(m, x, out)
    }
}

impl<T: DeviceCopy, M: MonoidKernel<T>> InitOps<T, M> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn reduce_with_init_into(
        m: M,
        init: T,
        x: &DeviceBuffer<T>,
        out: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        device::reduce_with_init_into(m, init, x, out)
    }
    fn inclusive_scan_with_init(
        m: M,
        init: T,
        x: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
    ) -> Result<()> {
        device::inclusive_scan_with_init(m, init, x, y)
    }
}

impl<T: SearchKernel> SearchOps<T> for Cuda {
    const SEAL: crate::backend::Seal = crate::backend::Seal;
    fn lower_bound(
        sorted: &DeviceBuffer<T>,
        queries: &DeviceBuffer<T>,
        out: &mut DeviceBuffer<usize>,
    ) -> Result<()> {
        device::bound(false, sorted, queries, out)
    }
    fn upper_bound(
        sorted: &DeviceBuffer<T>,
        queries: &DeviceBuffer<T>,
        out: &mut DeviceBuffer<usize>,
    ) -> Result<()> {
        device::bound(true, sorted, queries, out)
    }
    fn binary_search(
        sorted: &DeviceBuffer<T>,
        queries: &DeviceBuffer<T>,
        out: &mut DeviceBuffer<bool>,
    ) -> Result<()> {
        device::binary_search(sorted, queries, out)
    }
}
