//! `DeviceRef`: a read-only view of another array that a functor can carry into a kernel.
//!
//! A functor is passed to every backend by value (into a GPU kernel as part of the launch
//! parameters), so it cannot hold a slice or a `DeviceVector`: only plain data. A
//! [`DeviceRef`] is that plain data: a pointer, a length and the memory space the pointer
//! belongs to. The space is checked on every safe read, so a view of GPU memory used on the
//! host (or of host memory used in a kernel) reads nothing ([`DeviceRef::get`] gives `None`)
//! instead of dereferencing an address that means nothing there.
//!
//! ```
//! use parallaxis_core::{DeviceRef, UnaryFunction};
//!
//! /// `i -> table[i]`, or 0 past the end.
//! #[derive(Clone, Copy)]
//! struct Lookup<'a> {
//!     table: DeviceRef<'a, u32>,
//! }
//! impl UnaryFunction<u32> for Lookup<'_> {
//!     type Output = u32;
//!     fn apply(&self, i: u32) -> u32 {
//!         self.table.get(i as usize).unwrap_or(0)
//!     }
//! }
//!
//! let table = [10, 20, 30];
//! let f = Lookup { table: DeviceRef::from_slice(&table) };
//! assert_eq!((f.apply(1), f.apply(7)), (20, 0));
//! ```

use crate::DeviceCopy;
use core::marker::PhantomData;

/// Where the memory behind a [`DeviceRef`] lives, which decides who may read it.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemorySpace {
    /// Host memory: readable by host code (the `Sequential` and `Rayon` backends).
    Host = 0,
    /// CUDA device memory: readable by GPU kernels only.
    CudaDevice = 1,
}

impl MemorySpace {
    /// The space the code running this call can read: CUDA device memory inside a kernel
    /// (compiled for `nvptx64`), host memory everywhere else.
    #[inline]
    pub const fn current() -> MemorySpace {
        if cfg!(target_arch = "nvptx64") {
            MemorySpace::CudaDevice
        } else {
            MemorySpace::Host
        }
    }
}

/// A read-only view of `len` elements of `T` in one [`MemorySpace`], borrowed for `'a`:
/// a field a functor can hold to read another array (a lookup table, the points of a
/// nearest-neighbour search) on every backend.
///
/// Take one from a host slice with [`DeviceRef::from_slice`], or from a vector of any backend
/// with `parallaxis::DeviceVector::device_ref`; the borrow keeps the array alive and unchanged
/// while the view (and every functor holding it) exists.
///
/// Its layout is `#[repr(C)]` and the same on the host and on `nvptx64` (a 64-bit pointer, a
/// `usize`, a `u32` tag), so a functor holding it can be a GPU kernel's parameter. It is not
/// [`DeviceCopy`]: it holds a pointer, so it cannot be an *element* of a device buffer.
#[repr(C)]
pub struct DeviceRef<'a, T: DeviceCopy> {
    ptr: *const T,
    len: usize,
    space: MemorySpace,
    borrow: PhantomData<&'a [T]>,
}

// Derives would ask `T: Clone` (already implied by `DeviceCopy`) and `Debug` of `T`, which the
// view does not need: it prints its address, length and space, never the elements.
impl<T: DeviceCopy> Clone for DeviceRef<'_, T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: DeviceCopy> Copy for DeviceRef<'_, T> {}

impl<T: DeviceCopy> core::fmt::Debug for DeviceRef<'_, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DeviceRef")
            .field("ptr", &self.ptr)
            .field("len", &self.len)
            .field("space", &self.space)
            .finish()
    }
}

// SAFETY: a `DeviceRef` only reads through its pointer (it is a shared borrow, `&'a [T]`, in
// another form), and `T: DeviceCopy` is `Sync`; so moving it to another thread, or sharing it
// between threads, is as safe as doing so with `&'a [T]`.
unsafe impl<T: DeviceCopy> Send for DeviceRef<'_, T> {}
// SAFETY: as for `Send`: reads alone, of `Sync` elements.
unsafe impl<T: DeviceCopy> Sync for DeviceRef<'_, T> {}

impl<'a, T: DeviceCopy> DeviceRef<'a, T> {
    /// A view of a host slice (space [`MemorySpace::Host`]).
    #[inline]
    pub fn from_slice(data: &'a [T]) -> Self {
        DeviceRef {
            ptr: data.as_ptr(),
            len: data.len(),
            space: MemorySpace::Host,
            borrow: PhantomData,
        }
    }

    /// A view of `len` elements at `ptr` in `space`.
    ///
    /// # Safety
    /// For `'a`, `ptr` must point to `len` initialised elements of `T` in `space` (host memory
    /// for [`MemorySpace::Host`], device memory of the GPU whose kernels will read it for
    /// [`MemorySpace::CudaDevice`]) that nothing writes, and be aligned; with `len` 0 it is
    /// never read (any address, null included).
    #[inline]
    pub const unsafe fn from_raw_parts(ptr: *const T, len: usize, space: MemorySpace) -> Self {
        DeviceRef {
            ptr,
            len,
            space,
            borrow: PhantomData,
        }
    }

    /// The number of elements.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the view is empty.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The memory space the elements live in.
    #[inline]
    pub const fn space(&self) -> MemorySpace {
        self.space
    }

    /// Whether the code running this call can read the elements: host code a host view, a
    /// GPU kernel a device view ([`MemorySpace::current`]).
    #[inline]
    pub fn is_readable_here(&self) -> bool {
        self.space == MemorySpace::current()
    }

    /// Element `i`, or `None` when `i >= len()` or when the elements are not readable by the
    /// code running this call (a device view read on the host, a host view read in a GPU
    /// kernel): a functor given the wrong backend's view reads nothing rather than an address
    /// that means nothing where it runs.
    #[inline]
    pub fn get(&self, i: usize) -> Option<T> {
        if i < self.len && self.is_readable_here() {
            // SAFETY: `i < len`, and the elements are readable here (checked above); the
            // constructors' contracts make `ptr..ptr + len` initialised `T`s in this space
            // that nothing writes for `'a`.
            Some(unsafe { self.ptr.add(i).read() })
        } else {
            None
        }
    }

    /// Element `i` without the checks: on the GPU a plain global load.
    ///
    /// # Safety
    /// `i < len()`, and the code running this call can read the view's space
    /// ([`DeviceRef::is_readable_here`]).
    #[inline]
    pub unsafe fn get_unchecked(&self, i: usize) -> T {
        // SAFETY: the caller guarantees `i < len` and a readable space; the constructors'
        // contracts make those elements initialised and unwritten for `'a`.
        unsafe { self.ptr.add(i).read() }
    }

    /// The address of the first element, in the view's space (for a hand-written kernel's
    /// parameters); reading through it is up to the caller.
    #[inline]
    pub const fn as_ptr(&self) -> *const T {
        self.ptr
    }
}
