//! The functor: one definition, run by every backend's `transform`.

use crate::nearest::{Nearest, NO_POINT};
use parallaxis_core::{DeviceRef, UnaryFunction};

/// `query -> index of the nearest point` (squared distance, ties to the lowest index,
/// [`NO_POINT`] when none qualifies), reading the points through a [`DeviceRef`]: build it
/// with `NearestNeighbour { points: pts.device_ref() }` from a vector of the backend that
/// runs the `transform`.
///
/// Brute force: each query scans all `N` points, 3 flops a point ([`Nearest::offer`]). Only
/// the first `u32::MAX` points are searched (indices are `u32`, `NO_POINT` excluded).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct NearestNeighbour<'a> {
    /// The points, in the memory of the backend that runs the functor.
    pub points: DeviceRef<'a, f32>,
}

impl UnaryFunction<f32> for NearestNeighbour<'_> {
    type Output = u32;

    #[inline]
    fn apply(&self, q: f32) -> u32 {
        let n = self.points.len().min(NO_POINT as usize);
        let mut best = Nearest::NONE;
        for j in 0..n {
            // `None` only when the view cannot be read here (a device view on the host, a
            // host view in a kernel): answer "no point" rather than guess.
            let Some(p) = self.points.get(j) else {
                return NO_POINT;
            };
            best.offer(q, p, j as u32);
        }
        best.index
    }
}
