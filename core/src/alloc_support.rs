//! Host allocation helpers (feature `alloc`), shared by the host-memory backends.

extern crate alloc;
use crate::DeviceCopy;
use alloc::vec::Vec;

/// A vector of `len` all-zero elements. The zeroing is one `memset` (pages fresh from the
/// OS are zero already, so large vectors cost little more than their page faults).
///
/// ```
/// let v: Vec<f64> = parallax_core::zeroed_vec(3);
/// assert_eq!(v, [0.0; 3]);
/// ```
pub fn zeroed_vec<T: DeviceCopy>(len: usize) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(len);
    // SAFETY: the capacity is at least `len`; `write_bytes` zeroes exactly `len` elements of
    // the allocation, and all-zero bits are a valid `T` by the `DeviceCopy` contract, so
    // every element is initialised before `set_len`.
    unsafe {
        v.as_mut_ptr().write_bytes(0, len);
        v.set_len(len);
    }
    v
}
