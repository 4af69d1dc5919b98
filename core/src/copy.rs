//! `DeviceCopy`: element types that may live in a device buffer.

/// Plain-old-data types that may be copied byte for byte between host and device memory.
///
/// # Safety
///
/// An implementor must
/// - contain no pointers, references or interior mutability;
/// - have the same layout on the host and on `nvptx64-nvidia-cuda` (primitives, arrays, and
///   `#[repr(C)]` structs of `DeviceCopy` fields);
/// - accept the all-zero bit pattern as a valid value, because backends hand out
///   zero-initialised buffers (`false` for `bool`, `0` and `0.0` for numbers).
///
/// Derive it: `#[derive(DeviceCopy)]` (`parallaxis::DeviceCopy`, or this crate's with feature
/// `derive`) checks all of the above at compile time (`#[repr(C)]` or `#[repr(transparent)]`,
/// every field `DeviceCopy`, no padding) and writes the `unsafe impl`:
///
/// ```ignore
/// use parallaxis::DeviceCopy;
/// #[derive(Clone, Copy, DeviceCopy)]
/// #[repr(C)]
/// struct Particle { x: f32, v: f32 }
/// ```
///
/// The derive rejects generic structs (its no-padding check needs concrete field types); for
/// those, implement it by hand and state why each rule holds:
///
/// ```
/// use parallaxis_core::DeviceCopy;
/// #[derive(Clone, Copy)]
/// #[repr(C)]
/// struct Pair<T> { a: T, b: T }
/// // SAFETY: two fields of one DeviceCopy type under repr(C): no padding between equal-sized,
/// // equally aligned fields; zero bits are valid for each.
/// unsafe impl<T: DeviceCopy> DeviceCopy for Pair<T> {}
/// ```
pub unsafe trait DeviceCopy: Copy + Send + Sync + 'static {}

macro_rules! device_copy {
    ($($t:ty),*) => {
        // SAFETY: primitive numbers and bool have a fixed layout on every target, contain no
        // pointers, and all-zero bits are 0, 0.0 or false.
        $(unsafe impl DeviceCopy for $t {})*
    };
}
device_copy!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f32, f64, bool);

// SAFETY: an array of DeviceCopy elements is contiguous with no padding between elements,
// and is all-zero exactly when every element is.
unsafe impl<T: DeviceCopy, const N: usize> DeviceCopy for [T; N] {}
