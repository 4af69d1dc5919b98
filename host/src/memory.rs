//! Allocation and filling of host buffers.

pub use parallax_core::zeroed_vec;
use parallax_core::DeviceCopy;
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
