//! `DeviceVector::device_ref`: a vector as a read-only view a functor can carry into any
//! backend's algorithms (`parallaxis_core::DeviceRef`).

use crate::backend::RawParts;
use crate::{
    view::{Input, View},
    Backend, DeviceVector,
};
use parallaxis_core::{DeviceCopy, DeviceRef};

impl<T: DeviceCopy, B: Backend> DeviceVector<T, B> {
    /// A read-only view of the elements, in this backend's memory space, for a functor to
    /// hold: `transform(NearestNeighbour { points: pts.device_ref() }, &queries)` reads the
    /// points inside the functor on every backend. The view borrows the vector, so the vector
    /// outlives it and cannot change while it exists.
    ///
    /// A view of a `Cuda` vector reads nothing on the host (`DeviceRef::get` gives `None`),
    /// and a view of a host vector nothing in a GPU kernel: pair a vector's view with
    /// algorithms of the same backend.
    ///
    /// ```
    /// use parallaxis::{DeviceVector, Sequential, ops::{DeviceRef, UnaryFunction}};
    ///
    /// /// `i -> table[i]`, or 0 past the end.
    /// #[derive(Clone, Copy)]
    /// struct Lookup<'a> {
    ///     table: DeviceRef<'a, u32>,
    /// }
    /// impl UnaryFunction<u32> for Lookup<'_> {
    ///     type Output = u32;
    ///     fn apply(&self, i: u32) -> u32 {
    ///         self.table.get(i as usize).unwrap_or(0)
    ///     }
    /// }
    ///
    /// let table = DeviceVector::<u32, Sequential>::from_slice(&[10, 20, 30])?;
    /// let i = DeviceVector::<u32, Sequential>::from_slice(&[2, 0, 9])?;
    /// let got = parallaxis::transform(Lookup { table: table.device_ref() }, &i)?;
    /// assert_eq!(got.to_vec()?, [30, 10, 0]);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    pub fn device_ref(&self) -> DeviceRef<'_, T> {
        self.buffer().raw_parts()
    }
}

impl<T: DeviceCopy, B: Backend> View<'_, T, B> {
    /// A read-only view of the view's elements for a functor to hold (see
    /// [`DeviceVector::device_ref`]).
    pub fn device_ref(&self) -> DeviceRef<'_, T> {
        self.buffer().raw_parts()
    }
}
