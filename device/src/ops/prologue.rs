//! The prologue the operations share, in the order that sets their errors' precedence: the
//! lengths they require, then that their buffers share one device, then, unless there is
//! nothing to do, entering the device (which fails fast on a poisoned context and makes it
//! current); and for those with temporaries, locking the scratch and reserving their plan.

use super::plan::Plan;
use crate::buffer::check_len;
use crate::context::{Device, Scratch};
use crate::{DeviceBuffer, Error, Result};
use cudarc::driver::sys::CUdeviceptr;
use parallaxis_core::DeviceCopy;
use std::sync::MutexGuard;

/// `(what, expected, actual)`: a length an operation requires, `what` naming it in the error.
pub(super) type Length = (&'static str, usize, usize);

/// A buffer of any element type, for the device checks.
pub(super) trait OnDevice {
    /// The device the buffer lives on.
    fn device(&self) -> &'static Device;
}

impl<T: DeviceCopy> OnDevice for DeviceBuffer<T> {
    fn device(&self) -> &'static Device {
        DeviceBuffer::device(self)
    }
}

/// Each of `lengths` in order ([`Error::LengthMismatch`]), then each pair of `devices` in
/// order on one device ([`Error::DeviceMismatch`] with the pair's ordinals): the first
/// failed check is the error.
pub(super) fn check(lengths: &[Length], devices: &[(&dyn OnDevice, &dyn OnDevice)]) -> Result<()> {
    for &(what, expected, actual) in lengths {
        check_len(what, expected, actual)?;
    }
    for (a, b) in devices {
        let (first, second) = (a.device().ordinal(), b.device().ordinal());
        if first != second {
            return Err(Error::DeviceMismatch { first, second });
        }
    }
    Ok(())
}

/// `None` when the operation has nothing to do (`empty`: it touches no device, so even a
/// poisoned one is no error), else `dev`, entered.
pub(super) fn enter(dev: &'static Device, empty: bool) -> Result<Option<&'static Device>> {
    if empty {
        return Ok(None);
    }
    dev.enter()?;
    Ok(Some(dev))
}

/// Locks `dev`'s scratch and reserves `plan`'s bytes in it: the lock, which the operation
/// holds while it queues its work, and the base address of the plan's regions.
pub(super) fn reserve<'d>(
    dev: &'d Device,
    plan: &Plan,
) -> Result<(MutexGuard<'d, Scratch>, CUdeviceptr)> {
    let mut scratch = dev.scratch();
    let base = plan.reserve(dev, &mut scratch)?;
    Ok((scratch, base))
}
