//! The hidden hook behind `DeviceVector::device_ref` (`algorithms/device_ref.rs`): every
//! backend's buffer gives its pointer, length and memory space, as a `DeviceRef`.
//!
//! It bounds `Backend::Slice` (so `device_ref` needs no bound beyond `B: Backend`) and is
//! sealed: the trait is public but in a private module, so no crate outside this one can
//! implement it (a buffer that misreported its space could make safe code read device memory
//! on the host).

use parallaxis_core::{DeviceCopy, DeviceRef};

/// A buffer's elements as a read-only view of its memory space.
pub trait RawParts<T: DeviceCopy> {
    /// The view of all elements, borrowing the buffer.
    fn raw_parts(&self) -> DeviceRef<'_, T>;
}

/// `Sequential` and `Rayon` work on host slices.
impl<T: DeviceCopy> RawParts<T> for [T] {
    fn raw_parts(&self) -> DeviceRef<'_, T> {
        DeviceRef::from_slice(self)
    }
}

/// `Cuda` works on device buffers (a view's too): their view is in device space.
#[cfg(feature = "cuda")]
impl<T: DeviceCopy> RawParts<T> for parallaxis_device::DeviceBuffer<T> {
    fn raw_parts(&self) -> DeviceRef<'_, T> {
        self.device_ref()
    }
}
