//! The thread's default device: [`Device::as_default`] names, for the code it runs, the
//! device that allocations without a named device use (`DeviceBuffer::uninit`, `zeroed`,
//! `from_slice`, and through them every allocating algorithm of the `parallaxis` crate).
//! Code running work on several GPUs from one process (one thread per GPU, or one after the
//! other) uses it so that each step's outputs land beside its inputs.

use super::device::Device;
use std::cell::Cell;

thread_local! {
    /// The device set by the innermost [`Device::as_default`] running on this thread.
    static SCOPED: Cell<Option<&'static Device>> = const { Cell::new(None) };
}

/// The device of the innermost [`Device::as_default`] running on this thread, if any.
pub(crate) fn scoped_default() -> Option<&'static Device> {
    SCOPED.with(Cell::get)
}

/// Puts the previous default back when the scope ends, also when `f` unwinds.
struct Restore(Option<&'static Device>);

impl Drop for Restore {
    fn drop(&mut self) {
        SCOPED.with(|s| s.set(self.0));
    }
}

impl Device {
    /// Runs `f` with this device as the thread's default device: every allocation in `f`
    /// that names no device (`DeviceBuffer::uninit`, `zeroed`, `from_slice`, the allocating
    /// algorithms' outputs, `DeviceVector::from_slice` in `parallaxis`) lands on it, instead
    /// of on the device `PARALLAX_CUDA_DEVICE` names. Scopes nest; the previous default
    /// comes back when `f` returns or unwinds. Other threads are not affected.
    ///
    /// ```no_run
    /// use parallaxis_device::{Device, DeviceBuffer};
    /// let second = Device::get(1)?;
    /// let x = second.as_default(|| DeviceBuffer::from_slice(&[1.0_f32, 2.0]))?;
    /// assert_eq!(x.device().ordinal(), 1);
    /// # Ok::<(), parallaxis_device::Error>(())
    /// ```
    pub fn as_default<R>(&'static self, f: impl FnOnce() -> R) -> R {
        let _restore = Restore(SCOPED.with(|s| s.replace(Some(self))));
        f()
    }
}
