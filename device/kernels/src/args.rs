//! Buffer arguments of user kernels: device pointers that carry their length and the borrow
//! of the buffer they came from.
//!
//! On the host, `parallaxis_device::DeviceBuffer::arg` gives an [`In<'a, T>`] for a shared
//! borrow and `DeviceBuffer::arg_mut` an [`Out<'a, T>`] for an exclusive one; a user kernel's
//! `#[repr(C)]` parameter struct holds them (and numbers), so the struct borrows the buffers
//! for as long as it exists, and `parallaxis_device::UserKernel::launch`, which synchronizes
//! before returning, cannot outlive them. A buffer cannot be both an `In` and an `Out` of one
//! launch (the borrow checker forbids it), so reads through an `In` never race with writes.
//!
//! On the device, [`In::get`] is a bounds-checked read (safe), and [`Out::write`] a
//! bounds-checked write that stays `unsafe`: two threads writing one element, or one thread
//! reading an element another writes, is a data race the types cannot rule out.
//!
//! Both are `#[repr(C)]` `{ pointer, length: u64 }` (16 bytes, 8-aligned) on both sides.

use core::marker::PhantomData;

/// A read-only device buffer argument of `len` elements.
#[repr(C)]
#[derive(Debug)]
pub struct In<'a, T> {
    ptr: *const T,
    len: u64,
    _borrow: PhantomData<&'a [T]>,
}

/// A writable device buffer argument of `len` elements.
#[repr(C)]
#[derive(Debug)]
pub struct Out<'a, T> {
    ptr: *mut T,
    len: u64,
    _borrow: PhantomData<&'a mut [T]>,
}

// Manual impls: a derive would require `T: Copy`/`T: Clone` needlessly.
impl<T> Clone for In<'_, T> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for In<'_, T> {}
impl<T> Clone for Out<'_, T> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
// Copies of an `Out` keep the exclusive borrow's lifetime, so they cannot outlive it; they
// only let the params struct be passed by value.
impl<T> Copy for Out<'_, T> {}

impl<'a, T> In<'a, T> {
    /// Wraps a device pointer. Used by `parallaxis_device::DeviceBuffer::arg`.
    ///
    /// # Safety
    /// `ptr` must be readable on the device for `len` elements for all of `'a`, and nothing
    /// may write them during `'a`.
    #[doc(hidden)]
    #[inline(always)]
    pub const unsafe fn from_raw_parts(ptr: *const T, len: u64) -> Self {
        In {
            ptr,
            len,
            _borrow: PhantomData,
        }
    }

    /// Number of elements.
    #[inline(always)]
    pub const fn len(&self) -> u64 {
        self.len
    }

    /// `true` for an empty buffer.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The device pointer.
    #[inline(always)]
    pub const fn as_ptr(&self) -> *const T {
        self.ptr
    }
}

impl<T: Copy> In<'_, T> {
    /// Element `i`, or `None` past the end.
    #[inline(always)]
    pub fn get(&self, i: u64) -> Option<T> {
        if i < self.len {
            // SAFETY: `i < len`; readable and unwritten for `'a` (constructor contract).
            Some(unsafe { self.ptr.add(i as usize).read() })
        } else {
            None
        }
    }
}

impl<'a, T> Out<'a, T> {
    /// Wraps a device pointer. Used by `parallaxis_device::DeviceBuffer::arg_mut`.
    ///
    /// # Safety
    /// `ptr` must be writable on the device for `len` elements for all of `'a`, and not
    /// accessed through anything else during `'a`.
    #[doc(hidden)]
    #[inline(always)]
    pub const unsafe fn from_raw_parts(ptr: *mut T, len: u64) -> Self {
        Out {
            ptr,
            len,
            _borrow: PhantomData,
        }
    }

    /// Number of elements.
    #[inline(always)]
    pub const fn len(&self) -> u64 {
        self.len
    }

    /// `true` for an empty buffer.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The device pointer.
    #[inline(always)]
    pub const fn as_mut_ptr(&self) -> *mut T {
        self.ptr
    }
}

impl<T: Copy> Out<'_, T> {
    /// Writes `v` to element `i`; does nothing past the end. Returns whether it wrote.
    ///
    /// # Safety
    /// No other thread of the launch may read or write element `i` (data race).
    #[inline(always)]
    pub unsafe fn write(&self, i: u64, v: T) -> bool {
        if i < self.len {
            // SAFETY: `i < len`, writable (constructor contract); race-free (caller).
            unsafe { self.ptr.add(i as usize).write(v) };
            true
        } else {
            false
        }
    }

    /// Element `i`, or `None` past the end.
    ///
    /// # Safety
    /// No other thread of the launch may write element `i` concurrently.
    #[inline(always)]
    pub unsafe fn get(&self, i: u64) -> Option<T> {
        if i < self.len {
            // SAFETY: `i < len`, readable; race-free (caller).
            Some(unsafe { self.ptr.add(i as usize).read() })
        } else {
            None
        }
    }
}
