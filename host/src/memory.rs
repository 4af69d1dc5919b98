//! Allocation, filling and copying of host buffers.

pub use parallaxis_core::zeroed_vec;
use parallaxis_core::DeviceCopy;
use rayon::prelude::*;

/// Below this many elements a fill runs on the calling thread (a rayon task costs ~1 µs).
const PARALLEL_FILL_MIN: usize = 1 << 16;

/// Sets every element of `buf` to `value`, in parallel above 2^16 elements.
pub fn fill<T: DeviceCopy>(buf: &mut [T], value: T) {
    if buf.len() < PARALLEL_FILL_MIN {
        buf.fill(value);
    } else {
        buf.par_chunks_mut(PARALLEL_FILL_MIN)
            .for_each(|c| c.fill(value));
    }
}

/// `dst[i] = src[i]` (equal lengths: the caller checks), in parallel above 2^16 elements.
pub fn copy<T: DeviceCopy>(src: &[T], dst: &mut [T]) {
    if dst.len() < PARALLEL_FILL_MIN {
        dst.copy_from_slice(src);
    } else {
        dst.par_chunks_mut(PARALLEL_FILL_MIN)
            .zip(src.par_chunks(PARALLEL_FILL_MIN))
            .for_each(|(d, s)| d.copy_from_slice(s));
    }
}
