//! Sharded matrices and grids on several GPUs of one process: shard `j` uploaded to a device
//! of the caller's choosing (as `ShardedVector::from_slice_on` in `devices.rs`), so the
//! sharded SpMV and stencil queue each shard's work on its own GPU.

use super::split::{check_shard_count, shard_range};
use super::{HostCsr, ShardedCsr, ShardedGrid};
use crate::{device::Device, Cuda, DeviceVector, Result};
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy, SparseIndex};

impl<T: DeviceCopy, I: SparseIndex> ShardedCsr<T, I, Cuda> {
    /// Uploads `csr` split by rows into one block per entry of `devices`, block `j` on
    /// `devices[j]` (a device may appear more than once).
    ///
    /// # Errors
    /// As [`from_csr`](Self::from_csr), with `devices.len()` as the shard count.
    pub fn from_csr_on(csr: &HostCsr<'_, T, I>, devices: &[&'static Device]) -> Result<Self> {
        let k = devices.len();
        check_shard_count(k)?;
        csr.check()?;
        let (mut blocks, mut spans) = (try_with_capacity(k)?, try_with_capacity(k)?);
        for (j, device) in devices.iter().enumerate() {
            let rows = shard_range(csr.nrows, k, j);
            let (block, span) = device.as_default(|| csr.upload(rows))?;
            try_push(&mut blocks, block)?;
            try_push(&mut spans, span)?;
        }
        // The spans come from the host arrays: no pass over the blocks on their GPUs.
        Self::from_spanned_blocks(blocks, |_| Ok(spans))
    }

    /// The device ordinal of each block held here, in shard order.
    pub fn devices(&self) -> Vec<usize> {
        self.blocks()
            .iter()
            .map(|b| b.row_ptr().buffer().device().ordinal())
            .collect()
    }
}

impl<T: DeviceCopy> ShardedGrid<T, Cuda> {
    /// Copies the row-major grid `data` of `shape` into one z-slab per entry of `devices`,
    /// slab `j` on `devices[j]` (a device may appear more than once).
    ///
    /// # Errors
    /// As [`from_slice`](Self::from_slice), with `devices.len()` as the shard count.
    pub fn from_slice_on(
        data: &[T],
        shape: [usize; 3],
        devices: &[&'static Device],
    ) -> Result<Self> {
        let k = devices.len();
        check_shard_count(k)?;
        let len = super::grid::grid_len(shape)?;
        crate::check::lengths_agree("sharded grid data (shape product)", len, data.len())?;
        let plane = shape[1] * shape[2];
        let mut slabs = try_with_capacity(k)?;
        for (j, device) in devices.iter().enumerate() {
            let planes = shard_range(shape[0], k, j);
            let block = &data[planes.start * plane..planes.end * plane];
            try_push(
                &mut slabs,
                device.as_default(|| DeviceVector::<T, Cuda>::from_slice(block))?,
            )?;
        }
        Self::from_parts(slabs, shape)
    }

    /// The device ordinal of each slab held here, in shard order.
    pub fn devices(&self) -> Vec<usize> {
        self.shards()
            .iter()
            .map(|s| s.buffer().device().ordinal())
            .collect()
    }
}
