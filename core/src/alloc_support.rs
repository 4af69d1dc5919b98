//! Host allocation helpers (feature `alloc`), shared by the host-memory backends.

extern crate alloc;
use crate::DeviceCopy;
use alloc::alloc::{alloc_zeroed, handle_alloc_error, Layout};
use alloc::vec::Vec;

/// A vector of `len` all-zero elements, from the allocator's zeroed allocation (`calloc`).
///
/// Large vectors come straight from the OS already zero, so nothing touches them here: their
/// pages are faulted in by whoever writes them first (the parallel algorithm that fills the
/// output, spread over its threads). A `memset` here faulted every page on the calling
/// thread and wrote the vector once more (LLVM turns `malloc` + `memset` into `calloc` only
/// where both inline into one function, which the backends' allocation did not): on the
/// 2-core development VM, a rayon scan by flags of 2^24 f32 into a new output took 64-70 ms
/// per call with the `memset`, 43 ms without (into a reused output: 13-19 ms; the rest is
/// the page faults, ~2-3 µs each there).
///
/// ```
/// let v: Vec<f64> = parallax_core::zeroed_vec(3);
/// assert_eq!(v, [0.0; 3]);
/// ```
pub fn zeroed_vec<T: DeviceCopy>(len: usize) -> Vec<T> {
    match Layout::array::<T>(len) {
        Ok(layout) if layout.size() > 0 => {
            // SAFETY: the layout has a non-zero size, as `alloc_zeroed` requires.
            let ptr = unsafe { alloc_zeroed(layout) }.cast::<T>();
            if ptr.is_null() {
                handle_alloc_error(layout);
            }
            // SAFETY: `ptr` comes from the global allocator with the layout of `[T; len]`
            // (`T`'s alignment, `len * size_of::<T>()` bytes), so it is a valid allocation of
            // capacity `len`; all of its bytes are zero, a valid `T` by the `DeviceCopy`
            // contract, so all `len` elements are initialised.
            unsafe { Vec::from_raw_parts(ptr, len, len) }
        }
        // Nothing to allocate (`len == 0` or a zero-sized `T`), or a size past `isize::MAX`,
        // for which `with_capacity` reports the overflow as every `Vec` does.
        _ => {
            let mut v: Vec<T> = Vec::with_capacity(len);
            // SAFETY: the capacity is at least `len`; `write_bytes` zeroes exactly `len`
            // elements of the allocation, and all-zero bits are a valid `T` by the
            // `DeviceCopy` contract, so every element is initialised before `set_len`.
            unsafe {
                v.as_mut_ptr().write_bytes(0, len);
                v.set_len(len);
            }
            v
        }
    }
}
