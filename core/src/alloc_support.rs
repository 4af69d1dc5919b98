//! Host allocation helpers (feature `alloc`), shared by the host-memory backends, the sparse
//! conversions and the Matrix Market reader.
//!
//! Every allocation of the CPU backends goes through these, so none can abort the process:
//! a request the allocator refuses, a size past `isize::MAX` and a length whose byte size
//! overflows `usize` are all [`Error::OutOfMemory`], as `Vec::try_reserve_exact` reports
//! them (the plain `Vec` constructors abort or panic on the same requests).

extern crate alloc;
use crate::{DeviceCopy, Error, Result};
use alloc::alloc::{alloc_zeroed, Layout};
use alloc::vec::Vec;

/// The [`Error::OutOfMemory`] of a request for `len` elements of `T`: its size in bytes, or
/// `usize::MAX` when that size itself overflows.
///
/// ```
/// use parallaxis_core::{out_of_memory, Error};
/// assert_eq!(out_of_memory::<u32>(10), Error::OutOfMemory { bytes: 40 });
/// assert_eq!(out_of_memory::<u32>(1 << 62), Error::OutOfMemory { bytes: usize::MAX });
/// ```
pub fn out_of_memory<T>(len: usize) -> Error {
    Error::OutOfMemory {
        bytes: len.saturating_mul(core::mem::size_of::<T>()),
    }
}

/// An empty vector with room for exactly `len` elements.
///
/// # Errors
/// [`Error::OutOfMemory`] when the allocation cannot be had or its size overflows.
///
/// ```
/// let v = parallaxis_core::try_with_capacity::<u8>(4)?;
/// assert!(v.is_empty() && v.capacity() >= 4);
/// assert!(parallaxis_core::try_with_capacity::<u64>(1 << 62).is_err());
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn try_with_capacity<T>(len: usize) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| out_of_memory::<T>(len))?;
    Ok(v)
}

/// Makes room in `v` for `more` further elements (amortised growth, as `push` has).
///
/// # Errors
/// [`Error::OutOfMemory`] when the allocation cannot be had or its size overflows.
pub fn try_grow<T>(v: &mut Vec<T>, more: usize) -> Result<()> {
    v.try_reserve(more)
        .map_err(|_| out_of_memory::<T>(v.len().saturating_add(more)))
}

/// Appends `value` to `v`, growing it fallibly.
///
/// # Errors
/// [`Error::OutOfMemory`] when `v` cannot grow.
pub fn try_push<T>(v: &mut Vec<T>, value: T) -> Result<()> {
    if v.len() == v.capacity() {
        try_grow(v, 1)?;
    }
    v.push(value);
    Ok(())
}

/// `len` copies of `value`.
///
/// # Errors
/// [`Error::OutOfMemory`] when the allocation cannot be had or its size overflows.
///
/// ```
/// assert_eq!(parallaxis_core::try_filled_vec(3, 7_i8)?, [7, 7, 7]);
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn try_filled_vec<T: Clone>(len: usize, value: T) -> Result<Vec<T>> {
    let mut v = try_with_capacity(len)?;
    v.resize(len, value);
    Ok(v)
}

/// A copy of `data` in a new vector.
///
/// # Errors
/// [`Error::OutOfMemory`] when the allocation cannot be had.
pub fn try_to_vec<T: Clone>(data: &[T]) -> Result<Vec<T>> {
    let mut v = try_with_capacity(data.len())?;
    v.extend_from_slice(data);
    Ok(v)
}

/// The items of an iterator that yields at most `len` of them (a `map` over a slice, a
/// range), collected into a vector allocated once.
///
/// # Errors
/// [`Error::OutOfMemory`] when the allocation cannot be had.
pub fn try_collect<T>(len: usize, items: impl IntoIterator<Item = T>) -> Result<Vec<T>> {
    let mut v = try_with_capacity(len)?;
    // `take` keeps an iterator that yields more than announced from growing infallibly.
    v.extend(items.into_iter().take(len));
    Ok(v)
}

/// `len` elements when they occupy no memory (`len == 0`, or a zero-sized `T`; else
/// `None`): nothing to allocate and nothing to write. Filling element by element would take
/// `len` steps (`len` may be `usize::MAX` for a zero-sized `T`), which only an optimised
/// build folds away.
// The lint warns of a length set over uninitialised elements; here the elements have no bytes.
#[allow(clippy::uninit_vec)]
fn without_bytes<T: DeviceCopy>(len: usize) -> Option<Vec<T>> {
    if len != 0 && core::mem::size_of::<T>() != 0 {
        return None;
    }
    let mut v = Vec::new();
    // SAFETY: `len == 0` (within any capacity), or `T` is zero-sized, whose vectors have
    // capacity `usize::MAX` without allocating. The elements have no bytes, and all-zero
    // bits (here: none) are a valid `T` by the `DeviceCopy` contract, so all `len` are
    // initialised; `T: Copy` has no drop glue.
    unsafe { v.set_len(len) };
    Some(v)
}

/// A vector of `len` all-zero elements, from the allocator's zeroed allocation (`calloc`).
///
/// Large vectors come straight from the OS already zero, so nothing touches them here: their
/// pages are faulted in by whoever writes them first (the parallel algorithm that fills the
/// output, spread over its threads). A `memset` here faulted every page on the calling
/// thread and wrote the vector once more (LLVM turns `malloc` + `memset` into `calloc` only
/// where both inline into one function, which the backends' allocation did not): the
/// measurement is in `benches/RESULTS.md`, "Zeroed host allocations".
///
/// # Errors
/// [`Error::OutOfMemory`] when the allocator refuses (`calloc` of more than the machine can
/// commit fails without touching a page) or the size overflows `isize::MAX`.
///
/// ```
/// let v: Vec<f64> = parallaxis_core::zeroed_vec(3)?;
/// assert_eq!(v, [0.0; 3]);
/// assert!(parallaxis_core::zeroed_vec::<f32>(1 << 62).is_err());
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
pub fn zeroed_vec<T: DeviceCopy>(len: usize) -> Result<Vec<T>> {
    if let Some(v) = without_bytes(len) {
        return Ok(v);
    }
    let layout = Layout::array::<T>(len).map_err(|_| out_of_memory::<T>(len))?;
    // SAFETY: the layout has a non-zero size (`len != 0` and `T` is not zero-sized, else
    // `without_bytes` answered), as `alloc_zeroed` requires.
    let ptr = unsafe { alloc_zeroed(layout) }.cast::<T>();
    if ptr.is_null() {
        return Err(out_of_memory::<T>(len));
    }
    // SAFETY: `ptr` comes from the global allocator with the layout of `[T; len]` (`T`'s
    // alignment, `len * size_of::<T>()` bytes), so it is a valid allocation of capacity
    // `len`; all of its bytes are zero, a valid `T` by the `DeviceCopy` contract, so all
    // `len` elements are initialised.
    Ok(unsafe { Vec::from_raw_parts(ptr, len, len) })
}
