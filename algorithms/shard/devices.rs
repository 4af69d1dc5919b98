//! Sharded vectors on several GPUs of one process: shard `j` on a device of the caller's
//! choosing. The sharded algorithms then queue each shard's steps on its own GPU (`each.rs`)
//! and allocate each result shard beside its input.

use super::split::{check_shard_count, shard_range};
use super::ShardedVector;
use crate::{device::Device, Cuda, DeviceVector, Result};
use parallaxis_core::{try_push, try_with_capacity, DeviceCopy};

impl<T: DeviceCopy> ShardedVector<T, Cuda> {
    /// Copies `data` into one shard per entry of `devices` (the split rule in the type's
    /// docs), shard `j` on `devices[j]`. A device may appear more than once.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) when `devices` is empty;
    /// out of memory or a device fault.
    ///
    /// ```no_run
    /// use parallaxis::shard::{self, InMemory, ShardedVector};
    /// use parallaxis::{device::Device, ops::Sum};
    /// let gpus = [Device::get(0)?, Device::get(1)?];
    /// let x = ShardedVector::from_slice_on(&[1_u32, 2, 3, 4, 5], &gpus)?;
    /// assert_eq!(x.devices(), [0, 1]);
    /// assert_eq!(shard::reduce(Sum, &x, &InMemory)?, 15);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    pub fn from_slice_on(data: &[T], devices: &[&'static Device]) -> Result<Self> {
        let k = devices.len();
        check_shard_count(k)?;
        let mut shards = try_with_capacity(k)?;
        for (j, device) in devices.iter().enumerate() {
            let block = &data[shard_range(data.len(), k, j)];
            try_push(
                &mut shards,
                device.as_default(|| DeviceVector::from_slice(block))?,
            )?;
        }
        Ok(Self::from_shards(shards))
    }

    /// Copies `data` into one shard per GPU the driver sees, shard `j` on device `j`.
    ///
    /// # Errors
    /// [`Error::NoDevice`](crate::Error::NoDevice) without a GPU; as
    /// [`from_slice_on`](Self::from_slice_on).
    pub fn from_slice_on_every_gpu(data: &[T]) -> Result<Self> {
        let count = Device::count()?;
        if count == 0 {
            return Err(crate::Error::NoDevice { ordinal: 0, count });
        }
        let mut devices = try_with_capacity(count)?;
        for ordinal in 0..count {
            try_push(&mut devices, Device::get(ordinal)?)?;
        }
        Self::from_slice_on(data, &devices)
    }

    /// The device ordinal of each shard, in shard order.
    pub fn devices(&self) -> Vec<usize> {
        self.shards()
            .iter()
            .map(|s| s.buffer().device().ordinal())
            .collect()
    }
}
